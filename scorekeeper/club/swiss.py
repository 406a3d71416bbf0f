"""The Swiss-like seating (docs/club-night.md "Seating"): players of about the same standing sit
together, and repeat opponents are as few as the table sizes allow.

Every round is a partition of the players into tables of given sizes. Its cost is, over every pair
at a table, whether that pair has met before (a repeat meeting, as the bench counts them: a third
meeting weighs no more than a second), times a weight larger than any standing term can add up to
(so fewer repeats always wins), plus how far apart the pair stands in the standings (so among
seatings with as few repeats, near standings sit together). Finding the cheapest partition is
hard in general, so this is a heuristic that is fast and good in practice:

1. greedy: the best-placed unseated player opens the next table, which is filled one player at a
   time with whoever adds the least cost;
2. local improvement: swap two players of different tables whenever that lowers the cost, until no
   swap does (each player's cost to each table is kept, so a swap is judged in constant time);
3. kicks: a few seeded random swaps, improved again, kept when no worse (iterated local search);
   the number of kicks is fixed, so the same seed always gives the same seating.

For 100 players at 25 tables a round is seated in well under a second; on evenings of 9 to 12
players it seats as few repeat meetings as trying every seating each round
(:func:`.optimum.best_rounds`; ``bench/club_night.py``, tests/club/test_swiss_quality.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence

#: iterated local search: kicks per round (fixed: the seating must not depend on the machine's speed)
KICKS = 80


def swiss_groups(
    players: Sequence[Hashable], sizes: Sequence[int], met: Counter, rng: random.Random
) -> list[list[Hashable]]:
    """``players`` (standing order, leader first) in groups of ``sizes``, larger tables first and,
    among tables of one size, the group with the best standings first; ``met`` counts the earlier
    meetings of each pair (``frozenset({a, b})``)."""
    n = len(players)
    weight = 6 * n * len(sizes) + 1  # more than the standing terms of a whole round
    cost = [
        [
            0 if i == j else weight * min(1, met.get(frozenset((players[i], players[j])), 0)) + abs(i - j)
            for j in range(n)
        ]
        for i in range(n)
    ]
    groups = _greedy(cost, sizes)
    state = _State(cost, groups)
    state.descend()
    best, best_cost = state.copy_groups(), state.total()
    for _ in range(KICKS if len(sizes) > 1 else 0):
        state.descend(state.kick(rng))
        total = state.total()
        if total <= best_cost:
            best, best_cost = state.copy_groups(), total
        else:
            state = _State(cost, [list(g) for g in best])
    # larger tables first (docs/club-night.md "Tables": table 1 is a table of 4), then the group
    # with the best standings first among tables of one size
    best.sort(key=lambda g: (-len(g), sum(g) / len(g), min(g)))
    return [[players[i] for i in sorted(g)] for g in best]


def _greedy(cost: list[list[int]], sizes: Sequence[int]) -> list[list[int]]:
    free = list(range(len(cost)))  # standing order: the first free player opens the next table
    groups = []
    for size in sizes:
        group = [free.pop(0)]
        while len(group) < size:
            pick = min(free, key=lambda p: (sum(cost[p][q] for q in group), p))
            free.remove(pick)
            group.append(pick)
        groups.append(group)
    return groups


class _State:
    """A partition with each player's cost to each group kept up to date."""

    def __init__(self, cost: list[list[int]], groups: list[list[int]]) -> None:
        self.cost = cost
        self.groups = groups
        self.where = {p: g for g, group in enumerate(groups) for p in group}
        self.to = [[sum(row[q] for q in group) for group in groups] for row in cost]

    def total(self) -> int:
        return sum(self.to[p][g] for p, g in self.where.items()) // 2

    def copy_groups(self) -> list[list[int]]:
        return [list(g) for g in self.groups]

    def gain(self, x: int, y: int) -> int:
        """How much swapping ``x`` and ``y`` (of different groups) lowers the cost."""
        a, b = self.where[x], self.where[y]
        c = self.cost[x][y]
        return self.to[x][a] + self.to[y][b] - (self.to[y][a] - c) - (self.to[x][b] - c)

    def swap(self, x: int, y: int) -> None:
        a, b = self.where[x], self.where[y]
        ga, gb = self.groups[a], self.groups[b]
        ga[ga.index(x)], gb[gb.index(y)] = y, x
        self.where[x], self.where[y] = b, a
        for p, row in enumerate(self.cost):
            moved = row[y] - row[x]
            self.to[p][a] += moved
            self.to[p][b] -= moved

    def descend(self, dirty: set[int] | None = None) -> None:
        """Swap while a swap lowers the cost. Only a swap touching a changed group can have
        started to pay, so the groups changed (``dirty``; all at first) are looked at again."""
        dirty = set(range(len(self.groups))) if dirty is None else dirty
        while dirty:
            a = min(dirty)
            dirty.discard(a)
            to, where = self.to, self.where
            for x in list(self.groups[a]):
                if where[x] != a:
                    continue
                best, pick = 0, None
                tx, cx = to[x], self.cost[x]
                for y, g in where.items():
                    if g != a:  # self.gain(x, y), written out: this loop is most of a Swiss round's work
                        ty, c = to[y], cx[y]
                        gain = tx[a] + ty[g] - (ty[a] - c) - (tx[g] - c)
                        if gain > best:
                            best, pick = gain, y
                if pick is not None:
                    dirty.update((a, self.where[pick]))
                    self.swap(x, pick)

    def kick(self, rng: random.Random) -> set[int]:
        """Two random swaps between random groups; the groups changed."""
        changed = set()
        for _ in range(2):
            a, b = rng.sample(range(len(self.groups)), 2)
            self.swap(rng.choice(self.groups[a]), rng.choice(self.groups[b]))
            changed.update((a, b))
        return changed
