"""A table's finished games in the JSON backup shape BG Stats imports, and one play as BG Stats'
add-play link (docs/bg-stats.md names the public descriptions these fields come from).

The backup holds four lists that refer to each other by number: ``games`` (``id``, ``uuid``, ``name``,
``highestWins`` ...), ``players`` (``id``, ``uuid``, ``name``), ``locations`` (``id``, ``uuid``, ``name``)
and ``plays`` (``uuid``, ``gameRefId``, ``locationRefId``, ``playDate`` as ``YYYY-MM-DD HH:MM:SS``,
``playerScores``: ``playerRefId``, ``score`` as text, ``winner``, ``startPlayer``, ``seatOrder``, ``rank``).
Every ``uuid`` is derived from the table's and the game's ids, so a second export names the same plays.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, tzinfo
from functools import cache
from urllib.parse import quote
from zoneinfo import ZoneInfo, available_timezones

from ...rules import find_variant
from ...storage.models import Game
from ...storage.table_models import Table, TableGame
from .kinds import kind_name, kind_of
from .roster import table_games

#: the namespace of every uuid this app writes into a BG Stats file
NAMESPACE = uuid.UUID("6f1b3c52-9a0e-4d7b-8c21-5e4f7a9d2b10")
#: BG Stats' add-play link (its "Push plays to BG Stats from other apps or websites" page)
ADD_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Scorekeeper"


def bgs_uuid(*parts: str) -> str:
    """A uuid for the ``parts`` (upper case, as BG Stats writes its own)."""
    return str(uuid.uuid5(NAMESPACE, ":".join(parts))).upper()


def time_zone(name: str | None) -> tzinfo | None:
    """The IANA time zone a phone says it is in (``Europe/Berlin``): BG Stats' play dates are wall
    times in it. None when none is given; ValueError for a name that is no time zone.

    >>> time_zone("Europe/Berlin"), time_zone("")
    (zoneinfo.ZoneInfo(key='Europe/Berlin'), None)
    """
    if not name:
        return None
    if name not in known_zones():
        raise ValueError(f"{name[:64]!r} is not a time zone (an IANA name such as Europe/Berlin)")
    return ZoneInfo(name)


@cache
def known_zones() -> frozenset[str]:
    """The IANA names this machine's time zone database holds: the API document lists the same ones."""
    return frozenset(available_timezones())


def play_date(when: datetime, zone: tzinfo | None = None) -> str:
    """BG Stats' play date: wall time without a zone (``2026-03-14 20:30:00``). ``when`` is stored in
    UTC; it is written in ``zone`` (the phone's), else in UTC.

    >>> play_date(datetime(2026, 2, 1, 19, 15), time_zone("Europe/Berlin"))
    '2026-02-01 20:15:00'
    """
    if zone is not None:
        when = when.replace(tzinfo=UTC).astimezone(zone)
    return when.strftime("%Y-%m-%d %H:%M:%S")


def stored_time(wall: datetime, zone: tzinfo | None = None) -> datetime:
    """A BG Stats play date (wall time in ``zone``; None: UTC) as stored, in UTC without a zone.

    >>> stored_time(datetime(2026, 7, 1, 20, 15), time_zone("Europe/Berlin"))
    datetime.datetime(2026, 7, 1, 18, 15)
    """
    if zone is None:
        return wall
    return wall.replace(tzinfo=zone).astimezone(UTC).replace(tzinfo=None)


def start_seat(game: Game) -> int:
    """The seat that played first: left of the first dealer (a game without a dealer keeps it so too)."""
    return (game.first_dealer + 1) % max(len(game.players), 1)


def export_bgstats(table: Table, zone: tzinfo | None = None) -> dict:
    """The table's finished games (result-only ones too) as a BG Stats backup, its play dates in
    ``zone`` (the phone's; None: UTC)."""
    games: dict[str, dict] = {}
    players = {
        m.id: {"id": i, "uuid": bgs_uuid("player", table.public_id, str(m.id)), "name": m.name}
        for i, m in enumerate(table.members, start=1)
    }
    location = {"id": 1, "uuid": bgs_uuid("location", table.public_id), "name": table.name}
    plays = []
    for game, summary in reversed(table_games(table)):
        if not summary.finished:
            continue
        entry = games.get(summary.kind)
        if entry is None:
            name = kind_name(summary.kind)
            entry = games[summary.kind] = {
                "id": len(games) + 1,
                "uuid": bgs_uuid("game", name.casefold()),
                "name": name,
                "highestWins": summary.high_wins,
                "noPoints": False,
                "cooperative": False,
                "usesTeams": False,
                "bggId": 0,
            }
        plays.append(_play(game, summary, entry["id"], players, zone))
    used = {s["playerRefId"] for p in plays for s in p["playerScores"]}
    return {
        "games": list(games.values()),
        "players": [p for p in players.values() if p["id"] in used],
        "locations": [location],
        "plays": plays,
    }


def _play(game: Game, summary: TableGame, game_ref: int, players: dict, zone: tzinfo | None) -> dict:
    start = start_seat(game)
    return {
        "uuid": summary.source or bgs_uuid("play", game.public_id),
        "gameRefId": game_ref,
        "locationRefId": 1,
        "playDate": play_date(summary.played_at, zone),
        "durationMin": 0,
        "rounds": summary.hands,
        "ignored": False,
        "manualWinner": False,
        "usesTeams": False,
        "board": "",
        "comments": "",
        "playerScores": [
            {
                "playerRefId": players[s.member_id]["id"],
                "score": str(s.total),
                "winner": bool(s.winner),
                "startPlayer": s.seat == start,
                "seatOrder": s.seat,
                "rank": s.rank,
                "newPlayer": False,
                "role": "",
            }
            for s in summary.seats
        ],
    }


def add_play_link(game: Game, score, location: str = SOURCE) -> str | None:
    """BG Stats' add-play link for a finished game (None before it is finished): one play as JSON,
    its date in UTC (the game page's script writes it in the phone's own time, static/js/bgstats.js)."""
    if not score.finished:
        return None
    variant = find_variant(game.variant)
    start = start_seat(game)
    play = {
        "sourceName": SOURCE,
        "game": {
            "name": kind_name(kind_of(game.variant, game.options)),
            "highestWins": variant.high_wins(game.options),
            "noPoints": False,
            "sourceGameId": game.variant,
        },
        "playDate": play_date(game.created_at),
        "location": location,
        "board": "",
        "comments": "",
        "durationMin": 0,
        "players": [
            {
                "name": name,
                "score": score.totals[seat],
                "winner": seat in score.winners,
                "rank": score.ranks[seat],
                "startPlayer": seat == start,
                "sourcePlayerId": f"{game.public_id}-{seat}",
                "role": "",
            }
            for seat, name in enumerate(game.names)
        ],
    }
    return ADD_PLAY + quote(json.dumps(play, separators=(",", ":")), safe="")
