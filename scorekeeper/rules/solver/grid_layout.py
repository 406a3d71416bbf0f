"""Laying chosen sets out on a grid (CT-9), so that the crossings the programme chose are real.

>>> board = lay_out([(("K1", "K2", "K3"), "run"), (("B2", "K2", "G2"), "group")], ["K2"])
>>> " / ".join(" ".join(c or "." for c in row) for row in board)
'. B2 . / . G2 . / K1 K2 K3'
"""

from __future__ import annotations

import time
from functools import cache
from itertools import permutations

Cell = tuple[int, int]
STEP = ((0, 1), (1, 0))  # across, down
#: pairings tried before giving up (each is laid at most once)
MOST_PAIRINGS = 200


def lay_out(
    sets: list[tuple[tuple[str, ...], str]],
    crossed: list[str],
    deadline: float | None = None,
    colours: dict | None = None,
):
    """Rows of the board (``None`` for an empty cell) laying ``sets`` with the ``crossed`` tiles
    shared by two sets each, or None when no layout was found; ``colours``: per joker (set,
    position) the colours it may stand in (a crossing joker keeps one colour in both)."""
    state = (list(range(len(sets))), [0] * len(sets), set())
    pairings = _pairings(sets, sorted(crossed), [], set(), state, colours or {})
    for tried, pairs in enumerate(pairings, 1):
        if tried > MOST_PAIRINGS or (deadline is not None and time.perf_counter() > deadline):
            return None
        board = _place_all(sets, pairs)
        if board is not None:
            return board
    return None


def _find(parent: list[int], parity: list[int], i: int) -> tuple[int, int]:
    """The root of ``i``'s tree of crossings and whether ``i`` lies the other way from it."""
    odd = 0
    while parent[i] != i:
        odd ^= parity[i]
        i = parent[i]
    return i, odd


def _pairings(sets, crossed, pairs, taken, state, colours):
    """Every pairing of crossings ((set, position), (set, position)), one per crossed tile, in which
    two sets meet at most once and every ring of crossings is even (``state``: a union-find with
    parities, across or down, and the pairs of sets met)."""
    if len(pairs) == len(crossed):
        yield list(pairs)
        return
    parent, parity, met = state
    tile = crossed[len(pairs)]
    holders = [
        (i, p)
        for i, (tokens, _) in enumerate(sets)
        for p, t in enumerate(tokens)
        if t == tile and (i, p) not in taken
    ]
    seen = set()
    for x, first in enumerate(holders):
        for second in holders[x + 1 :]:
            (a, odd_a), (b, odd_b) = _find(parent, parity, first[0]), _find(parent, parity, second[0])
            pair = (min(first[0], second[0]), max(first[0], second[0]))
            if first[0] == second[0] or pair in met or (a == b and odd_a == odd_b):
                continue  # same set, two sets met twice, or an odd ring of crossings
            if first in colours and second in colours and not colours[first] & colours[second]:
                continue  # a joker of no one colour in both
            key = (sets[first[0]], first[1], sets[second[0]], second[1])
            if key in seen:
                continue  # the same pairing of identical sets
            seen.add(key)
            saved = (list(parent), list(parity))
            if a != b:
                parent[a], parity[a] = b, odd_a ^ odd_b ^ 1
            taken |= {first, second}
            met.add(pair)
            yield from _pairings(sets, crossed, [*pairs, (first, second)], taken, state, colours)
            met.discard(pair)
            taken -= {first, second}
            parent[:], parity[:] = saved


@cache  # pure, and asked again at every placement
def _orders(tokens: tuple[str, ...], kind: str, shared: int | None) -> list[tuple[int, ...]]:
    """The orders a set may be laid in: a run as read; a group in any order, the shared tile at
    an end first."""
    if kind != "group":
        return [tuple(range(len(tokens)))]
    found = sorted(
        permutations(range(len(tokens))),
        key=lambda order: shared is not None and order.index(shared) not in (0, len(tokens) - 1),
    )
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
        order = [(root, None)]  # (set, (parent, position in parent, position in set))
        seen = {root}
        for i, _ in order:
            for p, j, q in links[i]:
                if j not in seen:
                    seen.add(j)
                    order.append((j, (i, p, q)))
        done |= seen
        cells = _place(sets, order, 0, {}, {}, links)
        if cells is None:
            return None
        boards.append(cells)
    return _stack(boards)


def _place(sets, order, k, cells: dict[Cell, str], where: dict[int, tuple], links):
    """Depth-first: lay ``order[k:]`` on ``cells``; ``where[i]``: (start, direction, order). A set
    that closes a ring of crossings must meet the sets laid before it at their shared cells."""
    if k == len(order):
        return dict(cells)
    i, link = order[k]
    tokens, kind = sets[i]
    parent = None if link is None else link[0]
    starts = _starts(tokens, kind, link, where)
    rings = [(p, j, q) for p, j, q in links[i] if j in where and j != parent]
    for start, d, o in starts:
        line = [(start[0] + STEP[d][0] * n, start[1] + STEP[d][1] * n) for n in range(len(o))]
        meets = {line[o.index(p)] for p, _, _ in rings}
        if any(line[o.index(p)] != _cell(where[j], q) or where[j][1] == d for p, j, q in rings):
            continue
        allowed = meets | ({line[o.index(link[2])]} if link else set())
        if not _fits(cells, line, [tokens[x] for x in o], d, allowed):
            continue
        added = [cell for cell in line if cell not in cells]
        for cell, x in zip(line, o):
            cells.setdefault(cell, tokens[x])
        where[i] = (start, d, o)
        found = _place(sets, order, k + 1, cells, where, links)
        if found is not None:
            return found
        for cell in added:
            del cells[cell]
        del where[i]
    return None


def _starts(tokens, kind, link, where) -> list[tuple]:
    """Where a set may start: (start cell, direction, order). The first set of a piece at the
    origin across; a set linked to a laid one crosses it at their shared token."""
    if link is None:
        return [((0, 0), 0, o) for o in _orders(tokens, kind, None)]
    parent, p, q = link
    (r, c), d, porder = where[parent]
    at = porder.index(p)
    shared = (r + STEP[d][0] * at, c + STEP[d][1] * at)
    nd = 1 - d
    starts = []
    for o in _orders(tokens, kind, q):
        back = o.index(q)
        starts.append(((shared[0] - STEP[nd][0] * back, shared[1] - STEP[nd][1] * back), nd, o))
    return starts


def _cell(placed: tuple, q: int) -> Cell:
    """The cell of a laid set's token ``q`` (``placed``: its start, direction and order)."""
    (r, c), d, o = placed
    at = o.index(q)
    return r + STEP[d][0] * at, c + STEP[d][1] * at


def _fits(cells: dict[Cell, str], line: list[Cell], tokens: list[str], d: int, allowed: set[Cell]) -> bool:
    """The line may go there: its shared cells (``allowed``) hold its tiles, its other cells are
    empty and touch nothing but the line, and the cells just beyond its ends are empty."""
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
    return {cell for cell in line if cell in cells} <= allowed


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
