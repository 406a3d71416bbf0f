"""Best play in the tile games: the legal turn that lays the most rack tiles (or value)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import numpy as np

from ..errors import RulesError, refuse_all
from ..reasons import say
from .best_play import BestPlay
from .grid_solve import grid_best
from .joker_readings import joker_entries, read_jokers
from .library_arrays import NUMBERS, TILES
from .model import Answer, columns, solve_model
from .table_order import legal_order
from .templates import library, tile_index, tile_token
from .tile_engine import (
    TileTable,
    board_lines,
    board_text,
    judge_table,
    options_of,
    read_rack,
    read_table,
    supply_reasons,
    switches_of,
    token,
)
from .turn_core import judge_turn

#: seconds HiGHS may search before answering "best found, not proven"
DEFAULT_SECONDS = 2.0
GOALS = ("tiles", "value")


def _counts(tiles) -> tuple[np.ndarray, int]:
    counts = np.zeros(TILES, dtype=np.int64)
    for t in tiles:
        if not t.wild:
            counts[tile_index(t.suit, t.rank)] += 1
    return counts, sum(t.wild for t in tiles)


def _play(answer: Answer, table: np.ndarray) -> tuple[list[str], int]:
    laid = np.zeros(TILES, dtype=np.int64)
    for col in answer.sets:
        for t in col.template.tiles:
            laid[t] += 1
    played = laid - table
    tokens = [tile_token(i) for i in range(TILES) for _ in range(int(played[i]))]
    value = int(NUMBERS @ np.maximum(played, 0))
    jokers = sum(col.sources.count("R") for col in answer.sets)
    value += sum(col.rack_joker_points for col in answer.sets)
    return tokens + ["J"] * jokers, value


def _ordered(sets: list[tuple[str, ...]], before: tuple[tuple[str, ...], ...]) -> list[tuple[str, ...]]:
    """The sets after the turn, those left as they were first (in the table's order)."""
    left = list(sets)
    kept = []
    for s in before:
        if s in left:
            left.remove(s)
            kept.append(s)
    return kept + left


def _answer(
    variant,
    goal,
    initial,
    opts,
    answer: Answer,
    table_counts,
    before,
    kept: TileTable | None = None,
    notes=(),
) -> BestPlay:
    """The play, its value and the table after; ``kept``: the table left as it lies, new sets beside it."""
    play, value = _play(answer, table_counts)
    new = [col.template.tokens for col in answer.sets]
    if kept is None:
        sets, board = _ordered(new, before), None
    elif kept.board is not None:
        sets = list(board_lines(kept)) + new
        board = kept.text() + (" / . / " + board_text([list(s) for s in new]) if new else "")
    else:
        sets, board = list(before) + new, None
    if opts["grid"] and board is None:
        board = board_text([list(s) for s in sets])
    return BestPlay(
        variant, goal, initial, value, tuple(play), tuple(sets), answer.optimal, board, tuple(notes)
    )


def solve_tiles(
    variant: str,
    rack_text: Any,
    table_text: Any = None,
    *,
    goal: str = "tiles",
    initial: bool = False,
    seconds: float = DEFAULT_SECONDS,
    options=None,
) -> BestPlay:
    """The best legal turn for ``rack_text`` on ``table_text`` (see the module docstring)."""
    if goal not in GOALS:
        raise RulesError(say("tt.goal", goal=repr(goal)))
    opts = options_of(variant, options)
    rack, table = read_rack(rack_text), read_table(variant, table_text, opts)
    table = legal_order(table, switches_of(opts))  # a table set may be typed in any order
    refuse_all(supply_reasons(rack + table.tiles, "CT-1", "the table and rack hold"))
    sw = switches_of(opts)
    rack_counts, rack_jokers = _counts(rack)
    table_counts, _ = _counts(table.tiles)
    library(sw)  # built once per process: not part of this position's time
    start = time.perf_counter()
    jokers = [] if initial else joker_entries(table, sw)
    # the programme's columns, built once: the row answer and the grid's bound share them
    # on the grid a set holding a table joker taken back may lean on a crossing line for its two
    # rack tiles (CT-10), so no such set is left out for want of them
    held = None if opts["grid"] else rack_counts
    cols = columns(
        library(sw), rack_counts if initial else table_counts + rack_counts, jokers, rack_jokers, held
    )
    row = _in_rows(
        variant, goal, initial, opts, table, sw, rack_counts, rack_jokers, table_counts, seconds, cols, jokers
    )
    if not opts["grid"]:
        return _valued(row, variant, table, rack, opts)
    best = grid_best(
        row,
        variant=variant,
        goal=goal,
        initial=initial,
        opts=opts,
        table=table,
        rack_text=" ".join(token(t) for t in rack),
        sw=sw,
        table_counts=table_counts,
        rack_counts=rack_counts,
        rack_jokers=rack_jokers,
        cols=cols,
        jokers=jokers,
        threshold=opts["initial_meld"] if initial else None,
        seconds=max(seconds / 2, seconds - (time.perf_counter() - start)),
    )
    return _valued(best, variant, table, rack, opts)


def _valued(best: BestPlay, variant, table: TileTable, rack, opts) -> BestPlay:
    """The play valued as the turn checker values it (CT-1: a rack joker in its reading worth the
    most; CT-5). The programme's value of a set with a rack joker is its jokers' best points slot
    by slot, which two jokers in one set may not reach together; a goal of value is then proved
    only when the two agree (issue 34)."""
    if "J" not in best.play:
        return best
    after = best.board if best.board is not None else " | ".join(" ".join(s) for s in best.table)
    if not any(t.wild for t in table.tiles):  # every joker is the rack's: the checker's sum, read at once
        jokers = read_jokers(read_table(variant, after, opts), switches_of(opts))
        numbers = sum(int(t[1:]) for t in best.play if t != "J")
        value = numbers + jokers.value(set(range(len(jokers))))
    else:
        rack_text = " ".join(map(token, rack))
        verdict = judge_turn(
            variant, table.text() or None, rack_text, after, best.initial, {**opts, "must_play": "C"}
        )
        value = verdict.extra["value"]
    if value == best.value:
        return best
    if best.goal == "value" and best.optimal:
        note = say("tt.value_unproved", most=best.value)
        return replace(best, value=value, optimal=False, bound=best.value, notes=(*best.notes, note))
    return replace(best, value=value)


def _in_rows(
    variant,
    goal,
    initial,
    opts,
    table: TileTable,
    sw,
    rack_counts,
    rack_jokers,
    table_counts,
    seconds,
    cols,
    jokers,
) -> BestPlay:
    """The best play whose sets are laid one per row (a grid's crossings come in :mod:`.grid_solve`);
    ``cols``: the programme's columns for this turn, ``jokers``: what the table's jokers stand for."""
    before = tuple(tuple(token(t) for t in s) for s in table.sets)
    if initial:  # CT-6: new sets of rack tiles only, worth initial_meld
        return _beside(
            variant,
            goal,
            True,
            opts,
            table,
            before,
            sw,
            rack_counts,
            rack_jokers,
            seconds,
            opts["initial_meld"],
            cols,
        )
    answer = solve_model(
        library(sw), cols, table_counts, rack_counts, len(jokers), rack_jokers, goal, None, seconds
    )
    if answer.feasible:
        if answer.optimal and not _play(answer, table_counts)[0] and _legal(variant, table, opts):
            return _answer(
                variant, goal, False, opts, Answer((), True, True), table_counts, before, kept=table
            )
        return _answer(variant, goal, False, opts, answer, table_counts, before)
    if table.board is not None and _legal(variant, table, opts):
        note = (say("tt.board_kept"),)
        played = _beside(
            variant, goal, False, opts, table, before, sw, rack_counts, rack_jokers, seconds, None
        )
        return replace(played, optimal=False, notes=note)
    if not answer.optimal and _legal(variant, table, opts):
        # out of time before any laydown: the table as it lies, the rack's own sets beside it
        note = (say("tt.out_of_time"),)
        beside = _beside(
            variant, goal, False, opts, table, before, sw, rack_counts, rack_jokers, seconds / 4, None
        )
        return replace(beside, optimal=False, notes=note)
    if not answer.optimal:
        raise RulesError(say("tt.no_arrangement"))
    reasons = judge_table(variant, table, opts).reasons
    raise RulesError(
        say("tt.table_illegal_because", reasons=tuple(reasons)) if reasons else say("tt.table_illegal")
    )


def _beside(
    variant,
    goal,
    initial,
    opts,
    table: TileTable,
    before,
    sw,
    rack_counts,
    rack_jokers,
    seconds,
    threshold,
    cols=None,
) -> BestPlay:
    """New sets of rack tiles only, the table left as it lies (CT-6 when ``threshold`` is set);
    ``cols``: the rack's columns when already built."""
    zero = np.zeros(TILES, dtype=np.int64)
    cols = columns(library(sw), rack_counts, [], rack_jokers) if cols is None else cols
    answer = solve_model(library(sw), cols, zero, rack_counts, 0, rack_jokers, goal, threshold, seconds)
    if not answer.feasible:  # CT-6: no laydown reaches initial_meld, so the best play is to draw
        answer = Answer((), answer.optimal, True)
    return _answer(variant, goal, initial, opts, answer, zero, before, kept=table)


def _legal(variant, table: TileTable, opts) -> bool:
    return not table.tiles or judge_table(variant, table, opts).valid
