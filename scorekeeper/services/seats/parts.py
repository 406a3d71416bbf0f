"""Each player's part of the open hand, sent from their own phone; the hand recorded when the
last part is in (issue 38).

A part is the player's entry of the variant's round facts: a tile game's rack (its tiles, a typed
total, or ``went_out``), Krazy Bee's Step laid or not, cards left and who went out. Each part is
checked as it arrives, as far as one player's part can be (its notation and bounds, a rack holding
more copies of a tile than the set, a second player claiming to have gone out); the whole hand is
checked by the engine when the last part is in, through :func:`..rounds.record_round`, which
writes the hand and its change log entry. Until then nothing is recorded and the totals do not move.

Every part claims the game's next version first (:func:`..versions.claim`), so parts sent at the
same moment are taken one after the other: the one that completes the hand records it, once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from sqlalchemy import delete, select

from ...rules import RoundError, find_variant, rack_supply
from ...storage.extensions import db
from ...storage.models import Game, utcnow
from ...storage.seat_models import Seating, SeatPart
from ..errors import Conflict
from ..rounds import record_round
from ..versions import ConcurrentChange, claim
from .card_parts import TABLE_KEYS, crazy_hand, face_up_checked
from .seat_log import log_seat

#: the variants whose players enter their own parts so far, and how a part is read
OWN_PARTS = {
    "rummikub": "tiles",
    "crazy-tiles": "tiles",
    "runny-tiles": "tiles",
    "krazy-bee": "steps",
    "crazy-rummy": "cards",
    "rumbugz": "bugz",
}
#: the keys a part may hold, per kind (a tile part's ``went_out``: an empty rack, the hand's winner)
PART_KEYS = {
    "tiles": ("rack", "points", "went_out"),
    "steps": ("laid", "went_out", "hand", "points", "counts", "notes"),
    "cards": ("face_up", "board", "board_points", "board_counts", "hand", "points", "counts", "went_out"),
    "bugz": ("kinds", "hand", "points", "went_out", "bid", "notes"),
}
#: where a part's cards are, per kind
CARDS_KEY = {"tiles": "rack", "steps": "hand", "cards": "hand", "bugz": "hand"}
#: the rule that lets one player go out of a hand, per kind
OUT_RULE = {"tiles": "CT-8", "steps": "KB-9", "cards": "CZ-6", "bugz": "RB-7"}
#: what a player who went out with cards still counted is told, per kind (steps: the engine says it)
OUT_EMPTY = {
    "tiles": "A player who went out has no tiles left on the rack (CT-8).",
    "cards": "A player who went out has no cards left in hand (CZ-6).",
    "bugz": "A player who went out has no cards left in hand (RB-7).",
}
T = TypeVar("T")


class HandClosed(Conflict):
    """A part for a hand that is not the open one (already recorded, or not yet open): 409."""


def hand_status(game: Game) -> dict[str, Any]:
    """The open hand: its number, the seats whose parts are in (and who sent each), the seats
    still to enter, of how many."""
    number = len(game.rounds) + 1
    parts, policy = parts_of(game, number), confirm_policy(game)
    return {
        "hand": number,
        "in": sorted(parts),
        "sent_by": {str(s): p.by for s, p in sorted(parts.items())},
        "waiting": [p.seat for p in game.players if p.seat not in parts],
        "of": len(game.players),
        "open": game.status != "finished",
        "to_confirm": [seat for seat, row in sorted(parts.items()) if not accepted(row, policy)],
        "disputed": {
            str(seat): row.disputed_by for seat, row in sorted(parts.items()) if row.disputed_by is not None
        },
    }


def send_part(game: Game, seat: int, hand: int, part: Any, *, by: str = "seat") -> dict[str, Any]:
    """Keep ``seat``'s part of hand ``hand`` (again: it replaces the part sent before); when it is
    the last part, record the hand. The hand's status after it, with ``recorded``: the hand's
    number when this part recorded it, else None.

    :class:`HandClosed` (409) for a hand already recorded or not yet open, and after the game's
    end; RoundError (422, the game unchanged) for a part the rules refuse, or for the last part
    when the engine refuses the whole hand.
    """
    number = open_hand(game, hand)
    parts = parts_of(game, number)
    entry = checked_part(game, seat, part, {s: p.part for s, p in parts.items() if s != seat})
    row = parts.get(seat) or SeatPart(game_id=game.id, hand=number, seat=seat)
    before = parts[seat].part if seat in parts else None
    action = "part_sent" if before is None else "part_resent"
    log_seat(game, action, seat, by=None if by == "editor" else seat, hand=number, part=entry, old=before)
    row.part, row.by = entry, by
    row.confirmed_by, row.disputed_by, row.settled = None, None, False  # a changed part is confirmed again
    db.session.add(row)
    db.session.flush()
    parts[seat] = row
    recorded = settle_hand(game, number, parts)
    return {**hand_status(game), "recorded": recorded}


def open_hand(game: Game, hand: int) -> int:
    """Claim the game's next version for a change to hand ``hand``'s parts and return its number:
    :class:`HandClosed` (409) unless it is the open hand of a game still being played."""
    claim(game)  # one part at a time per game: the part that completes the hand is the one that records it
    number = len(game.rounds) + 1
    if game.status == "finished":
        raise HandClosed("The game is over: it takes no more parts.")
    word = find_variant(game.variant).round_word
    if hand != number:
        done = "is already recorded" if hand < number else "is not open yet"
        raise HandClosed(
            f"{word.capitalize()} {hand} {done}: this part was not kept. The open {word} is {number}."
        )
    return number


def settle_hand(game: Game, number: int, parts: Mapping[int, SeatPart]) -> int | None:
    """Record hand ``number`` when every part is in and accepted (confirmed where the table asks it,
    no dispute open); its number then, else None. The game's change stamp moves either way."""
    game.updated_at = utcnow()  # the game's live pages show the part that came in ("3 of 4 in")
    policy = confirm_policy(game)
    if len(parts) < len(game.players) or not all(accepted(row, policy) for row in parts.values()):
        db.session.flush()
        return None
    facts = whole_hand(game, {s: p.part for s, p in parts.items()})
    recorded = record_round(game, facts, by=_senders(game, parts)).number
    db.session.execute(delete(SeatPart).where(SeatPart.game_id == game.id, SeatPart.hand == number))
    db.session.flush()
    return recorded


