"""Which crossings no board can *lay out* (CT-9), though they can be paired: more valid cuts.

:mod:`.grid_pairing` finds crossings no board can pair. Some pairable ones
still cannot be laid: two runs down from neighbouring cells of one run put
their tiles side by side, and ``K4`` beside ``K8`` is no line. On a legal board
cut into library pieces, take only the pieces that hold some crossed tile
(``H``). Whatever else the board holds, these pieces keep:

- each piece a straight line, across or down, a run in its order, a group in
  any order; two pieces share a cell only across with down, at the same tile;
- the crossings paired as :mod:`.grid_pairing` says;
- any two neighbouring cells, left to right or top to bottom, hold tiles that
  stand next to each other in some legal set (:func:`neighbours`), since they
  lie in one line of the board.

So when the chosen sets' pieces in ``H`` cannot be placed that way with the
crossings (or a *core* of them), no board with at most those pieces and at
least those crossings exists, and :mod:`.grid_cuts` may cut the choice away.
The search is bounded (:data:`MOST_STEPS`); when it gives up, no cut is made.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from .grid_layout import STEP, _cell, _stack, _starts
from .grid_pairing import _Pairing, _Unknown, smallest_core

#: placements tried per check before giving up ("unknown": no cut is made)
MOST_STEPS = 20000

_NEIGHBOURS: dict[int, frozenset] = {}


def neighbours(library) -> frozenset:
    """Every (first, second) pair of tokens that may stand side by side in a legal line, read
    left to right or top to bottom: next to each other in a run of the library, any two of a
    group, and a joker beside anything (it may stand for any tile, CT-1)."""
    found = _NEIGHBOURS.get(id(library))
    if found is None:
        pairs = set()
        for tpl in library:
            tokens = tpl.tokens
            if tpl.kind == "group":
                pairs |= {(a, b) for i, a in enumerate(tokens) for j, b in enumerate(tokens) if i != j}
            else:
                pairs |= set(pairwise(tokens))
        every = {t for pair in pairs for t in pair}
        pairs |= {("J", t) for t in every} | {(t, "J") for t in every}
        found = _NEIGHBOURS[id(library)] = frozenset(pairs)
    return found


class _Placing(_Pairing):
    """Every pairing of the crossings, each then placed on the plane as above."""

    def __init__(self, sets, kinds, crossed, colours, beside, most=None):
        super().__init__(sets, crossed, colours)
        self.kinds, self.beside, self.placed, self.most = kinds, beside, 0, most
        self.shared: Counter = Counter()  # cells held by two pieces, per tile

    def accept(self) -> bool:
        """Place the pairing's pieces, tree by tree of crossings, each tree on a plane of its own."""
        links: dict[int, list] = {}
        for (i, p), (j, q) in self.pairs:
            links.setdefault(i, []).append((p, j, q))
            links.setdefault(j, []).append((q, i, p))
        order: list = []
        self.ends: dict[int, list] = {}  # where a tree ends in ``order`` -> the pieces not in it
        self.trees: list[dict] = []  # the trees laid so far, each its cells
        for root in range(len(self.sets)) if self.every else sorted(links):
            if any(root == i for i, _ in order):
                continue
            start, seen = len(order), {root}
            order.append((root, None))
            for n in range(start, len(order) + len(links)):  # breadth first, as ``order`` grows
                if n == len(order):
                    break
                i = order[n][0]
                for p, j, q in links.get(i, ()):
                    if j not in seen:
                        seen.add(j)
                        order.append((j, (i, p, q)))
            self.ends[len(order)] = [
                (self.sets[i], self.kinds[i]) for i in range(len(self.sets)) if i not in seen
            ]
        return self._place(order, 0, {}, {}, links)

    every = False  # every piece is placed (a board), not only those holding a crossing

    def tree_ok(self, cells: dict, spare: list) -> bool:
        """Whether a laid tree (``spare``: the pieces not in it) may stand on a board."""
        return self.most is None or covered(cells, spare)

    def _place(self, order, k, cells: dict, where: dict, links, opened=False) -> bool:
        """Depth-first: ``order[k:]`` placed; ``cells``: cell -> (token, directions holding it)."""
        if k in self.ends and not opened:  # a tree is laid; the next on a plane of its own
            if not self.tree_ok(cells, self.ends[k]):
                return False
            self.trees.append(dict(cells))
            if k == len(order) or self._place(order, k, {}, where, links, True):
                return True
            self.trees.pop()
            return False
        i, link = order[k]
        tokens = self.sets[i]
        rings = [(p, j, q) for p, j, q in links.get(i, ()) if j in where and (link is None or j != link[0])]
        for start, d, o in _starts(tokens, self.kinds[i], link, where):
            self.placed += 1
            if self.placed > MOST_STEPS:
                raise _Unknown
            line = [(start[0] + STEP[d][0] * n, start[1] + STEP[d][1] * n) for n in range(len(o))]
            if any(line[o.index(p)] != _cell(where[j], q) or where[j][1] == d for p, j, q in rings):
                continue
            laid = [tokens[x] for x in o]
            where[i] = (start, d, o)
            if self._room(cells, line, laid, d) and self._with(order, k, cells, where, links, line, laid):
                return True
        where.pop(i, None)
        return False

    def _with(self, order, k, cells: dict, where: dict, links, line, laid) -> bool:
        """Lay ``order[k]`` on ``line`` (``where`` says how) and go on; taken back if that fails."""
        d = where[order[k][0]][1]
        added = [c for c in line if c not in cells]
        for c, tok in zip(line, laid):
            if c not in added:
                self.shared[tok] += 1
        for c, tok in zip(line, laid):
            cells[c] = (tok, cells[c][1] | {d}) if c in cells else (tok, frozenset({d}))
        if self._place(order, k + 1, cells, where, links):
            return True
        for c, tok in zip(line, laid):
            if c not in added:
                self.shared[tok] -= 1
        for c in line:
            if c in added:
                del cells[c]
            else:
                cells[c] = (cells[c][0], cells[c][1] - {d})
        return False

    def _room(self, cells: dict, line: list, laid: list[str], d: int) -> bool:
        """A shared cell holds the same tile in the other direction; every neighbour already
        placed may stand beside the line's tile there."""
        mine = set(line)
        if self.most is not None:
            more = [tok for cell, tok in zip(line, laid) if cell in cells]
            if any(self.shared[t] + more.count(t) > self.most[t] for t in more):
                return False  # more crossings of a tile than the choice has
        for (r, c), tok in zip(line, laid):
            if (r, c) in cells and (cells[(r, c)][0] != tok or d in cells[(r, c)][1]):
                return False
            for dr, dc in STEP:
                before, after = (r - dr, c - dc), (r + dr, c + dc)
                if before in cells and before not in mine and (cells[before][0], tok) not in self.beside:
                    return False
                if after in cells and after not in mine and (tok, cells[after][0]) not in self.beside:
                    return False
        return True


