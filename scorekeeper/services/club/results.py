"""A table's result: declared at the table (the game's totals, by a seat's phone or the game's
editor), final once a second player at it confirms it (at once when the editor declares for a
game no phone can take a seat of); the organiser may set it, with a reason kept in the event's log."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import JSON, cast, literal, select, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Session, joinedload

from ... import services
from ...club import TableGame, table_game
from ...storage.club_models import REASON_MAX, ClubEvent, EventLogEntry, EventRound, EventTable
from ...storage.extensions import db
from ...storage.models import Game, utcnow
from ..events import game_deleting, hands_changed
from ..seats.seating import seating_of
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


def tables_of_games(games: Sequence[Game]) -> dict[int, EventTable]:
    """:func:`table_of_game` for a list of games in one query, by game id (those at no table left
    out), each with its round and event loaded (a games list names them)."""
    ids = [g.id for g in games]
    if not ids:
        return {}
    query = (
        select(EventTable)
        .where(EventTable.game_id.in_(ids))
        .options(joinedload(EventTable.event_round).joinedload(EventRound.event))
    )
    return {t.game_id: t for t in db.session.scalars(query)}


def declare(event: ClubEvent, table: EventTable, by_seat: int) -> EventTable:
    """The table's result is its game's totals now, declared by ``by_seat`` (or :data:`EDITOR`);
    it waits for a second player to confirm. Declaring again replaces an unconfirmed result."""
    if table.final:
        raise _already_final(table)
    game = db.session.get(Game, table.game_id) if table.game_id else None
    if game is None:
        raise EventRefused("Table %(table)s has no game to take a result from.", 409, table=table.number)
    # the game's hands as they stand, none recorded until this result is kept: a hand whose last part
    # arrives at this moment is either in it or, after it, withdraws it (as any hand changed does)
    services.hold(game)
    score = services.game_score(game)
    if not score.rounds:
        raise EventRefused("Table %(table)s has played no hand yet.", 409, table=table.number)
    db.session.refresh(table)  # as it stands, now that no other declaration of this game runs
    if table.result == list(score.totals) and table.declared_by == by_seat and not table.final:
        return table  # declared so already (a double tap): nothing new to log
    if not _claim(table, result=list(score.totals), declared_by=by_seat):
        raise _already_final(table)  # confirmed or set in the meantime (a double tap, another phone)
    log(event, "declared", table=table.number, by=by_seat, scores=table.result)  # the page names the seat
    if by_seat == EDITOR and seating_of(game) is None:
        # a game no phone can take a seat of (any other game, by its name): its editor keeps the
        # table's score alone, so there is no second player's phone to confirm with; the editor's
        # result is the table's, final at once (the organiser may still set it)
        if _claim(table, EventTable.declared_by == EDITOR, confirmed_by=EDITOR, final_at=utcnow()):
            log(event, "confirmed", table=table.number, by=EDITOR, scores=table.result)
    db.session.flush()
    return table


def confirm(
    event: ClubEvent,
    table: EventTable,
    by_seat: int,
    seen: Sequence[int] | None = None,
    also: Sequence[int] = (),
) -> EventTable:
    """A second player at the table confirms the declared result: it counts from now on. ``seen``:
    the scores the confirming page showed (refused, 409, when the result declared now differs);
    ``also``: whom else the confirming phone acts for (its seat and the game's edit secret are one
    phone: neither may confirm what the other declared)."""
    _hold_game(table)
    if table.final:
        raise _already_final(table)
    if table.result is None:
        raise EventRefused("Nobody at table %(table)s has declared its result yet.", 409, table=table.number)
    if table.declared_by == by_seat or table.declared_by in also:
        raise EventRefused(
            "A second player confirms the result: %(name)s declared it.",
            409,
            name=_who(event, table, table.declared_by),
        )
    if seen is not None and list(seen) != table.result:
        raise _changed()
    seen_by = EventTable.declared_by == table.declared_by
    if not _claim(table, seen_by, _same_result(table.result), confirmed_by=by_seat, final_at=utcnow()):
        raise _already_final(table) if table.final else _changed()
    log(event, "confirmed", table=table.number, by=by_seat, scores=table.result)
    db.session.flush()
    return table


def override(event: ClubEvent, table: EventTable, scores: Sequence[int], reason: str) -> EventTable:
    """The organiser sets a table's result (final at once); the reason goes into the log. Only a
    table of the last round seated (the page's and the API's one rule)."""
    _hold_game(table)
    last = event.event_rounds[-1]
    if table.event_round is not last:
        raise EventRefused(
            "Only the tables of round %(round)s, the last one seated, take the organiser's result.",
            409,
            round=last.number,
        )
    reason = " ".join(str(reason or "").split())
    if not reason:
        raise EventRefused("Say why the result is set by the organiser.")
    if len(reason) > REASON_MAX:
        raise EventRefused("The reason has at most %(count)s characters.", count=REASON_MAX)
    if len(scores) != len(table.members) or not all(
        isinstance(s, int) and not isinstance(s, bool) and abs(s) <= 1_000_000 for s in scores
    ):
        raise EventRefused(
            "Give a whole-number score for each player at the table (%(count)s in all).",
            count=len(table.members),
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


def _claim(table: EventTable, *seen, **values) -> bool:
    """Write ``values`` to the table's row only while its result is not final (and ``seen`` holds):
    one conditional UPDATE, so of two taps at once one changes the row and the other is refused."""
    changed = db.session.execute(
        update(EventTable)
        .where(
            EventTable.id == table.id,
            EventTable.confirmed_by.is_(None),
            EventTable.overridden.is_(False),
            *seen,
        )
        .values(**values)
        .execution_options(synchronize_session=False)
    ).rowcount
    db.session.refresh(table)
    if changed == 1:  # the UPDATE passes the session hook by (events/live.py): touched here
        touch_game(db.session, table.game_id)
    return changed == 1


def _hold_game(table: EventTable) -> None:
    """Hold the table's game's row first, as a hand's change does (its version) and a declaration
    does (:func:`declare`), then read the table again: the rows are always taken game first, table
    after. A confirmation or an override took the table's row first and the game's after (its change
    stamp), a hand recorded or undone at the same moment the other way round (the game's version, then
    the result it withdraws or logs), and PostgreSQL broke the deadlock by refusing one of them (409)."""
    game = db.session.get(Game, table.game_id) if table.game_id else None
    if game is not None:
        services.hold(game)
    db.session.refresh(table)


def _same_result(result: list[int]):
    """The condition "the table's result is still ``result``": PostgreSQL's ``json`` has no ``=``
    (``operator does not exist: json = json``: every confirmation was a 500 there), so it compares
    both as ``jsonb``; SQLite compares the stored text, written by the same serializer."""
    if db.session.get_bind().dialect.name == "postgresql":
        return cast(EventTable.result, JSONB) == cast(literal(result, JSON), JSONB)
    return EventTable.result == result


def touch_game(session: Session, game_id: int | None) -> None:
    """A table's result changed: its game's change stamp moves, so the game page and the seated
    phones, which follow the game's live version, show the result's state. The session hook of
    events/live.py calls it for a table changed through the ORM, :func:`_claim` for its UPDATE."""
    if not game_id:
        return
    with session.no_autoflush:
        game = session.get(Game, game_id)
    if game is not None:
        game.updated_at = utcnow()


def _already_final(table: EventTable) -> EventRefused:
    return EventRefused("Table %(table)s's result is already final.", 409, table=table.number)


def _changed() -> EventRefused:
    return EventRefused("The declared result has changed since the page showed it: look at it again.", 409)


def _on_hands_changed(game: Game, **_) -> None:
    """A hand recorded, edited or undone at a club table: an unconfirmed result is withdrawn (it
    is no longer the game's totals); after the result is final the change is logged, so the
    organiser sees the table and sets its result."""
    table = table_of_game(game)
    if table is None or table.result is None:
        return
    event = table.event_round.event
    if table.final:
        log(event, "changed_after_final", table=table.number, round=table.event_round.number)
    else:
        table.result, table.declared_by = None, None
        log(event, "withdrawn", table=table.number, round=table.event_round.number)


def withdrawn(table: EventTable) -> bool:
    """Whether the table's declared result was withdrawn by a hand changed after it (its log's
    newest declaration or withdrawal of this table is a withdrawal of this round), so its phones say
    why the result they saw is gone."""
    if table.result is not None or table.final:
        return False
    rows = db.session.execute(
        select(EventLogEntry.action, EventLogEntry.detail)
        .where(
            EventLogEntry.event_id == table.event_round.event_id,
            EventLogEntry.action.in_(("declared", "withdrawn")),
        )
        .order_by(EventLogEntry.id.desc())
        .limit(500)  # an evening's declarations: a few a table and round
    )
    for action, detail in rows:
        if (detail or {}).get("table") == table.number:
            return action == "withdrawn" and detail.get("round") == table.event_round.number
    return False


def _on_game_deleting(game: Game, **_) -> None:
    """A club table's game deleted: logged, so the organiser sets the table's result."""
    table = table_of_game(game)
    if table is not None:
        log(table.event_round.event, "game_deleted", table=table.number, round=table.event_round.number)


#: what club night hears from the services (events/feature.py names them)
RECEIVERS = ((hands_changed, _on_hands_changed), (game_deleting, _on_game_deleting))


def _who(event: ClubEvent, table: EventTable, seat: int) -> str:
    if seat == EDITOR or not 0 <= seat < len(table.members):
        return "the game's editor"
    return names_of(event)[table.members[seat]]
