"""The words and the search shared by the tile rules: faces of a tile, and the dynamic programme."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from ..cards import Card

COLOUR_ORDER = "RBKG"
START, END = -1, -2  # run states: nothing read yet / the run cannot go on
#: CT-1: the tile a split is: its two positions' values and the number it stands for
SPLIT_TILES = {(0, 1): 10, (1, 2): 12, (1, 1): 11}


@dataclass(frozen=True)
class Switches:
    """The rule switches of section 3 that shape a single set."""

    same_color_groups: bool = False
    zero: bool = False
    wrap: bool = False
    six_nine: bool = False
    ten_split: bool = False
    eleven_split: bool = False
    twelve_split: bool = False
    runny: bool = False

    @classmethod
    def of(cls, opts: Mapping[str, Any]) -> Switches:
        """The switches set in a validated options dict (one shared value per combination:
        every check asks, an extension once per placement tried)."""
        return _switches(tuple(bool(opts[name]) for name in _SWITCH_NAMES))

    def after(self, value: int) -> int:
        """The value that follows ``value`` in a run (CT-3), or END."""
        if value < 13:
            return value + 1
        if self.wrap:
            return 0 if self.zero else 1
        return END


_SWITCH_NAMES = tuple(f.name for f in fields(Switches))


@cache  # at most 2 ** 8 combinations
def _switches(values: tuple[bool, ...]) -> Switches:
    return Switches(*values)


@dataclass(frozen=True)
class Reading:
    """One legal reading of a line: its kind, one entry per tile, its points."""

    kind: str
    entries: tuple[str, ...]
    points: int


def token(tile: Card) -> str:
    """The canonical token of a tile (``R10``, ``J``)."""
    return "J" if tile.wild else f"{tile.suit}{tile.rank}"


@cache  # a few dozen entries: 4 colours, values 0..13 and three splits
def entry_text(colour: str, values: tuple[int, ...]) -> str:
    return "+".join(f"{colour}{v}" for v in values)


def joker_points(values: tuple[int, ...]) -> int:
    """CT-5: a joker counts the tile it stands for; 20 for a 0; a split its tile's number.

    >>> joker_points((0,)), joker_points((0, 1)), joker_points((7,))
    (20, 10, 7)
    """
    if len(values) == 2:
        return SPLIT_TILES[values]
    return 20 if values[0] == 0 else values[0]


def entry_points(entry: str) -> int:
    """CT-5 points of a joker's entry (``R0`` 20, ``R0+R1`` 10, ``R7`` 7)."""
    return joker_points(tuple(int(part[1:]) for part in entry.split("+")))


def split_of(entry) -> tuple[int, tuple[int, int]] | None:
    """CT-1: for an entry read as a split, the tile it stands for and its two values; else None.

    >>> split_of("R0+R1"), split_of("K1+K1"), split_of("R7"), split_of(None)
    ((10, (0, 1)), (11, (1, 1)), None, None)
    """
    parts = entry.split("+") if isinstance(entry, str) else []
    values = tuple(int(d) for d in (re.sub(r"\D", "", p) for p in parts) if d)
    tile = SPLIT_TILES.get(values) if len(values) == 2 == len(parts) else None
    return None if tile is None else (tile, values)


def tile_faces(tile: Card, sw: Switches, kind: str) -> list[tuple[tuple[int, ...], int]]:
    """The (values, points) a number tile may show in a ``kind`` of set (CT-1).

    >>> tile_faces(Card(10, "R"), Switches(ten_split=True), "run")
    [((10,), 10), ((0, 1), 10)]
    """
    r = tile.rank
    faces = [((r,), r)]
    if sw.six_nine and r in (6, 9):
        faces.append(((15 - r,), r))
    if kind == "run" and sw.ten_split and r == 10:
        faces.append(((0, 1), r))
    if kind == "run" and sw.twelve_split and r == 12:
        faces.append(((1, 2), r))
    if kind == "group" and sw.eleven_split and r == 11:
        faces.append(((1, 1), r))
    return faces


# -- the dynamic programme shared by groups and runs ---------------------------------

Move = Callable[[int, Card, Any], Iterable[tuple[Any, str, int]]]


def walk(tiles: tuple[Card, ...], start: Any, move: Move):
    """Forward pass: per tile, each reachable state with its (previous state, entry, points).

    Returns ``(layers, best, failed_at)``: ``best[i][state]`` is the highest
    points reaching ``state`` after ``i`` tiles; ``failed_at`` is the index of
    the first tile no state could take (None when all were taken).
    """
    layers: list[dict] = [{start: []}]
    best: list[dict] = [{start: 0}]
    for i, tile in enumerate(tiles):
        layer: dict = {}
        top: dict = {}
        for state, score in best[-1].items():
            for new, entry, pts in move(i, tile, state):
                layer.setdefault(new, []).append((state, entry, pts))
                if top.get(new, -1) < score + pts:
                    top[new] = score + pts
        if not layer:
            return layers, best, i
        layers.append(layer)
        best.append(top)
    return layers, best, None


def paths(layers, best, finals, kind: str, cap: int) -> list[Reading]:
    """Walk back from the final states, best first, collecting up to ``cap + 1`` readings."""
    out: list[Reading] = []
    n = len(layers) - 1

    def back(i: int, state: Any, suffix: list[str], pts: int) -> None:
        if i == 0:
            out.append(Reading(kind, tuple(reversed(suffix)), pts))
            return
        preds = layers[i][state]
        if len(preds) > 1:
            preds = sorted(preds, key=lambda p: -(best[i - 1][p[0]] + p[2]))
        for prev, entry, p in preds:
            if len(out) > cap:
                return
            suffix.append(entry)
            back(i - 1, prev, suffix, pts + p)
            suffix.pop()

    for state in sorted(finals, key=lambda s: -best[n][s]):
        if len(out) > cap:
            break
        back(n, state, [], 0)
    return out
