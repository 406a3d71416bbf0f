"""One slice of a table's import (:mod:`.restore`): its games judged as the game import judges them,
then written in bulk, a statement per kind of row (games, players, hands, change log, summaries,
seats, figures), the games' ids handed back in the order sent (SQLite and PostgreSQL alike).

Writing each game through the ORM cost a flush per game and a few statements per row: 300 games
of a club took 16 s, half of it in flushes; a slice is now a handful of statements."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import insert

from ...limits import RESULT_TOTAL_MAX
from ...rules import RulesError, find_variant
from ...storage.extensions import db
from ...storage.models import AuditEntry, Game, Player, Round, utcnow
from ...storage.table_models import TableFigure, TableGame, TableSeat
from .. import SetupError, checked_setup, hash_secret, unused_public_ids
from ..names import look_alike_key
from ..transfer import GameRead, TransferError, parse_stamp, read_game
from .bgstats_import import result_ranks
from .figures import game_figures
from .kinds import kind_of
from .ratings import rate_games
from .roster import game_secret
from .summaries import figure_rows


@dataclass
class Restoring:
    """What the slices of one import share: the new table, its secret, its roster by name, and each
    kind's ratings folded so far (games come in the order they were played)."""

    table_id: int
    secret: str
    #: each roster player's id by :func:`..names.look_alike_key` of their name
    by_name: dict[str, int]
    ratings: dict[str, dict[int, tuple[float, float]]] = field(default_factory=dict)
    last_played: datetime | None = None
    #: a game came before one played earlier (an export edited by hand): the ratings are folded again
    #: at the end, from the first game (:func:`.summaries.rerate_all`)
    unordered: bool = False


@dataclass
class TableGameRead:
    """One exported table game, judged: the game, its seats' roster players, its setup, its result."""

    game: GameRead
    #: the roster player's id in each seat
    members: list[int]
    names: list[str]
    options: dict
    result: dict | None


def read_slice(restoring: Restoring, entries: list, first: int) -> list[TableGameRead]:
    """The games ``entries`` (``games.<first>`` on) judged whole, nothing written."""
    reads = []
    for i, entry in enumerate(entries, first):
        reads.append(_read(restoring.by_name, entry, f"games.{i}"))
        # under gevent: the worker's other requests run between two games judged (a club's games have
        # one to three hands each, so the game's own pause every 100 hands never comes)
        time.sleep(0)
    return reads


def _read(by_name: dict, entry: dict, where: str) -> TableGameRead:
    seats = entry.get("players")
    if not isinstance(seats, list) or not all(isinstance(n, str) for n in seats):
        raise TransferError(f"{where}.players: the roster names of the game's seats (a list of text)")
    seats = [look_alike_key(n) for n in seats]
    if not all(n in by_name for n in seats):  # the shape is right, the names are not the roster's: a 422
        raise SetupError([(f"{where}.players", "name a roster player for every seat")])
    try:  # the game's own refusal, its fields and hand that game's: the answer names it (games.N)
        game = read_game(entry.get("game"))
        if len(seats) != len(game.names) or len(set(seats)) != len(seats):
            raise SetupError([(f"{where}.players", "one different roster player per seat")])
        names, options, *_ = checked_setup(
            find_variant(game.variant), game.names, game.options, game.first_dealer
        )
    except (RulesError, TransferError) as err:
        err.table_game = where
        raise
    return TableGameRead(game, [by_name[n] for n in seats], names, options, _result(entry, where, len(seats)))


def _result(entry: dict, where: str, seats: int) -> dict | None:
    result = entry.get("result")
    if result is None:
        return None
    if not isinstance(result, dict) or not isinstance(result.get("source"), str):
        raise TransferError(f"{where}.result: a result-only game's source, time, totals and winners")
    totals, winners = result.get("totals"), result.get("winners")
    if not (isinstance(totals, list) and isinstance(winners, list) and len(totals) == len(winners) == seats):
        raise TransferError(f"{where}.result: one total and one winner flag per seat")
    past = [i for i, t in enumerate(totals) if not abs(t) < RESULT_TOTAL_MAX]
    if past:  # before the slice is written: 2**63 is past the database's integers (a 500)
        raise SetupError(
            [(f"{where}.result.totals.{past[0]}", f"at most {RESULT_TOTAL_MAX - 1:,} either way")]
        )
    return {
        "source": result["source"][:64],
        "when": parse_stamp(result.get("played_at"), f"{where}.result.played_at"),
        "totals": [int(t) for t in totals],
        "winners": [bool(w) for w in winners],
    }


