"""Club night in the JSON API (``/api/v1/events``, docs/api.md "Club night"): the events' own API
blueprint. The organiser's changes (a new event, check-ins, seating a round, an override, a cut)
need the club's table secret as the Bearer token; a table's result is declared and confirmed with a
seat's secret (the seat is the one the secret holds) or the game's edit secret (the table's secret
counts as the game's editor too). Rounds and results: :mod:`.api_rounds`.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from flask import jsonify, request

from ..api import bodies
from ..checker.checking import InputError
from ..services import NotFound, SecretMissing, SetupError
from ..services.club import check_in, check_out, create_event, delete_event, get_event, names_of
from ..services.club.season import club_season
from ..services.tables import roster
from ..services.transfer import stamp
from ..storage.club_models import ClubEvent
from ..storage.extensions import db
from ..storage.table_models import Member
from ..web.access import bearer_secret
from ..web.features import Feature
from . import api_rounds  # noqa: F401 - the rounds' and results' routes join bp
from .api_access import NO_TABLE_SECRET, bp, committed, organised, table_secret_of
from .api_json import (
    SEASON_BEST_MAX,
    SEASON_BONUS_MAX,
    SEASON_POINTS,
    entrants_json,
    event_json,
    season_json,
    standings_json,
)
from .openapi import API


def with_api(feature: Feature) -> Feature:
    """``feature`` (club night's) with this blueprint and its part of the API document."""
    return replace(feature, blueprints=(*feature.blueprints, bp), api=API)


class EntrantNotFound(NotFound):
    """No entrant of the event has this name (404)."""


@bp.post("/tables/<table_id:table_id>/events")
def create(table_id: str):
    """A new event of the club: ``{"name", "variant", "held_on", "rounds", "scheme", ...}`` -> 201."""
    if bearer_secret() is None:
        raise SecretMissing(NO_TABLE_SECRET % "A new event")
    table = roster.get_table(table_id)
    table_secret_of(table, "A new event")
    fields = bodies.shaped("NewClubEvent", bodies.object_body())
    settings = {k: v for k, v in fields.items() if k not in ("name", "held_on", "players")}
    event = create_event(table, name=fields["name"], held_on=_day(fields.get("held_on")), **settings)
    if fields.get("players"):
        check_in(event, fields["players"])
    bodies.shaped("NewClubEvent", fields, values=True)  # what the services let through, the document may not
    body = event_json(event)
    return committed(body, 201, {"Location": body["urls"]["api"]})


def _day(text: str | None) -> date:
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise SetupError([("held_on", f"{text} is no day of the calendar")]) from None


@bp.get("/events/<table_id:event_id>")
def event(event_id: str):
    """An event: its settings, entrants, rounds (tables, games, results) and standings."""
    return jsonify(event_json(get_event(event_id)))


@bp.delete("/events/<table_id:event_id>")
def delete(event_id: str):
    """Delete an evening (the club's secret): its entrants, rounds, results and log; the games played
    at its tables stay among the club's games (listed in the answer)."""
    found, _ = organised(event_id, "Deleting an evening")
    public_id = found.public_id
    games = delete_event(found)
    return committed({"deleted": public_id, "games_kept": games})


@bp.get("/events/<table_id:event_id>/standings")
def standings(event_id: str):
    """The evening's standings from its final results, best first."""
    found = get_event(event_id)
    return jsonify(
        {"event": found.public_id, "updated_at": _stamp(found), "standings": standings_json(found)}
    )


@bp.post("/events/<table_id:event_id>/entrants")
def arrive(event_id: str):
    """Check players in by name (new names join the club's roster; a player who left comes back):
    seated from the next round on."""
    found, _ = organised(event_id, "Checking players in")
    names = bodies.shaped("ClubCheckIn", bodies.object_body())["names"]
    check_in(found, names)
    bodies.shaped("ClubCheckIn", {"names": names}, values=True)
    return committed(_entrants(found))


@bp.delete("/events/<table_id:event_id>/entrants/<name>")
def leave(event_id: str, name: str):
    """A player leaves after the round being played: not seated again, their line kept."""
    found, _ = organised(event_id, "Checking a player out")
    wanted = " ".join(name.split()).casefold()
    members = {m.id: m.name for m in db.session.query(Member).filter(Member.table_id == found.table_id)}
    member = next((e.member_id for e in found.entrants if members[e.member_id].casefold() == wanted), None)
    if member is None:
        raise EntrantNotFound("Nobody of that name is checked in to this evening.")
    check_out(found, member)
    return committed(_entrants(found))


def _entrants(found: ClubEvent) -> dict:
    return {"event": found.public_id, "entrants": entrants_json(found, names_of(found))}


@bp.get("/tables/<table_id:table_id>/season")
def season(table_id: str):
    """The club's league table: ``year`` (default: every evening, as the season page), ``best`` evenings
    counted (default all), ``bonus`` per evening attended, ``points`` (places or points)."""
    table = roster.get_table(table_id)
    year = _query_int("year", 1000, 2999)
    best = _query_int("best", 1, SEASON_BEST_MAX)
    bonus = _query_int("bonus", 0, SEASON_BONUS_MAX) or 0
    points = request.args.get("points", "places")
    if points not in SEASON_POINTS:
        raise InputError(f"'points' is one of {', '.join(SEASON_POINTS)}, not {points[:40]!r}")
    found = club_season(table, year, best=best, attendance_bonus=bonus, points=points)
    return jsonify(season_json(table, found, best, bonus, points))


def _query_int(name: str, low: int, high: int) -> int | None:
    text = request.args.get(name)
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise InputError(f"'{name}' is a whole number from {low} to {high}, not {text[:20]!r}")
    return int(text)


def _stamp(found: ClubEvent) -> str:
    return stamp(found.updated_at)
