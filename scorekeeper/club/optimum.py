"""The fewest repeat meetings on a small evening, by trying every seating: the yardstick the Swiss rule is measured
against (``bench/club_night.py``, tests/club/test_swiss_quality.py), never used to seat a real round.

- :func:`best_next_round`: every partition of up to 12 players into the round's tables, tried
  (5775 for 3 tables of 4): the fewest repeats this round can add, given the rounds before;
- :func:`best_rounds`: an evening seated that way round after round (brute force, one round at a
  time);
- :func:`repeats_at_least`: a floor no seating of the whole evening can go under.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from .errors import ClubError

#: the most players the exhaustive round search takes (12: 5775 partitions into 4 + 4 + 4)
EXHAUSTIVE_MAX = 12


def partitions(players: Sequence, sizes: Sequence[int]) -> Iterator[list[tuple]]:
    """Every way to seat ``players`` at tables of ``sizes``, tables of one size not told apart: the
    first player opens a table of each size in turn, filled from the rest every way there is.

    >>> sum(1 for _ in partitions(range(7), (4, 3)))  # 35 ways to pick the table of 3
    35
    """
    if not sizes:
        yield []
        return
    first, rest = players[0], list(players[1:])
    for size in sorted(set(sizes), reverse=True):
        more = list(sizes)
        more.remove(size)
        for others in combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for tail in partitions(left, more):
                yield [(first, *others), *tail]


def added_repeats(groups: Sequence[Sequence], met: Counter) -> int:
    """The repeat meetings a round of ``groups`` adds after the meetings ``met``: its pairs that
    have met before (each meets once more)."""
    return sum(1 for g in groups for pair in combinations(g, 2) if met.get(frozenset(pair), 0))


def best_next_round(players: Sequence, sizes: Sequence[int], met: Counter) -> int:
    """The fewest repeat meetings the next round can add (every seating tried)."""
    if len(players) > EXHAUSTIVE_MAX:
        raise ClubError("The exact search takes at most %(most)s players.", most=EXHAUSTIVE_MAX)
    return min(
        added_repeats(groups, met) for groups in partitions(sorted(players), sorted(sizes, reverse=True))
    )


def best_rounds(first: Sequence[Sequence], rounds: int) -> int:
    """The repeat meetings of an evening that starts with the tables ``first`` and then seats every
    round the best way there is for that round (every seating tried): brute force, one round at a
    time. (The whole evening at once is out of reach of an exhaustive search: 5775 seatings a round.)"""
    players = sorted(p for table in first for p in table)
    if len(players) > EXHAUSTIVE_MAX:
        raise ClubError("The exact search takes at most %(most)s players.", most=EXHAUSTIVE_MAX)
    sizes = sorted((len(t) for t in first), reverse=True)
    seatings = list(partitions(players, sizes))
    met: Counter = Counter(frozenset(pair) for table in first for pair in combinations(table, 2))
    total = 0
    for _ in range(rounds - 1):
        added, groups = min(((added_repeats(g, met), g) for g in seatings), key=lambda pick: pick[0])
        total += added
        met.update(frozenset(pair) for table in groups for pair in combinations(table, 2))
    return total


def repeats_at_least(players: int, sizes: Sequence[int], rounds: int) -> int:
    """A floor under any evening's repeat meetings, the larger of two counts:

    - every round after the first, each table's players come from the first round's tables, so a
      table of 4 drawn from 3 tables holds at least one pair that met in round 1 (pigeonholes);
    - a player meets ``rounds * (size - 1)`` others in all, and only ``players - 1`` are different
      (tables of one size).

    >>> repeats_at_least(12, (4, 4, 4), 4), repeats_at_least(16, (4, 4, 4, 4), 4), repeats_at_least(16, (4,) * 4, 6)
    (9, 0, 24)
    """
    spread = 0
    for size in sizes:
        share, more = divmod(size, len(sizes))
        spread += more * (share + 1) * share // 2 + (len(sizes) - more) * share * (share - 1) // 2
    counting = players * max(0, rounds * (sizes[0] - 1) - (players - 1)) // 2 if len(set(sizes)) == 1 else 0
    return max(spread * max(0, rounds - 1), counting)
