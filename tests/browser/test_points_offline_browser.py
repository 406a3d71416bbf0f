"""A points game offline in a real headless Chromium (issue 21, section 1): its hand form, sums and all,
kept on the phone while it is cut off, then sent once each, in order, when it is back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import phone_page, served_app
from .offline_support import WAIT_MS
from .test_offline_browser import open_with_service_worker

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # (the worker runs: conftest.py)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("points-offline"), "browser-points-offline") as site:
        yield site


def _kept(app, public_id: str) -> list[list[int]]:
    with app.app_context():
        db.session.expire_all()
        game = services.get_game(public_id)
        return [[p.get("points", 0) for p in r.facts["players"]] for r in game.rounds]


def test_a_points_hand_entered_offline_is_sent_once_when_the_phone_is_back(browser, site):
    app, url = site
    with app.app_context():
        game, secret = services.create_game("points", ["Ann", "Bob"], {"game_name": "Five Crowns"})
        db.session.commit()
        public_id = game.public_id
    with phone_page(browser, "points-offline") as page:
        open_with_service_worker(page, url, public_id, secret)
        page.context.set_offline(True)
        expect(page.locator("[data-offline-note]")).to_be_visible()
        for n, (ann, bob) in enumerate((("12+11+7-5", "-4"), ("3", "8+2")), start=1):
            first = page.locator('[id="f-players.0.points"]')
            first.fill(ann)
            expect(page.locator('[id="total-0"]')).to_contain_text("=")  # the sum shows offline too
            first.press("Enter")
            expect(page.locator('[id="f-players.1.points"]')).to_be_focused()
            page.locator('[id="f-players.1.points"]').fill(bob)
            page.locator("button.save").click()
            expect(page.locator("[data-send-queue] .send-item")).to_have_count(n, timeout=WAIT_MS)
        assert _kept(app, public_id) == []  # nothing reached the server while cut off
        page.context.set_offline(False)
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS)
        assert _kept(app, public_id) == [[25, -4], [3, 10]]  # once each, in order
        page.goto(f"{url}/games/{public_id}")
        expect(page.locator('.standing[data-seat="0"] .total')).to_have_text("28")
        expect(page.locator('.standing[data-seat="1"] .total')).to_have_text("6")
    assert _kept(app, public_id) == [[25, -4], [3, 10]]  # and never twice
