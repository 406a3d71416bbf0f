"""The shapes of a rulebook: :class:`Rule`, :class:`Section`, :class:`Rulebook`.

Pure data (no Flask): the rules pages, the checker's rule links and the
printed rules cards all read the same objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field


def N_(text: str) -> str:
    """A heading marked for the catalog (``make messages`` extracts ``N_("...")``); the pages show
    it through gettext in the reader's language (docs/languages.md). The data stays English."""
    return text


class Phrase(str):
    """A line the rulebook builds at run time (a tile game's switches, a run's pegs): the English
    sentence (the ``str``), with the catalog's template (a msgid, marked ``N_``) and its values; a
    tuple of values is a list of catalog words, joined by ", ". The pages write it with :meth:`said`.

    >>> line = Phrase(N_("House rules: %(switches)s"), switches=("joker as 0", "crossing grid"))
    >>> de = {"House rules: %(switches)s": "Hausregeln: %(switches)s", "joker as 0": "Joker als 0"}
    >>> line, line.said(lambda text: de.get(text, text))
    ('House rules: joker as 0, crossing grid', 'Hausregeln: Joker als 0, crossing grid')
    >>> line.said(str.upper)  # a broken translation: the English
    'House rules: joker as 0, crossing grid'
    """

    template: str
    values: dict

    def __new__(cls, template: str, **values: object) -> Phrase:
        self = super().__new__(cls, _filled(template, values, str))
        self.template, self.values = template, values
        return self

    def __reduce__(self):
        return (_phrase, (self.template, self.values))

    def said(self, gettext) -> str:
        """The line in the language ``gettext`` speaks (the English one when its translation is broken)."""
        try:
            return _filled(gettext(self.template), self.values, gettext)
        except (KeyError, ValueError, TypeError):
            return str(self)


def _filled(template: str, values: dict, gettext) -> str:
    words = {k: ", ".join(gettext(w) for w in v) if isinstance(v, tuple) else v for k, v in values.items()}
    return template % words if "%(" in template else template


def _phrase(template: str, values: dict) -> Phrase:
    return Phrase(template, **values)


#: Section keys in page order, with their headings.
SECTION_TITLES = {
    "overview": N_("The game and what you need"),
    "values": N_("What cards are worth"),
    "melds": N_("Melds"),
    "play": N_("Playing a hand"),
    "scoring": N_("Scoring"),
    "end": N_("End of the game"),
    "scorekeeper": N_("How Scorekeeper reads your cards"),
}

#: Headings of the quick-reference digest (rules cards), in order.
DIGEST_HEADINGS = (N_("Card values"), N_("Melds"), N_("Scoring"), N_("End of game"))
#: the first digest heading of the games played with tiles (the tile games, RumBugz's Bugz)
TILE_VALUES, BUG_VALUES = N_("Tile values"), N_("Bug values")


@dataclass(frozen=True)
class Rule:
    """One rule in players' words, under its stable id from RULES.md (``KB-3``)."""

    id: str
    title: str
    text: str
    examples: tuple[str, ...] = ()
    #: tile switches this rule depends on (the page shows whether each is on)
    switches: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """A group of rules under one heading, with optional lead paragraphs."""

    key: str
    intro: tuple[str, ...] = ()
    rules: tuple[Rule, ...] = ()
    #: a heading of the variant's own where the shared one names the wrong things (tiles, not cards)
    heading: str | None = None

    @property
    def title(self) -> str:
        return self.heading or SECTION_TITLES[self.key]


@dataclass(frozen=True)
class Rulebook:
    """A variant's rules: sections of rules plus a quick-reference digest.

    ``digest`` maps each of :data:`DIGEST_HEADINGS` to a few short lines.
    ``switches_on`` / ``switches_off`` are set for the tile presets.
    """

    slug: str
    name: str
    lead: str
    sections: tuple[Section, ...]
    digest: dict[str, tuple[str, ...]]
    switches_on: tuple[str, ...] = ()
    switches_off: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)

    @property
    def rules(self) -> tuple[Rule, ...]:
        """Every rule on the page, in page order."""
        return tuple(rule for section in self.sections for rule in section.rules)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(rule.id for rule in self.rules)

    def rule(self, rule_id: str) -> Rule:
        """The rule with ``rule_id`` on this page (KeyError when it is not here)."""
        for rule in self.rules:
            if rule.id == rule_id.upper():
                return rule
        raise KeyError(rule_id)
