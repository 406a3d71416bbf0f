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


def make_cut(cols, library, support, core: Counter) -> Cut:
    """The cut for ``core`` of the choice ``support`` ((columns, counts), see :class:`.model.Answer`)."""
    wanted = set(core)
    holds = [j for j in range(len(cols)) if wanted & set(library[cols.index[j]].tokens)]
    taken = dict(zip(*support))
    return Cut(tuple(holds), tuple(int(taken.get(j, 0)) for j in holds), tuple(sorted(core.items())))


def cut_rows(a, cost, col_lo, col_hi, row_lo, row_hi, cuts, names: list[str], first_cross: int):
    """The rows (and helper columns ``y``, ``w``) of ``cuts`` added to the programme ``a``;
    ``names``: the crossing columns' tiles, from column ``first_cross``."""
    new_lo, new_hi, aux = [], [], 0
    for cut in cuts:
        main = a.rows + len(new_lo)
        new_lo.append(1.0), new_hi.append(_INF)
        free = [j for j, x in zip(cut.sets, cut.chosen) if x == 0]
        a.add([main] * len(free), free, [1.0] * len(free))
        for j, x in zip(cut.sets, cut.chosen):
            if 0 < x < col_hi[j]:  # y_j <= x'_j - x_j
                y, row = a.cols + aux, a.rows + len(new_lo)
                aux += 1
                a.add([main, row, row], [y, y, j], [1.0, 1.0, -1.0])
                new_lo.append(-_INF), new_hi.append(-float(x))
        for tile, count in cut.core:  # w_t <= core_t - c'_t
            w, row = a.cols + aux, a.rows + len(new_lo)
            aux += 1
            crossing = [first_cross + k for k, name in enumerate(names) if name == tile]
            a.add([main, row] + [row] * len(crossing), [w, w, *crossing], [1.0] * (2 + len(crossing)))
            new_lo.append(-_INF), new_hi.append(float(count))
    a.new_rows(len(new_lo))
    a.new_cols(aux)
    return (
        np.concatenate([cost, np.zeros(aux)]),
        np.concatenate([col_lo, np.zeros(aux)]),
        np.concatenate([col_hi, np.ones(aux)]),
        np.concatenate([row_lo, new_lo]),
        np.concatenate([row_hi, new_hi]),
    )
