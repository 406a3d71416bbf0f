"""The whole-turn checker of the tile games: the table before, the rack, the table after."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
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
        turn = _Turn(variant, before, rack, initial, opts, seconds, extra)
        if failed:
            return [], _corrections(turn, table_before.text(), played)
        if opts["must_play"] in ("A", "B"):
            return _must_play(turn, played)
        return [], []

    return judge_turn(variant, before, rack, after, initial, opts, settle)


@dataclass(frozen=True)
class _Turn:
    """The turn asked, as typed, for the corrections: a suggestion is offered only when judging
    it as the table after, with the same table before and rack, finds it legal."""

    variant: str
    before: Any
    rack: Any
    initial: bool
    opts: dict
    seconds: float
    extra: dict

    def solve(self, table_text: str, rack_text: str):
        game = {k: v for k, v in self.opts.items() if k != "kind"}
        try:
            return solve_tiles(
                self.variant,
                rack_text,
                table_text or None,
                initial=self.initial,
                seconds=self.seconds,
                options=game,
            )
        except RulesError:
            return None

    def offer(self, best, key: str, board_key: str) -> list[str]:
        """``best`` as the table after the turn, in the words of ``key`` (its sets) or ``board_key`` (its board),
        and ``extra["instead"]``: ``{play, value, after}`` as the checker judges it typed back in.
        A grid play whose lines share a tile (CT-9) is written as its board: its sets would name the
        shared tile twice. Nothing is offered that the checker would refuse."""
        for after, board in layouts(best):
            judged = judge_turn(self.variant, self.before, self.rack, after, self.initial, self.opts)
            if judged.valid:
                played = judged.extra["played"]
                self.extra["instead"] = {"play": played, "value": judged.extra["value"], "after": after}
                words = {"board": after} if board else {"sets": after}
                return [say(board_key if board else key, tiles=" ".join(played), **words)]
        return []


def layouts(best) -> list[tuple[str, bool]]:
    """The ways to type ``best``'s table after, the one to show first: ``(text, is_board)``; the
    board first where two lines share a tile (more tiles in the sets than on the board).

    >>> from scorekeeper.rules.solver.best_play import BestPlay
    >>> shared = BestPlay("crazy-tiles", "tiles", True, 39, (), (("J", "R1", "R2"), ("B8", "K8", "J")),
    ...                   True, "B8 . . / K8 . . / J R1 R2")
    >>> layouts(shared)[0]
    ('B8 . . / K8 . . / J R1 R2', True)
    """
    sets = " | ".join(" ".join(s) for s in best.table)
    if not best.board:
        return [(sets, False)]
    on_board = sum(1 for t in best.board.split() if t not in ("/", "."))
    both = [(sets, False), (best.board, True)]
    return both[::-1] if on_board < sum(len(s) for s in best.table) else both


def _corrections(turn: _Turn, table_text: str, played: Counter) -> list[str]:
    """A legal turn close to the one tried: the same rack tiles laid legally, else the best play
    (CT-11 A: only a play of as many tiles as the rack can lay)."""
    laid = sum(played.values())
    best = turn.solve(table_text, turn.rack) if turn.opts["must_play"] == "A" else None
    if played and (best is None or best.tiles_played <= laid):
        same = turn.solve(table_text, names(played))
        if same is not None and same.tiles_played == laid:
            offered = turn.offer(same, "tt.legal_way", "tt.legal_way_board")
            if offered:
                return offered
    best = best or turn.solve(table_text, turn.rack)
    if best is not None and best.tiles_played:
        return turn.offer(best, "tt.legal_turn", "tt.legal_turn_board")
    return []


def _must_play(turn: _Turn, played: Counter) -> tuple[list[str], list[str]]:
    """CT-11: A must play all one can, B must play something if able; a refusal offers the best play."""
    best = turn.solve(turn.before, turn.rack)
    if best is None:
        return [], []
    turn.extra["could_play"] = best.tiles_played
    if not best.optimal:  # best found, not proven: a play of up to ``bound`` tiles may exist
        turn.extra["could_play_bound"] = best.bound
    laid = sum(played.values())
    if turn.opts["must_play"] == "A" and best.tiles_played > laid:
        reason = say("tt.play_all", could=best.tiles_played, laid=laid, tiles=" ".join(best.play))
    elif turn.opts["must_play"] == "B" and not laid and best.tiles_played:
        reason = say("tt.play_some", tiles=" ".join(best.play))
    else:
        return [], []
    return [reason], turn.offer(best, "tt.legal_turn", "tt.legal_turn_board")
