"""The tile games (RULES.md section 3): Rummikub, Crazy Rummy Tiles and Runny Rummy Tiles.

- :mod:`.variants`: the three presets of one engine with rule switches (registered here);
- :mod:`.faces`: the glossary, the faces of a tile (CT-1, CT-5) and the dynamic programme;
- :mod:`.sets`: one set, a group (CT-2) or a run (CT-3), and why not;
- :mod:`.checks`: laydowns, extensions, the initial meld (CT-6), a joker taken back (CT-10);
- :mod:`.grid`: the two-dimensional board (CT-9);
- :mod:`.scoring`: rack values (CT-7), round scoring and game end (CT-8).
"""

from __future__ import annotations

from .variants import COLOUR_NAMES, NOTATION, SWITCHES, CrazyTiles, Rummikub, RunnyTiles, TileGame

__all__ = ["COLOUR_NAMES", "NOTATION", "SWITCHES", "CrazyTiles", "Rummikub", "RunnyTiles", "TileGame"]
