"""The best play as an integer programme (after Den Hertog & Hulshof, 2006), solved exactly."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import highspy
import numpy as np

from .copies import most_copies
from .crossings import TILE_WEIGHT, add_crossings
from .grid_cuts import cut_rows
from .highs import new_highs
from .joker_columns import joker_columns
from .library_arrays import library_arrays
from .rows import ct10_rows, other_rows
from .search import OWN_SHARE, Search, finish_with_mip
from .sparse import Coo
from .templates import Template

_INF = highspy.kHighsInf


@dataclass(frozen=True)
class Column:
    template: Template
    index: int  # the template's place in its library
    sources: tuple[str, ...]  # per joker of the template: "R", "T0" or "T1"
    needs_two: bool = False  # CT-10: a table joker changed what it stands for
    rack_joker_points: int = 0  # CT-5 points of the rack's jokers in this set


@dataclass(frozen=True)
class Answer:
    """The sets chosen (with repeats), whether the search proved them best, and whether any play exists."""

    sets: tuple[Column, ...]
    optimal: bool
    feasible: bool
    crossed: tuple[str, ...] = ()  # grid programme: the tiles laid at crossings (CT-9)
    bound: float | None = None  # the objective no play beats (when ``optimal``: the best's)
    support: tuple = ((), ())  # the set columns chosen and how often (to ask for another solution)


@dataclass
class Columns:
    """The programme's set variables as arrays: template index, rack jokers, table jokers used,
    CT-10 flag and the rack jokers' points, one entry per column."""

    index: np.ndarray
    rack: np.ndarray
    table: list[np.ndarray]
    needs_two: np.ndarray
    joker_points: np.ndarray

    def __len__(self) -> int:
        return len(self.index)

    def column(self, library, j: int) -> Column:
        sources = ("R",) * int(self.rack[j]) + tuple(f"T{k}" for k, used in enumerate(self.table) if used[j])
        return Column(
            library[self.index[j]],
            int(self.index[j]),
            sources,
            bool(self.needs_two[j]),
            int(self.joker_points[j]),
        )


def columns(
    library: tuple[Template, ...],
    avail: np.ndarray,
    table_jokers: Sequence[frozenset],
    rack_jokers: int,
    rack: np.ndarray | None = None,
) -> Columns:
    """The columns whose tiles are all available, one per useful assignment of joker sources.

    Without table jokers every joker is the rack's, and of the templates sharing
    tiles (``J R5 R6`` and ``R5 R6 J``) only the one whose jokers count most is kept.
    """
    arr = library_arrays(library)
    fits = np.all(arr.matrix <= avail, axis=1) & (arr.jokers <= rack_jokers + len(table_jokers))
    plain = np.flatnonzero(fits & (arr.jokers == 0))
    if not table_jokers:
        wild = np.flatnonzero(fits & (arr.jokers > 0))
        order = np.lexsort((-arr.joker_points[wild], arr.shape[wild]))
        wild = wild[order]
        wild = wild[np.r_[True, arr.shape[wild][1:] != arr.shape[wild][:-1]]] if len(wild) else wild
        index = np.concatenate([plain, wild]).astype(int)
        zero = np.zeros(len(index), dtype=int)
        return Columns(index, arr.jokers[index], [], zero.astype(bool), arr.joker_points[index])
    # CT-10: how many of each set's number tiles the rack could supply
    held = np.minimum(arr.matrix, rack[None, :]).sum(axis=1) if rack is not None else None
    found, from_rack, uses, needs, points = joker_columns(
        library,
        np.flatnonzero(fits & (arr.jokers > 0)),
        arr.jokers,
        arr.shape,
        table_jokers,
        rack_jokers,
        held,
    )
    index = np.concatenate([plain, found]).astype(int)
    pad = np.zeros(len(plain), dtype=int)
    rack = np.concatenate([pad, from_rack]).astype(int)
    table = [np.concatenate([pad, u]).astype(int) for u in uses]
    needs = np.concatenate([pad.astype(bool), needs])
    points = np.concatenate([pad, points]).astype(int)
    return Columns(index, rack, table, needs, points)


def _matrix(
    library,
    cols: Columns,
    table: np.ndarray,
    rack: np.ndarray,
    table_jokers: int,
    rack_jokers: int,
    goal: str,
    initial_meld: int | None,
    only: set[int],
    crossings: bool = False,
):
    """The programme as (sparse matrix, its dense first rows, costs, column bounds, row bounds,
    CT-10's link rows).

    A set is taken at most as often as :func:`.copies.most_copies` allows."""
    whole = library_arrays(library)
    matrix = whole.matrix[cols.index]
    rows = [matrix.T]
    lo = [table.astype(float)]
    hi = [(table + rack).astype(float)]
    for k in range(table_jokers):
        rows.append(cols.table[k][None, :])
        lo.append([1.0])
        hi.append([1.0])
    rows.append(cols.rack[None, :])
    lo.append([0.0])
    hi.append([float(rack_jokers)])
    if initial_meld is not None:
        rows.append(whole.points[cols.index][None, :])
        lo.append([float(initial_meld)])
        hi.append([_INF])
    base = np.vstack(rows).astype(float)
    a = Coo(base)
    value = whole.value[cols.index] + cols.joker_points
    cost = (whole.tiles[cols.index] + cols.rack) * TILE_WEIGHT + value if goal == "tiles" else value
    upper = most_copies(matrix, table + rack, crossings)
    cost, upper, lo, hi, links = ct10_rows(
        library, cols, a, base, cost.astype(float), upper, np.concatenate(lo), np.concatenate(hi), table, only
    )
    return a, base, cost, np.zeros(len(cost)), upper, lo, hi, links


