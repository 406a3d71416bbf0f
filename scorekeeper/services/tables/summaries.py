"""Keeping each table game's summary and the table's ratings current, in the hand change's transaction;
and the ratings' history the ratings chart draws (:func:`rating_histories`)."""

from __future__ import annotations

from sqlalchemy import delete, insert, select, update

from ...rules import GameScore
from ...storage.extensions import db
from ...storage.models import Game, utcnow
from ...storage.table_models import Member, Table, TableFigure, TableGame, TableSeat
from ..events import game_deleting, hands_changed
from .figures import game_figures
from .kinds import kind_of
from .ratings import rate_games


def attach(table: Table, game: Game, members: list[Member], score: GameScore) -> TableGame:
    """Make ``game`` one of ``table``'s games, ``members[seat]`` in each seat, summarised from ``score``."""
    return attach_all(table, [(game, members, score)])[0]


def attach_all(table: Table, games: list[tuple[Game, list[Member], GameScore]]) -> list[TableGame]:
    """:func:`attach` for several new games at once: one flush, and the table touched once, first.

    First: a roster change holds the table's row and then the seats (:func:`.roster.hold_roster`);
    the new seats, written first, held their players' rows against it, and a game started while the
    roster was merged deadlocked on PostgreSQL (a 409 with the wrong reason)."""
    touch(table.id)
    rows = [
        TableGame(
            game_id=game.id,
            table_id=table.id,
            variant=game.variant,
            kind=kind_of(game.variant, game.options),
            played_at=game.created_at,
            seats=[
                TableSeat(seat=seat, member_id=member.id, mu=None, sigma=None)
                for seat, member in enumerate(members)
            ],
        )
        for game, members, _ in games
    ]
    db.session.add_all(rows)
    db.session.flush()
    db.session.execute(delete(TableFigure).where(TableFigure.game_id.in_([r.game_id for r in rows])))
    for row, (_, _, score) in zip(rows, games):
        _summarise(row, score)
    db.session.flush()
    for row in rows:
        if row.finished:  # a game started finished (nothing before it to compare with)
            rerate(row.table_id, row.kind, start=(row.played_at, row.game_id))
    return rows


def refresh(game: Game, score: GameScore) -> None:
    """Rewrite the summary of ``game`` (when it is a table's) from its new ``score``."""
    row = db.session.get(TableGame, game.id)
    if row is not None and row.source is None:  # a result-only game keeps the result it was imported with
        _write(row, score, result_before=_result(row))


def forget(game: Game) -> None:
    """Drop ``game`` from its table before it is deleted, re-rating the games after it."""
    row = db.session.get(TableGame, game.id)
    if row is None:
        return
    finished, table_id, kind, key = row.finished, row.table_id, row.kind, (row.played_at, row.game_id)
    db.session.delete(row)
    db.session.flush()
    touch(table_id)
    if finished:
        rerate(table_id, kind, start=key)


def touch(table_id: int) -> None:
    """Mark the table changed (its statistics are kept per change)."""
    db.session.execute(update(Table).where(Table.id == table_id).values(updated_at=utcnow()))
    loaded = db.session.identity_map.get(db.session.identity_key(Table, table_id))
    if loaded is not None:
        db.session.expire(loaded, ["updated_at"])


def _result(row: TableGame) -> tuple:
    """What a game's ratings depend on: finished or not, and who sat where finishing how."""
    return row.finished, tuple((s.member_id, s.rank) for s in row.seats)


def _write(row: TableGame, score: GameScore, result_before: tuple | None) -> None:
    db.session.execute(delete(TableFigure).where(TableFigure.game_id == row.game_id))
    _summarise(row, score)
    db.session.flush()
    touch(row.table_id)
    if _result(row) != result_before and (row.finished or (result_before and result_before[0])):
        rerate(row.table_id, row.kind, start=(row.played_at, row.game_id))