def write_slice(restoring: Restoring, reads: list[TableGameRead]) -> None:
    """The judged games written, a statement per kind of row."""
    now = utcnow()
    fresh = unused_public_ids(Game, len(reads))
    games = [_game_row(restoring, r, public_id, now) for r, public_id in zip(reads, fresh)]
    ids = db.session.scalars(insert(Game).returning(Game.id, sort_by_parameter_order=True), games).all()
    players, rounds, log, summaries, seats, figures = [], [], [], [], [], []
    for game_id, read, row in zip(ids, reads, games):
        game = read.game
        players += [{"game_id": game_id, "seat": s, "name": n} for s, n in enumerate(read.names)]
        rounds += [
            {"game_id": game_id, "number": n, "facts": f, "created_at": now, "updated_at": now, **when}
            for n, (f, when) in enumerate(zip(game.facts, game.stamps), 1)
        ]
        log += _log(game_id, read, now)
        summary, game_seats, game_figures_rows = _summary(restoring, game_id, read, row)
        summaries.append(summary)
        seats += game_seats
        figures += game_figures_rows
    for model, rows in (
        (Player, players),
        (Round, rounds),
        (AuditEntry, log),
        (TableGame, summaries),
        (TableSeat, seats),
        (TableFigure, figures),
    ):
        if rows:
            db.session.execute(insert(model), rows)


def _game_row(restoring: Restoring, read: TableGameRead, public_id: str, now: datetime) -> dict:
    game = read.game
    row = {
        "public_id": public_id,
        "variant": find_variant(game.variant).slug,
        "options": read.options,
        "first_dealer": game.first_dealer,
        "secret_hash": hash_secret(game_secret(restoring.secret, public_id)),
        "status": game.status,
        "created_at": now,
        "updated_at": now,
        "version": game.version,
        **game.game_stamps,
    }
    if read.result is not None:  # a result-only game (imported from BG Stats) keeps its result
        row["created_at"], row["status"] = read.result["when"], "finished"
    return row


def _log(game_id: int, read: TableGameRead, now: datetime) -> list[dict]:
    """The game's change log as exported, or (an export without one) the new game's own first entry."""
    keys = ("at", "action", "round_number", "old", "new", "summary", "undone")
    if read.game.audit is not None:
        return [{"game_id": game_id, **{k: getattr(a, k) for k in keys}} for a in read.game.audit]
    v = find_variant(read.game.variant)
    started = {"players": read.names, "options": read.options, "first_dealer": read.game.first_dealer}
    summary = f"Game of {v.name} started: {', '.join(read.names)}"[:300]
    first = {"at": now, "action": "create", "round_number": None, "old": None, "new": started}
    return [{"game_id": game_id, **first, "summary": summary, "undone": False}]


def _summary(restoring: Restoring, game_id: int, read: TableGameRead, game: dict) -> tuple[dict, list, list]:
    """The game's summary, seats and counted figures as :func:`.summaries.attach` writes them (and,
    for a result-only game, :func:`.bgstats_import.set_result`), with the seats' ratings."""
    figures = game_figures(read.game.score)
    members = read.members
    summary = {
        "game_id": game_id,
        "table_id": restoring.table_id,
        "variant": game["variant"],
        "kind": kind_of(game["variant"], read.options),
        "source": None,
        "played_at": game["created_at"],
        "finished": figures.finished,
        "high_wins": figures.high_wins,
        "hands": figures.hands,
    }
    seats = [
        {
            "game_id": game_id,
            "seat": s,
            "member_id": members[s],
            "total": r.total,
            "rank": r.rank,
            "winner": r.winner,
            "hands": r.hands,
            "hand_points": r.hand_points,
            "mu": None,
            "sigma": None,
        }
        for s, r in enumerate(figures.seats)
    ]
    if read.result is not None:
        _set_result(summary, seats, read.result, find_variant(game["variant"]).high_wins(read.options))
    if summary["finished"]:
        _rate(restoring, summary, seats)
    return summary, seats, figure_rows(game_id, members, figures.counts)


def _set_result(summary: dict, seats: list[dict], result: dict, high: bool) -> None:
    """As :func:`.bgstats_import.set_result` sets a result-only game (its figures kept as counted)."""
    totals, winners = result["totals"], result["winners"]
    summary.update(source=result["source"], played_at=result["when"], finished=True, high_wins=high, hands=0)
    ranks = result_ranks(totals, winners, high)
    for seat in seats:
        s = seat["seat"]
        seat.update(total=totals[s], winner=winners[s], rank=ranks[s], hands=0, hand_points=0)


def _rate(restoring: Restoring, summary: dict, seats: list[dict]) -> None:
    """The seats' ratings after this game, folded on from the kind's games before it."""
    played = summary["played_at"]
    if restoring.last_played is not None and played < restoring.last_played:
        restoring.unordered = True
    restoring.last_played = max(played, restoring.last_played or played)
    current = restoring.ratings.setdefault(summary["kind"], {})
    (after,) = rate_games(current, [[(s["member_id"], s["rank"]) for s in seats]])
    for seat, (mu, sigma) in zip(seats, after):
        seat["mu"], seat["sigma"] = mu, sigma
        current[seat["member_id"]] = (mu, sigma)
