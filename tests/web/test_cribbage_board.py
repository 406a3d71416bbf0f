"""The cribbage board (CR-8) as drawn: the game page's SVG and the printed track, from one geometry.

Every hole, peg and the game hole must lie inside the drawing for the 61, 121
and 241 boards, a street's label must sit where the street starts, and each
player's pegs must have their own shape, not only their own colour.
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.display.charts import cribbage_board_svg
from scorekeeper.display.cribbage_track import cribbage_track, place_pegs

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Ann", "Bob", "Cy", "Di"]
TARGETS = [61, 121, 241]


def edge_holes(target: int) -> list[int]:
    """Pegs worth testing: each street's first and last two holes, the last hole and the game hole."""
    holes = target - 1
    near = {h + d for h in range(30, holes + 1, 30) for d in (-1, 0, 1, 2)} | {1, holes}
    return [*sorted(h for h in near if 1 <= h <= holes), target, target + 40]


def parse(svg: str) -> tuple[ET.Element, tuple[float, float, float, float]]:
    root = ET.fromstring(svg)
    box = tuple(float(v) for v in root.get("viewBox").split())
    return root, box


def extent(element: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a circle, rect or polygon, stroke included."""
    a = {k: float(v) for k, v in element.attrib.items() if re.fullmatch(r"-?[\d.]+", v)}
    half = a.get("stroke-width", 0) / 2
    tag = element.tag.removeprefix(SVG)
    if tag == "circle":
        r = a["r"] + half
        return a["cx"] - r, a["cy"] - r, a["cx"] + r, a["cy"] + r
    if tag == "rect":
        return a["x"] - half, a["y"] - half, a["x"] + a["width"] + half, a["y"] + a["height"] + half
    xs, ys = zip(*(map(float, p.split(",")) for p in element.get("points").split()))
    return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half


def shapes(root: ET.Element):
    return [e for e in root.iter() if e.tag.removeprefix(SVG) in ("circle", "rect", "polygon")]


def pegs_of(root: ET.Element, seat: int) -> list[ET.Element]:
    """The peg elements of ``seat`` (its ``g.pegs`` group): the back peg first when drawn, then the front."""
    group = next(
        g for g in root.iter(f"{SVG}g") if g.get("class") == "pegs" and g.get("data-seat") == str(seat)
    )
    return list(group)


def signature(element: ET.Element) -> tuple[str, int]:
    """What a peg looks like, paint aside: its element and, for a polygon, its corners."""
    points = element.get("points")
    return element.tag.removeprefix(SVG), len(points.split()) if points else 0


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("target", TARGETS)
def test_every_hole_peg_and_the_game_hole_lie_inside_the_game_pages_board(target, players):
    """Holes 29-32 and 89-92 used to reach x = 371 on a board 360 wide: a peg there was invisible."""
    for hole in edge_holes(target):
        svg = cribbage_board_svg(NAMES[:players], [(hole, hole - 1)] * players, target)
        root, (x0, y0, width, height) = parse(svg)
        assert root.get("class") == "board"
        drawn = shapes(root)
        assert sum(e.get("class") == "hole" for e in drawn) == players * (target - 1)
        assert sum(e.get("class") == "game-hole" for e in drawn) == 1
        for seat in range(players):
            assert pegs_of(root, seat), f"seat {seat}'s peg on {hole} is not drawn"
        for element in drawn:
            left, top, right, bottom = extent(element)
            assert x0 <= left and right <= x0 + width and y0 <= top and bottom <= y0 + height, (
                f"{ET.tostring(element, encoding='unicode')} lies outside the viewBox {x0} {y0} {width} {height}"
                f" (pegs on {hole})"
            )


@pytest.mark.parametrize("target", TARGETS)
def test_every_hole_peg_and_the_game_hole_lie_inside_the_printed_track(target):
    track = place_pegs(
        cribbage_track(target, NAMES),
        [
            {"front": target, "back": 30},
            {"front": 90, "back": 60},
            {"front": 31, "back": 29},
            {"front": 1, "back": 0},
        ],
    )
    width, height = track["width"], track["height"]
    r = track["hole_r"]
    for street in track["streets"]:
        for lane in street["lanes"]:
            assert len(lane["holes"]) == street["last"] - street["first"] + 1
            assert all(r <= x <= width - r for x in lane["holes"]) and r <= lane["y"] <= height - r
    game = track["game"]
    assert game["r"] <= game["x"] <= width - game["r"] and game["r"] <= game["y"] <= height - game["r"]
    assert len(track["pegs"]) == 7  # the last back peg is off the board (0)
    for peg in track["pegs"]:
        left, top, right, bottom = extent(ET.fromstring(str(peg["svg"])))
        assert 0 <= left and right <= width and 0 <= top and bottom <= height, peg


@pytest.mark.parametrize("target", TARGETS)
def test_street_labels_sit_where_their_street_starts(target):
    """The label "31" belongs beside hole 31, not at the end where that street finishes (hole 60)."""
    for first in range(1, target - 1, 30):
        last = first + 29
        root, _ = parse(cribbage_board_svg(["Ann", "Bob"], [(first, 0), (last, 0)], target))
        start, end = (extent(pegs_of(root, seat)[-1]) for seat in (0, 1))
        start_x, end_x = (start[0] + start[2]) / 2, (end[0] + end[2]) / 2
        label = next(t for t in root.iter(f"{SVG}text") if re.fullmatch(rf"{first}(–{last})?", t.text or ""))
        x, y = float(label.get("x")), float(label.get("y"))
        assert abs(x - start_x) < abs(x - end_x), (
            f"label {label.text} at x={x}: hole {first} at {start_x}, {last} at {end_x}"
        )
        assert x <= start_x and abs(y - (start[1] + start[3]) / 2) < 16, (
            f"label {label.text} is far from hole {first}"
        )
    for printed in cribbage_track(target, ["Ann", "Bob"])["streets"]:
        holes = printed["lanes"][0]["holes"]
        assert printed["label"].text == f"{printed['first']}–{printed['last']}"
        assert printed["label"].x < holes[0] < holes[-1]


@pytest.mark.parametrize("target", TARGETS)
def test_one_geometry_draws_the_page_and_the_print(target):
    """The game page's board and the printed track put every hole in the same place."""
    from scorekeeper.display.cribbage_board import Board, game_hole, hole_xy, streets

    board = Board(target, 3)
    root, box = parse(cribbage_board_svg(NAMES[:3], [(0, 0)] * 3, target))
    page = [(float(e.get("cx")), float(e.get("cy"))) for e in shapes(root) if e.get("class") == "hole"]
    track = cribbage_track(target, NAMES[:3])
    printed = [
        (x, lane["y"]) for street in track["streets"] for lane in street["lanes"] for x in lane["holes"]
    ]
    geometry = [hole_xy(board, seat, n) for seat in range(3) for n in range(1, target)]
    assert sorted(page) == sorted(printed) == sorted((round(x, 1), round(y, 1)) for x, y in geometry)
    assert track["view_box"] == board.view_box and box[2] == board.width
    assert [s["label"] for s in track["streets"]] == [s.label for s in streets(board)]
    game = next(e for e in shapes(root) if e.get("class") == "game-hole")
    left, top, right, bottom = extent(game)
    centre = ((left + right) / 2, (top + bottom) / 2)
    assert centre == pytest.approx(game_hole(board), abs=0.1)
    assert (track["game"]["x"], track["game"]["y"]) == game_hole(board)
    printed = ET.fromstring(str(track["game"]["svg"]))
    assert {k: printed.get(k) for k in ("x", "y", "width", "height", "rx")} == {
        k: game.get(k) for k in ("x", "y", "width", "height", "rx")
    }


def inside_the_game_hole(hole: ET.Element, peg: ET.Element) -> float:
    """How far ``peg`` stays inside the rounded game hole's rim (negative: it crosses the rim): the
    hole is a line between its round ends' centres, widened by its corner radius."""
    a = {k: float(hole.get(k)) for k in ("x", "y", "width", "height", "rx")}
    r, cy = a["rx"], a["y"] + a["height"] / 2
    ends = (a["x"] + r, a["x"] + a["width"] - r)
    tag = peg.tag.removeprefix(SVG)
    if tag == "circle":
        points, reach = [(float(peg.get("cx")), float(peg.get("cy")))], float(peg.get("r"))
    elif tag == "rect":
        x, y, w, h = (float(peg.get(k)) for k in ("x", "y", "width", "height"))
        points, reach = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)], 0.0
    else:
        points, reach = [tuple(map(float, p.split(","))) for p in peg.get("points").split()], 0.0
    rim = float(hole.get("stroke-width") or 1.1) / 2
    return min(
        r - rim - reach - math.dist((min(max(px, ends[0]), ends[1]), cy), (px, py)) for px, py in points
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_in_the_game_hole_has_a_peg_of_their_own_inside_it(players):
    """Two players past the target drew their pegs over each other and over the game hole's rim."""
    home = [(61 + seat, 50) for seat in range(players)]
    root, _ = parse(cribbage_board_svg(NAMES[:players], home, 61))
    hole = next(e for e in shapes(root) if e.get("class") == "game-hole")
    track = place_pegs(cribbage_track(61, NAMES[:players]), [{"front": f, "back": b} for f, b in home])
    drawn = {
        "page": [pegs_of(root, seat)[-1] for seat in range(players)],
        "print": [ET.fromstring(str(p["svg"])) for p in track["pegs"] if p["kind"] == "front"],
    }
    holes = {"page": hole, "print": ET.fromstring(str(track["game"]["svg"]))}
    for where, pegs in drawn.items():
        assert len(pegs) == players
        for seat, peg in enumerate(pegs):
            assert inside_the_game_hole(holes[where], peg) >= 0.5, (
                f"{where}: seat {seat}'s peg crosses the rim"
            )
        boxes = sorted(extent(peg) for peg in pegs)
        for one, other in itertools.pairwise(boxes):
            assert other[0] - one[2] >= 2, f"{where}: two pegs in the game hole nearly touch: {one} {other}"


def test_each_players_pegs_have_their_own_shape_as_in_the_legend():
    """Colour alone does not tell pegs apart: circle, square, diamond, triangle, on the page and on paper."""
    root, _ = parse(cribbage_board_svg(NAMES, [(40, 20), (41, 21), (42, 22), (43, 23)], 121))
    fronts = [pegs_of(root, seat)[-1] for seat in range(4)]
    assert len({signature(p) for p in fronts}) == 4
    for seat, front in enumerate(fronts):
        back = pegs_of(root, seat)[0]
        assert signature(back) == signature(front)  # the shape says whose; the fill says which
        assert back.get("stroke") == front.get("fill") and back.get("fill") != front.get("fill")
    legend = [e for e in shapes(root) if e.get("class") == "legend-mark"]
    assert [signature(e) for e in legend] == [signature(p) for p in fronts]
    track = place_pegs(cribbage_track(121, NAMES), [{"front": 40 + s, "back": 20 + s} for s in range(4)])
    printed = {
        p["seat"]: signature(ET.fromstring(str(p["svg"]))) for p in track["pegs"] if p["kind"] == "front"
    }
    assert len(set(printed.values())) == 4
    assert [printed[s] for s in range(4)] == [signature(p) for p in fronts]
