"""Rows added to the set programme of :mod:`.model`: CT-10's helpers and "another solution"."""

from __future__ import annotations

import highspy
import numpy as np

from .sparse import Coo

_INF = highspy.kHighsInf


def ct10_rows(library, cols, a: Coo, base: np.ndarray, cost, upper, lo, hi, table, only: set[int]):
    """CT-10 rows for the sets in ``only``: ``z[j, t]`` rack copies of tile ``t`` in set ``j``;
    ``sum_t z >= need * x_j``, ``z <= a * x_j``, and no more rack copies of ``t`` credited than laid.

    A tile the table does not hold can only come from the rack, so its ``z`` is
    ``a * x_j`` outright and needs no helper; a set with ``need`` such tiles
    needs no row at all (the same programme, far fewer rows on joker tables).
    Built with arrays: link rows (one per set), cap rows (one per helper),
    then one row per tile the helpers share. Also returns the link rows as ``(rows, sets, need)``
    (the grid programme relaxes them where the set's table joker crosses, :mod:`.crossings`).
    """
    none = (np.zeros(0, dtype=np.int64),) * 3
    sets = np.array(sorted(only), dtype=np.int64)
    if not len(sets):
        return cost, upper, lo, hi, none
    counts = base[:52, sets].T  # the sets' tiles, one row per set
    held = table > 0
    need = 2 - cols.rack[sets] - counts[:, ~held].sum(axis=1)
    keep = need > 0  # the others' own tiles are the rack's
    sets, counts, need = sets[keep], counts[keep], need[keep]
    pair_set, tile = np.nonzero(counts * held[None, :])
    if not len(sets):
        return cost, upper, lo, hi, none
    n_sets, n_pairs = len(sets), len(tile)
    shared, tile_row = np.unique(tile, return_inverse=True)
    link = a.rows + np.arange(n_sets)
    cap = a.rows + n_sets + np.arange(n_pairs)
    per_tile = a.rows + n_sets + n_pairs + np.arange(len(shared))
    z = a.cols + np.arange(n_pairs)
    count = counts[pair_set, tile].astype(float)
    a.add(link, sets, -need.astype(float))  # -need * x_j
    a.add(link[pair_set], z, np.ones(n_pairs))  # + sum_t z
    a.add(cap, sets[pair_set], -count)  # z <= a * x_j
    a.add(cap, z, np.ones(n_pairs))
    users_t, users = np.nonzero(base[shared])  # sum_j z <= laid - table
    a.add(per_tile[users_t], users, -base[shared][users_t, users])
    a.add(per_tile[tile_row], z, np.ones(n_pairs))
    a.new_rows(n_sets + n_pairs + len(shared))
    a.new_cols(n_pairs)
    new_lo = np.concatenate([np.zeros(n_sets), np.full(n_pairs, -_INF), np.full(len(shared), -_INF)])
    new_hi = np.concatenate([np.full(n_sets, _INF), np.zeros(n_pairs), -table[shared].astype(float)])
    return (
        np.concatenate([cost, np.zeros(n_pairs)]),
        np.concatenate([upper, count]),
        np.concatenate([lo, new_lo]),
        np.concatenate([hi, new_hi]),
        (link, sets, need),
    )


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
