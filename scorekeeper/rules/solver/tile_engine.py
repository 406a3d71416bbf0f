"""The one door from the solver into the tile engine (section 3 of RULES.md).

>>> t = read_table("rummikub", "R5 R6 R7 | B9 K9 J", options_of("rummikub", {}))
>>> [len(s) for s in t.sets]
[3, 3]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..registry import find_variant
from ..tiles.checks import set_verdict
from ..tiles.faces import END, START, entry_points, entry_text, joker_points
from ..tiles.grid import NEEDS_GRID, find_lines, is_board, read_board
from ..tiles.sets import Switches, read_line, supply_reasons, token
from ..tiles.variants import NOTATION, TileGame
from ..verdict import MAX_READINGS, Verdict

__all__ = [
    "END",
    "NOTATION",
    "START",
    "Card",
    "Switches",
    "TileTable",
    "board_cells",
    "board_lines",
    "board_text",
    "entry_points",
    "entry_text",
    "joker_points",
    "judge_table",
    "line_readings",
    "options_of",
    "read_line",
    "read_rack",
    "read_table",
    "supply_reasons",
    "switches_of",
    "table_units",
    "tile_variant",
    "token",
]


def tile_variant(variant: str) -> TileGame | None:
    """The tile game registered as ``variant``, or None for a card game."""
    found = find_variant(variant)
    return found if isinstance(found, TileGame) else None


def options_of(variant: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The variant's options, validated; ``kind`` is a lone check's declaration, never a table's."""
    return {**find_variant(variant).options(options), "kind": None}


def switches_of(opts: Mapping[str, Any]) -> Switches:
    return Switches.of(opts)


@dataclass(frozen=True)
class TileTable:
    """A table as given: its sets in order, or (``board``) the rows of a grid."""

    sets: tuple[tuple[Card, ...], ...] = ()
    board: tuple[tuple[Card | None, ...], ...] | None = None

    @property
    def tiles(self) -> tuple[Card, ...]:
        if self.board is not None:
            return tuple(t for row in self.board for t in row if t is not None)
        return tuple(t for s in self.sets for t in s)

    def text(self) -> str:
        """The table in the notation it was given in (sets split by ``|``, or board rows)."""
        if self.board is not None:
            return " / ".join(" ".join("." if t is None else token(t) for t in row) for row in self.board)
        return " | ".join(" ".join(token(t) for t in s) for s in self.sets)


def read_rack(text: Any) -> tuple[Card, ...]:
    """The tiles of a rack (N-1: NotationError naming a bad token); may be empty."""
    return NOTATION.parse("" if text is None else text)


def read_table(variant: str, text: Any, opts: Mapping[str, Any]) -> TileTable:
    """A table: ``None`` or blank is empty; rows (``/``, new lines, ``.``) a board (CT-9)."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return TileTable()
    game = find_variant(variant)
    if is_board(text):
        if not opts["grid"]:
            raise game.refuse(NEEDS_GRID)
        return TileTable(board=tuple(tuple(row) for row in read_board(text, NOTATION)))
    return TileTable(sets=tuple(NOTATION.parse(part) for part in game.table_parts(text, "tt.empty_set")))


def judge_table(variant: str, table: TileTable, opts: Mapping[str, Any]) -> Verdict:
    """The engine's verdict on a whole table: every set (CT-1..CT-4) or the board (CT-9)."""
    game = find_variant(variant)
    if table.board is None and len(table.sets) == 1:
        return set_verdict(variant, table.sets[0], dict(opts), first_meld=False)
    return game.check(table.text(), None, dict(opts))


def line_readings(tiles: tuple[Card, ...], sw: Switches):
    """Every reading of one set (engine's :func:`read_line`): kind, entries, points."""
    return read_line(tiles, sw, cap=MAX_READINGS).readings


def board_text(sets: list[list[str]]) -> str:
    """Sets laid as a board (CT-9): one set per row, an empty row between two sets,
    so no tiles touch across rows and every row is one set read left to right."""
    rows: list[str] = []
    for s in sets:
        if rows:
            rows.append(".")
        rows.append(" ".join(s))
    return " / ".join(rows)


def board_lines(table: TileTable) -> list[tuple[str, ...]]:
    """The lines of a board (CT-9) as sets of tokens; a tile where two lines cross is in both."""
    board = [list(row) for row in table.board or ()]
    return [tuple(token(board[r][c]) for r, c in line.cells) for line in find_lines(board)]


def table_units(table: TileTable) -> list[tuple[tuple[Card, ...], tuple]]:
    """Each set of a table (a board: each line) with an id per cell it covers; a tile where
    two lines of a board cross has one id in both."""
    if table.board is None:
        return [(tiles, tuple((n, i) for i in range(len(tiles)))) for n, tiles in enumerate(table.sets)]
    board = [list(row) for row in table.board]
    return [(tuple(board[r][c] for r, c in line.cells), line.cells) for line in find_lines(board)]


def board_cells(table: TileTable) -> list[tuple[tuple[int, int], list[tuple[tuple[Card, ...], int]]]]:
    """Per joker of a board, in row order: its cell and each line through it with its place there."""
    units = table_units(table)
    out = []
    for r, row in enumerate(table.board or ()):
        for c, t in enumerate(row):
            if t is not None and t.wild:
                out.append(
                    ((r, c), [(tiles, cells.index((r, c))) for tiles, cells in units if (r, c) in cells])
                )
    return out
