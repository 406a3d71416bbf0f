"""The best play as an integer programme (after Den Hertog & Hulshof, 2006), solved exactly.

Glossary:

- *column*: one template (a legal set, see :mod:`.templates`) with each of
  its jokers given a *source*: the rack (``R``) or one of the jokers already
  on the table (``T0``, ``T1``). Its variable counts how often that set is
  laid (0..2).
- *needs two*: a column in which a table joker stands for something it did
  not stand for before; CT-10 then asks that the set holds two tiles from
  the rack. Such a column gets helper variables saying which of its tiles
  are the rack's.

Rows: for each number tile ``t`` the sets laid use between ``table[t]`` and
``table[t] + rack[t]`` copies (every table tile stays on the table; the rest
come from the rack); each table joker is used exactly once, rack jokers at
most as often as the rack holds them. The objective counts the rack tiles
laid (``goal="tiles"``, ties broken by their value) or their value (CT-5).
The initial meld (CT-6) lays rack tiles only and adds one row: the sets'
value reaches ``initial_meld``.

The search (:class:`~.search.Search`) is a depth-first branch and bound over the
linear relaxation, each node a bound change re-solved by HiGHS's dual
simplex from the last basis. Rummikub relaxations are tight (Den Hertog &
Hulshof), so a handful of nodes usually proves the optimum; the objective
is whole, so a node that cannot beat the best laydown by one is cut. When
the time bound runs out the best laydown found is returned, marked not proven.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

import highspy
import numpy as np

from .search import OWN_SHARE, Search, finish_with_mip
from .templates import Template

TILES = 52
#: ``goal="tiles"`` counts tiles first and breaks ties by value: one tile outweighs any value.
TILE_WEIGHT = 1000
_INF = highspy.kHighsInf


@dataclass(frozen=True)
class Column:
    template: Template
    index: int                   # the template's place in its library
    sources: tuple[str, ...]     # per joker of the template: "R", "T0" or "T1"
    needs_two: bool = False      # CT-10: a table joker changed what it stands for
    rack_joker_points: int = 0   # CT-5 points of the rack's jokers in this set


@dataclass(frozen=True)
class Answer:
    """The sets chosen (with repeats), whether the search proved them best, and whether any play exists."""

    sets: tuple[Column, ...]
    optimal: bool
    feasible: bool


@dataclass(frozen=True)
class _Arrays:
    matrix: np.ndarray       # templates x 52 tile counts
    jokers: np.ndarray       # jokers per template
    tiles: np.ndarray        # number tiles per template
    value: np.ndarray        # CT-5 value of the number tiles
    points: np.ndarray       # CT-5 value of the set in its best reading
    joker_points: np.ndarray  # CT-5 points of its jokers
    shape: np.ndarray        # templates with the same tiles and jokers share a shape


_ARRAYS: dict[int, _Arrays] = {}


def _arrays(library: tuple[Template, ...]) -> _Arrays:
    """The library as arrays, built once per library (libraries live for the process, so their
    ids are stable; hashing a whole library at every call would cost more than the solve)."""
    found = _ARRAYS.get(id(library))
    if found is None:
        found = _ARRAYS[id(library)] = _build_arrays(library)
    return found


def _build_arrays(library: tuple[Template, ...]) -> _Arrays:
    matrix = np.zeros((len(library), TILES), dtype=np.int64)
    for i, tpl in enumerate(library):
        for t in tpl.tiles:
            matrix[i, t] += 1
    numbers = np.arange(TILES) % 13 + 1
    shapes: dict[tuple, int] = {}
    shape = np.array([shapes.setdefault((t.tiles, len(t.jokers)), len(shapes)) for t in library])
    return _Arrays(matrix, np.array([len(t.jokers) for t in library]), matrix.sum(axis=1), matrix @ numbers,
                   np.array([t.points for t in library]), np.array([sum(p for _, p in t.jokers) for t in library]),
                   shape)


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
        return Column(library[self.index[j]], int(self.index[j]), sources, bool(self.needs_two[j]),
                      int(self.joker_points[j]))


def columns(library: tuple[Template, ...], avail: np.ndarray, table_jokers: Sequence[frozenset],
            rack_jokers: int) -> Columns:
    """The columns whose tiles are all available, one per useful assignment of joker sources.

    Without table jokers every joker is the rack's, and of the templates sharing
    tiles (``J R5 R6`` and ``R5 R6 J``) only the one whose jokers count most is kept.
    """
    arr = _arrays(library)
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
    sources = ["R"] * (rack_jokers > 0) + [f"T{i}" for i in range(len(table_jokers))]
    best: dict[tuple, tuple] = {}
    for i in np.flatnonzero(fits & (arr.jokers > 0)):
        tpl = library[i]
        for assign in product(sources, repeat=len(tpl.jokers)):
            if assign.count("R") > rack_jokers or any(assign.count(s) > 1 for s in assign if s != "R"):
                continue
            needs_two = any(s != "R" and not (entries & table_jokers[int(s[1])])
                            for s, (entries, _) in zip(assign, tpl.jokers))
            points = sum(p for s, (_, p) in zip(assign, tpl.jokers) if s == "R")
            key = (arr.shape[i], tuple(sorted(assign)))
            old = best.get(key)
            if old is None or (old[2], -old[3]) > (needs_two, -points):
                best[key] = (i, assign, needs_two, points)
    found = list(best.values())
    index = np.concatenate([plain, np.array([f[0] for f in found], dtype=int)]).astype(int)
    pad = np.zeros(len(plain), dtype=int)
    rack = np.concatenate([pad, np.array([f[1].count("R") for f in found], dtype=int)])
    table = [np.concatenate([pad, np.array([f[1].count(f"T{k}") for f in found], dtype=int)])
             for k in range(len(table_jokers))]
    needs = np.concatenate([pad.astype(bool), np.array([f[2] for f in found], dtype=bool)])
    points = np.concatenate([pad, np.array([f[3] for f in found], dtype=int)])
    return Columns(index, rack, table, needs, points)


def _matrix(library, cols: Columns, table: np.ndarray, rack: np.ndarray, table_jokers: int, rack_jokers: int,
            goal: str, initial_meld: int | None):
    """The programme as (dense constraint matrix, costs, column bounds, row bounds)."""
    whole = _arrays(library)
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
    a = np.vstack(rows).astype(float)
    value = whole.value[cols.index] + cols.joker_points
    cost = (whole.tiles[cols.index] + cols.rack) * TILE_WEIGHT + value if goal == "tiles" else value
    with np.errstate(divide="ignore"):
        room = np.where(matrix > 0, (table + rack)[None, :] // np.maximum(matrix, 1), 2).min(axis=1)
    upper = np.minimum(room, 2).astype(float)
    a, cost, upper, lo, hi = _ct10(library, cols, a, cost.astype(float), upper, np.concatenate(lo),
                                   np.concatenate(hi), table)
    return a, cost, np.zeros(len(cost)), upper, lo, hi


def _ct10(library, cols: Columns, a, cost, upper, lo, hi, table):
    """CT-10 rows: ``z[j, t]`` rack copies of tile ``t`` in set ``j``; ``sum_t z >= need * x_j``,
    ``z <= a * x_j``, and no more rack copies of ``t`` credited than were laid."""
    helpers = [(j, 2 - cols.rack[j]) for j in np.flatnonzero(cols.needs_two) if cols.rack[j] < 2]
    if not helpers:
        return a, cost, upper, lo, hi
    n = len(cols)
    extra_rows, extra_cols = [], []   # rows as dicts {column: coef}; helper columns appended after x
    new_lo, new_hi, z_upper = [], [], []
    per_tile: dict[int, dict] = {}
    for j, need in helpers:
        link = {j: -float(need)}
        extra_rows.append(link)
        new_lo.append(0.0)
        new_hi.append(_INF)
        tiles = library[cols.index[j]].tiles
        for t in sorted(set(tiles)):
            count = tiles.count(t)
            z = n + len(extra_cols)
            extra_cols.append(z)
            z_upper.append(float(count))
            link[z] = 1.0
            extra_rows.append({j: -float(count), z: 1.0})
            new_lo.append(-_INF)
            new_hi.append(0.0)
            if t not in per_tile:
                per_tile[t] = {i: -float(a[t, i]) for i in range(n) if a[t, i]}
                extra_rows.append(per_tile[t])
                new_lo.append(-_INF)
                new_hi.append(-float(table[t]))
            per_tile[t][z] = 1.0
    width = n + len(extra_cols)
    grown = np.zeros((a.shape[0] + len(extra_rows), width))
    grown[:a.shape[0], :n] = a
    for r, row in enumerate(extra_rows, a.shape[0]):
        for col, v in row.items():
            grown[r, col] = v
    return (grown, np.concatenate([cost, np.zeros(len(extra_cols))]), np.concatenate([upper, z_upper]),
            np.concatenate([lo, new_lo]), np.concatenate([hi, new_hi]))


def solve_model(library: tuple[Template, ...], cols: Columns, table: np.ndarray, rack: np.ndarray,
                table_jokers: int, rack_jokers: int, goal: str, initial_meld: int | None,
                seconds: float) -> Answer:
    """The best choice of sets (see the module docstring)."""
    if not len(cols):  # nothing can be laid: feasible only when nothing must be
        return Answer((), True, not table.any() and not table_jokers and not initial_meld)
    a, cost, col_lo, col_hi, row_lo, row_hi = _matrix(library, cols, table, rack, table_jokers, rack_jokers, goal,
                                                       initial_meld)
    used = np.any(a != 0, axis=1)
    if np.any(row_lo[~used] > 0):
        return Answer((), True, False)  # a table tile (or joker) that no set can hold
    a, row_lo, row_hi = a[used], row_lo[used], row_hi[used]
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = a.shape[1], a.shape[0]
    lp.col_cost_, lp.col_lower_, lp.col_upper_ = cost, col_lo, col_hi
    lp.row_lower_, lp.row_upper_ = row_lo, row_hi
    lp.sense_ = highspy.ObjSense.kMaximize
    csc = a.T
    nz = csc != 0
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.concatenate([[0], np.cumsum(nz.sum(axis=1))]).astype(np.int32)
    lp.a_matrix_.index_ = np.nonzero(nz)[1].astype(np.int32)
    lp.a_matrix_.value_ = csc[nz].astype(float)
    lp.a_matrix_.num_col_, lp.a_matrix_.num_row_ = lp.num_col_, lp.num_row_
    h = highspy.Highs()
    h.silent()
    for name, setting in (("threads", 1), ("random_seed", 0), ("presolve", "off")):
        h.setOptionValue(name, setting)
    h.passModel(lp)
    unit = TILE_WEIGHT if goal == "tiles" else 1
    deadline = time.perf_counter() + seconds
    search = Search(h, list(col_lo), list(col_hi), min(deadline, time.perf_counter() + seconds * OWN_SHARE), unit)
    search.node()
    if not search.complete:  # a hard one: HiGHS's own branch and cut, from the best laydown found
        search = finish_with_mip(h, lp, search, deadline, unit)
    if search.best is None:
        return Answer((), search.complete, False)
    x = search.best[:len(cols)]
    chosen = tuple(cols.column(library, j) for j in np.flatnonzero(x) for _ in range(x[j]))
    return Answer(chosen, search.complete, True)
