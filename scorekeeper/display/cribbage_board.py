"""One cribbage board geometry (CR-8) for the game page's SVG and the printed track: where every hole,
label, lane and the game hole sit; the renderers only choose paint and words.

>>> board = Board(121, 2)
>>> board.holes, board.streets, board.width
(120, 4, 360.0)
>>> hole_xy(board, 0, 1) < hole_xy(board, 0, 2), hole_xy(board, 0, 31)[0] == hole_xy(board, 0, 1)[0]
(True, True)
>>> peg_xy(board, 0, 0) is None, peg_xy(board, 1, 121) == peg_xy(board, 1, 500)
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

PER_STREET = 30
GROUP = 5
LABELS = 32.0  # left column: street labels above, lane labels beside the holes
PITCH = 10.0  # between holes of a group
GROUP_GAP = 4.4  # extra space between groups of five
MARGIN = 4.0  # around the drawing
NUMBERS = 15.0  # the row above each street: its label and every fifth hole's number (12 px text)
LANE = 12.0  # one lane per player
STREET_GAP = 6.0
HOLE_R = 3.2  # 6.4 px across on a phone: seen at arm's length, 3.6 px apart
PEG_R = 4.8  # every peg shape fits a circle of this radius
GAME_R = 7.0  # half the game hole's height; its ends are round
#: the room each player's peg has in the game hole: a peg across and a clear gap, so pegs that
#: reached it side by side never touch each other or the hole's rim
GAME_SLOT = 2 * PEG_R + 3.0
#: the game row below the last street: the game hole and its label
GAME_ROW = 2 * GAME_R + 6.0
#: the players' marker shapes, by seat (the chart, the board, the printed track and their legends)
SHAPES = ("circle", "square", "diamond", "triangle")
#: where each marker shape's corners sit, as (dx, dy) in units of the radius
OUTLINES = {"diamond": ((0, -1), (1, 0), (0, 1), (-1, 0)), "triangle": ((0, -1), (0.92, 0.72), (-0.92, 0.72))}


class Point(NamedTuple):
    x: float
    y: float


class Label(NamedTuple):
    """A piece of text and where it goes (``x`` is its left end, or its centre for hole numbers)."""

    text: str
    x: float
    y: float


class Street(NamedTuple):
    """One street: its holes ``first..last``, its top edge and height, label, numbers and lane centres."""

    first: int
    last: int
    top: float
    height: float
    label: Label
    numbers: tuple[Label, ...]
    lanes: tuple[float, ...]


class Shape(NamedTuple):
    """An SVG element (``circle``, ``rect`` or ``polygon``) and its geometry attributes."""

    tag: str
    attrs: tuple[tuple[str, str], ...]

    def svg(self, paint: str = "") -> str:
        """The element as SVG text, with ``paint`` (fill, stroke, class ...) appended."""
        attrs = " ".join(f'{k}="{v}"' for k, v in self.attrs)
        return f"<{self.tag} {attrs}{' ' + paint if paint else ''}/>"


@dataclass(frozen=True)
class Board:
    """A board to ``target`` (61, 121 or 241) for ``players`` lanes."""

    target: int
    players: int

    @property
    def holes(self) -> int:
        """Holes on each lane before the game hole: 60, 120 or 240."""
        return max(self.target - 1, 1)

    @property
    def streets(self) -> int:
        return math.ceil(self.holes / PER_STREET)

    @property
    def street_height(self) -> float:
        return NUMBERS + max(self.players, 1) * LANE

    @property
    def width(self) -> float:
        return column_x(PER_STREET - 1) + PITCH / 2 + MARGIN + 2  # 360: a phone's width

    @property
    def height(self) -> float:
        return MARGIN + self.streets * (self.street_height + STREET_GAP) + GAME_ROW + MARGIN

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width:g} {self.height:g}"


def column_x(column: int) -> float:
    """Centre of the ``column``-th hole (0-based) of any street."""
    return LABELS + column * PITCH + (column // GROUP) * GROUP_GAP + PITCH / 2


def street_top(board: Board, street: int) -> float:
    return MARGIN + street * (board.street_height + STREET_GAP)


def lane_y(board: Board, street: int, seat: int) -> float:
    """Centre line of ``seat``'s lane in ``street``."""
    return street_top(board, street) + NUMBERS + seat * LANE + LANE / 2


