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
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-typing"), "browser-seat-typing") as site:
        yield site


def _another_part(app, gid: str, seat: int, part: dict) -> None:
    with app.app_context():
        game = services.get_game(gid)
        send_part(game, seat, 1, part)
        db.session.commit()


def _bob_on_his_seat(app, context, url: str, variant: str, confirm: str) -> tuple:
    """A game whose Ann and Cy hold seats; Bob takes his on a phone that follows it live."""
    with app.app_context():
        game, _ = services.create_game(variant, NAMES, {})
        open_seats(game, confirm)
        take_seat(game, "Ann")
        take_seat(game, "Cy")
        db.session.commit()
        gid = game.public_id
    page = context.new_page()
    page.goto(f"{url}/games/{gid}/seat")
    page.get_by_role("button", name="I am Bob").click()
    expect(page.locator(".live-state")).to_contain_text("Live")
    return page, gid


def test_what_a_player_types_is_kept_when_another_part_comes_in(browser, site):
    app, url = site
    context = browser.new_context(**PHONE)
    try:
        page, gid = _bob_on_his_seat(app, context, url, "rummikub", "none")
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


def test_the_rack_being_typed_keeps_the_focus_when_a_part_to_check_comes_in(browser, site):
    """Another player's part arrives while this player is in their rack's field: a "Looks right"
    for it appears above the field, and the keys typed next still go into the rack (the focus
    follows the field, not its position among the page's buttons)."""
    app, url = site
    context = browser.new_context(**PHONE)
    try:
        page, gid = _bob_on_his_seat(app, context, url, "crazy-tiles", "any")
        page.locator("#rack").focus()  # Bob is in his rack's field ...
        _another_part(app, gid, 0, {"rack": "K13 B2"})  # ... when Ann's part comes in
        expect(page.locator('[data-seat-check="Ann"]')).to_be_visible(timeout=5000)
        page.keyboard.type("R5 J")
        expect(page.locator("#rack")).to_be_focused()
        expect(page.locator("#rack")).to_have_value("R5 J")
        ann = page.locator('[data-seat-check="Ann"]')
        expect(ann.locator("textarea, input[type=text]")).to_have_value("")  # nothing went astray
    finally:
        context.close()