def accepted(row: SeatPart, policy: str) -> bool:
    """Whether a part counts for the hand: no dispute open, and confirmed when the table asks it
    (a part the editor sent or settled needs no confirmation)."""
    if row.disputed_by is not None:
        return False
    return policy == "none" or row.by == "editor" or row.settled or row.confirmed_by is not None


def confirm_policy(game: Game) -> str:
    """Who must confirm a part at this game's table: "none", "any" or "left" (Seating.confirm)."""
    return db.session.scalar(select(Seating.confirm).where(Seating.game_id == game.id)) or "none"


def retried(change: Callable[[], T], times: int = 8) -> T:
    """``change()``, tried again (from a fresh read of the game) when another change to the same game
    came first: two phones sending parts at once both keep theirs. A change that names the version
    it was made against is not retried (its sender must look at the game again)."""
    for attempt in range(times):
        try:
            return change()
        except ConcurrentChange:
            db.session.rollback()
            if attempt == times - 1:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def checked_part(game: Game, seat: int, part: Any, others: Mapping[int, dict]) -> dict:
    """``part`` as the round facts hold a player's entry, checked as far as one player's part can
    be (RoundError with fields ``part.<key>``); ``others``: the other seats' parts already in."""
    kind = OWN_PARTS[game.variant]
    if not isinstance(part, Mapping) or not part:
        raise RoundError(
            [("part", 'A part is an object with the player\'s own entry, such as {"rack": "R5 J"}.')]
        )
    unknown = [k for k in part if k not in PART_KEYS[kind]]
    if unknown:
        raise RoundError(
            [(f"part.{k}", f"unknown key; a part may hold {', '.join(PART_KEYS[kind])}") for k in unknown]
        )
    variant, opts = find_variant(game.variant), dict(game.options or {})
    if kind == "cards":  # the hand's wild rank, once the dealer's face-up card is known (CZ-1)
        opts["wild"] = face_up_checked(game, seat, part, others)
    entry = _entry(kind, part)
    errors = _shape_errors(game, seat, entry)
    if errors:
        raise RoundError(errors)
    cards = entry.get(CARDS_KEY[kind])
    variant.hand_points(entry, "part", opts, key=CARDS_KEY[kind])  # notation and bounds (CT-7, KB-7)
    if kind == "tiles" and cards:
        supply = rack_supply(game.variant, cards, "this rack shows")
        if supply:
            raise RoundError([("part.rack", reason) for reason in supply])
    if _out(kind, part):
        if kind in OUT_EMPTY and (cards or entry.get("points") or entry.get("counts")):
            raise RoundError([("part.went_out", OUT_EMPTY[kind])])
        gone = [s for s, other in others.items() if _out(kind, other)]
        if gone:
            name, word = game.players[gone[0]].name, variant.round_word
            raise RoundError(
                [
                    (
                        "part.went_out",
                        f"{name} has already gone out of this {word}; only one player goes out ({OUT_RULE[kind]}).",
                    )
                ]
            )
    kept = {**entry, "face_up": str(part["face_up"]).strip().upper()} if part.get("face_up") else entry
    return {**kept, "went_out": True} if _out(kind, part) else kept


