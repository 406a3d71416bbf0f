"""An exhaustive search for small runny-tiles positions, written from RULES.md alone (issue 34).

It imports nothing of scorekeeper: its own reading of a line (CT-2 group, CT-3 run with the
``runny`` switch, a joker for any tile, CT-1 "at least one number tile"), of a board (CT-9: every
maximal line of two or more tiles across or down is a legal set, every tile is in one, a joker
keeps one colour where two lines cross) and of a joker taken back (CT-10: if it stands, in a
line through it, for a tile it could not stand for before, some line through it holds two tiles
from the player's rack; a rack joker is a rack tile). The method differs from the solver's: it
fills the cells of a small window one by one with labelled tiles (each tile the table's or the
rack's), so it finds every board of that window, and asks which sub-racks can join the table.

A board the window cannot hold is not seen, so the search's answer is a floor on the best play:
it may never beat an answer the solver calls proved.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, permutations, product

COLOURS = "RBKG"

Tile = tuple[str, str]  # (token, origin): origin "table" or "rack"


@cache
def readings(tokens: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every legal reading of a line under runny-tiles (``("R4", "R5", "R6")``), none if illegal."""
    if all(t == "J" for t in tokens):  # CT-1: a set needs at least one number tile
        return ()
    return tuple(sorted(set(_groups(tokens)) | set(_runs(tokens))))


def _fits(tokens, colours, values) -> bool:
    """Each number tile is the tile read there; a joker may be any."""
    return all(t == "J" or t == f"{c}{v}" for t, c, v in zip(tokens, colours, values))


def _groups(tokens):
    """CT-2: 3 or 4 positions of one number, all colours different."""
    if len(tokens) in (3, 4):
        value = int(next(t for t in tokens if t != "J")[1:])
        for colours in permutations(COLOURS, len(tokens)):
            if _fits(tokens, colours, [value] * len(tokens)):
                yield tuple(f"{c}{value}" for c in colours)


def _runs(tokens):
    """CT-3: each one more than the last (1..13, no wrap), one colour or (runny) all different."""
    n = len(tokens)
    for start in range(1, 14 - n + 1) if n >= 3 else ():
        values = range(start, start + n)
        colourings = [(c,) * n for c in COLOURS] + (list(permutations(COLOURS, n)) if n <= 4 else [])
        for colours in colourings:
            if _fits(tokens, colours, values):
                yield tuple(f"{c}{v}" for c, v in zip(colours, values))


@cache
def _extendable(tokens: tuple[str, ...], room: int) -> bool:
    """Some legal line starts with ``tokens`` and has at most ``room`` more tiles."""
    return any(readings(tokens + ("J",) * more) for more in range(room + 1))


def _lines(board: dict[tuple[int, int], Tile]) -> list[tuple[tuple[int, int], ...]]:
    """The maximal lines of two or more tiles, across then down."""
    out = []
    for dr, dc in ((0, 1), (1, 0)):
        for r, c in board:
            if (r - dr, c - dc) in board or (r + dr, c + dc) not in board:
                continue
            cells = []
            while (r, c) in board:
                cells.append((r, c))
                r, c = r + dr, c + dc
            out.append(tuple(cells))
    return out


def board_ok(board: dict[tuple[int, int], Tile], was: frozenset[str] | None) -> bool:
    """CT-9 and CT-10 for a full board; ``was``: what the table's joker stood for (None: no joker)."""
    lines = _lines(board)
    if any(not any(cell in line for line in lines) for cell in board):
        return False  # a tile in no line
    read = []
    for line in lines:
        found = readings(tuple(board[cell][0] for cell in line))
        if not found:
            return False
        read.append(found)
    jokers = [cell for cell, (t, _) in board.items() if t == "J"]
    if not jokers:
        return True
    joker_lines = [n for n, line in enumerate(lines) if any(cell in line for cell in jokers)]
    for choice in product(*(read[n] for n in joker_lines)):
        chosen = dict(zip(joker_lines, choice))
        if all(_joker_ok(board, lines, chosen, cell, was) for cell in jokers):
            return True
    return False


def _joker_ok(board, lines, chosen, cell, was) -> bool:
    """One colour in both its lines (CT-9); the table's joker taken back meets CT-10."""
    mine = [(n, lines[n].index(cell)) for n in chosen if cell in lines[n]]
    stands = [chosen[n][i] for n, i in mine]
    if len({s[0] for s in stands}) > 1:
        return False
    if board[cell][1] == "rack" or was is None or all(s in was for s in stands):
        return True
    return any(sum(board[c][1] == "rack" for c in lines[n]) >= 2 for n, _ in mine)


