"""A printable cribbage track for Crib Rummy (CR-8): holes, lanes and pegs as drawing data.

The track has ``target - 1`` holes per player plus the game hole, laid out
in streets of 30 holes (six groups of five), one lane per player. The print
template draws it as SVG; pencil marks or a paper clip stand in for pegs.
On a game's sheet each player's front peg (a solid disc) and back peg (a
ring with a cross) are drawn: shapes, not colours, tell them apart.

>>> track = cribbage_track(121, ["Ann", "Bo"])
>>> len(track["streets"]), track["holes"], len(track["streets"][0]["lanes"])
(4, 120, 2)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

PER_STREET = 30
GROUP = 5
PITCH = 5.4          # mm between holes
GROUP_GAP = 2.4      # extra mm between groups of five
LABEL_WIDTH = 16     # mm for the lane names on the left
LANE = 4.6           # mm per player lane
NUMBERS = 4.0        # mm for the hole numbers above each street
STREET_GAP = 4.0


def hole_x(column: int) -> float:
    return LABEL_WIDTH + column * PITCH + (column // GROUP) * GROUP_GAP + PITCH / 2


def cribbage_track(target: int, names: Sequence[str]) -> dict[str, Any]:
    """Drawing data of a track to ``target`` (61, 121 or 241) for the players ``names``."""
    holes = target - 1
    streets = []
    y = 0.0
    for s in range(math.ceil(holes / PER_STREET)):
        first = s * PER_STREET + 1
        count = min(PER_STREET, holes - s * PER_STREET)
        numbers = [{"x": hole_x(c), "text": str(first + c)} for c in range(count) if (first + c) % GROUP == 0]
        lanes = []
        for p, name in enumerate(names):
            lane_y = y + NUMBERS + p * LANE + LANE / 2
            lanes.append({"y": lane_y, "label": (name or f"Player {p + 1}")[:10],
                          "holes": [hole_x(c) for c in range(count)]})
        height = NUMBERS + len(names) * LANE
        streets.append({"y": y, "height": height, "first": first, "last": first + count - 1,
                        "numbers": numbers, "lanes": lanes})
        y += height + STREET_GAP
    width = hole_x(PER_STREET - 1) + PITCH
    game = {"x": width - PITCH * 2, "y": y + 5, "r": 4.0, "text": f"{target}: game"}
    return {"target": target, "holes": holes, "streets": streets, "width": width,
            "height": y + 12, "game": game, "pegs": []}


def hole_position(track: Mapping[str, Any], seat: int, hole: int) -> tuple[float, float] | None:
    """Where hole ``hole`` (1-based) of ``seat``'s lane is; the game hole past the end; None at start."""
    if hole <= 0:
        return None
    if hole > track["holes"]:
        return track["game"]["x"], track["game"]["y"]
    street = track["streets"][(hole - 1) // PER_STREET]
    return street["lanes"][seat]["holes"][(hole - 1) % PER_STREET], street["lanes"][seat]["y"]


def place_pegs(track: dict[str, Any], progress: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The track with each seat's front and back peg (``{"front": n, "back": m}``) placed."""
    pegs = []
    for seat, p in enumerate(progress):
        for which in ("front", "back"):
            value = p.get(which)
            where = hole_position(track, seat, int(value)) if isinstance(value, int) else None
            if where:
                pegs.append({"seat": seat, "kind": which, "x": where[0], "y": where[1], "hole": value})
    return {**track, "pegs": pegs}
