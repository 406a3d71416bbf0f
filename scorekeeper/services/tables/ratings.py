"""Ratings per variant with openskill (Plackett-Luce), folded over a table's games in order.

>>> after = rate_games({}, [[(1, 1), (2, 2)], [(1, 1), (2, 2)]])
>>> [round(mu, 2) for mu, _ in after[1]], after[1][0][1] < START[1]
([29.66, 20.34], True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

#: Everyone's rating before their first game at the table: openskill's defaults.
START = (25.0, 25.0 / 3)


@lru_cache(maxsize=1)
def _model():
    from openskill.models import PlackettLuce  # imported on first use: pages without ratings stay light

    return PlackettLuce()


def rate_games(
    before: Mapping[int, tuple[float, float]], games: Sequence[Sequence[tuple[int, int]]]
) -> list[list[tuple[float, float]]]:
    """Each game's ``[(member, rank), ...]`` rated in order from ``before`` (member -> (mu, sigma));
    returns every seat's ``(mu, sigma)`` after its game, seat for seat."""
    model = _model()
    current = dict(before)
    out = []
    for seats in games:
        teams = [[model.rating(*current.get(member, START))] for member, _ in seats]
        rated = model.rate(teams, ranks=[rank for _, rank in seats]) if len(seats) > 1 else teams
        after = [(team[0].mu, team[0].sigma) for team in rated]
        current.update((member, pair) for (member, _), pair in zip(seats, after))
        out.append(after)
    return out
