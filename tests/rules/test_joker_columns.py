"""The joker columns built with arrays (:mod:`~scorekeeper.rules.solver.joker_columns`) are the
columns the old loop over templates and assignments built, in the same order (issue 18, CT-10)."""

from itertools import product

import numpy as np
import pytest

from scorekeeper.rules.solver.library_arrays import library_arrays
from scorekeeper.rules.solver.model import columns
from scorekeeper.rules.solver.templates import library, tile_index
from scorekeeper.rules.solver.tile_engine import options_of, switches_of


def _loop(lib, avail, table_jokers, rack_jokers, rack):
    """The loop the arrays replaced (the old ``columns`` with table jokers), as the reference."""
    arr = library_arrays(lib)
    fits = np.all(arr.matrix <= avail, axis=1) & (arr.jokers <= rack_jokers + len(table_jokers))
    sources = ["R"] * (rack_jokers > 0) + [f"T{i}" for i in range(len(table_jokers))]
    held = np.minimum(arr.matrix, rack[None, :]).sum(axis=1) if rack is not None else None
    assignments = {
        n: [
            a
            for a in product(sources, repeat=n)
            if a.count("R") <= rack_jokers and len({x for x in a if x != "R"}) == n - a.count("R")
        ]
        for n in (1, 2)
    }
    best = {}
    for i in np.flatnonzero(fits & (arr.jokers > 0)).tolist():
        slots = lib[i].jokers
        fit = [[bool(entries & tj) for tj in table_jokers] for entries, _ in slots]
        for assign in assignments[len(slots)]:
            uses = [(slot, int(src[1])) for slot, src in enumerate(assign) if src != "R"]
            needs_two = not all(fit[slot][k] for slot, k in uses)
            if needs_two and held is not None and held[i] + assign.count("R") < 2:
                continue
            points = sum(p for src, (_, p) in zip(assign, slots) if src == "R")
            key = (int(arr.shape[i]), tuple(sorted(assign)), needs_two)
            old = best.get(key)
            if old is None or old[3] < points:
                best[key] = (i, assign, needs_two, points)
    # issue 34: one that needs two is kept beside the one that does not when it counts more
    return [
        (i, a.count("R"), tuple(a.count(f"T{k}") for k in range(len(table_jokers))), n, p)
        for (shape, sources, _), (i, a, n, p) in best.items()
        if not n or p > best.get((shape, sources, False), (0, 0, 0, -1))[3]
    ]


def _counts(tokens: str) -> np.ndarray:
    counts = np.zeros(52, dtype=np.int64)
    for t in tokens.split():
        counts[tile_index(t[0], int(t[1:]))] += 1
    return counts


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
@pytest.mark.parametrize(
    ("table", "rack", "table_jokers", "rack_jokers"),
    [
        ("R4 R5 R6 B5 K5 G5 K7 K8 K9", "R7 B6 B7 K6 G8 G9", [frozenset({"R7", "R3"})], 0),
        ("R4 R5 R6 B5 K5 G5 K7 K8 K9", "R7 B6 B7 K6 G8 G9", [frozenset({"R7"}), frozenset({"B5", "K5"})], 0),
        ("R4 R5 R6 B5 K5 G5 K7 K8 K9", "R7 B6 B7 K6 G8 G9", [frozenset({"G5"})], 1),
        (
            "B1 B2 B3 B10 B11 B12 B13 K13 G13",
            "R13 K10 K11 K12 B9 G1",
            [frozenset({"B9", "B4"}), frozenset()],
            0,
        ),
    ],
)
def test_the_arrays_give_the_loops_columns_in_its_order(variant, table, rack, table_jokers, rack_jokers):
    lib = library(switches_of(options_of(variant, {})))
    t, r = _counts(table), _counts(rack)
    cols = columns(lib, t + r, table_jokers, rack_jokers, r)
    wild = np.flatnonzero(library_arrays(lib).jokers[cols.index] > 0)
    got = [
        (
            int(cols.index[j]),
            int(cols.rack[j]),
            tuple(int(x[j]) for x in cols.table),
            bool(cols.needs_two[j]),
            int(cols.joker_points[j]),
        )
        for j in wild
    ]
    want = _loop(lib, t + r, table_jokers, rack_jokers, r)
    assert want and got == want
