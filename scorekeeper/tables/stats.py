"""A table's statistics: SQL sums over the kept game summaries, never a re-scoring of the games."""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from flask import current_app
from sqlalchemy import case, func, select

from ..profiles import profile
from ..profiles.table_figures import ratio as _ratio
from ..services.tables.kinds import kind_name, slug_of
from ..services.transfer import stamp
from ..storage.extensions import db
from ..storage.models import Game
from ..storage.table_models import TABLE_SHOWN, Table, TableFigure, TableGame, TableSeat
from ..web.described import variant_name
from ..web.languages import request_locale
from .pairs import head_to_head

LAST_RESULTS = 10


def stamp_of(public_id: str) -> tuple | None:
    """A cheap fingerprint of a table's last change (None: no such table), for kept statistics."""
    row = db.session.execute(
        select(Table.id, Table.updated_at).where(Table.public_id == public_id, TABLE_SHOWN)
    ).first()
    return tuple(row) if row else None


def kept(key: tuple, make):
    """``make()`` kept per app under ``key`` (a table's fingerprint and what is kept) and the reader's
    language (a page, and the statistics' words, are written in it): statistics change only with
    the table, whose every change bumps its ``updated_at``."""
    from ..limits.kept import Kept

    cache = current_app.extensions.setdefault("scorekeeper_table_stats", Kept(64))
    key = (*key, request_locale())
    value = cache.get(key)
    if value is None:
        value = make()
        cache.put(key, value)
    return value


def table_stats(table: Table) -> dict[str, Any]:
    """Everything the statistics page and ``GET /api/v1/tables/<id>/stats`` show (kept until the
    table changes; the caller must not change it)."""
    return kept(("stats", table.id, table.updated_at), lambda: _table_stats(table))


def _table_stats(table: Table) -> dict[str, Any]:
    """The statistics, summed in five steps; between steps the worker answers its other requests
    (under gevent ``time.sleep(0)`` yields: a year of 3,911 games was one stretch of 220 ms)."""
    names = {m.id: m.name for m in table.members}
    players = {m.id: _player(m.name) for m in table.members}
    games = _by_variant(table, players)
    time.sleep(0)
    _in_order(table, players)
    time.sleep(0)
    figures = _figures(table, names)
    time.sleep(0)
    pairs = head_to_head(table, names)  # the longest sum (90 ms on a club's year): alone between yields
    time.sleep(0)
    summary = {
        kind: {
            "name": variant_name(kind_name(kind)),
            "variant": slug_of(kind),
            **counts,
            **figures.get(kind, {"players": {}}),
        }
        for kind, counts in sorted(games.items())
    }
    ordered = sorted(players.values(), key=lambda p: (-p["games"], -p["wins"], p["name"].casefold()))
    return {
        "table": {"id": table.public_id, "name": table.name},
        "games": sum(c["games"] for c in games.values()),
        "finished": sum(c["finished"] for c in games.values()),
        "players": ordered,
        "head_to_head": pairs,
        "variants": summary,
    }


def _player(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "games": 0,
        "finished": 0,
        "wins": 0,
        "win_rate": None,
        "current_streak": 0,
        "longest_streak": 0,
        "ratings": {},
        "variants": {},
        "last_results": [],
    }


