"""Best play on the two-dimensional board (CT-9): exact where crossings can be laid, honest elsewhere
(the method: docs/grid-best-play.md)."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace

import numpy as np

from ..reasons import say
from ..tiles.grid import check_board
from .best_play import BestPlay
from .grid_cuts import make_cut
from .grid_geometry import lay_board, neighbours, unplaceable
from .grid_layout import lay_out
from .grid_pairing import joker_colours, unpairable
from .library_arrays import NUMBERS
from .model import TILE_WEIGHT, solve_model
from .templates import library
from .tile_engine import NOTATION, board_lines, board_text, read_table, token
from .turn_core import judge_turn

#: other solutions at the bound tried when a layout fails
RETRIES = 8
#: valid cuts made while bounding, at most
MOST_CUTS = 40


def grid_best(
    row,
    *,
    variant,
    goal,
    initial,
    opts,
    table,
    rack_text,
    sw,
    table_counts,
    rack_counts,
    rack_jokers,
    cols,
    jokers,
    threshold,
    seconds,
):
    """The best grid play given ``row`` (the :class:`~.tile_solve.BestPlay` laid in rows) and the
    programme's ``cols`` and table ``jokers`` it was solved with."""
    deadline = time.perf_counter() + seconds
    lib = library(sw)
    base = np.zeros_like(table_counts) if initial else table_counts

    def programme(**more):
        return solve_model(
            lib,
            cols,
            base,
            rack_counts,
            len(jokers),
            rack_jokers,
            goal,
            threshold,
            max(0.01, deadline - time.perf_counter()),
            crossings=True,
            **more,
        )

    cuts: list = []
    answer, bound = _bounded(programme, cuts, lib, cols, goal, base, deadline)
    if bound is not None and _mine(row, goal) >= bound:  # the rows reach the grid's bound: proved
        return replace(row, optimal=True, notes=tuple(n for n in row.notes if "not proven" not in n))

    def lay(found):
        return _laid(found, variant, goal, initial, opts, table, rack_text, deadline, sw)

    def recut(found, forbid):  # not a board: cut it, look again
        core = _core(found, lib)
        while core is not None and time.perf_counter() < deadline:
            cuts.append(make_cut(cols, lib, found.support, *core))
            found = programme(forbid=forbid, cuts=cuts)
            core = _core(found, lib)
        return found

    best, proved = _search(row, answer, bound, goal, programme, cuts, lay, recut, deadline)
    if proved:
        return replace(best, optimal=True)
    most = bound if bound is not None else say("tt.unknown")
    note = say("tt.crossings_tiles" if goal == "tiles" else "tt.crossings_points", most=most)
    return replace(best, optimal=False, bound=bound, notes=(*best.notes, note))


def _search(row, answer, bound, goal, programme, cuts, lay, recut, deadline):
    """The best legal board among the bound's answer and up to :data:`RETRIES` others, and whether
    it reaches the bound. The first half of the others must lay as many as the bound's answer
    while any does."""
    best, forbid, floor = row, [], _floor(answer.bound, goal)
    for attempt in range(RETRIES + 1):
        if not answer.feasible or time.perf_counter() > deadline:
            break
        laid = lay(answer)
        if laid is not None and _mine(laid, goal) > _mine(best, goal):
            best = laid
        if bound is not None and _mine(best, goal) >= bound:
            return best, True
        if not answer.crossed:
            break
        forbid.append(answer.support)
        at = floor if attempt < RETRIES // 2 else None
        answer = programme(forbid=forbid, cuts=cuts, at_least=at)
        if not answer.feasible and at is not None:  # none at the bound: any other
            floor = None
            answer = programme(forbid=forbid, cuts=cuts)
        answer = recut(answer, forbid)
    return best, False


