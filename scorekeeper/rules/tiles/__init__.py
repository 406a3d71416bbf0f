"""The tile games (RULES.md section 3): Rummikub, Crazy Rummy Tiles and Runny Rummy Tiles."""

from __future__ import annotations

from .options import SWITCHES
from .variants import COLOUR_NAMES, NOTATION, CrazyTiles, Rummikub, RunnyTiles, TileGame

__all__ = ["COLOUR_NAMES", "NOTATION", "SWITCHES", "CrazyTiles", "Rummikub", "RunnyTiles", "TileGame"]
