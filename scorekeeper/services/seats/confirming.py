"""Another player confirms a part ("looks right") or disputes it; the editor settles a dispute
(issue 38, docs/own-phones.md).

A table may require a confirmation (its seating's ``confirm``: "any" other player, or the player
to the "left", the next seat); then a hand is recorded only when every part is confirmed. A dispute
holds the hand until the game's editor settles it: neither the player who sent the part nor the one
who disputed it can approve it. A part sent again is confirmed again, and a confirmation names the
part it saw (:func:`part_seen`): one that saw the part before it was sent again is refused (409).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext
from sqlalchemy import delete

from ...rules import RoundError
from ...storage.extensions import db
from ...storage.models import Game
from ...storage.seat_models import DISPUTE_REASON_MAX, SeatPart
from ..errors import Conflict, NotFound
from .parts import confirm_policy, hand_status, open_hand, open_parts, parts_of, settle_hand
from .seat_log import log_seat


class PartChanged(Conflict):
    """A confirmation of a part that was sent again after the confirmer looked at it: 409."""


def part_seen(part: Any) -> str:
    """A short fingerprint of a part as sent (its canonical JSON): the confirm forms and the API's
    seating carry it, and a confirmation that names another is refused (:class:`PartChanged`)."""
    text = json.dumps(part, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def confirm_part(
    game: Game,
    seat: int,
    hand: int,
    *,
    by: int | None,
    looks_right: bool,
    reason: str | None = None,
    seen: str | None = None,
    shown: Callable[[Game, Mapping[int, SeatPart]], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Seat ``by`` (None: the game's editor) says ``seat``'s part of hand ``hand`` looks right, or
    not (with ``reason``, a short typed note of why, kept with the dispute). The hand's status after
    it, with ``recorded`` (the hand's number when this recorded it).

    The editor settles: looks right accepts the part as it is, not right takes it back (its player
    sends it again). ``seen``: the part's :func:`part_seen` as the confirmer saw it (None: not
    said, as an older client sends). HandClosed (409) for a hand not open; PartChanged (409) for
    a part sent again since it was seen; NotFound for a part not sent;
    RoundError (422) for a player confirming their own part, a seat that is not the one to the
    left at a table that asks for it, or a disputed part (the editor settles it).
    ``shown(game, parts)``: what the answer says of the open hand after it, from its parts read
    once (default: its status and every dispute reason).
    """
    why = dispute_reason(reason) if by is not None and not looks_right else None
    number = open_hand(game, hand)
    parts = parts_of(game, number)
    row = parts.get(seat)
    name = game.players[seat].name if 0 <= seat < len(game.players) else str(seat)
    if row is None:
        raise NotFound(gettext("%(name)s has not sent a part of this hand yet.", name=name))
    if by is not None:
        _may_confirm(game, row, by)  # first: a seat that may not confirm learns nothing of the part
    if seen is not None and seen != part_seen(row.part):
        raise PartChanged(
            gettext("%(name)s sent their part again after you looked at it: check the new one.", name=name)
        )
    if by is None:
        _settle(game, row, parts, looks_right)
    else:
        _confirm(game, row, by, looks_right, why)
    recorded = settle_hand(game, number, parts)
    now = open_parts(game)  # the open hand after it: the next one when this recorded the hand
    if shown is not None:
        return {**shown(game, now), "recorded": recorded}
    return {**hand_status(game, now), "reasons": dispute_reasons(game, now), "recorded": recorded}


def dispute_reasons(game: Game, parts: Mapping[int, SeatPart] | None = None) -> dict[str, str]:
    """The typed reasons of the open hand's disputes, by seat (as the hand status's ``disputed``);
    ``parts``: the open hand's (``open_parts``), when the caller has read them."""
    parts = open_parts(game) if parts is None else parts
    return {
        str(seat): row.dispute_reason
        for seat, row in sorted(parts.items())
        if row.disputed_by is not None and row.dispute_reason
    }


def dispute_reason(text: Any) -> str | None:
    """A dispute's typed reason, cleaned (NFC, one line, spaces collapsed), None when empty:
    RoundError (field ``reason``) past :data:`DISPUTE_REASON_MAX` characters."""
    if text is None:
        return None
    cleaned = " ".join(
        "".join(
            c for c in unicodedata.normalize("NFC", str(text)) if unicodedata.category(c)[0] != "C"
        ).split()
    )
    if len(cleaned) > DISPUTE_REASON_MAX:
        said = gettext(
            "A reason is at most %(most)s characters; this one has %(count)s.",
            most=DISPUTE_REASON_MAX,
            count=len(cleaned),
        )
        raise RoundError([("reason", said)])
    return cleaned or None


def to_check(game: Game, seat: int | None, hand: dict[str, Any]) -> list[int]:
    """The seats whose parts of the open hand (``hand``: :func:`hand_status`) wait for ``seat``'s
    confirmation, by the table's rule (any other player, or the player to the left): never its
    own, nor a disputed one (the editor settles it). The seat page shows these parts, and the API
    gives a seat these and its own."""
    policy = confirm_policy(game)
    if seat is None or policy == "none" or not hand["open"]:
        return []
    count = len(game.players)
    return [
        s
        for s in hand["to_confirm"]
        if s != seat and str(s) not in hand["disputed"] and (policy == "any" or seat == (s + 1) % count)
    ]


def _may_confirm(game: Game, row: SeatPart, by: int) -> None:
    """RoundError unless seat ``by`` may confirm or dispute ``row``: not its own part, the player to
    the left where the table asks for it, a part not disputed already."""
    name = game.players[row.seat].name
    if by == row.seat:
        raise RoundError(
            [("", gettext("%(name)s cannot confirm their own part: another player does.", name=name))]
        )
    left = (row.seat + 1) % len(game.players)
    if confirm_policy(game) == "left" and by != left:
        said = gettext(
            "At this table %(left)s confirms %(name)s's part (the player to the left).",
            left=game.players[left].name,
            name=name,
        )
        raise RoundError([("", said)])
    if row.disputed_by is not None:
        said = gettext(
            "%(name)s's part is disputed by %(by)s: the editor settles it.",
            name=name,
            by=game.players[row.disputed_by].name,
        )
        raise RoundError([("", said)])


def _confirm(game: Game, row: SeatPart, by: int, looks_right: bool, why: str | None = None) -> None:
    if looks_right:
        row.confirmed_by = by
    else:
        row.disputed_by, row.confirmed_by, row.dispute_reason = by, None, why
    action = "part_confirmed" if looks_right else "part_disputed"
    log_seat(game, action, row.seat, by=by, hand=row.hand, part=row.part, reason=why)
    db.session.flush()


def _settle(game: Game, row: SeatPart, parts: dict[int, SeatPart], looks_right: bool) -> None:
    action = "part_accepted" if looks_right else "part_returned"
    log_seat(game, action, row.seat, by=None, hand=row.hand, part=row.part)
    if looks_right:
        row.settled, row.disputed_by, row.dispute_reason = True, None, None
        db.session.flush()
        return
    db.session.execute(delete(SeatPart).where(SeatPart.id == row.id))
    db.session.flush()
    del parts[row.seat]
