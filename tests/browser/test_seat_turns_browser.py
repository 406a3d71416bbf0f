"""Crib Rummy on two phones (issue 38, docs/own-phones.md): each phone enters its own turns when
they are due; the other phone moves on live ("Your turn."), a meld on the table is offered to add
to, a turn tapped offline stays as typed (the page says it needs the connection), and the pegs
reach the game's totals."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, assert_no_sideways_scroll, served_app
from .seat_table import PHONE_CONTEXT, WITHIN_MS
from .test_seats_browser import _take_seats, expect_totals

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-turns"), "browser-seat-turns") as site:
        yield site


def test_two_phones_play_their_own_crib_rummy_turns(browser, site):
    app, url = site
    with app.app_context():
        game, _ = services.create_game("crib-rummy", ["Ann", "Bob"], {})
        open_seats(game)
        db.session.commit()
        gid = game.public_id
    contexts = [browser.new_context(**PHONE_CONTEXT) for _ in range(2)]
    try:
        ann, bob = (ctx.new_page() for ctx in contexts)
        _take_seats(url, gid, {"Ann": ann, "Bob": bob})
        # Ann deals: Bob plays first (CR-9)
        expect(ann.locator("[data-seat-due]")).to_have_text("Bob's turn.")
        bob.fill("#cards", "3H 4H 5H")
        bob.get_by_role("button", name="Lay them").click()
        expect(bob.get_by_text("Your turn is in: 3 points pegged.")).to_be_visible()
        expect(ann.locator("[data-seat-due]")).to_have_text("Your turn.", timeout=WITHIN_MS)
        ann.get_by_role("button", name="Pass").click()
        expect(bob.locator("[data-seat-due]")).to_have_text("Your turn.", timeout=WITHIN_MS)
        bob.fill("#cards", "6H")
        bob.get_by_label("Added to #1 3H 4H 5H (Bob)").check()
        # offline, a turn is not kept (the next player waits on it): it stays as typed, and the page says so
        bob.context.set_offline(True)
        bob.get_by_role("button", name="Lay them").click()
        expect(bob.locator(".send-queue-state")).to_have_text(
            "Offline: this change needs the connection. Nothing was lost; send it when it returns."
        )
        expect(bob.locator("#cards")).to_have_value("6H")
        bob.context.set_offline(False)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        bob.screenshot(path=str(ARTIFACTS / "seat-crib-turn.png"), full_page=True)
        assert_no_sideways_scroll(bob)
        bob.get_by_role("button", name="Lay them").click()
        expect(bob.get_by_text("Your turn is in: 3 points pegged.")).to_be_visible()
        expect(bob.locator("[data-seat-due]")).to_have_text("Ann's turn.")
        expect_totals(bob, f"{url}/games/{gid}", {"Ann": "0", "Bob": "6"})  # CR-5: 3, then the 4th card 3
    finally:
        for ctx in contexts:
            ctx.close()
