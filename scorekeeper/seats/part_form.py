"""The seat page's part form for the card games (issue 38): Crazy Rummy's board, cards left,
face-up card and "I went out" (CZ-1, CZ-5..7), RumBugz's kinds laid and cards left (RB-4, RB-6,
RB-7); read into the part the API's ``sendPart`` takes (services/seats/parts.py)."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext

from ..entry import keypad
from ..rules import PART_KINDS, RUMBUGZ_KINDS, WILD_CHOICES, RoundError, turn_kind, whole_number

#: the part kinds this module reads (services/seats/parts.py OWN_PARTS)
CARD_KINDS = ("cards", "bugz")
#: the choices the card games' part fields offer (templates/seats/_card_part.html)
PART_CHOICES = {"face_up": WILD_CHOICES, "kinds": RUMBUGZ_KINDS}
#: the part kinds whose typed field takes tiles or cards, which the tap keypad types (the rack, the
#: cards left in hand, a turn's cards): Crazy Rummy's part is numbers, typed on the phone's own keys
KEYPAD_KINDS = ("tiles", "bugz", "steps", "turns")
#: the form's fields, one value each (``kinds``: ticks, read apart)
FIELDS = ("rack", "points", "hand", "laid", "went_out", "face_up", "board", "board_points", "board_hand")
#: Crazy Rummy's board and hand in one field (CZ-6): "45 - 20" (board 45, 20 left in hand), "45", "- 20"
BOARD_HAND = re.compile(r"\s*(\d*)\s*(?:[-\u2212\u2013]\s*(\d+))?\s*")


def part_choices(variant: str) -> dict[str, Any]:
    """What the seat page's part fields offer: the card games' choices, and the variant's tap keypad
    (entry.base.keypad, the hand form's) where the part's typed field takes tiles or cards."""
    kind = PART_KINDS.get(variant) or turn_kind(variant)
    return {**PART_CHOICES, "keypad": keypad(variant) if kind in KEYPAD_KINDS else None}


def form_number(form, name: str) -> int | None:
    """The form's field ``name`` as a count or index (0 or more), else None: not a bare isdigit(),
    as "²" is a digit int() cannot read."""
    number = whole_number(str(form.get(name) or ""))
    return number if number is not None and 0 <= number < 2**62 else None  # an SQL integer


def total(key: str, typed: str) -> int | None:
    """A typed total (None when empty); RoundError for one that is not a whole number."""
    if not typed:
        return None
    number = form_number({key: typed}, key)
    if number is None:
        raise RoundError([(f"part.{key}", gettext("A total is a whole number, such as 35."))])
    return number


def form_values(form) -> dict[str, Any]:
    """What the seat page's part form sent, as typed (kept on the page when it is refused)."""
    return {**{k: form.get(k, "") for k in FIELDS}, "kinds": form.getlist("kinds")}


def card_part(kind: str, values: dict[str, Any]) -> dict[str, Any]:
    """A Crazy Rummy or RumBugz part as the form sends it (RoundError for a number that is not one)."""
    part: dict[str, Any] = {}
    if kind == "cards":
        values = _board_hand(values)
    for key in ("points", "board_points"):
        typed = total(key, str(values.get(key) or "").strip())
        if typed is not None:
            part[key] = typed
    for key in ("hand", "board", "face_up"):
        typed = str(values.get(key) or "").strip()
        if typed:
            part[key] = typed
            part.pop({"hand": "points", "board": "board_points"}.get(key, ""), None)  # the cards count
    if kind == "bugz":
        part.pop("board", None), part.pop("board_points", None), part.pop("face_up", None)
        part["kinds"] = list(values.get("kinds") or [])
    if values.get("went_out"):
        part["went_out"] = True
    if not part or part == {"kinds": []}:
        raise RoundError([("part", gettext("Type your cards left or their points, or tick “I went out”."))])
    return part


def _board_hand(values: dict[str, Any]) -> dict[str, Any]:
    """Crazy Rummy's board and hand typed in one field, "45 - 20" (CZ-6: the board counts to the
    good, the hand to the bad), read into the board's points and the points left where those
    fields are empty (RoundError for anything else)."""
    typed = str(values.get("board_hand") or "").strip()
    if not typed:
        return values
    read = BOARD_HAND.fullmatch(typed)
    if not read or not any(read.groups()):
        raise RoundError(
            [("part.board_hand", gettext("Type your board's points minus your hand's, such as 45 - 20."))]
        )
    board, hand = read.groups()
    filled = {"board_points": board or "0", "points": hand or ""}
    return {**values, **{k: v for k, v in filled.items() if not str(values.get(k) or "").strip()}}
