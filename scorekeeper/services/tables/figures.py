"""What a game's score says for a table's statistics: pure, plain values in and out.

A count is ``(seat, name, item, n, value)``: ``n`` observations adding up to ``value`` (an average is
``sum(value) / sum(n)`` over any set of games); ``seat`` None for a figure of the whole game. Each variant's class names
what it counts (:mod:`scorekeeper.rules.table_counts`).

>>> from scorekeeper.rules import score_game
>>> score = score_game("rummikub", [{"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]}],
...                    players=2, options={"rounds": 1})
>>> figures = game_figures(score)
>>> figures.finished, [(s.total, s.rank, s.winner) for s in figures.seats]
(True, [(35, 1, True), (-35, 2, False)])
>>> figures.counts
[(1, 'rack', '', 1, 35), (None, 'nobody_out', '', 1, 0)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ...rules import GameScore, find_variant

Count = tuple  # (seat | None, name, item, n, value)


@dataclass(frozen=True)
class SeatResult:
    """One seat's game: total, finishing rank (winners first), win, complete hands and their points."""

    total: int
    rank: int
    winner: bool
    hands: int
    hand_points: int


@dataclass(frozen=True)
class GameFigures:
    """A game as the table's statistics see it."""

    finished: bool
    high_wins: bool
    hands: int
    seats: tuple[SeatResult, ...]
    counts: list


def game_figures(score: GameScore) -> GameFigures:
    """Each seat's result and the variant's counted figures (see the module docstring)."""
    complete = [r for r in score.rounds if r.complete]
    ranks = score.ranks  # the engine's, by the variant's own end rule (KB-10, RB-8, CT-8, CR-8, CZ-8)
    winners = set(score.winners) if score.finished else set()
    seats = tuple(
        SeatResult(
            total=score.totals[s],
            rank=ranks[s],
            winner=s in winners,
            hands=len(complete),
            hand_points=sum(r.changes[s] for r in complete),
        )
        for s in range(score.players)
    )
    counts = _gathered(find_variant(score.variant).table_counts(score, complete))  # the variant's own
    return GameFigures(
        finished=score.finished, high_wins=score.high_wins, hands=len(complete), seats=seats, counts=counts
    )


def _gathered(counts: Iterable[Count]) -> list:
    """Counts with the same seat, name and item added together, in first-seen order."""
    totals: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    for seat, name, item, n, value in counts:
        entry = totals[(seat, name, str(item))]
        entry[0] += n
        entry[1] += value
    return [(seat, name, item, n, value) for (seat, name, item), (n, value) in totals.items()]
