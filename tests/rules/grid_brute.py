"""An exhaustive grid search for tests (issue 18): can these tiles lie on a legal board (CT-9)?

It knows nothing of the solver: it fills the cells of a small window one by
one (a tile or empty), drops a partial board as soon as a finished line
(across or down) is not a legal set by the engine's own line reader, and
judges each full board with the engine's board checker. Boards are taken
with a tile in the first row and in the first column, so each shape is met
once, not at every offset.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

from scorekeeper.rules.solver.tile_engine import NOTATION, options_of, read_line, switches_of
from scorekeeper.rules.tiles.grid import check_board


@cache
def _legal(tokens: tuple[str, ...], sw) -> bool:
    return read_line(tuple(NOTATION.parse(" ".join(tokens))), sw).valid


class _Window:
    """A ``rows`` x ``cols`` window filled cell by cell in reading order."""

    def __init__(self, tiles: Counter, sw, rows: int, cols: int):
        self.grid: list[list[str | None]] = [[None] * cols for _ in range(rows)]
        self.left, self.sw, self.rows, self.cols = Counter(tiles), sw, rows, cols
        self.total = sum(tiles.values())

    def at(self, r: int, c: int) -> str | None:
        return self.grid[r][c] if 0 <= r < self.rows and 0 <= c < self.cols else None

    def _ends_legal(self, r: int, c: int, dr: int, dc: int) -> bool:
        """The line ending just before (r, c), going back by (dr, dc), is legal or shorter than 2."""
        run = []
        r, c = r - dr, c - dc
        while self.at(r, c):
            run.append(self.at(r, c))
            r, c = r - dr, c - dc
        return len(run) < 2 or _legal(tuple(reversed(run)), self.sw)

    def _needed(self, r: int, c: int) -> bool:
        """(r, c) must hold a tile: the tile above it (or, in the last row, left of it) has no other
        neighbour left to join a line with."""
        above = self.at(r - 1, c) and not (
            self.at(r - 1, c - 1) or self.at(r - 1, c + 1) or self.at(r - 2, c)
        )
        left = r == self.rows - 1 and self.at(r, c - 1) and not (self.at(r, c - 2) or self.at(r - 1, c - 1))
        return bool(above or left)

    def full(self) -> bool:
        g = self.grid
        if not any(g[0]) or not any(row[0] for row in g):
            return False
        return check_board([[NOTATION.parse_token(t) if t else None for t in row] for row in g], self.sw)[0]

    def fill(self, i: int = 0, placed: int = 0) -> bool:
        if placed == self.total:
            return self.full()
        if i == self.rows * self.cols or self.rows * self.cols - i < self.total - placed:
            return False
        r, c = divmod(i, self.cols)
        if r and not any(self.grid[0]):
            return False  # the first row holds a tile (each shape once)
        row_end = c < self.cols - 1 or self._ends_legal(r, self.cols, 0, 1)
        empty_ok = not self._needed(r, c) and self._ends_legal(r, c, 0, 1) and self._ends_legal(r, c, 1, 0)
        if empty_ok and row_end and self.fill(i + 1, placed):
            return True
        for t in sorted(self.left):
            if not self.left[t]:
                continue
            self.left[t] -= 1
            self.grid[r][c] = t
            ok = (c < self.cols - 1 or self._ends_legal(r, self.cols, 0, 1)) and self.fill(i + 1, placed + 1)
            self.grid[r][c] = None
            self.left[t] += 1
            if ok:
                return True
        return False


def fits(tiles: Counter, sw, rows: int, cols: int) -> bool:
    """Whether all of ``tiles`` lie on one legal board of at most ``rows`` x ``cols`` cells."""
    return _Window(tiles, sw, rows, cols).fill()


def most_tiles(variant: str, rack: str, table: str, rows: int = 4, cols: int = 4) -> int:
    """The most rack tiles that can join the table's tiles on one legal board within the window."""
    sw = switches_of(options_of(variant, {}))
    base = Counter(table.split())
    tiles = rack.split()
    for n in range(len(tiles), -1, -1):
        for chosen in sorted(set(combinations(sorted(tiles), n))):
            if fits(base + Counter(chosen), sw, rows, cols):
                return n
    return -1
