"""The cribbage board (CR-8) on a phone, 360 and 430 px wide: every peg visible, each player's by shape.

A peg on hole 30 or 90 used to sit past the right edge of the drawing, where
no one could see it. Shapes are read from the DOM (element and corners), not
from pixels.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db
from tests.board_game import HAND, NAMES, PEGS

from .conftest import ARTIFACTS, assert_no_sideways_scroll, served_app
from .fonts import assert_drawn_in

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A served app with a game to each target, pegs as in tests.board_game.PEGS: {target: its editor link}."""
    with served_app(tmp_path_factory.mktemp("board-live"), "browser-board") as (app, url):
        found = {}
        with app.app_context():
            for target in (61, 121, 241):
                game, secret = services.create_game("crib-rummy", NAMES, {"target": target})
                services.record_round(game, HAND)
                db.session.commit()
                found[target] = f"{url}/games/{game.public_id}/join/{secret}"
        yield found


@pytest.fixture(params=[360, 430])
def phone(layout_browser, request):
    """A phone 360 or 430 px wide, in each family of tests.browser.fonts."""
    context = layout_browser.new_context(
        viewport={"width": request.param, "height": 844},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    yield context.new_page()
    context.close()


SHAPE = """e => [e.tagName, (e.getAttribute('points') || '').trim().split(/\\s+/).filter(Boolean).length]"""


# Every box in one frame: the board and each peg measured together, so nothing can move between them.
BOXES = """board => {
  const box = r => { const b = r.getBoundingClientRect(); return {x: b.x, y: b.y, right: b.right, bottom: b.bottom}; };
  return {board: box(board), pegs: [...board.querySelectorAll('g.pegs')].map(g => ({
    seat: Number(g.dataset.seat), front: g.dataset.front, back: g.dataset.back,
    boxes: [...g.children].map(box)}))};
}"""


@pytest.mark.parametrize("target", [61, 121, 241])
def test_pegs_on_holes_30_and_90_are_visible_and_each_player_has_a_shape(games, phone, font_family, target):
    phone.goto(games[target])
    assert_drawn_in(phone, font_family)
    board = phone.locator("svg.board")
    board.wait_for()
    phone.locator(".live-state", has_text="Live").wait_for()  # the page as the player reads it, settled
    assert_no_sideways_scroll(phone)
    width = phone.viewport_size["width"]
    found = board.evaluate(BOXES)
    box = found["board"]
    assert box["x"] >= 0 and box["right"] <= width
    assert {g["seat"] for g in found["pegs"]} == set(PEGS)
    for group in found["pegs"]:
        seat = group["seat"]
        front, back = PEGS[seat]
        assert (group["front"], group["back"]) == (str(front), str(back))
        assert len(group["boxes"]) == 2, f"seat {seat}: front {front} and back {back} should both be drawn"
        for n, where in enumerate(group["boxes"]):
            assert where["right"] > where["x"] and where["bottom"] > where["y"], (
                "a peg with no size is not seen"
            )
            inside = box["x"] <= where["x"] and where["right"] <= box["right"]
            assert inside and 0 <= where["x"] and where["right"] <= width, (
                f"{NAMES[seat]}'s peg on {(back, front)[n]} at x {where['x']:.0f}-{where['right']:.0f} is outside "
                f"the board (x {box['x']:.0f}-{box['right']:.0f}) at {width} px"
            )
            assert box["y"] <= where["y"] and where["bottom"] <= box["bottom"]
    for seat in PEGS:
        for peg in phone.locator(f'svg.board g.pegs[data-seat="{seat}"] > *').all():
            expect(peg).to_be_visible()
    # shapes, not only colours: each player's front and back pegs share a shape no one else has,
    # the one the legend shows beside their name
    fronts = [phone.locator(f'svg.board g.pegs[data-seat="{s}"] > *').nth(1).evaluate(SHAPE) for s in PEGS]
    backs = [phone.locator(f'svg.board g.pegs[data-seat="{s}"] > *').nth(0).evaluate(SHAPE) for s in PEGS]
    assert len({tuple(f) for f in fronts}) == len(PEGS) and backs == fronts
    legend = phone.locator("svg.board .legend-mark")
    assert [legend.nth(s).evaluate(SHAPE) for s in PEGS] == fronts
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / f"board-{target}-{width}px-{font_family.split()[0].lower()}.png"))