def _summarise(row: TableGame, score: GameScore) -> None:
    """The summary's figures from ``score`` (its old figure rows already deleted)."""
    figures = game_figures(score)
    row.finished, row.high_wins, row.hands = figures.finished, figures.high_wins, figures.hands
    members = [s.member_id for s in row.seats]
    for seat, result in zip(row.seats, figures.seats):
        seat.total, seat.rank, seat.winner = result.total, result.rank, result.winner
        seat.hands, seat.hand_points = result.hands, result.hand_points
        if not figures.finished:
            seat.mu = seat.sigma = None
    if figures.counts:
        db.session.execute(insert(TableFigure), figure_rows(row.game_id, members, figures.counts))


def figure_rows(game_id: int, members: list[int], counts: list) -> list[dict]:
    """A game's counted figures as ``table_figures`` rows (``members[seat]``: the seat's roster player)."""
    return [
        {
            "game_id": game_id,
            "member_id": None if seat is None else members[seat],
            "name": name,
            "item": str(item),
            "n": n,
            "value": value,
        }
        for seat, name, item, n, value in counts
    ]


def rerate(table_id: int, kind: str, start: tuple | None = None) -> int:
    """Fold the ratings of ``kind`` (a variant, or a points game's name: :mod:`.kinds`) at the table again
    from the game at ``start``
    (``(played_at, game_id)``; None: from the first game). Returns how many games were rated."""
    seats = db.session.execute(
        select(TableSeat, TableGame.played_at)
        .join(TableGame, TableGame.game_id == TableSeat.game_id)
        .where(TableGame.table_id == table_id, TableGame.kind == kind, TableGame.finished.is_(True))
        .order_by(TableGame.played_at, TableGame.game_id, TableSeat.seat)
    ).all()
    games: list[list[TableSeat]] = []
    keys: list[tuple] = []
    for seat, played_at in seats:
        key = (played_at, seat.game_id)
        if not keys or keys[-1] != key:
            keys.append(key)
            games.append([])
        games[-1].append(seat)
    first = 0 if start is None else next((i for i, key in enumerate(keys) if key >= start), len(keys))
    before = {}
    for game in games[:first]:
        before.update((s.member_id, (s.mu, s.sigma)) for s in game if s.mu is not None)
    later = games[first:]
    for game, after in zip(later, rate_games(before, [[(s.member_id, s.rank) for s in g] for g in later])):
        for seat, (mu, sigma) in zip(game, after):
            if (seat.mu, seat.sigma) != (mu, sigma):
                seat.mu, seat.sigma = mu, sigma
    db.session.flush()
    return len(later)


def rerate_all(table_id: int) -> None:
    """Every kind of game of the table rated again from its first game (after a merge of two players)."""
    for kind in (
        db.session.execute(select(TableGame.kind).where(TableGame.table_id == table_id).distinct())
        .scalars()
        .all()
    ):
        rerate(table_id, kind)


def _on_hands_changed(game: Game, score: GameScore, **_) -> None:
    refresh(game, score)


def _on_game_deleting(game: Game, **_) -> None:
    forget(game)


#: what the tables hear from the services (the tables' :class:`~scorekeeper.web.features.Feature` names them)
RECEIVERS = ((hands_changed, _on_hands_changed), (game_deleting, _on_game_deleting))


def rating_histories(table: Table) -> dict[str, dict[str, list[tuple[int, float]]]]:
    """Per variant, each player's rating (mu) after each rated game of it: ``(n, mu)`` for the
    table's n-th rated game of that variant, in game order (one query for every variant)."""
    names = {m.id: m.name for m in table.members}
    histories: dict[str, dict[str, list[tuple[int, float]]]] = {}
    last_game: dict[str, tuple[int, int]] = {}  # variant -> (its last game id, how many so far)
    for variant, game_id, member, mu in db.session.execute(
        select(TableGame.kind, TableSeat.game_id, TableSeat.member_id, TableSeat.mu)
        .join(TableGame, TableGame.game_id == TableSeat.game_id)
        .where(TableGame.table_id == table.id, TableSeat.mu.is_not(None))
        .order_by(TableGame.played_at, TableGame.game_id, TableSeat.seat)
    ).all():
        seen, count = last_game.get(variant, (None, 0))
        if seen != game_id:
            count += 1
            last_game[variant] = (game_id, count)
        histories.setdefault(variant, {}).setdefault(names[member], []).append((count, round(mu, 3)))
    return histories
