"""How often the set programme may take each set, in rows and on the grid (CT-9, issue 34)."""

from __future__ import annotations

import numpy as np


def most_copies(matrix: np.ndarray, avail: np.ndarray, crossings: bool) -> np.ndarray:
    """How often each set (row of ``matrix``) may be taken: as often as its scarcest tile allows,
    at most twice. In the grid programme (``crossings``) a tile may sit in two sets (CT-9), and
    every legal board keeps these bounds:

    - two copies of a set share at most one cell (two lines meet once), so a set is taken twice
      when at most one of its tiles is one copy short (``R4 R5 R6`` twice through the one R5);
    - three copies of a set with three different tiles would cross pairwise at a cell of each
      (two copies of a tile among three placements), a ring of three no board holds; a set of one
      or two different tiles may be taken as often as twice its tiles allow (``J B12`` three
      times: the jokers and B12s each at one crossing).
    """
    used = matrix > 0
    with np.errstate(divide="ignore"):
        plain = np.where(used, avail[None, :] // np.maximum(matrix, 1), 4).min(axis=1)
    if not crossings:
        return np.minimum(plain, 2).astype(float)
    gap = np.where(used, 2 * matrix - avail[None, :], 0)
    twice = ((gap > 0).sum(axis=1) <= 1) & (gap.max(axis=1) <= 1)
    with np.errstate(divide="ignore"):
        doubled = np.where(used, 2 * avail[None, :] // np.maximum(matrix, 1), 4).min(axis=1)
    few = used.sum(axis=1) <= 2
    most = np.where(few, np.minimum(doubled, 4), 2)
    return np.where(twice, most, np.minimum(plain, 2)).astype(float)
