"""Plays from a BG Stats backup taken into a table as result-only games: final scores and winners,
no hands. A play is taken when its game's name matches a variant, a house game or a points game the
table played (case and spaces aside); unknown games are listed and skipped, never guessed; a play
already taken (its ``uuid``) is not taken again. One import takes at most ``BGSTATS_TAKEN_MAX`` plays;
the rest are counted as deferred, and sending the same file again takes them."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from sqlalchemy import select

from ...limits import (
    BGSTATS_ITEMS_MAX,
    BGSTATS_TAKEN_MAX,
    PLAYED_AHEAD_DAYS,
    PLAYED_FROM_YEAR,
    RESULT_TOTAL_MAX,
    TooMany,
)
from ...rules import RulesError, all_variants, find_variant
from ...storage.extensions import db
from ...storage.models import Game
from ...storage.table_models import Table, TableGame
from .. import SetupError
from ..transfer import TransferError
from .bgstats import bgs_uuid, stored_time
from .house_games import house_games
from .kinds import POINTS, slug_of
from .new_games import start_game
from .roster import roster_players
from .summaries import rerate, touch

#: why a play is skipped, in the service's words (the import page says them in the reader's language)
NO_UUID = "a play needs its uuid"
NO_SCORES = "a play needs its players' scores"
NO_NAME = "every player of a play needs a name in the file's players"
NOT_A_DATE = "its playDate is not in BG Stats' form (YYYY-MM-DD HH:MM:SS)"
SAME_PLAYER = "one different player per seat"
OUT_OF_RANGE = f"its playDate is before {PLAYED_FROM_YEAR} or after tomorrow"


def _key(name: Any) -> str:
    return " ".join(str(name or "").split()).casefold()


def known_games(table: Table) -> dict[str, tuple[str, dict]]:
    """Names a play's game may have -> (variant, options): the variants', the house games', the
    names of the points games the table played."""
    known = {_key(v.name): (v.slug, {}) for v in all_variants()}
    played = db.session.execute(
        select(TableGame.kind).where(TableGame.table_id == table.id).distinct()
    ).scalars()
    for kind in played:
        if slug_of(kind) == POINTS and ":" in kind:
            known[_key(kind.split(":", 1)[1])] = (POINTS, {"game_name": kind.split(":", 1)[1]})
    for house in house_games(table):
        known[_key(house.decision["name"])] = (house.variant, dict(house.decision["options"]))
    return known


def _lists(doc: Any) -> tuple[dict, dict, list]:
    if not isinstance(doc, dict) or not all(
        isinstance(doc.get(k), list) for k in ("games", "players", "plays")
    ):
        raise TransferError('not a BG Stats backup: expected the lists "games", "players" and "plays"')
    for key in ("games", "players", "plays", "locations"):
        if len(doc.get(key) or ()) > BGSTATS_ITEMS_MAX:
            raise TooMany([(key, f"at most {BGSTATS_ITEMS_MAX:,} {key}, not {len(doc[key]):,}")])
    games = {g.get("id"): g.get("name") for g in doc["games"] if isinstance(g, dict) and _ref(g.get("id"))}
    players: dict[int, Any] = {}
    for p in doc["players"]:
        if isinstance(p, dict) and _ref(p.get("id")):
            if p["id"] in players:  # the last one would win silently: refuse, saying which
                raise TransferError(
                    f"players: the id {p['id']} is given twice ({players[p['id']]!r} and {p.get('name')!r})"
                )
            players[p["id"]] = p.get("name")
    return games, players, doc["plays"]


def _ref(value: Any) -> bool:
    """An id the lists refer to each other by (BG Stats writes whole numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def import_bgstats(table: Table, secret: str, doc: Any, zone: tzinfo | None = None) -> dict:
    """Take the backup's plays into ``table``; what was added, already there, unknown and skipped.
    Its play dates are wall times in ``zone`` (the phone's; None: UTC)."""
    games, players, plays = _lists(doc)
    known = known_games(table)
    taken = {  # the plays already here: those imported, and the table's own games as its export names them
        source or bgs_uuid("play", public_id)
        for source, public_id in db.session.execute(
            select(TableGame.source, Game.public_id)
            .join(Game, Game.id == TableGame.game_id)
            .where(TableGame.table_id == table.id)
        )
    }
    report: dict[str, Any] = {
        "added": 0,
        "already_here": 0,
        "deferred": 0,
        "unknown_games": {},
        "skipped": [],
    }
    rated: dict[str, tuple] = {}
    for i, play in enumerate(plays):
        if not isinstance(play, dict) or not isinstance(play.get("uuid"), str) or not play["uuid"].strip():
            report["skipped"].append({"play": i, "reason": NO_UUID})
            continue
        source = play["uuid"].strip()[:64]
        if source in taken:
            report["already_here"] += 1
            continue
        name = games.get(play.get("gameRefId")) if _ref(play.get("gameRefId")) else None
        match = known.get(_key(name))
        if match is None:
            shown = str(name) if name is not None else f"game {play.get('gameRefId')!r}"
            report["unknown_games"][shown] = report["unknown_games"].get(shown, 0) + 1
            continue
        if report["added"] >= BGSTATS_TAKEN_MAX:  # bounded work per request: the next import takes these
            report["deferred"] += 1
            continue
        try:
            with db.session.begin_nested():
                row = _take(table, secret, match, play, players, source, zone)
        except (RulesError, ValueError, TypeError) as err:
            report["skipped"].append({"play": i, "uuid": source, "reason": _reason(err)})
            continue
        taken.add(source)
        report["added"] += 1
        time.sleep(0)  # under gevent: the worker's other requests run between two plays written
        key = (row.played_at, row.game_id)
        rated[row.kind] = min(rated.get(row.kind, key), key)
    for kind, start in rated.items():
        rerate(table.id, kind, start=start)
    touch(table.id)
    report["unknown_games"] = [{"name": n, "plays": c} for n, c in sorted(report["unknown_games"].items())]
    return report


def _reason(err: Exception) -> str:
    errors = getattr(err, "errors", None)
    return "; ".join(m for _, m in errors) if errors else str(err)


def _take(
    table: Table,
    secret: str,
    match: tuple[str, dict],
    play: dict,
    players: dict,
    source: str,
    zone: tzinfo | None,
) -> TableGame:
    """One play as a result-only game of the table: seated in the file's seat order, its start player first."""
    variant, options = match
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores or not all(isinstance(s, dict) for s in scores):
        raise ValueError(NO_SCORES)
    scores = sorted(scores, key=lambda s: s.get("seatOrder") if isinstance(s.get("seatOrder"), int) else 0)
    names = [players.get(s.get("playerRefId")) if _ref(s.get("playerRefId")) else None for s in scores]
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise ValueError(NO_NAME)
    totals = [_score(s.get("score")) for s in scores]
    try:
        wall = datetime.strptime(str(play.get("playDate", ""))[:19], "%Y-%m-%d %H:%M:%S")
    except ValueError:
        raise ValueError(NOT_A_DATE) from None
    latest = datetime.now(UTC).replace(tzinfo=None) + timedelta(days=PLAYED_AHEAD_DAYS)
    if not PLAYED_FROM_YEAR <= wall.year <= latest.year:  # before converting: year 1 or 9999 overflows
        raise ValueError(OUT_OF_RANGE)
    when = stored_time(wall, zone)
    if when > latest:
        raise ValueError(OUT_OF_RANGE)
    starter = next((seat for seat, s in enumerate(scores) if s.get("startPlayer") is True), 0)
    members = roster_players(table, names)
    if len({m.id for m in members}) != len(members):
        raise SetupError([("players", SAME_PLAYER)])
    game, _ = start_game(table, secret, variant, members, options, (starter - 1) % len(members))
    winners = [s.get("winner") is True for s in scores]
    return set_result(game, source, when, totals, winners if any(winners) else None)


def set_result(
    game: Game, source: str, when: datetime, totals: list[int], winners: list[bool] | None
) -> TableGame:
    """Make a table's game result-only: its final ``totals`` and ``winners`` (None: the best total wins,
    ties share, N-5), finished at ``when``, imported from the play ``source``."""
    high = find_variant(game.variant).high_wins(game.options)
    if winners is None:
        best = (max if high else min)(totals)
        winners = [t == best for t in totals]
    game.created_at, game.status = when, "finished"
    row = db.session.get(TableGame, game.id)
    row.source, row.played_at, row.finished, row.high_wins, row.hands = source, when, True, high, 0
    ranks = result_ranks(totals, winners, high)
    for seat in row.seats:
        seat.total, seat.winner = totals[seat.seat], winners[seat.seat]
        seat.rank = ranks[seat.seat]
        seat.hands = seat.hand_points = 0
    db.session.flush()
    return row


def result_ranks(totals: list[int], winners: list[bool], high: bool) -> list[int]:
    """Each seat's place in a result-only game: the winners first, then by total (``high``: the
    highest first); equal places share a rank.

    >>> result_ranks([10, 30, 30, 5], [False, True, True, False], high=True)
    [3, 1, 1, 4]
    """
    order = [(not w, -t if high else t) for w, t in zip(winners, totals)]
    return [1 + sum(other < place for other in order) for place in order]


def _score(raw: Any) -> int:
    """A score as BG Stats writes it (text, or a number; empty: 0), as a whole number."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return 0
    if isinstance(raw, bool):
        raise ValueError(f"{raw!r} is not a score")
    number = float(str(raw).strip())
    if not abs(number) < RESULT_TOTAL_MAX:
        raise ValueError(f"{raw!r} is not a score")
    return round(number)
