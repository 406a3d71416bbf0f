"""The checks every variant's round facts share (``Variant.seat_entries``, ``seat_or_none``,
``count``): one entry per seat, a seat index, a whole number within bounds; RoundError otherwise."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import RoundError
from .facts import too_big
from .options import whole_number
from .reasons import quoted, say

#: what a count is of, as the catalog's words (``Variant.count``'s ``what``)
WHAT = {
    "a count": "what.count",
    "a card count": "what.card_count",
    "board points": "what.board_points",
    "meld": "what.meld",
    "a Step number": "what.step_number",
    "Sequence": "what.sequence",
    "points on the rack": "what.rack_points",
    "points in hand": "what.hand_points",
    "points": "what.points",
}


def seat_entries(facts: Mapping[str, Any], players: int) -> list[Mapping[str, Any]]:
    """``facts["players"]``: a list of one object per seat, or RoundError."""
    entries = facts.get("players")
    if not isinstance(entries, list) or len(entries) != players:
        raise RoundError([("players", say("round.one_entry_each", players=players))])
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise RoundError([(f"players.{i}", say("round.entry_object"))])
    return entries


def seat_or_none(facts: Mapping[str, Any], key: str, players: int, rule: str = "") -> int | None:
    """An optional seat index (``winner``, ``went_out`` ...), validated."""
    value = facts.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        message = say("round.not_a_seat", value=quoted(value), last=players - 1)
        raise RoundError([(key, say("round.ruled", rule=rule, message=message) if rule else message)])
    return value


def count(
    value: Any, field: str, *, low: int = 0, high: int | None = None, what: str = "a count", rule: str = ""
) -> int:
    """A whole number within bounds (no negatives), or RoundError on ``field`` (``rule``: the rule
    whose most a hand can score is ``high``, :mod:`.bounds`)."""
    what = say(WHAT[what]) if what in WHAT else what
    if isinstance(value, bool) or not isinstance(value, int):
        number = whole_number(value) if isinstance(value, str) else None
        if number is None:
            raise RoundError([(field, say("round.not_whole", value=quoted(value), what=what))])
        value = number
    if value < low:
        raise RoundError([(field, say("round.below", what=what, low=low))])
    if high is not None and value > high:
        raise RoundError([(field, too_big(high, rule) if rule else say("round.above", what=what, high=high))])
    return value
