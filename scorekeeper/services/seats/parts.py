"""Each player's part of the open hand, sent from their own phone; the hand recorded when the
last part is in (issue 38).

A part is the player's entry of the variant's round facts: a tile game's rack (its tiles, a typed
total, or ``went_out``), Krazy Bee's Step laid or not, cards left and who went out. The rules
engine checks each part as it arrives, as far as one player's part can be, and the whole hand when
the last part is in (:func:`scorekeeper.rules.check_part`, :func:`scorekeeper.rules.judge_hand`:
the variant's own round scoring, its reasons in the engine's catalog, so a refused part reads in
the phone's language); :func:`..rounds.record_round` then writes the hand and its change log entry.
Until then nothing is recorded and the totals do not move.

Every part claims the game's next version first (:func:`..versions.claim`), so parts sent at the
same moment are taken one after the other: the one that completes the hand records it, once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask_babel import gettext
from sqlalchemy import delete, select

from ...rules import PART_KINDS, check_part, find_variant, judge_hand, turn_kind
from ...storage.extensions import db
from ...storage.models import Game, utcnow
from ...storage.seat_models import Seating, SeatPart
from ..errors import Conflict
from ..rounds import record_round
from ..scores import game_score
from ..versions import ConcurrentChange, claim
from .seat_log import log_seat

#: the variants whose players enter their own parts, and the kind of part each takes: each
#: variant's own ``part_kind``, read from the engine's registry (:func:`scorekeeper.rules.check_part`)
OWN_PARTS = PART_KINDS
T = TypeVar("T")


class HandClosed(Conflict):
    """A part for a hand that is not the open one (already recorded, or not yet open): 409."""


class SentMeanwhile(Conflict):
    """The editor's part for a seat whose own phone sent its part since the editor's page was drawn: 409."""


def open_number(game: Game) -> int:
    """The open hand's number. A game played turn by turn (Crib Rummy) records its hand at its
    first turn: its open hand is the one in play, not the next."""
    number = len(game.rounds) + 1
    if turn_kind(game.variant) is not None and game.rounds and game_score(game).in_progress_round is not None:
        number = len(game.rounds)
    return number


def open_parts(game: Game) -> dict[int, SeatPart]:
    """The open hand's parts by seat, read once for everything a page or an answer says of them
    (:func:`hand_status`, the dispute reasons, the parts shown)."""
    return parts_of(game, open_number(game))


def hand_status(game: Game, parts: Mapping[int, SeatPart] | None = None) -> dict[str, Any]:
    """The open hand: its number, the seats whose parts are in (and who sent each), the seats
    still to enter, of how many. ``parts``: the open hand's (:func:`open_parts`), when the caller
    has read them."""
    number = open_number(game)
    parts = parts_of(game, number) if parts is None else parts
    policy = confirm_policy(game)
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


def send_part(
    game: Game, seat: int, hand: int, part: Any, *, by: str = "seat", missing: bool = False
) -> dict[str, Any]:
    """Keep ``seat``'s part of hand ``hand`` (again: it replaces the part sent before); when it is
    the last part, record the hand. The hand's status after it, with ``recorded``: the hand's
    number when this part recorded it, else None.

    :class:`HandClosed` (409) for a hand already recorded or not yet open, and after the game's
    end; RoundError (422, the game unchanged) for a part the rules refuse, or for the last part
    when the engine refuses the whole hand. ``missing`` (the editor filling a part still to enter):
    :class:`SentMeanwhile` (409) when the seat's own phone has sent its part since.
    """
    number = open_hand(game, hand)
    parts = parts_of(game, number)
    if missing and seat in parts and parts[seat].by != "editor":
        name = game.players[seat].name
        raise SentMeanwhile(
            gettext("%(name)s sent their own part meanwhile: look at it before entering another.", name=name)
        )
    entry = checked_part(game, seat, part, {s: p.part for s, p in parts.items() if s != seat})
    row = parts.get(seat) or SeatPart(game_id=game.id, hand=number, seat=seat)
    before = parts[seat].part if seat in parts else None
    action = "part_sent" if before is None else "part_resent"
    log_seat(game, action, seat, by=None if by == "editor" else seat, hand=number, part=entry, old=before)
    held = row.disputed_by is not None and before == entry  # the same part again settles no dispute
    row.part, row.by = entry, by
    if not held:  # a changed part is confirmed again (its dispute, if any, was about the old one)
        row.confirmed_by, row.disputed_by, row.settled, row.dispute_reason = None, None, False, None
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
        raise HandClosed(gettext("The game is over: it takes no more parts."))
    if hand != number:
        raise HandClosed(not_open(game, hand, number))
    return number


def not_open(game: Game, hand: int, number: int, turn: bool = False) -> str:
    """Why hand ``hand`` takes no part (or ``turn``) (the 409) in the reader's language: it is
    already recorded or not open yet, and ``number`` is the open one."""
    word = gettext(find_variant(game.variant).round_word)
    values = {"Word": word.capitalize(), "hand": hand, "word": word, "open": number}
    if hand < number:
        if turn:
            return gettext(
                "%(Word)s %(hand)s is already recorded: this turn was not kept. The open %(word)s is %(open)s.",
                **values,
            )
        return gettext(
            "%(Word)s %(hand)s is already recorded: this part was not kept. The open %(word)s is %(open)s.",
            **values,
        )
    if turn:
        return gettext(
            "%(Word)s %(hand)s is not open yet: this turn was not kept. The open %(word)s is %(open)s.",
            **values,
        )
    return gettext(
        "%(Word)s %(hand)s is not open yet: this part was not kept. The open %(word)s is %(open)s.", **values
    )


def settle_hand(game: Game, number: int, parts: Mapping[int, SeatPart]) -> int | None:
    """Record hand ``number`` when every part is in and accepted (confirmed where the table asks it,
    no dispute open); its number then, else None. The game's change stamp moves either way."""
    game.updated_at = utcnow()  # the game's live pages show the part that came in ("3 of 4 in")
    policy = confirm_policy(game)
    if len(parts) < len(game.players) or not all(accepted(row, policy) for row in parts.values()):
        db.session.flush()
        return None
    before = game_score(game)
    facts = judge_hand(game.variant, {s: p.part for s, p in parts.items()}, game=before, options=game.options)
    recorded = record_round(game, facts, before=before, by=_senders(game, parts)).number
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
    """``part`` as the hand keeps it, checked by the engine as far as one player's part can be
    (RoundError with fields ``part.<key>``, its reasons the engine's); ``others``: the other seats'
    parts already in."""
    return check_part(game.variant, part, seat, others, game=game_score(game), options=game.options)


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