def _bounded(programme, cuts: list, lib, cols, goal, base, deadline):
    """The grid programme's best answer whose crossings can be paired, after cutting away (in
    ``cuts``, valid for every board) those that cannot; and its bound in tiles (or points), or
    None when not proved. Every cut keeps the programme a bound (:mod:`.grid_cuts`)."""
    bound = None
    for _ in range(MOST_CUTS + 1):
        answer = programme(cuts=cuts)
        if answer.optimal:  # proved: the grid optimum under the cuts (nothing laid when no set can be)
            bound = _units(answer.bound, goal, base) if answer.feasible and answer.bound is not None else 0
        core = _core(answer, lib)
        if core is None or time.perf_counter() > deadline or len(cuts) == MOST_CUTS:
            break
        cuts.append(make_cut(cols, lib, answer.support, *core))
    return answer, bound


def _core(answer, lib):
    """A core of ``answer``'s crossings that no board can pair (:mod:`.grid_pairing`) or lay out
    (:mod:`.grid_geometry`), or None."""
    if not answer.feasible or not answer.crossed:
        return None
    templates = [col.template for col in answer.sets]
    sets, crossed, colours = [t.tokens for t in templates], list(answer.crossed), joker_colours(templates)
    kinds, beside = [t.kind for t in templates], neighbours(lib)
    core = unpairable(sets, crossed, colours)
    if core is None and any("J" in tokens for tokens in sets):
        return None  # a joker's set stands for its siblings with the joker elsewhere: no layout cut
    if core is None:
        core = unplaceable(sets, kinds, crossed, colours, beside)
    if core is None:
        most = Counter(crossed)
        whole = unplaceable(sets, kinds, crossed, colours, beside, most)
        return None if whole is None else (whole, most)
    return core, None


def _floor(objective, goal) -> float | None:
    """The least objective laying as many tiles (or points) as ``objective``: the value that breaks
    ties between equal tile counts is not asked for again (another solution may lay less of it)."""
    if objective is None:
        return None
    if goal == "tiles":
        return float(np.floor((objective + TILE_WEIGHT / 4) / TILE_WEIGHT) * TILE_WEIGHT - TILE_WEIGHT / 4)
    return objective - 0.5


def _units(objective, goal, base) -> int:
    """The bound in tiles laid from the rack (or points)."""
    if goal == "tiles":  # tiles * TILE_WEIGHT + their value (under TILE_WEIGHT) - crossing penalties
        return int(np.floor((objective + TILE_WEIGHT / 4) / TILE_WEIGHT)) - int(base.sum())
    return int(np.rint(objective)) - int(NUMBERS @ base)


def _mine(play, goal) -> int:
    return play.tiles_played if goal == "tiles" else play.value


def _laid(answer, variant, goal, initial, opts, table, rack_text, deadline, sw):
    """The answer's sets laid on a board and judged as a turn, or None."""
    beside = neighbours(library(sw))

    def legal(rows) -> bool:
        return check_board([[NOTATION.parse_token(t) if t else None for t in row] for row in rows], sw)[0]

    sets = [(col.template.tokens, col.template.kind) for col in answer.sets]
    colours = joker_colours([col.template for col in answer.sets])
    rows = lay_out(sets, list(answer.crossed), deadline, colours) if sets else []
    if rows is None:  # lines that join end to end or run side by side: the exact layout search
        rows = lay_board(
            [s for s, _ in sets], [k for _, k in sets], list(answer.crossed), colours, beside, legal
        )
    if rows is None:
        return None
    kept, after = _boards(table, " / ".join(" ".join(c or "." for c in row) for row in rows), initial)
    # ``opts`` are the variant's options as read by solve_tiles (options_of): read once, not per board
    verdict = judge_turn(variant, kept or None, rack_text, after or None, initial, {**opts, "must_play": "C"})
    if not verdict.valid:
        return None
    lines = board_lines(read_table(variant, after, opts)) if after else []
    played = tuple(verdict.extra["played"])
    return BestPlay(variant, goal, initial, verdict.extra["value"], played, tuple(lines), True, after or None)


def _boards(table, new: str, initial: bool) -> tuple[str, str]:
    """The table before (as a board) and after the turn: the new board alone, or, on an initial
    meld, laid below the table's own sets, an empty row between (CT-6, CT-9)."""
    kept = table.text() if table.tiles else ""
    if initial and kept and table.board is None:
        kept = board_text([[token(t) for t in s] for s in table.sets])
    if initial:
        return kept, f"{kept} / . / {new}" if kept and new else kept or new
    return kept, new
