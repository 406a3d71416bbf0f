"""Settling a turn: the whole-turn checker and the best-play finder (issue 12).

Glossary (the words used across the solver):

- *turn*: what one player does between draws: the table before, the rack
  before, the table after. The *play* is the tiles (cards) laid from the rack.
- *table*: the sets on the table, written as sets separated by ``|``; in a
  grid game (CT-9) it may be a board (rows split by ``/``).
- *template*: one legal set the solver may lay (:mod:`.templates`).
- *best play*: the legal turn laying the most rack tiles (``goal="tiles"``)
  or the most value (``goal="value"``, CT-5), with one arrangement of the
  whole table that achieves it. *Optimal*: proved best; ``optimal=False``
  means "best found, not proven" (the time bound ran out).
- *hint*: the card games' best play: which Step, melds, Sequences or sets
  this hand can lay (:mod:`.krazy_bee_hint`, :mod:`.crib_hint`,
  :mod:`.rumbugz_hint`, :mod:`.crazy_hint`).

Entry points (other tools depend on these shapes; each answer has ``to_dict()``):

- :func:`solve` ``(variant, rack, *, table=None, goal="tiles", initial=False, **options)``
  dispatches per variant; ``time_limit`` (seconds, default 2) bounds the
  tile search. Tile games answer :class:`~.tile_solve.BestPlay`; the card
  games their hint (shapes in each hint module).
- :func:`check_turn` ``(variant, before, rack, after, *, initial=False, **options)``
  judges a tile turn (:mod:`.turn`).
- :func:`~.batch.solve_lines` runs ``solve --batch`` JSON lines.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..errors import RulesError
from ..registry import find_variant
from .limits import time_limit
from .tile_engine import tile_variant

__all__ = ["check_turn", "solve"]

#: the card games' hint modules, imported when first asked
HINTS = {"krazy-bee": "krazy_bee_hint", "crib-rummy": "crib_hint", "rumbugz": "rumbugz_hint",
         "crazy-rummy": "crazy_hint"}


def solve(variant: str, rack: Any, *, table: Any = None, goal: str = "tiles", initial: bool = False,
          **options: Any):
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
        raise RulesError(f"no best-play finder for {variant!r}")
    module = import_module(f".{HINTS[slug]}", __name__)
    return module.hint(rack, table=table, initial=initial, **options)


def check_turn(variant: str, before: Any, rack: Any, after: Any, *, initial: bool = False, **options: Any):
    """Judge a whole tile turn: see :func:`.turn.check_turn` (loaded on first use, with the solver)."""
    from .turn import check_turn as judge
    return judge(variant, before, rack, after, initial=initial, **options)
