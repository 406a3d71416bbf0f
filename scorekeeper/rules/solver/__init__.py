"""Settling a turn: the whole-turn checker and the best-play finder (docs/engine/solver.md).

Entry points: :func:`solve` (a tile game's best play, a card game's hint), :func:`check_turn` (a
whole tile turn) and :func:`~.batch.solve_lines` (``solve --batch``); each answer has ``to_dict()``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..errors import RulesError
from ..reasons import say
from ..registry import find_variant
from .limits import time_limit
from .tile_engine import tile_variant

__all__ = ["check_turn", "solve"]

#: the card games' hint modules, imported when first asked
HINTS = {
    "krazy-bee": "krazy_bee_hint",
    "crib-rummy": "crib_hint",
    "rumbugz": "rumbugz_hint",
    "crazy-rummy": "crazy_hint",
}


def solve(
    variant: str, rack: Any, *, table: Any = None, goal: str = "tiles", initial: bool = False, **options: Any
):
    """The best play for ``rack`` (a hand) on ``table`` under ``variant``'s rules.

    Tile games: :class:`~.tile_solve.BestPlay` (``goal`` tiles or value; ``initial``: the
    initial meld, CT-6). Card games: ``initial`` means the player has laid
    nothing yet this hand (Crib Rummy CR-6) or it is the first play (Crazy
    Rummy CZ-3); ``goal`` is ignored (each hint maximises what its game scores).

    >>> solve("rummikub", "R7 R8 K2", table="R4 R5 R6").to_dict()["play"]
    ['R7', 'R8']
    """
    slug = find_variant(variant).slug
    if tile_variant(slug) is not None:
        from .tile_solve import DEFAULT_SECONDS, solve_tiles  # numpy and HiGHS load on first use

        seconds = time_limit(options.pop("time_limit", DEFAULT_SECONDS))
        return solve_tiles(slug, rack, table, goal=goal, initial=initial, seconds=seconds, options=options)
    if slug not in HINTS:
        raise RulesError(say("tt.no_finder", variant=repr(variant)))
    module = import_module(f".{HINTS[slug]}", __name__)
    return module.hint(rack, table=table, initial=initial, **options)


def check_turn(variant: str, before: Any, rack: Any, after: Any, *, initial: bool = False, **options: Any):
    """Judge a whole tile turn: see :func:`.turn.check_turn` (loaded on first use, with the solver)."""
    from .turn import check_turn as judge

    return judge(variant, before, rack, after, initial=initial, **options)