def _ends(piece, first: bool) -> set[str]:
    tokens, kind = piece
    return set(tokens) if kind == "group" else {tokens[0 if first else -1]}


def _joins(piece, a: str, b: str) -> bool:
    tokens, kind = piece
    if kind == "group":
        return a in tokens and b in tokens and (a != b or tokens.count(a) > 1)
    return (a, b) in set(pairwise(tokens))


def covered(cells: dict, spare: list) -> bool:
    """Whether every two neighbouring cells (``cells``: cell -> (token, directions of the pieces
    holding it)) can lie in one line of pieces: held by placed pieces of that direction, or
    joined by a ``spare`` piece (one not placed here: (tokens, kind)) that may start, end or
    run through them (a line of the board is a chain of pieces, each a library set)."""
    for (r, c), (a, dirs) in cells.items():
        for d, (dr, dc) in enumerate(STEP):
            nxt = cells.get((r + dr, c + dc))
            if nxt is None or (d in dirs and d in nxt[1]):
                continue
            b = nxt[0]
            if d in dirs:
                ok = any(b in _ends(p, True) for p in spare)
            elif d in nxt[1]:
                ok = any(a in _ends(p, False) for p in spare)
            else:
                ends = any(a in _ends(p, False) for p in spare) and any(b in _ends(p, True) for p in spare)
                ok = ends or any(_joins(p, a, b) for p in spare)
            if not ok:
                return False
    return True


def can_place(sets, kinds, crossed, colours, beside, most=None) -> bool | None:
    """Whether the pieces ``sets`` (token tuples; ``kinds``: "run" or "group") can be placed
    with the ``crossed`` tiles as crossings, as the module says; None when the search gave up.
    ``most``: the crossings per tile the board may have at most; given, ``sets`` are every
    piece the board may hold, so two neighbouring cells must also be :func:`covered`."""
    try:
        return _Placing(sets, kinds, crossed, colours, beside, most).go(0, frozenset(), frozenset())
    except _Unknown:
        return None


def unplaceable(sets, kinds, crossed, colours, beside, most=None) -> Counter | None:
    """A small multiset of ``crossed`` that already cannot be placed, or None. With ``most`` (a
    check of every piece, the costlier one) the whole of ``crossed``, not made smaller."""
    if most is not None:
        return Counter(crossed) if can_place(sets, kinds, crossed, colours, beside, most) is False else None
    return smallest_core(list(crossed), lambda trial: can_place(sets, kinds, trial, colours, beside) is False)


class _Laying(_Placing):
    """A board: every piece placed, the crossings exactly those chosen, each line a chain of the
    placed pieces, and each tree's lines legal by the engine's board reader (``legal``)."""

    every = True

    def __init__(self, sets, kinds, crossed, colours, beside, legal):
        super().__init__(sets, kinds, crossed, colours, beside, Counter(crossed))
        self.legal = legal

    def tree_ok(self, cells: dict, spare: list) -> bool:
        if not covered(cells, []):
            return False
        return self.legal(_stack([{c: tok for c, (tok, _) in cells.items()}]))


def lay_board(sets, kinds, crossed, colours, beside, legal):
    """Rows of a board laying ``sets`` with the ``crossed`` tiles shared, lines allowed to join
    pieces end to end and to run beside each other (``legal(rows)``: the engine's judgement of
    one tree's board); None when there is none or the search gave up."""
    laying = _Laying(sets, kinds, crossed, colours, beside, legal)
    try:
        found = laying.go(0, frozenset(), frozenset())
    except _Unknown:
        return None
    return _stack([{c: tok for c, (tok, _) in tree.items()} for tree in laying.trees]) if found else None
