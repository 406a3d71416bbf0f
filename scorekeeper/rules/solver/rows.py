"""Rows added to the set programme of :mod:`.model`: CT-10's helpers and "another solution"."""

from __future__ import annotations

import highspy
import numpy as np

from .sparse import Coo

_INF = highspy.kHighsInf


def ct10_rows(library, cols, a: Coo, base: np.ndarray, cost, upper, lo, hi, table, only: set[int]):
    """CT-10 rows for the sets in ``only``: ``z[j, t]`` rack copies of tile ``t`` in set ``j``;
    ``sum_t z >= need * x_j``, ``z <= a * x_j``, and no more rack copies of ``t`` credited than laid."""
    helpers = [(j, 2 - cols.rack[j]) for j in sorted(only)]
    if not helpers:
        return cost, upper, lo, hi
    r, c, v = [], [], []
    new_lo, new_hi, z_upper = [], [], []
    per_tile: dict[int, int] = {}

    def row(low, high) -> int:
        new_lo.append(low)
        new_hi.append(high)
        return a.rows + len(new_lo) - 1

    def col(bound) -> int:
        z_upper.append(bound)
        return a.cols + len(z_upper) - 1

    for j, need in helpers:
        link = row(0.0, _INF)
        r.append(link), c.append(j), v.append(-float(need))
        tiles = library[cols.index[j]].tiles
        for t in sorted(set(tiles)):
            count = tiles.count(t)
            z = col(float(count))
            cap = row(-_INF, 0.0)
            r += [link, cap, cap]
            c += [z, j, z]
            v += [1.0, -float(count), 1.0]
            if t not in per_tile:
                per_tile[t] = row(-_INF, -float(table[t]))
                users = np.flatnonzero(base[t])
                r += [per_tile[t]] * len(users)
                c += list(users)
                v += list(-base[t, users].astype(float))
            r.append(per_tile[t]), c.append(z), v.append(1.0)
    a.new_rows(len(new_lo))
    a.new_cols(len(z_upper))
    a.add(r, c, v)
    return (np.concatenate([cost, np.zeros(len(z_upper))]), np.concatenate([upper, z_upper]),
            np.concatenate([lo, new_lo]), np.concatenate([hi, new_hi]))


def other_rows(a: Coo, cost, row_lo, row_hi, forbid, at_least):
    """Rows asking for another solution (a search, never a bound): per ``(sets, counts)`` of
    ``forbid`` one set fewer than before, and an objective of at least ``at_least``."""
    lo, hi = [], []
    for chosen, counts in forbid:
        a.add([a.rows + len(lo)] * len(chosen), list(chosen), [1.0] * len(chosen))
        lo.append(-_INF)
        hi.append(float(sum(counts)) - 1.0)
    if at_least is not None:
        nz = np.flatnonzero(cost)
        a.add([a.rows + len(lo)] * len(nz), nz, cost[nz])
        lo.append(at_least)
        hi.append(_INF)
    a.new_rows(len(lo))
    return np.append(row_lo, lo), np.append(row_hi, hi)
