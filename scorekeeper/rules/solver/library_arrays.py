"""A template library as arrays (its tiles, jokers and values, one row a template), built once per
library and shared by every programme the solver makes of it (:mod:`.model`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .templates import Template

TILES = 52
#: each count vector row's number (R1..R13, B1.., ...): its CT-5 value
NUMBERS = np.arange(TILES) % 13 + 1


@dataclass(frozen=True)
class LibraryArrays:
    matrix: np.ndarray  # templates x 52 tile counts
    jokers: np.ndarray  # jokers per template
    tiles: np.ndarray  # number tiles per template
    value: np.ndarray  # CT-5 value of the number tiles
    points: np.ndarray  # CT-5 value of the set in its best reading
    joker_points: np.ndarray  # CT-5 points of its jokers
    shape: np.ndarray  # templates with the same tiles and jokers share a shape


_BUILT: dict[int, LibraryArrays] = {}


def library_arrays(library: tuple[Template, ...]) -> LibraryArrays:
    """The library as arrays, built once per library (libraries live for the process, so their
    ids are stable; hashing a whole library at every call would cost more than the solve)."""
    found = _BUILT.get(id(library))
    if found is None:
        found = _BUILT[id(library)] = _build_arrays(library)
    return found


def _build_arrays(library: tuple[Template, ...]) -> LibraryArrays:
    matrix = np.zeros((len(library), TILES), dtype=np.int64)
    for i, tpl in enumerate(library):
        for t in tpl.tiles:
            matrix[i, t] += 1
    shapes: dict[tuple, int] = {}
    shape = np.array([shapes.setdefault((t.tiles, len(t.jokers)), len(shapes)) for t in library])
    return LibraryArrays(
        matrix,
        np.array([len(t.jokers) for t in library]),
        matrix.sum(axis=1),
        matrix @ NUMBERS,
        np.array([t.points for t in library]),
        np.array([sum(p for _, p in t.jokers) for t in library]),
        shape,
    )
