"""Laying chosen sets out on a grid (CT-9), so that the crossings the programme chose are real.

>>> board = lay_out([(("K1", "K2", "K3"), "run"), (("B2", "K2", "G2"), "group")], ["K2"])
>>> " / ".join(" ".join(c or "." for c in row) for row in board)
'. B2 . / . G2 . / K1 K2 K3'
"""

from __future__ import annotations

import time
from itertools import permutations

Cell = tuple[int, int]
STEP = ((0, 1), (1, 0))   # across, down
#: pairings tried before giving up (each is laid at most once)
MOST_PAIRINGS = 200


def lay_out(sets: list[tuple[tuple[str, ...], str]], crossed: list[str], deadline: float | None = None):
    """Rows of the board (``None`` for an empty cell) laying ``sets`` with the ``crossed`` tiles
    shared by two sets each, or None when no layout was found."""
    for tried, pairs in enumerate(_pairings(sets, sorted(crossed), [], set(), list(range(len(sets)))), 1):
        if tried > MOST_PAIRINGS or (deadline is not None and time.perf_counter() > deadline):
            return None
        board = _place_all(sets, pairs)
        if board is not None:
            return board
    return None


def _find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        i = parent[i]
    return i


def _pairings(sets, crossed, pairs, taken, parent):
    """Every forest of crossing pairs ((set, position), (set, position)), one per crossed tile."""
    if len(pairs) == len(crossed):
        yield list(pairs)
        return
    tile = crossed[len(pairs)]
    holders = [(i, p) for i, (tokens, _) in enumerate(sets) for p, t in enumerate(tokens)
               if t == tile and (i, p) not in taken]
    seen = set()
    for x, first in enumerate(holders):
        for second in holders[x + 1:]:
            a, b = _find(parent, first[0]), _find(parent, second[0])
            if a == b:
                continue  # same set, or a cycle of crossings
            key = (sets[first[0]], first[1], sets[second[0]], second[1])
            if key in seen:
                continue  # the same pairing of identical sets
            seen.add(key)
            saved = list(parent)
            parent[a] = b
            taken |= {first, second}
            yield from _pairings(sets, crossed, [*pairs, (first, second)], taken, parent)
            taken -= {first, second}
            parent[:] = saved


def _orders(tokens: tuple[str, ...], kind: str, shared: int | None) -> list[tuple[int, ...]]:
    """The orders a set may be laid in: a run as read; a group in any order, the shared tile at
    an end first."""
    if kind != "group":
        return [tuple(range(len(tokens)))]
    found = sorted(permutations(range(len(tokens))),
                   key=lambda order: shared is not None and order.index(shared) not in (0, len(tokens) - 1))
    unique, seen = [], set()
    for order in found:
        key = tuple(tokens[i] for i in order), order.index(shared) if shared is not None else None
        if key not in seen:
            seen.add(key)
            unique.append(order)
    return unique


def _place_all(sets, pairs):
    links: dict[int, list[tuple[int, int, int]]] = {i: [] for i in range(len(sets))}
    for (i, p), (j, q) in pairs:
        links[i].append((p, j, q))
        links[j].append((q, i, p))
    done: set[int] = set()
    boards = []
    for root in range(len(sets)):
        if root in done:
            continue
        order = [(root, None)]   # (set, (parent, position in parent, position in set))
        seen = {root}
        for i, _ in order:
            for p, j, q in links[i]:
                if j not in seen:
                    seen.add(j)
                    order.append((j, (i, p, q)))
        done |= seen
        cells = _place(sets, order, 0, {}, {})
        if cells is None:
            return None
        boards.append(cells)
    return _stack(boards)


def _place(sets, order, k, cells: dict[Cell, str], where: dict[int, tuple]):
    """Depth-first: lay ``order[k:]`` on ``cells``; ``where[i]``: (start, direction, order)."""
    if k == len(order):
        return dict(cells)
    i, link = order[k]
    tokens, kind = sets[i]
    if link is None:
        starts = [((0, 0), 0, o) for o in _orders(tokens, kind, None)]
    else:
        parent, p, q = link
        (r, c), d, porder = where[parent]
        at = porder.index(p)
        shared = (r + STEP[d][0] * at, c + STEP[d][1] * at)
        nd = 1 - d
        starts = []
        for o in _orders(tokens, kind, q):
            back = o.index(q)
            starts.append(((shared[0] - STEP[nd][0] * back, shared[1] - STEP[nd][1] * back), nd, o))
    for start, d, o in starts:
        line = [(start[0] + STEP[d][0] * n, start[1] + STEP[d][1] * n) for n in range(len(o))]
        if not _fits(cells, line, [tokens[x] for x in o], d):
            continue
        added = [cell for cell in line if cell not in cells]
        for cell, x in zip(line, o):
            cells.setdefault(cell, tokens[x])
        where[i] = (start, d, o)
        found = _place(sets, order, k + 1, cells, where)
        if found is not None:
            return found
        for cell in added:
            del cells[cell]
        del where[i]
    return None


def _fits(cells: dict[Cell, str], line: list[Cell], tokens: list[str], d: int) -> bool:
    """The line may go there: its shared cell holds its tile, its other cells are empty and touch
    nothing but the line, and the cells just beyond its ends are empty."""
    mine = set(line)
    dr, dc = STEP[d]
    if (line[0][0] - dr, line[0][1] - dc) in cells or (line[-1][0] + dr, line[-1][1] + dc) in cells:
        return False
    for cell, tok in zip(line, tokens):
        if cell in cells:
            if cells[cell] != tok:
                return False
            continue
        r, c = cell
        if any(n in cells and n not in mine for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            return False
    return sum(cell in cells for cell in line) <= 1


def _stack(boards: list[dict[Cell, str]]) -> list[list[str | None]]:
    """The trees one under another, an empty row between two."""
    rows: list[list[str | None]] = []
    for cells in boards:
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        height = max(r for r, _ in cells) - top + 1
        width = max(c for _, c in cells) - left + 1
        if rows:
            rows.append([None])
        block = [[None] * width for _ in range(height)]
        for (r, c), tok in cells.items():
            block[r - top][c - left] = tok
        rows += block
    return rows
