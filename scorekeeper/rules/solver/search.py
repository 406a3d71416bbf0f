"""The exact search behind :mod:`.model`: branch and bound on the linear relaxation."""

from __future__ import annotations

import time

import highspy
import numpy as np

#: share of the time bound our own search may use before HiGHS's branch and cut takes over
OWN_SHARE = 0.5


def finish_with_mip(h, lp, search: Search, deadline: float, unit: int) -> Search:
    """Finish with HiGHS's MIP solver (presolve, cuts, heuristics), seeded with the best laydown."""
    for j, (lo, hi) in enumerate(zip(lp.col_lower_, lp.col_upper_)):
        h.changeColBounds(j, lo, hi)
    h.changeColsIntegrality(
        lp.num_col_,
        np.arange(lp.num_col_, dtype=np.int32),
        np.array([highspy.HighsVarType.kInteger] * lp.num_col_),
    )
    for name, setting in (
        ("presolve", "on"),
        ("mip_rel_gap", 0.0),
        ("mip_abs_gap", unit - 0.5),
        ("time_limit", max(0.01, deadline - time.perf_counter())),
    ):
        h.setOptionValue(name, setting)
    if search.best is not None:
        sol = highspy.HighsSolution()
        sol.col_value = list(map(float, search.best))
        h.setSolution(sol)
    h.run()
    done = Search(h, [], [], deadline, unit)
    status = h.getModelStatus()
    done.complete = status == highspy.HighsModelStatus.kInfeasible
    if h.getInfo().primal_solution_status == 2:
        done.best = np.rint(np.asarray(h.getSolution().col_value)).astype(int)
        done.best_value = h.getInfo().objective_function_value
        # HiGHS stops within ``unit - 0.5`` of its dual bound: proved only if no whole ``unit`` more
        # can hide in that gap (the objective's value part makes the gap less than a tile)
        proved = h.getInfo().mip_dual_bound + 1e-6 < done.target()
        done.complete = status == highspy.HighsModelStatus.kOptimal and proved
    else:
        done.best = search.best
    return done


class Search:
    """Branch and bound on the linear relaxation, depth first, rounding up first.

    ``unit``: the objective step that counts (a whole tile for ``goal="tiles"``,
    whose value tie-break is then best found rather than proved).
    """

    def __init__(self, h, lower: list, upper: list, deadline: float, unit: int = 1):
        self.h, self.lower, self.upper, self.deadline, self.unit = h, lower, upper, deadline, unit
        self.best: np.ndarray | None = None
        self.best_value = -np.inf
        self.complete = True

    def target(self) -> float:
        """The least objective that beats the best laydown by a whole ``unit``."""
        # a float, not NumPy's: a comparison with it is then Python's bool, which JSON writes (NumPy's
        # was the ``optimal`` of a search HiGHS proved, and a 500)
        return float((np.floor(self.best_value / self.unit + 1e-9) + 1) * self.unit)

    def node(self) -> None:
        if time.perf_counter() > self.deadline:
            self.complete = False
            return
        h = self.h
        h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return  # infeasible: no laydown below this node
        bound = h.getInfo().objective_function_value
        if bound + 1e-6 < self.target():
            return  # cannot beat the best laydown by a whole tile (or point)
        x = np.asarray(h.getSolution().col_value)
        frac = np.abs(x - np.rint(x))
        j = int(np.argmax(frac))
        if frac[j] < 1e-6:
            self.best, self.best_value = np.rint(x).astype(int), float(np.rint(bound))
            return
        lo, hi, v = self.lower[j], self.upper[j], x[j]
        for new_lo, new_hi in ((np.ceil(v), hi), (lo, np.floor(v))):
            if bound + 1e-6 < self.target():
                break  # the first branch found a laydown this node's bound cannot beat
            if new_lo <= new_hi:
                self.lower[j], self.upper[j] = new_lo, new_hi
                self.h.changeColBounds(j, new_lo, new_hi)
                self.node()
        self.lower[j], self.upper[j] = lo, hi
        self.h.changeColBounds(j, lo, hi)
