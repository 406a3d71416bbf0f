"""Valid cuts for the grid programme (CT-9): away with choices whose crossings no board can hold.

When the programme's sets and crossings cannot be paired (:mod:`.grid_pairing`),
a *core* of its crossings already cannot be paired among the sets that hold a
core tile (``H``). No choice that takes, of the sets in ``H``, at most as many
of each as this one and has at least the core's crossings can be paired
either: fewer sets and more crossings only make pairing harder. So every legal
board's programme solution satisfies

    sum_{j in H, x_j = 0} x'_j + sum_{j in H, 0 < x_j < upper_j} y_j + sum_{t in core} w_t >= 1

with ``0 <= y_j <= min(1, x'_j - x_j)`` and ``0 <= w_t <= min(1, core_t - c'_t)``
(``c'_t``: the crossings of tile ``t``). The cut keeps the programme a bound,
so its optimum with cuts is still "at most this many tiles".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

_INF = float("inf")


@dataclass(frozen=True)
class Cut:
    sets: tuple[int, ...]  # the set columns holding a core tile (H)
    chosen: tuple[int, ...]  # how often the cut-away choice took each
    core: tuple[tuple[str, int], ...]  # the core's tiles ("J": a joker) and crossings
    most: tuple[tuple[str, int], ...] | None = None  # a layout core: the choice's crossings, every tile


def make_cut(cols, library, support, core: Counter, most: Counter | None = None) -> Cut:
    """The cut for ``core`` of the choice ``support`` ((columns, counts), see :class:`.model.Answer`).
    ``most`` (a core that no board of the choice's sets can lay out, :mod:`.grid_geometry`): the
    choice's crossings per tile; ``H`` is then every set column, and the cut also keeps every
    choice with more crossings of some tile (``+ sum_t v_t``, ``v_t <= c'_t - most_t``)."""
    wanted = set(core)
    holds = [j for j in range(len(cols)) if most is not None or wanted & set(library[cols.index[j]].tokens)]
    taken = dict(zip(*support))
    cut = Cut(tuple(holds), tuple(int(taken.get(j, 0)) for j in holds), tuple(sorted(core.items())))
    return cut if most is None else Cut(cut.sets, cut.chosen, cut.core, tuple(sorted(most.items())))


def cut_rows(a, cost, col_lo, col_hi, row_lo, row_hi, cuts, names: list[str], first_cross: int):
    """The rows (and helper columns ``y``, ``w``, ``v``, whole and in [0, 1]: the search branches
    on every column) of ``cuts`` added to the programme ``a``; ``names``: the crossing columns'
    tiles, from column ``first_cross``. Each helper may be 1 only when its choice differs from the
    cut-away one, and never forces anything when 0."""
    rows: list[tuple[list[int], list[float], float]] = []  # (columns, coefficients, upper); lower -inf
    mains, aux = [], 0

    def helper(cols_, coefs, upper) -> int:
        nonlocal aux
        col = a.cols + aux
        aux += 1
        rows.append(([col, *cols_], [*coefs], upper))
        return col

    crossing = {t: [first_cross + k for k, name in enumerate(names) if name == t] for t in set(names)}
    for cut in cuts:
        terms = [j for j, x in zip(cut.sets, cut.chosen) if x == 0]
        for j, x in zip(cut.sets, cut.chosen):
            if 0 < x < col_hi[j]:  # (x_j + 1) y_j <= x'_j: y_j = 1 only with more of set j
                terms.append(helper([j], [x + 1.0, -1.0], 0.0))
        for tile, count in cut.core:  # c'_t + (most - core_t + 1) w_t <= most: w_t = 1 only below the core
            cols_ = crossing.get(tile, [])
            top = float(sum(col_hi[c] for c in cols_))
            terms.append(helper(cols_, [top - count + 1.0] + [1.0] * len(cols_), top))
        most = dict(cut.most or ())
        for tile in sorted(crossing) if cut.most is not None else ():  # (most_t + 1) v_t <= c'_t
            cols_ = crossing[tile]
            terms.append(helper(cols_, [most.get(tile, 0) + 1.0] + [-1.0] * len(cols_), 0.0))
        mains.append(terms)
    first_row = a.rows
    for n, terms in enumerate(mains):
        a.add([first_row + n] * len(terms), terms, [1.0] * len(terms))
    for n, (cols_, coefs, _) in enumerate(rows):
        a.add([first_row + len(mains) + n] * len(cols_), cols_, coefs)
    a.new_rows(len(mains) + len(rows))
    a.new_cols(aux)
    return (
        np.concatenate([cost, np.zeros(aux)]),
        np.concatenate([col_lo, np.zeros(aux)]),
        np.concatenate([col_hi, np.ones(aux)]),
        np.concatenate([row_lo, [1.0] * len(mains), [-_INF] * len(rows)]),
        np.concatenate([row_hi, [_INF] * len(mains), [r[2] for r in rows]]),
    )
