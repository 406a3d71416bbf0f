"""An event's rounds in the JSON API: seat the next round, read a round's seating, declare and
confirm a table's result, the organiser's override, the cut to a final, the end of an evening
without one and its reopening (:mod:`.api`'s blueprint)."""

from __future__ import annotations

from flask import jsonify
from sqlalchemy import select

from ..api import bodies
from ..services import NotEditor, NotFound, SecretMissing, secret_matches
from ..services.club import confirm, cut, declare, end_evening, get_event, override, reopen_evening, seat_next
from ..services.club.results import EDITOR
from ..services.seats import seat_of_secret
from ..services.tables import roster
from ..storage.club_models import ClubEvent, EventRound, EventTable
from ..storage.extensions import db
from ..storage.models import Game
from ..storage.table_models import Member, Table
from ..web.access import bearer_secret
from .api_access import bp, committed, organised
from .api_json import event_json, round_json, table_json

NO_PLAYER_SECRET = (
    "A table's result is declared and confirmed with a seat's secret (the phone that took the seat) or "
    "the game's edit secret: send the header 'Authorization: Bearer <secret>'."
)
WRONG_PLAYER_SECRET = "That secret is neither a seat's at this table nor its game's edit secret."


class RoundNotFound(NotFound):
    """The event has no such round, or the round no such table (404)."""


def _round(event: ClubEvent, number: int) -> EventRound:
    row = next((r for r in event.event_rounds if r.number == number), None)
    if row is None:
        raise RoundNotFound(f"This evening has no round {number}.")
    return row


def _table(event: ClubEvent, number: int, table: int) -> EventTable:
    row = next((t for t in _round(event, number).tables if t.number == table), None)
    if row is None:
        raise RoundNotFound(f"Round {number} has no table {table}.")
    return row


def _seated(event: ClubEvent, row: EventRound):
    body = round_json(event, row)
    return committed(body, 201, {"Location": body["urls"]["api"]})


@bp.post("/events/<table_id:event_id>/rounds")
def seat_round(event_id: str):
    """Seat the next round: ``{"rule": "draw" | "standing" | "swiss", "seed", "rounds"}`` -> 201 with
    its tables (each a game of the club, opened for the seated phones); ``rounds``, the rounds seated
    when the evening was read (another seated since: 409; left out, no check)."""
    event, secret = organised(event_id, "Seating a round")
    body = bodies.shaped("ClubSeatRound", bodies.object_body(), values=True)
    return _seated(event, seat_next(event, secret, body["rule"], body.get("seed"), body.get("rounds")))


@bp.post("/events/<table_id:event_id>/cut")
def cut_to_final(event_id: str):
    """The cut to a final: ``{"kind": "final" | "semis", "size", "seed", "rounds"}`` -> 201 with the
    round it seats (after semi-finals, a cut seats their final); ``rounds`` as for a seating."""
    event, secret = organised(event_id, "A cut to a final")
    body = bodies.shaped("ClubCut", bodies.object_body(), values=True)
    seen = body.get("rounds")
    return _seated(event, cut(event, secret, body["kind"], body.get("size", 4), body.get("seed"), seen))


@bp.post("/events/<table_id:event_id>/end")
def end_event(event_id: str):
    """End the evening without a final: ``{"rounds"}`` (the rounds seated when it was read; another
    seated since is 409) -> 200 with the event, over. Once: a second end is 409."""
    event, _ = organised(event_id, "Ending an evening")
    body = bodies.shaped("ClubEnd", bodies.object_body(), values=True)
    end_evening(event, body.get("rounds"))
    db.session.flush()
    return committed(event_json(event))


@bp.post("/events/<table_id:event_id>/reopen")
def reopen_event(event_id: str):
    """Take back an end sent by mistake: ``{}`` -> 200 with the event, no longer over (it seats, cuts
    and checks in again). Once: an evening not ended (a second reopen, or one over by its final) is 409."""
    event, _ = organised(event_id, "Reopening an evening")
    bodies.shaped("ClubReopen", bodies.object_body(), values=True)
    reopen_evening(event)
    db.session.flush()
    return committed(event_json(event))


@bp.get("/events/<table_id:event_id>/rounds/<int:number>")
def event_round(event_id: str, number: int):
    """A round's seating: its tables with their players in seat order, games and results."""
    event = get_event(event_id)
    return jsonify(round_json(event, _round(event, number)))


def _answer(event: ClubEvent, number: int, row: EventTable):
    games = {row.game_id: db.session.get(Game, row.game_id)} if row.game_id else {}
    return committed(
        {
            "event": event.public_id,
            "round": number,
            "table": table_json(event, row, _names(row), games),
        }
    )


def _names(row: EventTable) -> dict[int, str]:
    """The names of the table's players (one query: a result's answer needs no more)."""
    found = db.session.execute(select(Member.id, Member.name).where(Member.id.in_(row.members)))
    return dict(found.all())


def _player(event: ClubEvent, row: EventTable) -> int:
    """Whose secret this is at the table: its seat, or :data:`EDITOR` for the game's edit secret
    (or the club's table secret); 401 without one, 403 for another."""
    secret = bearer_secret()
    if secret is None:
        raise SecretMissing(NO_PLAYER_SECRET)
    game = db.session.get(Game, row.game_id) if row.game_id else None
    if game is not None and secret_matches(game, secret):
        return EDITOR
    held = seat_of_secret(game, secret) if game is not None else None
    if held is not None:
        return held.seat
    if roster.secret_matches(db.session.get(Table, event.table_id), secret):
        return EDITOR
    raise NotEditor(WRONG_PLAYER_SECRET)


def _by_player(event_id: str, number: int, table: int, step) -> tuple:
    """``step`` (declare or confirm) taken at the table by the player whose secret this is."""
    if bearer_secret() is None:
        raise SecretMissing(NO_PLAYER_SECRET)
    event = get_event(event_id)
    row = _table(event, number, table)
    step(event, row, _player(event, row))
    return _answer(event, number, row)


@bp.post("/events/<table_id:event_id>/rounds/<int:number>/tables/<int:table>/declaration")
def declare_result(event_id: str, number: int, table: int):
    """Declare the table's result: its game's totals now, by the seat whose secret this is."""
    return _by_player(event_id, number, table, declare)


@bp.post("/events/<table_id:event_id>/rounds/<int:number>/tables/<int:table>/confirmation")
def confirm_result(event_id: str, number: int, table: int):
    """A second player at the table confirms the declared result: it counts from now on."""
    return _by_player(event_id, number, table, confirm)


@bp.put("/events/<table_id:event_id>/rounds/<int:number>/tables/<int:table>/result")
def override_result(event_id: str, number: int, table: int):
    """The organiser sets the table's result: ``{"scores": [...], "reason"}`` (final at once, the
    reason kept in the event's log)."""
    event, _ = organised(event_id, "Setting a table's result")
    row = _table(event, number, table)
    body = bodies.shaped("ClubOverride", bodies.object_body(), values=True)
    override(event, row, body["scores"], body["reason"])
    return _answer(event, number, row)