def hole_xy(board: Board, seat: int, hole: int) -> Point:
    """Centre of hole ``hole`` (1-based, up to ``board.holes``) in ``seat``'s lane."""
    street, column = divmod(hole - 1, PER_STREET)
    return Point(column_x(column), lane_y(board, street, seat))


def streets(board: Board) -> list[Street]:
    """Every street with its label at its start (left), its hole numbers and its lanes."""
    out = []
    for s in range(board.streets):
        first = s * PER_STREET + 1
        last = min(first + PER_STREET - 1, board.holes)
        top = street_top(board, s)
        baseline = top + NUMBERS - 3.0
        numbers = tuple(
            Label(str(n), column_x(n - first), baseline) for n in range(first, last + 1) if n % GROUP == 0
        )
        lanes = tuple(lane_y(board, s, seat) for seat in range(board.players))
        out.append(
            Street(
                first,
                last,
                top,
                board.street_height,
                Label(f"{first}–{last}", MARGIN, baseline),
                numbers,
                lanes,
            )
        )
    return out


def game_width(board: Board) -> float:
    """Width of the game hole: a slot of :data:`GAME_SLOT` for each player, round at both ends."""
    return max(2 * GAME_R, max(board.players, 1) * GAME_SLOT + 4)


def game_hole(board: Board) -> Point:
    """Centre of the game hole, below the last street, its right end under the last hole's."""
    x = column_x(PER_STREET - 1) + HOLE_R - game_width(board) / 2
    return Point(x, street_top(board, board.streets) + GAME_R + 1)


def game_hole_shape(board: Board) -> Shape:
    """The game hole as drawn (page and print alike): a rounded slot holding every player's peg."""
    x, y = game_hole(board)
    width = game_width(board)
    return Shape(
        "rect",
        (
            ("x", f"{x - width / 2:.1f}"),
            ("y", f"{y - GAME_R:.1f}"),
            ("width", f"{width:.1f}"),
            ("height", f"{2 * GAME_R:.1f}"),
            ("rx", f"{GAME_R:.1f}"),
        ),
    )


def game_label(board: Board) -> Label:
    """Where the game hole's words end: just left of the hole, right-aligned. Its text is the target;
    the renderer words it in the reader's language ("121: game", "121: Ziel")."""
    x, y = game_hole(board)
    return Label(str(board.target), x - game_width(board) / 2 - 6, y + 3)


def peg_xy(board: Board, seat: int, value: int) -> Point | None:
    """Where ``seat``'s peg on ``value`` points sits: None at 0 (off the board), the
    game hole at or past the target (players side by side in seat order, each in a slot of its own)."""
    if value <= 0:
        return None
    if value <= board.holes:
        return hole_xy(board, seat, value)
    x, y = game_hole(board)
    return Point(x + (seat - (board.players - 1) / 2) * GAME_SLOT, y)


def seat_shape(seat: int) -> str:
    """The marker shape of ``seat``: four shapes, repeating from the fifth player.

    >>> [seat_shape(s) for s in (0, 3, 4)]
    ['circle', 'triangle', 'circle']
    """
    return SHAPES[seat % len(SHAPES)]


def peg_shape(kind: str, x: float, y: float, r: float = PEG_R) -> Shape:
    """A marker ``kind`` (circle, square, diamond, triangle) centred on (x, y) within radius ``r``.

    >>> peg_shape("circle", 10, 20, 4).svg('fill="red"')
    '<circle cx="10.0" cy="20.0" r="4.0" fill="red"/>'
    >>> peg_shape("triangle", 0, 0, 1).tag
    'polygon'
    """
    if kind == "circle":
        return Shape("circle", (("cx", f"{x:.1f}"), ("cy", f"{y:.1f}"), ("r", f"{r:.1f}")))
    if kind == "square":
        side = 1.6 * r
        return Shape(
            "rect",
            (
                ("x", f"{x - side / 2:.1f}"),
                ("y", f"{y - side / 2:.1f}"),
                ("width", f"{side:.1f}"),
                ("height", f"{side:.1f}"),
            ),
        )
    points = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in OUTLINES[kind])
    return Shape("polygon", (("points", points),))
