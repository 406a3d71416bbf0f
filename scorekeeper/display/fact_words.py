"""What a correction changed beyond scores, in words with the players' names (never seats): the
change log writes each once, in English (:func:`fact_text`, ``Hand 1 corrected: Sam +45 → +40;
Margarethe missed Step 1``), and the pages read each back in the reader's language
(:func:`fact_words`). The variants say which changes count (``rules.hand_changes``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from flask_babel import gettext


def N_(text: str) -> str:
    """A template marked for the catalog (``make messages`` extracts ``N_("...")``); the change log
    keeps it in English, the pages translate it when they show it."""
    return text


#: each change a variant names (``rules.hand_changes.WHATS``), as the change log writes it
ENGLISH = {
    "step_laid": N_("%(name)s laid down Step %(step)s"),
    "step_missed": N_("%(name)s missed Step %(step)s"),
    "won": N_("%(name)s won"),
    "not_won": N_("%(name)s did not win"),
    "went_out": N_("%(name)s went out"),
    "not_out": N_("%(name)s did not go out"),
    "wild": N_("wild rank %(rank)s, not %(was)s"),
    "no_kinds": N_("%(name)s laid no kind"),  # before "kinds", which would read it too
    "kinds": N_("%(name)s laid %(kinds)s"),
}
#: a correction that changed nothing the game counts
NOTHING = N_("no score changed")


def _pattern(template: str) -> re.Pattern:
    """The English ``template`` as a pattern that finds its values again.

    >>> _pattern("%(name)s won").fullmatch("Ann Lee won")["name"]
    'Ann Lee'
    """
    pieces = re.split(r"%\((\w+)\)s", template)
    return re.compile(
        "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(pieces)), re.S
    )


PATTERNS = tuple((template, _pattern(template)) for template in ENGLISH.values())


def fact_text(what: str, seat: int | None, values: dict, names: Sequence[str]) -> str:
    """One change (``rules.hand_changes``) in the change log's English, the player named.

    >>> fact_text("step_missed", 1, {"step": 1}, ["Sam", "Margarethe"])
    'Margarethe missed Step 1'
    >>> fact_text("wild", None, {"rank": "Q", "was": "7"}, ["Sam"])
    'wild rank Q, not 7'
    """
    name = names[seat] if seat is not None and seat < len(names) else ""
    return ENGLISH[what] % {"name": name, **values}


def fact_words(text: str) -> str | None:
    """One change of the change log in the reader's language (English outside a request), or None
    when ``text`` is not one the change log writes (a list of scores: data, it stays).

    >>> fact_words("Margarethe missed Step 1"), fact_words("Sam +45 → +40")
    ('Margarethe missed Step 1', None)
    """
    if text == NOTHING:
        return gettext("no score changed")
    for template, pattern in PATTERNS:
        if found := pattern.fullmatch(text):
            return gettext(template, **found.groupdict())
    return None
