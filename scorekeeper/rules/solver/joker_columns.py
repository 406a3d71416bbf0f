"""The programme's joker columns when the table holds jokers (CT-10), built with arrays.

Each template with jokers gets one column per useful *assignment* of joker
sources (the rack ``R``, or table joker ``T0``/``T1``). A column *needs two*
when a table joker in it stands for something it could not stand for before
(CT-10: then the set must hold two tiles from the rack). Of the columns with
the same tiles, jokers and sources only the best is kept: the one that needs
no two with the most points for the rack's jokers, and beside it the one that
needs two when it counts more (a rack joker's higher reading, CT-1: the model
never counts a play for less than the checker does); then the first met
(template order, then assignment order); the kept columns come in the order
their key was first met.

This is :func:`.model.columns`'s loop over templates and assignments done at
once for all templates; it gives the same columns in the same order
(``tests/rules/test_joker_columns.py`` compares the two).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import numpy as np

_SLOTS: dict[int, tuple[np.ndarray, dict[str, tuple[np.ndarray, np.ndarray]]]] = {}


def _slots(library) -> tuple[np.ndarray, dict[str, tuple[np.ndarray, np.ndarray]]]:
    """Per library (built once): each joker slot's points, ``(templates, 2)``, and per entry the
    (template, slot) pairs whose joker may stand for it."""
    found = _SLOTS.get(id(library))
    if found is None:
        points = np.zeros((len(library), 2), dtype=np.int64)
        where: dict[str, tuple[list[int], list[int]]] = {}
        for i, tpl in enumerate(library):
            for slot, (entries, p) in enumerate(tpl.jokers):
                points[i, slot] = p
                for e in entries:
                    where.setdefault(e, ([], []))
                    where[e][0].append(i)
                    where[e][1].append(slot)
        found = _SLOTS[id(library)] = (points, {e: (np.array(i), np.array(s)) for e, (i, s) in where.items()})
    return found


def _assignments(rack_jokers: int, table_jokers: int) -> dict[int, list[tuple[str, ...]]]:
    """Per number of jokers in a set: the source of each, every table joker used at most once."""
    sources = ["R"] * (rack_jokers > 0) + [f"T{i}" for i in range(table_jokers)]
    return {
        n: [
            a
            for a in product(sources, repeat=n)
            if a.count("R") <= rack_jokers and len({x for x in a if x != "R"}) == n - a.count("R")
        ]
        for n in (1, 2)
    }


def joker_columns(
    library,
    candidates: np.ndarray,
    jokers: np.ndarray,
    shape: np.ndarray,
    table_jokers: Sequence[frozenset],
    rack_jokers: int,
    held: np.ndarray | None,
):
    """``(template, rack jokers, uses of each table joker, needs two, rack jokers' points)`` per kept
    column, as arrays; ``candidates``: the templates with jokers whose tiles are all available,
    ``jokers``/``shape``: the library's jokers per template and shape ids, ``held``: per template
    how many of its number tiles the rack could supply (None: no CT-10 pruning)."""
    points, where = _slots(library)
    fit = _fit(table_jokers, len(library), where)
    parts, sorted_ids = _parts(
        candidates, jokers, points, fit, _assignments(rack_jokers, len(table_jokers)), held
    )
    if not parts or not sum(len(p[0]) for p in parts):
        none = np.zeros(0, dtype=int)
        return none, none, [none] * len(table_jokers), none.astype(bool), none
    return _winners(parts, shape, len(sorted_ids), len(table_jokers))


def _fit(table_jokers: Sequence[frozenset], templates: int, where) -> np.ndarray:
    """Per table joker, template and joker slot: whether that joker may stand there."""
    fit = np.zeros((len(table_jokers), templates, 2), dtype=bool)
    for k, tj in enumerate(table_jokers):
        for e in tj:
            if e in where:
                fit[k][where[e]] = True
    return fit


def _parts(candidates, jokers, points, fit, assignments, held):
    """Per joker count and assignment: (templates kept, assignment number in its list, assignment,
    needs two, rack jokers' points, sorted id), and the sorted ids met."""
    sorted_ids: dict[tuple[str, ...], int] = {}
    parts = []
    for n in (1, 2):
        tpl = candidates[jokers[candidates] == n]
        for number, a in enumerate(assignments[n]):
            needs = np.zeros(len(tpl), dtype=bool)
            for slot, src in enumerate(a):
                if src != "R":
                    needs |= ~fit[int(src[1])][tpl, slot]
            from_rack = a.count("R")
            keep = (
                ~(needs & (held[tpl] + from_rack < 2)) if held is not None else np.ones(len(tpl), dtype=bool)
            )
            pts = sum(
                (points[tpl, slot] for slot, src in enumerate(a) if src == "R"), np.zeros(len(tpl), np.int64)
            )
            sid = sorted_ids.setdefault(tuple(sorted(a)), len(sorted_ids))
            parts.append((tpl[keep], number, a, needs[keep], pts[keep], sid))
    return parts, sorted_ids


def _winners(parts, shape, sorted_count: int, table_count: int):
    """One column per shape, sorted assignment and need of two (the best points; one that needs two
    only when it counts more), in the order the keys were first met."""
    index = np.concatenate([p[0] for p in parts])
    which = np.concatenate([np.full(len(p[0]), m) for m, p in enumerate(parts)])
    seq = index * 16 + np.concatenate([np.full(len(p[0]), p[1]) for p in parts])
    needs = np.concatenate([p[3] for p in parts])
    pts = np.concatenate([p[4] for p in parts])
    base = shape[index] * sorted_count + np.concatenate([np.full(len(p[0]), p[5]) for p in parts])
    key = base * 2 + needs  # the best that needs no two, and the best that does
    order = np.lexsort((seq, -pts, key))
    first = np.r_[True, key[order][1:] != key[order][:-1]]
    winners = order[first]
    # the keys in the order they were first met (the loop's dictionary order)
    starts = np.flatnonzero(first)
    met = np.minimum.reduceat(seq[order], starts)
    winners = winners[np.argsort(met, kind="stable")]
    # one that needs two is kept only when it counts more than the one that does not (CT-1)
    free = dict(zip(base[winners][~needs[winners]].tolist(), pts[winners][~needs[winners]].tolist()))
    winners = winners[
        [not n or p > free.get(b, -1) for b, n, p in zip(base[winners], needs[winners], pts[winners])]
    ]
    # per part: its assignment's rack jokers and uses of each table joker
    rack = np.array([p[2].count("R") for p in parts])[which[winners]]
    table = [np.array([p[2].count(f"T{k}") for p in parts])[which[winners]] for k in range(table_count)]
    return index[winners], rack, table, needs[winners], pts[winners]
