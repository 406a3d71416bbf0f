"""A player's tap survives another phone's change (issue 38, docs/own-phones.md): the seat page
follows the game live, and a seat taken by another phone while this player presses "I am Cy"
waits until the tap is done (static/js/live.js, held()). Swapped in between the press and the
release, the button under the finger was a new one, and the tap was lost (the seat browser
tests saw it now and then). A post a script takes (its submit prevented) holds nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.seats import take_seat
from scorekeeper.storage.extensions import db
from tests.seated import seated_game

from .conftest import PHONE, served_app
from .test_seats_browser import NAMES

pytestmark = pytest.mark.browser
SWAP_MS = 300  # time enough for a fetched change to be swapped in (it is, without the hold)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-tap"), "browser-seat-tap") as site:
        yield site


def _ann_takes_her_seat(app, gid: str) -> None:
    with app.app_context():
        take_seat(services.get_game(gid), "Ann")
        db.session.commit()


def _seat_page(browser, url: str, gid: str):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{url}/games/{gid}/seat")
    expect(page.locator(".live-state")).to_contain_text("Live")
    return context, page


def _change_fetched(page, app, gid: str) -> None:
    """Ann's phone takes her seat; this page fetches the change, and has had time to swap it in."""
    with page.expect_response(lambda r: "fragment=live" in r.url) as answer:
        _ann_takes_her_seat(app, gid)
    answer.value.finished()
    page.wait_for_timeout(SWAP_MS)


def test_a_change_during_a_press_waits_and_the_tap_takes_the_seat(browser, site):
    app, url = site
    gid = seated_game(app, NAMES)
    context, page = _seat_page(browser, url, gid)
    try:
        box = page.get_by_role("button", name="I am Cy").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()  # Cy's finger is on his button ...
        _change_fetched(page, app, gid)  # ... when Ann's seat is taken
        expect(page.get_by_role("button", name="I am Ann")).to_have_count(1)  # not swapped in yet
        page.mouse.up()
        expect(page.get_by_role("heading", name="Cy's seat")).to_be_visible()
    finally:
        context.close()


def test_a_change_after_a_post_a_script_took_is_swapped_in(browser, site):
    app, url = site
    gid = seated_game(app, NAMES)
    context, page = _seat_page(browser, url, gid)
    try:
        # a script takes the post (as connection.js does offline): the page stays
        page.evaluate("document.addEventListener('submit', (event) => event.preventDefault())")
        page.get_by_role("button", name="I am Cy").click()
        _ann_takes_her_seat(app, gid)
        expect(page.get_by_role("button", name="I am Ann")).to_have_count(0, timeout=5000)
        expect(page.get_by_role("button", name="I am Cy")).to_be_visible()
    finally:
        context.close()
