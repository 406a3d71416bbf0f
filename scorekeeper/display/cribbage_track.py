"""A printable cribbage track for Crib Rummy (CR-8): the board's geometry as print drawing data.

>>> track = cribbage_track(121, ["Ann", "Bo"])
>>> len(track["streets"]), track["holes"], len(track["streets"][0]["lanes"])
(4, 120, 2)
>>> track["streets"][1]["label"].text
'31–60'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext
from markupsafe import Markup

from . import cribbage_board as geometry
from .charts import short_name
from .isolates import visual_order

#: millimetres above the drawing on the track's page: its title and the lines explaining it
HEADING = 24


def cribbage_track(target: int, names: Sequence[str]) -> dict[str, Any]:
    """Drawing data of a track to ``target`` (61, 121 or 241) for the players ``names``."""
    board = geometry.Board(target, len(names))
    # a blank sheet's lanes in the reader's language ("Player 1", "שחקן 1"); WeasyPrint draws an SVG's text
    # with no bidi, so a Hebrew name or word is given in the order its letters stand (isolates.visual_order)
    labels = [
        visual_order(short_name(name or gettext("Player %(seat)s", seat=p + 1), 9))
        for p, name in enumerate(names)
    ]
    drawn = [
        {
            "top": s.top,
            "height": s.height,
            "first": s.first,
            "last": s.last,
            "label": s.label,
            "numbers": s.numbers,
            "lanes": [
                {
                    "y": y,
                    "label": labels[seat],
                    "holes": [geometry.hole_xy(board, seat, n).x for n in range(s.first, s.last + 1)],
                }
                for seat, y in enumerate(s.lanes)
            ],
        }
        for s in geometry.streets(board)
    ]
    game = geometry.game_hole(board)
    return {
        "board": board,
        "target": target,
        "holes": board.holes,
        "streets": drawn,
        "width": board.width,
        "height": board.height,
        "view_box": board.view_box,
        "hole_r": geometry.HOLE_R,
        "game": {
            "x": game.x,
            "y": game.y,
            "r": geometry.GAME_R,
            "svg": Markup(
                geometry.game_hole_shape(board).svg('fill="none" stroke="#000" stroke-width="1.1"')
            ),
            "label": geometry.game_label(board),
        },
        "pegs": [],
        "marks": [],
        "size": (190, 190 * board.height / board.width),
    }


def place_pegs(track: dict[str, Any], progress: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The track with each seat's front and back peg (``{"front": n, "back": m}``) placed,
    and each seat's shape beside its name in every street."""
    board: geometry.Board = track["board"]
    pegs, marks = [], []
    for seat, p in enumerate(progress):
        shape = geometry.seat_shape(seat)
        for which in ("back", "front"):
            value = p.get(which)
            where = geometry.peg_xy(board, seat, value) if isinstance(value, int) else None
            if where:
                paint = 'fill="#000"' if which == "front" else 'fill="#fff" stroke="#000" stroke-width="0.9"'
                pegs.append(
                    {
                        "seat": seat,
                        "kind": which,
                        "x": where.x,
                        "y": where.y,
                        "hole": value,
                        "svg": Markup(geometry.peg_shape(shape, *where).svg(paint)),
                    }
                )
        marks.extend(
            Markup(geometry.peg_shape(shape, geometry.LABELS - 3, lanes[seat]["y"], 2.4).svg('fill="#000"'))
            for lanes in (street["lanes"] for street in track["streets"])
            if seat < len(lanes)
        )
    return {**track, "pegs": pegs, "marks": marks}


def fit_track(track: dict[str, Any], width: float, height: float) -> dict[str, Any]:
    """The track sized (mm) to fill ``width`` of a page whose usable height is ``height``,
    smaller where the whole drawing would not fit below its heading."""
    scale = min(width / track["width"], (height - HEADING) / track["height"])
    return {**track, "size": (round(track["width"] * scale, 2), round(track["height"] * scale, 2))}
