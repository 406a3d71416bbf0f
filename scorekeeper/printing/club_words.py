"""Club night's printed words (issue 39): the ranking schemes' and tiebreaks' sentences of
:mod:`scorekeeper.club` in the reader's language (marked for the catalogs, with every other sentence
of the club, in :mod:`scorekeeper.events.words`), a seating rule in a few words, and a round's name
by its stage."""

from __future__ import annotations

import functools

from babel.numbers import format_decimal
from flask_babel import gettext

from ..club import SCHEMES, TIEBREAKS
from ..rulebook.book import N_
from .language import language_now

#: the tiebreaks' names, as the event page's settings and a parted line's note say them
TIEBREAK_NAMES = {
    "head_to_head": N_("Head to head"),
    "wins": N_("Most wins"),
    "best_game": N_("Best single game"),
}
#: a seating rule in a few words, for a round's heading
RULE_WORDS = {"draw": N_("drawn at random"), "standing": N_("by standing"), "swiss": N_("Swiss")}


def scheme_sentence(key: str) -> str:
    """The ranking scheme's sentence in the reader's language (English when the catalogs lack it)."""
    return gettext(SCHEMES[key]) if key in SCHEMES else key


def tiebreak_sentence(key: str) -> str:
    return gettext(TIEBREAKS[key]) if key in TIEBREAKS else key


def tie_sentence(parted_by: str | None) -> str | None:
    """Why a line is below the line before it on the same points: "Tiebreak: Most wins", the
    tiebreak that parted them by its short name (the event page, the standings screen and the
    printed standings say it beside the lower player's name); None when no tiebreak did."""
    if parted_by not in TIEBREAK_NAMES:
        return None
    return gettext("Tiebreak: %(tiebreak)s", tiebreak=gettext(TIEBREAK_NAMES[parted_by]))


def over_sentence() -> str:
    """That the evening is over (its organiser ended it, or its final's result is final), as the
    event page and the printed standings say it."""
    return gettext("This evening is over: its standings below are final.")


#: the rules a cut seats by: its round's title says it ("Final", "Semi-final"), so its heading has no
#: rule words (it read "Final · final · seed 959446", the key untranslated in every language)
CUT_RULES = frozenset({"final", "semi_finals"})


def rule_words(key: str) -> str:
    """A seating rule in a few words; ``""`` for a cut's, which its round's title names."""
    if key in CUT_RULES:
        return ""
    return gettext(RULE_WORDS[key]) if key in RULE_WORDS else key


def round_title(number: int, stage: str) -> str:
    """ "Round 2", "Semi-final" or "Final"."""
    if stage == "final":
        return gettext("Final")
    if stage == "semi":
        return gettext("Semi-final")
    return gettext("Round %(number)s", number=number)


def points_text(value: float, locale: str | None = None) -> str:
    """Points as the reader writes them, everywhere club night shows them (page, screen, sheets):
    whole numbers as such, else two decimals at most (1.5, 1,83 in German); what rounds to 0 is 0."""
    shown = round(value, 2) + 0.0  # -0.001 rounds to -0.0; adding 0.0 makes it 0
    return _written(shown, str(locale or language_now()))


@functools.lru_cache(maxsize=4096)
def _written(shown: float, locale: str) -> str:
    """Babel's writing of ``shown``, kept: a season's league table writes a few values thousands of
    times (a value a cell, 100 players by 50 evenings), and Babel reads its pattern anew each time."""
    return format_decimal(shown, format="#,##0.##", locale=locale)
