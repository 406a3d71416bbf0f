"""The points game's hand entry (PG-2, PG-4): each player's points as a sum typed in one field.

Fields: ``players.i.points`` (``12+11+7-5``: whole numbers joined by + and -,
read by :func:`sum_of`, never ``eval``; empty: 0) and ``end`` (a tick: the
editor ends the game after this hand). Whether nothing was entered is the
engine's to refuse (PG-3).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from ..display.words import in_marks
from .base import HandContext, HandEntry, Submission

#: what may stand around a sum's numbers and signs: whatever Python or JavaScript reads as a space
#: (a keyboard's no-break or thin space, a pasted tab) and the invisible marks of writing direction
#: a right-to-left text carries (LRM, RLM, ALM). The phone's copy (static/js/typed-sum.js) has the
#: same class, character for character: the phone shows the total the server saves.
BLANK = (
    r"[\t\n\v\f\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
    r"\ufeff\u200e\u200f\u061c]"
)
#: one term of a sum: a sign (the first may be left out) and a whole number of at most 7 digits 0-9
#: (ASCII only: the phone's keyboard gives those, and the phone reads no other)
_TERM = re.compile(rf"{BLANK}*([+-]?){BLANK}*([0-9]{{1,7}}){BLANK}*")
_NOTHING = re.compile(rf"{BLANK}*")
MOST_TERMS = 50


def sum_of(text: str) -> int | None:
    """A typed sum of whole numbers (``12+11+7-5``, ``-3``, ``2 + 2``), or None if it is not one.

    >>> sum_of("12+11+7-5"), sum_of(" -3 "), sum_of("2 + 2"), sum_of("4-")
    (25, -3, 4, None)
    >>> sum_of("2*3"), sum_of("__import__('os')"), sum_of(""), sum_of("١٢+3"), sum_of("\u200f12 + 3")
    (None, None, None, None, 15)
    """
    total, at, terms = 0, 0, 0
    while at < len(text):
        match = _TERM.match(text, at)
        if match is None or (terms and not match.group(1)) or terms >= MOST_TERMS:
            return None
        total += -int(match.group(2)) if match.group(1) == "-" else int(match.group(2))
        at, terms = match.end(), terms + 1
    return total if terms else None


class PointsEntry(HandEntry):
    """Points per player, typed as sums (PG-2), and the editor's "End the game" (PG-4)."""

    template = "rounds/points.html"

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        values: dict[str, Any] = {
            f"players.{i}.points": str(e["points"])
            for i, e in enumerate(facts.get("players") or ())
            if e.get("points") is not None
        }
        return {**values, "end": bool(facts.get("end"))}

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        players = []
        for i in ctx.seats:
            name = f"{sub.group(f'players.{i}')}.points"
            text = sub.text(name)
            typed = not _NOTHING.fullmatch(text)
            points = sum_of(text) if typed else None
            if typed and points is None:
                sub.fail(
                    name,
                    gettext(
                        "PG-2: %(value)s is not a sum of whole numbers (like 12+11+7-5)",
                        value=in_marks(text[:20]),
                    ),
                )
            players.append({} if points is None else {"points": points})
        facts: dict[str, Any] = {"players": players}
        if sub.ticked("end"):
            facts["end"] = True
        return sub.finish(facts)