def whole_hand(game: Game, parts: Mapping[int, dict]) -> dict:
    """The hand's round facts from every seat's part, in seat order."""
    kind = OWN_PARTS[game.variant]
    seats = range(len(game.players))
    out = [s for s in seats if _out(kind, parts[s])]
    if kind == "tiles":
        players = [{"rack": ""} if s in out else _entry(kind, parts[s]) for s in seats]
        return {"winner": out[0] if out else None, "players": players}
    if kind == "cards":
        return crazy_hand(game, parts, out)
    if kind == "bugz":
        return {"winner": out[0] if out else None, "players": [_entry(kind, parts[s]) for s in seats]}
    return {"players": [dict(parts[s]) for s in seats]}


def _entry(kind: str, part: Mapping[str, Any]) -> dict:
    """The player's entry of the round facts (a part's ``went_out``: the hand's ``winner`` or
    ``went_out``, Krazy Bee's aside; a Crazy Rummy face-up card: the hand's ``face_up``)."""
    table = () if kind == "steps" else TABLE_KEYS
    return {k: v for k, v in part.items() if k not in table}


def _out(kind: str, part: Mapping[str, Any]) -> bool:
    """Whether the part says its player went out (a tile rack sent empty says so too)."""
    if part.get("went_out") is True:
        return True
    return kind == "tiles" and (part.get("rack") == "" or (part.get("points") == 0 and "rack" not in part))


def _shape_errors(game: Game, seat: int, entry: dict) -> list[tuple[str, str]]:
    """The engine's shape errors for ``entry`` as seat ``seat``'s entry of a hand (``part.<key>``)."""
    variant = find_variant(game.variant)
    players: list[dict] = [{} for _ in game.players]
    players[seat] = entry
    try:
        variant.canonical_facts({"players": players})
    except RoundError as err:
        mine = f"players.{seat}"
        return [
            ("part" + f.removeprefix(mine), m) for f, m in err.errors if f == mine or f.startswith(mine + ".")
        ]
    return []


def parts_of(game: Game, number: int) -> dict[int, SeatPart]:
    rows = db.session.scalars(select(SeatPart).where(SeatPart.game_id == game.id, SeatPart.hand == number))
    return {row.seat: row for row in rows}


def _senders(game: Game, parts: Mapping[int, SeatPart]) -> str:
    """Who sent the parts, for the change log: `` from the players' phones`` (and whose the editor)."""
    editor = [game.players[s].name for s, p in sorted(parts.items()) if p.by == "editor"]
    if not editor:
        return " from the players' phones"
    if len(editor) == len(parts):
        return " from the seats' parts, all entered by the editor"
    return f" from the players' phones ({', '.join(editor)} by the editor)"
