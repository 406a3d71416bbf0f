"""Club night as the JSON API answers it (:mod:`.api`): an event with its settings, entrants, rounds
(each table with its game and result) and standings; a round's seating; a club's season."""

from __future__ import annotations

import math
from typing import Any

from sqlalchemy import select
from werkzeug.routing import BuildError

from ..api.routes import game_urls
from ..limits.kept import Kept
from ..services.club import evening_order, evening_over, names_of, present
from ..services.club.season import Season
from ..services.transfer import stamp
from ..storage.club_models import ClubEvent, EventRound, EventTable
from ..storage.extensions import db
from ..storage.models import Game
from ..storage.table_models import Table
from ..web.addresses import external_url

#: the ways a season counts an evening, and the most of its best evenings or bonus a query may name
SEASON_POINTS = ("places", "points")
SEASON_BEST_MAX, SEASON_BONUS_MAX = 120, 100
#: the standings answers kept (by event and change stamps), and their lock
KEPT_MAX = 64
_KEPT: Kept[list[dict[str, Any]]] = Kept(KEPT_MAX)


def event_urls(event: ClubEvent) -> dict[str, str]:
    """Where an event lives in the API (the event, its standings) and its page."""
    eid = event.public_id
    urls = {
        "api": external_url("events_api.event", event_id=eid),
        "standings": external_url("events_api.standings", event_id=eid),
    }
    try:
        urls["page"] = external_url("events.show", public_id=eid)
    except BuildError:  # an app without the organiser's pages
        pass
    return urls


def settings_json(event: ClubEvent) -> dict[str, Any]:
    """How the evening is played and ranked."""
    return {
        "variant": event.variant,
        "options": dict(event.options or {}),
        "rounds": event.rounds,
        "scheme": event.scheme,
        "scale": [_number(p) for p in event.scale],
        "tiebreaks": list(event.tiebreaks),
        "fives": event.fives,
        "twos": event.twos,
        "round_minutes": event.round_minutes,
    }


def entrants_json(event: ClubEvent, names: dict[int, str]) -> list[dict[str, Any]]:
    here = {e.member_id for e in present(event)}
    return [
        {
            "name": names.get(e.member_id, ""),
            "arrived": e.arrived,
            "left_after": e.left_after,
            "present": e.member_id in here,
        }
        for e in event.entrants
    ]


def standings_json(event: ClubEvent, names: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """The evening's order (:func:`.evening_order`: the final's places first once it is played),
    best first (ranks shared by players tied after every tiebreak),
    kept until the event or its club changes (every result, check-in and round bumps the event's
    stamp; a roster name's change the club's): a room of phones and a screen read them again and again."""
    club = db.session.get(Table, event.table_id)
    key = (event.public_id, event.updated_at, club.updated_at if club else None)
    lines = _KEPT.get(key)
    if lines is None:
        lines = _standings(event, names if names is not None else names_of(event))
        _KEPT.put(key, lines)
    return lines


def _standings(event: ClubEvent, names: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {
            "rank": s.rank,
            "name": names.get(s.player, ""),
            "points": _number(s.points),
            "games": s.games,
            "wins": s.wins,
            "best_game": None if math.isinf(s.best_game) else _number(s.best_game),
            "values": [_number(v) for v in s.values],
            "parted_by": s.parted_by,
        }
        for s in evening_order(event)
    ]


def table_json(event: ClubEvent, table: EventTable, names: dict[int, str], games: dict[int, Game]) -> dict:
    """One table of a round: its players in seat order (the first starts), its game and its result."""
    game = games.get(table.game_id) if table.game_id else None
    urls = {}
    if game is not None:
        urls = {**game_urls(game), "seats": external_url("seats_api.seating", public_id=game.public_id)}
    return {
        "number": table.number,
        "players": [names.get(m, "") for m in table.members],
        "game": game.public_id if game is not None else None,
        "result": table.result,
        "declared_by": table.declared_by,
        "confirmed_by": table.confirmed_by,
        "overridden": table.overridden,
        "reason": table.reason or None,
        "final": table.final,
        "final_at": stamp(table.final_at) if table.final_at else None,
        "urls": urls,
    }


def round_json(event: ClubEvent, row: EventRound, names: dict[int, str] | None = None, games=None) -> dict:
    """A round as it was seated: its rule, seed and stage, and its tables."""
    names = names if names is not None else names_of(event)
    games = games if games is not None else _games([row])
    return {
        "number": row.number,
        "stage": row.stage,
        "rule": row.rule,
        "seed": row.seed,
        "seated_at": stamp(row.seated_at),
        "tables": [table_json(event, t, names, games) for t in row.tables],
        "waiting": [t.number for t in row.tables if not t.final],
        "urls": {
            "api": external_url("events_api.event_round", event_id=event.public_id, number=row.number),
            "event": external_url("events_api.event", event_id=event.public_id),
        },
    }


def event_json(event: ClubEvent) -> dict[str, Any]:
    """The whole event: settings, entrants, every round with its tables and results, the standings."""
    names = names_of(event)
    games = _games(event.event_rounds)
    club = db.session.get(Table, event.table_id)
    return {
        "id": event.public_id,
        "name": event.name,
        "held_on": event.held_on.isoformat(),
        "table": club.public_id,
        "created_at": stamp(event.created_at),
        "updated_at": stamp(event.updated_at),
        "over": evening_over(event),
        "ended_at": stamp(event.ended_at) if event.ended_at else None,
        "settings": settings_json(event),
        "entrants": entrants_json(event, names),
        "rounds": [round_json(event, r, names, games) for r in event.event_rounds],
        "standings": standings_json(event, names),
        "urls": event_urls(event),
    }


def season_json(table: Table, season: Season, best: int | None, bonus: float, points: str) -> dict:
    """A club's league table of one year: its evenings and each player's line."""
    return {
        "table": table.public_id,
        "year": season.year,
        "best": best,
        "attendance_bonus": _number(bonus),
        "points": points,
        "evenings": [
            {
                "id": e.public_id,
                "name": e.name,
                "held_on": e.held_on.isoformat(),
                "over": e.id in season.over,
                "api": external_url("events_api.event", event_id=e.public_id),
            }
            for e in season.evenings
        ],
        "lines": [
            {
                "rank": line.rank,
                "name": season.names.get(line.player, ""),
                "total": _number(line.total),
                "attended": line.attended,
                "evenings": [None if v is None else _number(v) for v in line.evenings],
                "counted": list(line.counted),
            }
            for line in season.lines
        ],
    }


def _games(rounds) -> dict[int, Game]:
    """The games of ``rounds``' tables, by row id, in one query."""
    ids = [t.game_id for r in rounds for t in r.tables if t.game_id]
    if not ids:
        return {}
    return {g.id: g for g in db.session.scalars(select(Game).where(Game.id.in_(ids)))}


def _number(value: float) -> float | int:
    """A whole number as an int (4.0 -> 4), else the float rounded to 4 places."""
    value = round(float(value), 4)
    return int(value) if value.is_integer() else value
