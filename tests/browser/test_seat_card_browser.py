"""Two phones at a Crazy Rummy table, each entering its own part on its seat page (issue 38,
docs/own-phones.md): Bob types his board minus his points left in one field (two taps with
"Send my part"); Ann, the dealer, picks her face-up
card (the wild rank, CZ-1) and goes out; the hand is recorded and both totals move."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, assert_no_sideways_scroll, phone_page, served_app

pytestmark = pytest.mark.browser


def test_two_phones_enter_a_crazy_rummy_hand(browser, tmp_path):
    with served_app(tmp_path, "browser-seat-cards") as (app, url):
        with app.app_context():
            game, _ = services.create_game("crazy-rummy", ["Ann", "Bob"], {})
            open_seats(game)
            db.session.commit()
            gid = game.public_id
        with phone_page(browser, "seat-crazy-bob") as bob, phone_page(browser, "seat-crazy-ann") as ann:
            for name, page in (("Ann", ann), ("Bob", bob)):
                page.goto(f"{url}/games/{gid}/seat")
                page.get_by_role("button", name=f"I am {name}").click()
            bob.fill("#board_hand", "30 - 15")
            bob.screenshot(path=str(ARTIFACTS / "seat-crazy-bob-typed.png"), full_page=True)
            assert_no_sideways_scroll(bob)
            bob.get_by_role("button", name="Send my part").click()
            expect(bob.locator("[data-seat-mine]")).to_be_visible()
            ann.reload()
            ann.select_option("#face_up", "7")
            ann.fill("#board_points", "45")
            ann.get_by_label("I went out").check()
            ann.get_by_role("button", name="Send my part").click()
            expect(ann.get_by_text("Hand 1 recorded.").first).to_be_visible()
        with app.app_context():
            assert services.game_score(services.get_game(gid)).totals == (45, 15)
