"""A table's result: declared at the table (the game's totals, by a seat's phone or the game's
editor), final once a second player at it confirms it; the organiser may set it, with a reason
kept in the event's log."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from ... import services
from ...club import TableGame, table_game
from ...storage.club_models import REASON_MAX, ClubEvent, EventRound, EventTable
from ...storage.extensions import db
from ...storage.models import Game, utcnow
from .events import EventRefused, log
from .standings import names_of

#: who declared a result when it was the game's editor rather than a seat's phone
EDITOR = -1


def table_by_number(event: ClubEvent, round_number: int, number: int) -> EventTable:
    row = db.session.execute(
        select(EventTable)
        .join(EventRound)
        .where(
            EventRound.event_id == event.id, EventRound.number == round_number, EventTable.number == number
        )
    ).scalar_one_or_none()
    if row is None:
        raise EventRefused("Round %(round)s has no table %(table)s.", round=round_number, table=number)
    return row


def table_of_game(game: Game) -> EventTable | None:
    """The event table a game is played at (None: not a club night's game)."""
    return db.session.execute(select(EventTable).where(EventTable.game_id == game.id)).scalar_one_or_none()


def declare(event: ClubEvent, table: EventTable, by_seat: int) -> EventTable:
    """The table's result is its game's totals now, declared by ``by_seat`` (or :data:`EDITOR`);
    it waits for a second player to confirm. Declaring again replaces an unconfirmed result."""
    if table.final:
        raise EventRefused("Table %(table)s's result is already final.", 409, table=table.number)
    game = db.session.get(Game, table.game_id) if table.game_id else None
    if game is None:
        raise EventRefused("Table %(table)s has no game to take a result from.", 409, table=table.number)
    score = services.game_score(game)
    if not score.rounds:
        raise EventRefused("Table %(table)s has played no hand yet.", 409, table=table.number)
    table.result = list(score.totals)
    table.declared_by = by_seat
    table.confirmed_by = None
    log(event, "declared", table=table.number, by=_who(event, table, by_seat), scores=table.result)
    db.session.flush()
    return table


def confirm(event: ClubEvent, table: EventTable, by_seat: int) -> EventTable:
    """A second player at the table confirms the declared result: it counts from now on."""
    if table.final:
        raise EventRefused("Table %(table)s's result is already final.", 409, table=table.number)
    if table.result is None:
        raise EventRefused("Nobody at table %(table)s has declared its result yet.", 409, table=table.number)
    if by_seat == table.declared_by:
        raise EventRefused(
            "A second player confirms the result: %(name)s declared it.",
            409,
            name=_who(event, table, by_seat),
        )
    table.confirmed_by = by_seat
    table.final_at = utcnow()
    log(event, "confirmed", table=table.number, by=_who(event, table, by_seat), scores=table.result)
    db.session.flush()
    return table


def override(event: ClubEvent, table: EventTable, scores: Sequence[int], reason: str) -> EventTable:
    """The organiser sets a table's result (final at once); the reason goes into the log."""
    reason = " ".join(str(reason or "").split())
    if not reason:
        raise EventRefused("Say why the result is set by the organiser.")
    if len(reason) > REASON_MAX:
        raise EventRefused("The reason has at most %(count)s characters.", count=REASON_MAX)
    if len(scores) != len(table.members) or not all(
        isinstance(s, int) and not isinstance(s, bool) and abs(s) <= 1_000_000 for s in scores
    ):
        raise EventRefused(
            "Give a whole-number score for each of the table's %(count)s players.", count=len(table.members)
        )
    before = table.result
    table.result = [int(s) for s in scores]
    table.overridden = True
    table.reason = reason
    table.final_at = table.final_at or utcnow()
    log(event, "overridden", table=table.number, before=before, scores=table.result, reason=reason)
    db.session.flush()
    return table


def table_game_of(event: ClubEvent, table: EventTable) -> TableGame:
    """A final result as the club's value (players are roster ids)."""
    return table_game(event.variant, table.members, table.result, event.options)


def _who(event: ClubEvent, table: EventTable, seat: int) -> str:
    if seat == EDITOR or not 0 <= seat < len(table.members):
        return "the game's editor"
    return names_of(event)[table.members[seat]]
