"""A table set typed in any order, read in an order that makes it legal (``solve`` and ``turn``).

>>> from scorekeeper.rules.solver.tile_engine import options_of, read_table, switches_of, token
>>> opts = options_of("rummikub", {})
>>> t = legal_order(read_table("rummikub", "K10 K12 J | R5 R3 R4", opts), switches_of(opts))
>>> [" ".join(token(x) for x in s) for s in t.sets]
['K10 J K12', 'R3 R4 R5']
"""

from __future__ import annotations

from dataclasses import replace

from ..tiles.checks import run_order
from .tile_engine import TileTable, line_readings


def legal_order(table: TileTable, sw) -> TileTable:
    """``table`` with each set that is illegal as typed put in a legal order, where one exists."""
    if table.board is not None:
        return table
    return replace(table, sets=tuple(_ordered(s, sw) for s in table.sets))


def _plain(tiles: tuple) -> bool:
    """A set legal under every preset as typed, seen without reading it: no joker, and either one
    number in 3-4 different colours (CT-2) or one colour counting up by one (CT-3)."""
    if len(tiles) < 3 or any(t.wild for t in tiles):
        return False
    ranks, suits = [t.rank for t in tiles], [t.suit for t in tiles]
    if len(set(ranks)) == 1:
        return len(tiles) <= 4 and len(set(suits)) == len(suits)
    return len(set(suits)) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def _ordered(tiles: tuple, sw) -> tuple:
    if _plain(tiles) or line_readings(tiles, sw):
        return tiles
    return run_order(tiles, sw) or tiles
