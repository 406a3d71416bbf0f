"""Crossing variables for the grid (CT-9): a tile may sit in two lines, one across and one down."""

from __future__ import annotations

import numpy as np

from .templates import tile_token

_INF = float("inf")
#: ``goal="tiles"`` counts tiles first: one tile outweighs any value (the model's weight)
TILE_WEIGHT = 1000
#: per crossing, in the objective's units: 1/4 tile (goal tiles) or 1/100 point (goal value);
#: at most 26 + 2 crossings, so the total stays under half a unit
PENALTY = {"tiles": TILE_WEIGHT / 4 / 28, "value": 0.01}


def add_crossings(
    a,
    base,
    cost,
    col_lo,
    col_hi,
    row_lo,
    row_hi,
    *,
    table,
    rack,
    table_jokers: int,
    rack_jokers: int,
    goal: str,
    initial_meld: int | None,
    links=None,
    joker_uses=(),
):
    """Crossing columns appended to ``a`` (a :class:`~.sparse.Coo`; ``base``: its dense first rows,
    the sets' columns only); returns the grown vectors and each new column's tile (``"J"``: a joker).

    Rows as :func:`.model._matrix` lays them: 52 tile rows, one per table joker,
    the rack jokers' row, then (initial meld) the value row.

    CT-10 on the grid (docs/grid-best-play.md): a table joker taken back needs one line through
    it holding two rack tiles, not every line. So where a table joker crosses, the link rows of
    the sets holding it (``links``: rows, sets and need of :func:`.rows.ct10_rows`;
    ``joker_uses``: per table joker, its uses per set column) ask nothing: a relaxation, so the
    programme stays a bound, and the turn checker judges each board laid.
    """
    labels: list[tuple[str, int]] = []  # ("t", tile) | ("T", table joker k) | ("R", 0)
    avail = table + rack
    used = np.any(base[:52] != 0, axis=1)
    labels += [("t", int(t)) for t in np.flatnonzero(used & (avail > 0))]
    labels += [("T", k) for k in range(table_jokers)]
    if rack_jokers:
        labels.append(("R", 0))
    if not labels:
        return cost, col_lo, col_hi, row_lo, row_hi, []
    value_row = 53 + table_jokers if initial_meld is not None else None
    first = a.new_cols(len(labels))
    new_cost, new_hi, extra_lo = [], [], []
    for i, (kind, t) in enumerate(labels):
        col = first + i
        if kind == "t":
            number = t % 13 + 1
            a.add([t], [col], [-1.0])
            new_hi.append(float(avail[t]))
            new_cost.append((-(TILE_WEIGHT + number) if goal == "tiles" else -number) - PENALTY[goal])
            if value_row is not None:
                a.add([value_row], [col], [-float(number)])
            # c_t <= placed_t: sum_j a_tj x_j - 2 c_t >= 0
            users = np.flatnonzero(base[t])
            r = a.rows + len(extra_lo)
            a.add([r] * (len(users) + 1), [*users, col], [*base[t, users], -2.0])
            extra_lo.append(0.0)
        elif kind == "T":
            a.add([52 + t], [col], [-1.0])
            if links is not None and len(links[0]):
                holds = joker_uses[t][links[1]] > 0
                a.add(links[0][holds], np.full(int(holds.sum()), col), links[2][holds].astype(float))
            new_hi.append(1.0)
            new_cost.append(-PENALTY[goal])
        else:
            a.add([52 + table_jokers], [col], [-1.0])
            new_hi.append(float(rack_jokers))
            new_cost.append((-float(TILE_WEIGHT) if goal == "tiles" else 0.0) - PENALTY[goal])
    a.new_rows(len(extra_lo))
    names = [tile_token(t) if kind == "t" else "J" for kind, t in labels]
    return (
        np.concatenate([cost, new_cost]),
        np.concatenate([col_lo, np.zeros(len(labels))]),
        np.concatenate([col_hi, new_hi]),
        np.concatenate([row_lo, extra_lo]),
        np.concatenate([row_hi, [_INF] * len(extra_lo)]),
        names,
    )
