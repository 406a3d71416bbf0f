"""The cribbage board (CR-8) on a phone, 360 and 430 px wide: every peg visible, each player's by shape.

A peg on hole 30 or 90 used to sit past the right edge of the drawing, where
no one could see it. Shapes are read from the DOM (element and corners), not
from pixels.
"""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.extensions import db
from tests.board_game import HAND, NAMES, PEGS

from .conftest import ARTIFACTS, assert_no_sideways_scroll, served_app

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
def phone(browser, request):
    context = browser.new_context(viewport={"width": request.param, "height": 844}, device_scale_factor=1,
                                  is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


SHAPE = """e => [e.tagName, (e.getAttribute('points') || '').trim().split(/\\s+/).filter(Boolean).length]"""


@pytest.mark.parametrize("target", [61, 121, 241])
def test_pegs_on_holes_30_and_90_are_visible_and_each_player_has_a_shape(games, phone, target):
    phone.goto(games[target])
    board = phone.locator("svg.board")
    board.wait_for()
    assert_no_sideways_scroll(phone)
    width = phone.viewport_size["width"]
    box = board.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    for seat, (front, back) in PEGS.items():
        group = phone.locator(f'svg.board g.pegs[data-seat="{seat}"]')
        assert group.get_attribute("data-front") == str(front) and group.get_attribute("data-back") == str(back)
        pegs = group.locator("> *")
        assert pegs.count() == 2, f"seat {seat}: front {front} and back {back} should both be drawn"
        for n in range(2):
            peg = pegs.nth(n)
            assert peg.is_visible()
            where = peg.bounding_box()
            left, right = where["x"], where["x"] + where["width"]
            top, bottom = where["y"], where["y"] + where["height"]
            assert box["x"] <= left and right <= box["x"] + box["width"] and 0 <= left and right <= width, (
                f"{NAMES[seat]}'s peg on {(back, front)[n]} at x {left:.0f}-{right:.0f} is outside the board "
                f"(x {box['x']:.0f}-{box['x'] + box['width']:.0f}) at {width} px")
            assert box["y"] <= top and bottom <= box["y"] + box["height"]
    # shapes, not only colours: each player's front and back pegs share a shape no one else has,
    # the one the legend shows beside their name
    fronts = [phone.locator(f'svg.board g.pegs[data-seat="{s}"] > *').nth(1).evaluate(SHAPE) for s in PEGS]
    backs = [phone.locator(f'svg.board g.pegs[data-seat="{s}"] > *').nth(0).evaluate(SHAPE) for s in PEGS]
    assert len({tuple(f) for f in fronts}) == len(PEGS) and backs == fronts
    legend = phone.locator("svg.board .legend-mark")
    assert [legend.nth(s).evaluate(SHAPE) for s in PEGS] == fronts
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / f"board-{target}-{width}px.png"))
