"""Cuts to a final (docs/club-night.md "Cuts"): the top of the standings to one final table, or to
semi-final tables seeded 1-3-5-7 / 2-4-6-8 whose best go on to a one-game final."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from .errors import ClubError
from .ranking import Standing, TableGame
from .seating import SeatedRound, Table


def top(
    lines: Sequence[Standing], count: int, seed: int = 0
) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
    """The first ``count`` of the standings, and who of them was drawn by lot: when players still
    tied after every tiebreak straddle the cut, the round's seed draws which of them go through.

    >>> from .ranking import Standing
    >>> lines = [Standing("A", rank=1), Standing("B", rank=2), Standing("C", rank=2), Standing("D", rank=4)]
    >>> top(lines, 1), top(lines, 3)
    ((('A',), ()), (('A', 'B', 'C'), ()))
    >>> top(lines, 2, seed=5)[1]
    ('B', 'C')
    """
    if not 0 < count <= len(lines):
        raise ClubError("A cut takes between 1 and %(players)s players.", players=len(lines))
    if count == len(lines) or lines[count - 1].rank != lines[count].rank:
        return tuple(s.player for s in lines[:count]), ()
    line_rank = lines[count - 1].rank
    sure = [s.player for s in lines[:count] if s.rank != line_rank]
    tied = sorted((s.player for s in lines if s.rank == line_rank), key=str)
    random.Random(f"cut:{seed}").shuffle(tied)
    return tuple(sure + tied[: count - len(sure)]), tuple(sorted(tied, key=str))


def final_table(lines: Sequence[Standing], size: int = 4, seed: int = 0) -> SeatedRound:
    """The top ``size`` at one final table, the leader in the starting seat (``drawn``: who the
    seed drew among, :func:`top`)."""
    players, drawn = top(lines, size, seed)
    return SeatedRound(1, "final", seed, (Table(1, players),), drawn)


def semi_finals(lines: Sequence[Standing], tables: int = 2, size: int = 4, seed: int = 0) -> SeatedRound:
    """The top ``tables * size`` at semi-final tables by rank in turn: with 2 tables of 4, ranks
    1-3-5-7 at table 1 and 2-4-6-8 at table 2; each table's best-ranked player starts.

    >>> from .ranking import Standing
    >>> lines = [Standing(str(n), rank=n) for n in range(1, 10)]
    >>> [t.seats for t in semi_finals(lines).tables]
    [('1', '3', '5', '7'), ('2', '4', '6', '8')]
    """
    players, drawn = top(lines, tables * size, seed)
    seated = tuple(Table(t + 1, players[t::tables]) for t in range(tables))
    return SeatedRound(1, "semi_finals", seed, seated, drawn)


def final_from_semis(semis: Sequence[TableGame], advance: int = 2, seed: int = 0) -> SeatedRound:
    """The one-game final: the best ``advance`` of each semi-final table (by place; a tie at the
    line drawn by the seed), the semi-finals' winners first.

    >>> semis = [TableGame(("1", "3", "5", "7"), (10, 40, 30, 20)), TableGame(("2", "4", "6", "8"), (5, 6, 7, 8))]
    >>> final_from_semis(semis).tables[0].seats
    ('3', '8', '5', '6')
    """
    through: list[list[Hashable]] = []
    lot = random.Random(f"final:{seed}")
    for game in semis:
        if advance > len(game.players):
            raise ClubError("A semi-final table has fewer players than go through.")
        order = sorted(zip(game.places(), (lot.random() for _ in game.players), game.players))
        through.append([p for _, _, p in order[:advance]])
    seats = tuple(p for k in range(advance) for p in (group[k] for group in through))
    return SeatedRound(1, "final", seed, (Table(1, seats),))


def final_order(final: TableGame, lines: Sequence[Standing]) -> list[Hashable]:
    """The evening's order after a one-game final: the final's places first (ties by the evening's
    standings), then everyone else as the standings have them."""
    rank = {s.player: i for i, s in enumerate(lines)}
    at_final = [
        p for _, p in sorted(zip(final.places(), final.players), key=lambda x: (x[0], rank.get(x[1], 0)))
    ]
    return at_final + [s.player for s in lines if s.player not in final.players]
