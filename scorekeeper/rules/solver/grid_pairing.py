"""Which crossings no board can hold (CT-9): the facts behind the grid programme's valid cuts.

On a legal board cut every line into the library's pieces (:mod:`.crossings`):
a cell where an across line meets a down line lies in one across piece and
one down piece, so each crossing *pairs* two pieces that hold its tile. And

- two pieces share at most one cell (two perpendicular lines meet once; two
  pieces of one line, or of parallel lines, never meet);
- every pair joins an across piece to a down piece, so the pairs form a
  *bipartite* graph (no odd cycle: three lines cannot cross each other).

A choice of sets and crossing tiles whose crossings cannot be paired that way
is the picture of no board. :func:`unpairable` finds a small part of it that
already cannot be paired (its *core*); :mod:`.grid_solve` then cuts away every
choice holding no other set with a core tile and at least the core's
crossings (the same sets can pair no more crossings).
"""

from __future__ import annotations

from collections import Counter

#: pairings tried per check before giving up ("unknown": no cut is made)
MOST_STEPS = 20000


class _Unknown(Exception):
    pass


class _Pairing:
    """Depth-first pairing, one crossing at a time; a union-find with parities keeps the graph
    bipartite (the parity says across or down relative to the root)."""

    def __init__(self, sets, crossed, colours):
        self.sets, self.colours = sets, colours or {}
        self.holders = {
            t: [(i, p) for i, tokens in enumerate(sets) for p, x in enumerate(tokens) if x == t]
            for t in set(crossed)
        }
        self.order = sorted(crossed, key=lambda t: (len(self.holders[t]), t))
        self.parent = list(range(len(sets)))
        self.parity = [0] * len(sets)
        self.steps = 0
        self.pairs: list = []  # the crossings paired so far: ((set, position), (set, position))

    def accept(self) -> bool:
        """Whether the pairing in :attr:`pairs` ends the search (here: any pairing does)."""
        return True

    def find(self, i: int) -> tuple[int, int]:
        odd = 0
        while self.parent[i] != i:
            odd ^= self.parity[i]
            i = self.parent[i]
        return i, odd

    def _fits(self, first, second, met) -> bool:
        """The two holders may share this cell: two sets, not yet crossed, a joker one colour in both."""
        pair = (min(first[0], second[0]), max(first[0], second[0]))
        if first[0] == second[0] or pair in met:
            return False
        if self.sets[first[0]][first[1]] == "J" and first in self.colours and second in self.colours:
            return bool(self.colours[first] & self.colours[second])
        return True

    def go(self, k: int, used: frozenset, met: frozenset) -> bool:
        self.steps += 1
        if self.steps > MOST_STEPS:
            raise _Unknown
        if k == len(self.order):
            return self.accept()
        options = [h for h in self.holders[self.order[k]] if h not in used]
        for x, first in enumerate(options):
            for second in options[x + 1 :]:
                if not self._fits(first, second, met):
                    continue
                (ri, oi), (rj, oj) = self.find(first[0]), self.find(second[0])
                if ri == rj and oi == oj:
                    continue  # an odd cycle: both sets would lie the same way
                saved = (ri, self.parent[ri], self.parity[ri])
                if ri != rj:
                    self.parent[ri], self.parity[ri] = rj, oi ^ oj ^ 1
                pair = (min(first[0], second[0]), max(first[0], second[0]))
                self.pairs.append((first, second))
                if self.go(k + 1, used | {first, second}, met | {pair}):
                    return True
                self.pairs.pop()
                self.parent[saved[0]], self.parity[saved[0]] = saved[1], saved[2]
        return False


def can_pair(sets: list[tuple[str, ...]], crossed: list[str], colours: dict | None = None) -> bool | None:
    """Whether ``crossed`` (a tile per crossing, ``"J"`` a joker) can be paired between the sets
    holding them as above; None when the search ran past :data:`MOST_STEPS`. ``colours``: per
    joker (set, position) the colours it may take there (CT-9: it keeps one colour in both)."""
    try:
        return _Pairing(sets, crossed, colours).go(0, frozenset(), frozenset())
    except _Unknown:
        return None


def joker_colours(templates) -> dict[tuple[int, int], frozenset]:
    """Per joker of ``templates`` (set, position in its tokens): the colours it may stand in."""
    out = {}
    for i, tpl in enumerate(templates):
        slots = iter(tpl.jokers)
        for p, tok in enumerate(tpl.tokens):
            if tok == "J":
                out[(i, p)] = frozenset(e[0] for e in next(slots)[0])
    return out


def unpairable(
    sets: list[tuple[str, ...]], crossed: list[str], colours: dict | None = None
) -> Counter | None:
    """A small multiset of ``crossed`` that already cannot be paired between ``sets``, or None
    when all of them can be (or the search gave up)."""
    return smallest_core(crossed, lambda trial: can_pair(sets, trial, colours) is False)


def smallest_core(crossed: list[str], fails) -> Counter | None:
    """A small multiset of ``crossed`` for which ``fails`` (a check of a list of crossed tiles)
    still holds, dropping one crossing at a time; None when ``fails(crossed)`` does not hold."""
    if not fails(crossed):
        return None
    core = list(crossed)
    for t in sorted(set(crossed)):
        while t in core:
            trial = list(core)
            trial.remove(t)
            if fails(trial):
                core = trial
            else:
                break
    return Counter(core)
