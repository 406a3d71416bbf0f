"""A phone's typing survives the others' parts arriving (issue 38, docs/own-phones.md): the seat
page follows the game live, and a part sent by another phone while this player types their rack
moves "n of 3 in" without taking away what they have typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.seats import open_seats, send_part, take_seat
from scorekeeper.storage.extensions import db

from .conftest import served_app

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bob", "Cy"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-typing"), "browser-seat-typing") as site:
        yield site


def _another_part(app, gid: str, seat: int, part: dict) -> None:
    with app.app_context():
        game = services.get_game(gid)
        send_part(game, seat, 1, part)
        db.session.commit()


def test_what_a_player_types_is_kept_when_another_part_comes_in(browser, site):
    app, url = site
    with app.app_context():
        game, _ = services.create_game("rummikub", NAMES, {})
        open_seats(game)
        take_seat(game, "Ann")
        take_seat(game, "Cy")
        db.session.commit()
        gid = game.public_id
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{url}/games/{gid}/seat")
        page.get_by_role("button", name="I am Bob").click()
        expect(page.locator(".live-state")).to_contain_text("Live")
        page.fill("#rack", "R5 J")  # Bob is typing his rack ...
        _another_part(app, gid, 0, {"went_out": True})  # ... when Ann's part comes in
        expect(page.locator("[data-seat-count]")).to_have_text("1 of 3 in", timeout=5000)
        expect(page.locator("#rack")).to_have_value("R5 J")
        page.check("input[name=went_out]")  # a box ticked is kept too, until the player sends
        _another_part(app, gid, 2, {"points": 12})
        expect(page.locator("[data-seat-count]")).to_have_text("2 of 3 in", timeout=5000)
        expect(page.locator("input[name=went_out]")).to_be_checked()
        page.uncheck("input[name=went_out]")
        page.get_by_role("button", name="Send my part").click()
        expect(page.locator(".flash-success")).to_contain_text("Round 1 recorded.")
        expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
        expect(page.locator("#rack")).to_have_value("")  # the next round's form is empty
    finally:
        context.close()
