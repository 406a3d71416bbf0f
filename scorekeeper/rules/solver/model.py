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

The search (:class:`_Search`) is a depth-first branch and bound over the
linear relaxation, each node a bound change re-solved by HiGHS's dual
simplex from the last basis. Rummikub relaxations are tight (Den Hertog &
Hulshof), so a handful of nodes usually proves the optimum; the objective
is whole, so a node that cannot beat the best laydown by one is cut. When
the time bound runs out the best laydown found is returned, marked not proven.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Sequence

import highspy
import numpy as np

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


@lru_cache(maxsize=None)
def _arrays(library: tuple[Template, ...]) -> _Arrays:
    matrix = np.zeros((len(library), TILES), dtype=np.int64)
    for i, tpl in enumerate(library):
        for t in tpl.tiles:
            matrix[i, t] += 1
    numbers = np.arange(TILES) % 13 + 1
    return _Arrays(matrix, np.array([len(t.jokers) for t in library]), matrix.sum(axis=1), matrix @ numbers,
                   np.array([t.points for t in library]))


def columns(library: tuple[Template, ...], avail: np.ndarray, table_jokers: Sequence[frozenset],
            rack_jokers: int) -> list[Column]:
    """The columns whose tiles are all available, one per useful assignment of joker sources."""
    arr = _arrays(library)
    fits = np.all(arr.matrix <= avail, axis=1) & (arr.jokers <= rack_jokers + len(table_jokers))
    out = [Column(library[i], i, ()) for i in np.flatnonzero(fits & (arr.jokers == 0))]
    sources = ["R"] * (rack_jokers > 0) + [f"T{i}" for i in range(len(table_jokers))]
    best: dict[tuple, Column] = {}
    for i in np.flatnonzero(fits & (arr.jokers > 0)):
        tpl = library[i]
        for assign in product(sources, repeat=len(tpl.jokers)):
            if assign.count("R") > rack_jokers or any(assign.count(s) > 1 for s in assign if s != "R"):
                continue
            needs_two = any(s != "R" and not (entries & table_jokers[int(s[1])])
                            for s, (entries, _) in zip(assign, tpl.jokers))
            points = sum(p for s, (_, p) in zip(assign, tpl.jokers) if s == "R")
            key = (tpl.tiles, tuple(sorted(assign)))
            old = best.get(key)
            if old is None or (old.needs_two, -old.rack_joker_points) > (needs_two, -points):
                best[key] = Column(tpl, i, assign, needs_two, points)
    return out + list(best.values())


def _matrix(library, cols: list[Column], table: np.ndarray, rack: np.ndarray, table_jokers: int, rack_jokers: int,
            goal: str, initial_meld: int | None):
    """The programme as (dense constraint matrix, costs, column bounds, row bounds)."""
    whole = _arrays(library)
    idx = np.array([c.index for c in cols])
    arr = _Arrays(whole.matrix[idx], whole.jokers[idx], whole.tiles[idx], whole.value[idx], whole.points[idx])
    r_count = np.array([c.sources.count("R") for c in cols])
    rows = [arr.matrix.T]
    lo = [table.astype(float)]
    hi = [(table + rack).astype(float)]
    for k in range(table_jokers):
        rows.append(np.array([[c.sources.count(f"T{k}") for c in cols]]))
        lo.append([1.0])
        hi.append([1.0])
    rows.append(r_count[None, :])
    lo.append([0.0])
    hi.append([float(rack_jokers)])
    if initial_meld is not None:
        rows.append(arr.points[None, :])
        lo.append([float(initial_meld)])
        hi.append([_INF])
    a = np.vstack(rows).astype(float)
    value = arr.value + np.array([c.rack_joker_points for c in cols])
    cost = (arr.tiles + r_count) * TILE_WEIGHT + value if goal == "tiles" else value
    with np.errstate(divide="ignore"):
        room = np.where(arr.matrix > 0, (table + rack)[None, :] // np.maximum(arr.matrix, 1), 2).min(axis=1)
    upper = np.minimum(room, 2).astype(float)
    a, cost, upper, lo, hi = _ct10(cols, a, cost.astype(float), upper, np.concatenate(lo), np.concatenate(hi),
                                   table, r_count)
    return a, cost, np.zeros(len(cost)), upper, lo, hi


def _ct10(cols, a, cost, upper, lo, hi, table, r_count):
    """CT-10 rows: ``z[j, t]`` rack copies of tile ``t`` in set ``j``; ``sum_t z >= need * x_j``,
    ``z <= a * x_j``, and no more rack copies of ``t`` credited than were laid."""
    helpers = [(j, 2 - r_count[j]) for j, c in enumerate(cols) if c.needs_two and r_count[j] < 2]
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
        for t in sorted(set(cols[j].template.tiles)):
            count = cols[j].template.tiles.count(t)
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


def solve_model(library: tuple[Template, ...], cols: list[Column], table: np.ndarray, rack: np.ndarray, table_jokers: int, rack_jokers: int,
                goal: str, initial_meld: int | None, seconds: float) -> Answer:
    """The best choice of sets (see the module docstring)."""
    if not cols:  # nothing can be laid: feasible only when nothing must be
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
    search = _Search(h, list(col_lo), list(col_hi), time.perf_counter() + seconds)
    search.node()
    if search.best is None:
        return Answer((), search.complete, False)
    x = search.best[:len(cols)]
    chosen = tuple(cols[j] for j in np.flatnonzero(x) for _ in range(x[j]))
    return Answer(chosen, search.complete, True)


class _Search:
    """Branch and bound on the linear relaxation, depth first, rounding up first."""

    def __init__(self, h, lower: list, upper: list, deadline: float):
        self.h, self.lower, self.upper, self.deadline = h, lower, upper, deadline
        self.best: np.ndarray | None = None
        self.best_value = -np.inf
        self.complete = True

    def node(self) -> None:
        if time.perf_counter() > self.deadline:
            self.complete = False
            return
        h = self.h
        h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return  # infeasible: no laydown below this node
        bound = h.getInfo().objective_function_value
        if np.floor(bound + 1e-6) <= self.best_value:
            return
        x = np.asarray(h.getSolution().col_value)
        frac = np.abs(x - np.rint(x))
        j = int(np.argmax(frac))
        if frac[j] < 1e-6:
            self.best, self.best_value = np.rint(x).astype(int), float(np.rint(bound))
            return
        lo, hi, v = self.lower[j], self.upper[j], x[j]
        for new_lo, new_hi in ((np.ceil(v), hi), (lo, np.floor(v))):
            if new_lo <= new_hi:
                self.lower[j], self.upper[j] = new_lo, new_hi
                self.h.changeColBounds(j, new_lo, new_hi)
                self.node()
        self.lower[j], self.upper[j] = lo, hi
        self.h.changeColBounds(j, lo, hi)
