"""Seat changes live on the other phones (issue 38, docs/own-phones.md): a seat taken on one phone
leaves the free seats of another phone's seat page and shows as held on the editor's, without a
reload; a seat the editor frees (here through the service the API calls) is offered again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.seats import free_seat, open_seats
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, PHONE, served_app
from .test_seats_browser import WITHIN_MS

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-changes-live"), "browser-seat-changes") as site:
        yield site


def test_a_seat_taken_or_freed_shows_on_the_other_phones_at_once(browser, site):
    app, url = site
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {})
        open_seats(game)
        db.session.commit()
        gid = game.public_id
    contexts = [browser.new_context(viewport=PHONE) for _ in range(3)]
    try:
        bob, other, editor = (ctx.new_page() for ctx in contexts)
        contexts[2].add_cookies([{"name": f"sk_edit_{gid}", "value": secret, "url": url}])
        for page in (bob, other, editor):
            page.goto(f"{url}/games/{gid}/seat")
        held = editor.locator('[data-seat-holder="Bob"]')
        expect(held).to_contain_text("Bob: free")
        bob.get_by_role("button", name="I am Bob").click()
        expect(bob.get_by_role("heading", name="Bob's seat")).to_be_visible()
        # the other phones were not touched
        expect(other.get_by_role("button", name="I am Bob")).to_have_count(0, timeout=WITHIN_MS)
        expect(other.get_by_role("button", name="I am Ann")).to_be_visible()
        expect(held).to_contain_text("Bob: a phone holds this seat", timeout=WITHIN_MS)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        other.screenshot(path=str(ARTIFACTS / "seat-taken-live.png"))
        with app.app_context():
            free_seat(services.get_game(gid), 1)
            db.session.commit()
        expect(other.get_by_role("button", name="I am Bob")).to_be_visible(timeout=WITHIN_MS)
        expect(held).to_contain_text("Bob: free", timeout=WITHIN_MS)
    finally:
        for ctx in contexts:
            ctx.close()
