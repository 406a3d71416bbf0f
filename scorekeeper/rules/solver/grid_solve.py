"""Best play on the two-dimensional board (CT-9): exact where crossings can be laid, honest elsewhere."""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from .best_play import BestPlay
from .grid_layout import lay_out
from .model import NUMBERS, TILE_WEIGHT, solve_model
from .templates import library
from .tile_engine import board_lines, board_text, read_table, token
from .turn_core import judge_turn

#: other solutions at the bound tried when a layout fails
RETRIES = 8


def grid_best(row, *, variant, goal, initial, opts, table, rack_text, sw, table_counts, rack_counts, rack_jokers,
              cols, jokers, threshold, seconds):
    """The best grid play given ``row`` (the :class:`~.tile_solve.BestPlay` laid in rows) and the
    programme's ``cols`` and table ``jokers`` it was solved with."""
    deadline = time.perf_counter() + seconds
    lib = library(sw)
    base = np.zeros_like(table_counts) if initial else table_counts
    answer = solve_model(lib, cols, base, rack_counts, len(jokers), rack_jokers, goal, threshold,
                         seconds, crossings=True)
    bound = _proved_bound(answer, goal, base)
    if bound is not None and _mine(row, goal) >= bound:  # the rows reach the grid's bound: proved
        return replace(row, optimal=True, notes=tuple(n for n in row.notes if "not proven" not in n))
    best = row
    forbid: list = []
    floor = answer.bound - 0.5 if answer.bound is not None else None
    for attempt in range(RETRIES + 1):
        if not answer.feasible or time.perf_counter() > deadline:
            break
        laid = _laid(answer, variant, goal, initial, opts, table, rack_text, deadline)
        if laid is not None and _mine(laid, goal) > _mine(best, goal):
            best = laid
        if bound is not None and _mine(best, goal) >= bound:
            return replace(best, optimal=True)
        if not answer.crossed:
            break
        forbid.append(answer.support)
        answer = solve_model(lib, cols, base, rack_counts, len(jokers), rack_jokers, goal, threshold,
                             max(0.01, deadline - time.perf_counter()), crossings=True, forbid=forbid,
                             at_least=floor if attempt < RETRIES // 2 else None)
    note = ("CT-9: best found, not proven: a play using crossings may lay more; at most "
            f"{bound if bound is not None else 'unknown'} {'tiles' if goal == 'tiles' else 'points'}")
    return replace(best, optimal=False, bound=bound, notes=(*best.notes, note))


def _proved_bound(answer, goal, base) -> int | None:
    """The grid optimum where the programme proved it (0 when no set can be laid), else None."""
    if not answer.optimal:
        return None
    return _units(answer.bound, goal, base) if answer.feasible and answer.bound is not None else 0


def _units(objective, goal, base) -> int:
    """The bound in tiles laid from the rack (or points)."""
    if goal == "tiles":  # tiles * TILE_WEIGHT + their value (under TILE_WEIGHT) - crossing penalties
        return int(np.floor((objective + TILE_WEIGHT / 4) / TILE_WEIGHT)) - int(base.sum())
    return int(np.rint(objective)) - int(NUMBERS @ base)


def _mine(play, goal) -> int:
    return play.tiles_played if goal == "tiles" else play.value


def _laid(answer, variant, goal, initial, opts, table, rack_text, deadline):
    """The answer's sets laid on a board and judged as a turn, or None."""
    sets = [(col.template.tokens, col.template.kind) for col in answer.sets]
    rows = lay_out(sets, list(answer.crossed), deadline) if sets else []
    if rows is None:
        return None
    kept, after = _boards(table, " / ".join(" ".join(c or "." for c in row) for row in rows), initial)
    # ``opts`` are the variant's options as read by solve_tiles (options_of): read once, not per board
    verdict = judge_turn(variant, kept or None, rack_text, after or None, initial, {**opts, "must_play": "C"})
    if not verdict.valid:
        return None
    lines = board_lines(read_table(variant, after, opts)) if after else []
    played = tuple(verdict.extra["played"])
    return BestPlay(variant, goal, initial, verdict.extra["value"], played, tuple(lines),
                    True, after or None)


def _boards(table, new: str, initial: bool) -> tuple[str, str]:
    """The table before (as a board) and after the turn: the new board alone, or, on an initial
    meld, laid below the table's own sets, an empty row between (CT-6, CT-9)."""
    kept = table.text() if table.tiles else ""
    if initial and kept and table.board is None:
        kept = board_text([[token(t) for t in s] for s in table.sets])
    if initial:
        return kept, f"{kept} / . / {new}" if kept and new else kept or new
    return kept, new
