"""The whole-turn checker of the tile games: the table before, the rack, the table after."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import RulesError
from ..reasons import say
from ..verdict import Verdict
from .limits import time_limit
from .tile_engine import TileTable, options_of, tile_variant
from .tile_solve import solve_tiles
from .turn_core import judge_turn, names

#: seconds the checker lets the solver look for a correction
CORRECTION_SECONDS = 1.0


def check_turn(
    variant: str, before: Any, rack: Any, after: Any, *, initial: bool = False, **options: Any
) -> Verdict:
    """Judge a whole turn of a tile game (see the module docstring).

    ``before`` / ``after``: tables as sets separated by ``|`` or a board
    (CT-9); ``rack``: the rack before the turn; ``initial``: this turn is the
    player's initial meld. Options are the variant's (``initial_meld``, the
    switches, ``must_play``) plus ``time_limit`` for the correction search.

    >>> v = check_turn("rummikub", "R5 R6 R7", "R8 K2", "R5 R6 R7 R8")
    >>> v.valid, v.extra["played"], v.points
    (True, ['R8'], 8)
    >>> bad = check_turn("rummikub", "R5 R6 R7", "R8", "R5 R6 | R7 R8")
    >>> bad.valid, bad.reasons[1], bad.alternatives
    (False, 'CT-3: a run needs at least 3 positions (set 1)', ('a legal way to lay R8: R5 R6 R7 R8',))
    """
    if tile_variant(variant) is None:
        raise RulesError(say("tt.tile_games_only", variant=repr(variant)))
    seconds = time_limit(options.pop("time_limit", CORRECTION_SECONDS))
    opts = options_of(variant, options)

    def settle(table_before: TileTable, played: Counter, extra: dict, failed: bool):
        if failed:
            return [], _corrections(variant, table_before, rack, played, initial, opts, seconds)
        if opts["must_play"] in ("A", "B"):
            return _must_play(variant, before, rack, played, initial, opts, seconds, extra), []
        return [], []

    return judge_turn(variant, before, rack, after, initial, opts, settle)


def _solve(variant, table_text, rack_text, initial, opts, seconds):
    game = {k: v for k, v in opts.items() if k != "kind"}
    try:
        return solve_tiles(
            variant, rack_text, table_text or None, initial=initial, seconds=seconds, options=game
        )
    except RulesError:
        return None


def _laid(best) -> str:
    return " | ".join(" ".join(s) for s in best.table)


def _corrections(variant, before: TileTable, rack, played: Counter, initial, opts, seconds) -> list[str]:
    """A legal turn close to the one tried: the same rack tiles laid legally, else the best play."""
    table_text = before.text()
    if played:
        same = _solve(variant, table_text, names(played), initial, opts, seconds)
        if same is not None and same.tiles_played == sum(played.values()):
            return [say("tt.legal_way", tiles=names(played), sets=_laid(same))]
    best = _solve(variant, table_text, rack, initial, opts, seconds)
    if best is not None and best.tiles_played:
        return [say("tt.legal_turn", tiles=" ".join(best.play), sets=_laid(best))]
    return []


def _must_play(variant, before, rack, played: Counter, initial, opts, seconds, extra) -> list[str]:
    """CT-11: A must play all one can, B must play something if able."""
    best = _solve(variant, before, rack, initial, opts, seconds)
    if best is None:
        return []
    extra["could_play"] = best.tiles_played
    if not best.optimal:  # best found, not proven: a play of up to ``bound`` tiles may exist
        extra["could_play_bound"] = best.bound
    laid = sum(played.values())
    if opts["must_play"] == "A" and best.tiles_played > laid:
        return [say("tt.play_all", could=best.tiles_played, laid=laid, tiles=" ".join(best.play))]
    if opts["must_play"] == "B" and not laid and best.tiles_played:
        return [say("tt.play_some", tiles=" ".join(best.play))]
    return []