def solve_model(
    library: tuple[Template, ...],
    cols: Columns,
    table: np.ndarray,
    rack: np.ndarray,
    table_jokers: int,
    rack_jokers: int,
    goal: str,
    initial_meld: int | None,
    seconds: float,
    crossings: bool = False,
    forbid=(),
    at_least: float | None = None,
    cuts=(),
) -> Answer:
    """The best choice of sets (see the module docstring); ``crossings``: the grid programme of
    :mod:`.crossings`, whose answer bounds the best grid play and names its crossing tiles;
    ``forbid``/``at_least``: see :func:`.rows.other_rows`; ``cuts``: see :mod:`.grid_cuts`."""
    if not len(cols):  # nothing can be laid: feasible only when nothing must be
        return Answer((), True, not table.any() and not table_jokers and not initial_meld)
    changed = set(np.flatnonzero(cols.needs_two & (cols.rack < 2)).tolist())
    return _solve_once(
        library,
        cols,
        table,
        rack,
        table_jokers,
        rack_jokers,
        goal,
        initial_meld,
        seconds,
        crossings,
        forbid,
        at_least,
        changed,
        cuts,
    )


def _solve_once(
    library,
    cols,
    table,
    rack,
    table_jokers,
    rack_jokers,
    goal,
    initial_meld,
    seconds,
    crossings,
    forbid,
    at_least,
    only,
    cuts=(),
) -> Answer:
    a, base, cost, col_lo, col_hi, row_lo, row_hi, links = _matrix(
        library, cols, table, rack, table_jokers, rack_jokers, goal, initial_meld, only, crossings
    )
    names: list[str] = []
    if crossings:
        cost, col_lo, col_hi, row_lo, row_hi, names = add_crossings(
            a,
            base,
            cost,
            col_lo,
            col_hi,
            row_lo,
            row_hi,
            table=table,
            rack=rack,
            table_jokers=table_jokers,
            rack_jokers=rack_jokers,
            goal=goal,
            initial_meld=initial_meld,
            links=links,
            joker_uses=cols.table,
        )
        first_cross = a.cols - len(names)
        row_lo, row_hi = other_rows(a, cost, row_lo, row_hi, forbid, at_least)
        cost, col_lo, col_hi, row_lo, row_hi = cut_rows(
            a, cost, col_lo, col_hi, row_lo, row_hi, cuts, names, first_cross
        )
    used = a.used_rows()
    if np.any(row_lo[~used] > 0):
        return Answer((), True, False)  # a table tile (or joker) that no set can hold
    row_lo, row_hi = row_lo[used], row_hi[used]
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = a.cols, int(used.sum())
    lp.col_cost_, lp.col_lower_, lp.col_upper_ = cost, col_lo, col_hi
    lp.row_lower_, lp.row_upper_ = row_lo, row_hi
    lp.sense_ = highspy.ObjSense.kMaximize
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_, lp.a_matrix_.index_, lp.a_matrix_.value_ = a.colwise(used)
    lp.a_matrix_.num_col_, lp.a_matrix_.num_row_ = lp.num_col_, lp.num_row_
    h = new_highs()
    for name, setting in (("threads", 1), ("random_seed", 0), ("presolve", "off")):
        h.setOptionValue(name, setting)
    h.passModel(lp)
    unit = TILE_WEIGHT if goal == "tiles" else 1
    deadline = time.perf_counter() + seconds
    search = Search(
        h, list(col_lo), list(col_hi), min(deadline, time.perf_counter() + seconds * OWN_SHARE), unit
    )
    search.node()
    if not search.complete:  # a hard one: HiGHS's own branch and cut, from the best laydown found
        search = finish_with_mip(h, lp, search, deadline, unit)
    if search.best is None:
        return Answer((), search.complete, False)
    x = search.best[: len(cols)]
    chosen = tuple(cols.column(library, j) for j in np.flatnonzero(x) for _ in range(x[j]))
    tail = search.best[first_cross : first_cross + len(names)] if names else ()
    crossed = tuple(name for name, n in zip(names, tail) for _ in range(int(n)))
    bound = float(cost @ search.best) if search.complete else None
    support = np.flatnonzero(x)
    return Answer(chosen, search.complete, True, crossed, bound, (tuple(support), tuple(x[support])))
