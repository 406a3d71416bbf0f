"""The programme's constraint matrix as triplets (row, column, value), handed to HiGHS column-wise.

The CT-10 helpers and the grid's crossing variables add thousands of rows
and columns with a few entries each; a dense matrix of them (millions of
zeros) cost more than the search itself on tables holding jokers.
"""

from __future__ import annotations

import numpy as np


class Coo:
    """A growing sparse matrix: ``rows`` x ``cols``, entries kept as arrays of triplets."""

    def __init__(self, dense: np.ndarray):
        r, c = np.nonzero(dense)
        self._r, self._c, self._v = [r], [c], [dense[r, c].astype(float)]
        self.rows, self.cols = dense.shape

    def add(self, r, c, v) -> None:
        """Entries at rows ``r``, columns ``c`` (arrays or lists of the same length)."""
        self._r.append(np.asarray(r, dtype=np.int64))
        self._c.append(np.asarray(c, dtype=np.int64))
        self._v.append(np.asarray(v, dtype=float))

    def new_rows(self, n: int) -> int:
        first, self.rows = self.rows, self.rows + n
        return first

    def new_cols(self, n: int) -> int:
        first, self.cols = self.cols, self.cols + n
        return first

    def triplets(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return np.concatenate(self._r), np.concatenate(self._c), np.concatenate(self._v)

    def used_rows(self) -> np.ndarray:
        r, _, v = self.triplets()
        used = np.zeros(self.rows, dtype=bool)
        used[r[v != 0]] = True
        return used

    def colwise(self, keep: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(start, index, value)`` of the rows in ``keep`` (renumbered), column by column."""
        r, c, v = self.triplets()
        ok = keep[r] & (v != 0)
        renumber = np.cumsum(keep) - 1
        r, c, v = renumber[r[ok]], c[ok], v[ok]
        order = np.lexsort((r, c))
        r, c, v = r[order], c[order], v[order]
        start = np.searchsorted(c, np.arange(self.cols + 1)).astype(np.int32)
        return start, r.astype(np.int32), v