class _Window:
    """A ``rows`` x ``cols`` window filled in reading order, each cell empty or a tile."""

    def __init__(self, tiles: list[Tile], rows: int, cols: int, was):
        self.left = Counter(tiles)
        self.rows, self.cols, self.was = rows, cols, was
        self.board: dict[tuple[int, int], Tile] = {}
        self.total = len(tiles)

    def _closed_ok(self, r: int, c: int, dr: int, dc: int) -> bool:
        """The run of tiles ending just before (r, c) in direction (dr, dc) is one tile or legal."""
        run = []
        r, c = r - dr, c - dc
        while (r, c) in self.board:
            run.append(self.board[(r, c)][0])
            r, c = r - dr, c - dc
        return len(run) < 2 or bool(readings(tuple(reversed(run))))

    def fill(self, i: int = 0) -> dict | None:
        placed = len(self.board)
        if placed == self.total:
            ends = all(self._closed_ok(r, c, 0, 1) for r in range(self.rows) for c in [self.cols])
            downs = all(self._closed_ok(r, c, 1, 0) for r in [self.rows] for c in range(self.cols))
            if ends and downs and self._anchored() and board_ok(self.board, self.was):
                return dict(self.board)
            return None
        cells = self.rows * self.cols
        if i == cells or cells - i < self.total - placed:
            return None
        r, c = divmod(i, self.cols)
        if c == 0 and r and not self._row_done(r):
            return None
        if self._closed_ok(r, c, 0, 1) and self._closed_ok(r, c, 1, 0) and not self._strands(r, c):
            found = self.fill(i + 1)
            if found:
                return found
        for tile in sorted(self.left):
            if not self.left[tile]:
                continue
            self.left[tile] -= 1
            self.board[(r, c)] = tile
            found = self._open_ok(r, c) and self.fill(i + 1)
            del self.board[(r, c)]
            self.left[tile] += 1
            if found:
                return found
        return None

    def _row_done(self, r: int) -> bool:
        """Row ``r - 1`` ends legally, and the first row holds a tile (each shape is met once)."""
        first = r > 1 or any((0, k) in self.board for k in range(self.cols))
        return first and self._closed_ok(r - 1, self.cols, 0, 1)

    def _strands(self, r: int, c: int) -> bool:
        """Leaving (r, c) empty leaves a tile with no neighbour it could still get: the tile above
        (its row is done), or in the last row the tile to the left."""
        on = self.board.__contains__
        above = on((r - 1, c)) and not (on((r - 1, c - 1)) or on((r - 1, c + 1)) or on((r - 2, c)))
        last = r == self.rows - 1 and on((r, c - 1)) and not (on((r, c - 2)) or on((r - 1, c - 1)))
        return bool(above or last)

    def _open_ok(self, r: int, c: int) -> bool:
        """The runs ending at (r, c), across and down, can still become legal lines in the window
        (jokers stand for anything, so if any tiles complete a run, jokers do)."""
        for dr, dc, room in ((0, 1, self.cols - 1 - c), (1, 0, self.rows - 1 - r)):
            run = []
            rr, cc = r, c
            while (rr, cc) in self.board:
                run.append(self.board[(rr, cc)][0])
                rr, cc = rr - dr, cc - dc
            if len(run) >= 2 and not _extendable(tuple(reversed(run)), room):
                return False
        return True

    def _anchored(self) -> bool:
        return any(c == 0 for _, c in self.board)


def table_joker_was(table: list[list[str]]) -> frozenset[str] | None:
    """What the table's one joker (in a set of its own, as typed with ``|``) may stand for."""
    for tokens in table:
        if "J" in tokens:
            i = tokens.index("J")
            return frozenset(r[i] for r in readings(tuple(tokens)))
    return None


def lays(table: list[list[str]], rack: list[str], size: int, rows: int = 4, cols: int = 4) -> dict | None:
    """A legal board (as ``{cell: (token, origin)}``) holding every table tile and ``size`` rack
    tiles, found in the window, or None."""
    was = table_joker_was(table)
    on_table = [(t, "table") for s in table for t in s]
    for chosen in sorted(set(combinations(sorted(rack), size))):
        board = _Window(on_table + [(t, "rack") for t in chosen], rows, cols, was).fill()
        if board:
            return board
    return None


def board_text(board: dict) -> str:
    """The board in RULES.md's notation (rows split by ``/``, ``.`` an empty cell)."""
    rows = range(min(r for r, _ in board), max(r for r, _ in board) + 1)
    cols = range(min(c for _, c in board), max(c for _, c in board) + 1)
    return " / ".join(" ".join(board[(r, c)][0] if (r, c) in board else "." for c in cols) for r in rows)