def _by_variant(table: Table, players: dict) -> dict[str, dict]:
    """Per player and variant: games, finished, wins, average and best total, average per hand."""
    finished = TableGame.finished.is_(True)
    rows = db.session.execute(
        select(
            TableSeat.member_id,
            TableGame.kind,
            TableGame.high_wins,
            func.count(),
            func.sum(case((finished, 1), else_=0)),
            func.sum(case((TableSeat.winner.is_(True), 1), else_=0)),
            func.sum(TableSeat.hands),
            func.sum(TableSeat.hand_points),
            func.sum(case((finished, TableSeat.total), else_=0)),
            func.max(case((finished, TableSeat.total))),
            func.min(case((finished, TableSeat.total))),
        )
        .join(TableGame, TableGame.game_id == TableSeat.game_id)
        .where(TableGame.table_id == table.id)
        .group_by(TableSeat.member_id, TableGame.kind, TableGame.high_wins)
        .order_by(TableSeat.member_id, TableGame.kind, TableGame.high_wins)  # a grouping sorts on SQLite only
    ).all()
    sums: dict = defaultdict(lambda: defaultdict(int))
    best: dict = {}
    for member, variant, high_wins, count, done, wins, hands, points, total, high, low in rows:
        entry = sums[(member, variant)]
        for key, value in (
            ("games", count),
            ("finished", done),
            ("wins", wins),
            ("hands", hands or 0),
            ("hand_points", points or 0),
            ("total", total or 0),
        ):
            entry[key] += value
        pick = high if high_wins else low
        if pick is not None:
            old = best.get((member, variant))
            best[(member, variant)] = pick if old is None else (max if high_wins else min)(old, pick)
    table_counts: dict[str, dict] = defaultdict(lambda: {"games": 0, "finished": 0, "hands": 0})
    for (member, variant), e in sums.items():
        player = players[member]
        player["games"] += e["games"]
        player["finished"] += e["finished"]
        player["wins"] += e["wins"]
        player["variants"][variant] = {
            "games": e["games"],
            "finished": e["finished"],
            "wins": e["wins"],
            "win_rate": _ratio(e["wins"], e["finished"]),
            "average_total": _ratio(e["total"], e["finished"], 2),
            "best_total": best.get((member, variant)),
            "hands": e["hands"],
            "average_per_hand": _ratio(e["hand_points"], e["hands"], 2),
        }
    for player in players.values():
        player["win_rate"] = _ratio(player["wins"], player["finished"])
    for variant, count, done, hands in db.session.execute(
        select(
            TableGame.kind,
            func.count(),
            func.sum(case((TableGame.finished.is_(True), 1), else_=0)),
            func.sum(TableGame.hands),
        )
        .where(TableGame.table_id == table.id)
        .group_by(TableGame.kind)
        .order_by(TableGame.kind)
    ).all():
        table_counts[variant] = {"games": count, "finished": done or 0, "hands": hands or 0}
    return dict(table_counts)


def _in_order(table: Table, players: dict) -> None:
    """Streaks, the last results and the current ratings, reading every finished seat in game order."""
    rows = db.session.execute(
        select(
            TableSeat.member_id,
            Game.public_id,
            TableGame.kind,
            TableGame.played_at,
            TableSeat.rank,
            TableSeat.winner,
            TableSeat.total,
            TableSeat.mu,
            TableSeat.sigma,
        )
        .join(TableGame, TableGame.game_id == TableSeat.game_id)
        .join(Game, Game.id == TableGame.game_id)
        .where(TableGame.table_id == table.id, TableGame.finished.is_(True))
        .order_by(TableGame.played_at, TableGame.game_id, TableSeat.seat)
    ).all()
    streak: dict[int, int] = defaultdict(int)
    seen: dict[int, list] = defaultdict(list)
    for row in rows:
        member, winner, mu = row[0], row[5], row[7]
        player = players[member]
        streak[member] = streak[member] + 1 if winner else 0
        player["longest_streak"] = max(player["longest_streak"], streak[member])
        seen[member].append(row)
        if mu is not None:
            rated = player["ratings"].setdefault(row[2], {"games": 0})
            rated.update(mu=round(mu, 3), sigma=round(row[8], 3), games=rated["games"] + 1)
    for member, player in players.items():
        player["current_streak"] = streak[member]
        player["last_results"] = [
            {
                "game": public_id,
                "variant": variant,
                "played_at": stamp(played_at),
                "rank": rank,
                "won": bool(winner),
                "total": total,
            }
            for _, public_id, variant, played_at, rank, winner, total, _, _ in reversed(
                seen[member][-LAST_RESULTS:]
            )
        ]


def _figures(table: Table, names: dict[int, str]) -> dict[str, dict]:
    """The variants' own figures, from the counted figures summed by SQL."""
    rows = db.session.execute(
        select(
            TableGame.variant,
            TableFigure.member_id,
            TableFigure.name,
            TableFigure.item,
            func.sum(TableFigure.n),
            func.sum(TableFigure.value),
        )
        .join(TableGame, TableGame.game_id == TableFigure.game_id)
        .where(TableGame.table_id == table.id)
        .group_by(TableGame.variant, TableFigure.member_id, TableFigure.name, TableFigure.item)
        .order_by(TableGame.variant, TableFigure.member_id, TableFigure.name, TableFigure.item)
    ).all()
    sums: dict = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for variant, member, name, item, n, value in rows:
        for who in (member, None) if member is not None else (None,):
            entry = sums[(variant, who)][(name, item)]
            entry[0] += n or 0
            entry[1] += value or 0
    out: dict[str, dict] = {}
    for (variant, member), counts in sums.items():
        read = profile(variant).figures.read
        block = out.setdefault(variant, {"players": {}})
        if member is None:
            block.update(read(counts))
        else:
            block["players"][names[member]] = read(counts)
    return out
