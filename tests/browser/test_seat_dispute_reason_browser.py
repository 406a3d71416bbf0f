"""A dispute's typed reason on three phones (issue 38, docs/own-phones.md): Ann types why Bob's part
is not right; Cy's part coming in meanwhile refreshes her page live and keeps what she typed; her
"That's not right" sends it, and Bob's phone shows it at once, Cy's the dispute without it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, PHONE, served_app
from .test_seats_browser import WITHIN_MS, _send, _take_seats

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bob", "Cy"]
WHY = "I saw a joker on his rack"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-dispute-reason"), "browser-seat-reason") as site:
        yield site


def test_a_typed_reason_survives_a_live_refresh_and_reaches_the_parts_player(browser, site):
    app, url = site
    with app.app_context():
        game, _ = services.create_game("rummikub", NAMES, {})
        open_seats(game, "any")
        db.session.commit()
        gid = game.public_id
    contexts = [browser.new_context(viewport=PHONE) for _ in NAMES]
    try:
        pages = {name: ctx.new_page() for name, ctx in zip(NAMES, contexts)}
        _take_seats(url, gid, pages)
        ann, bob, cy = (pages[n] for n in NAMES)
        _send(bob, "K9")
        check = ann.locator('[data-seat-check="Bob"]')
        expect(check).to_contain_text("Bob's part: K9", timeout=WITHIN_MS)
        check.get_by_label("What is not right? (optional)").fill(WHY)
        _send(cy, "R3")  # Ann's page refreshes live: her typing stays
        expect(ann.locator('[data-seat-check="Cy"]')).to_be_visible(timeout=WITHIN_MS)
        expect(check.get_by_label("What is not right? (optional)")).to_have_value(WHY)
        check.get_by_role("button", name="That's not right").click()
        expect(ann.get_by_text("You said Bob's part is not right")).to_be_visible()
        said = bob.locator("[data-seat-dispute]")
        expect(said).to_contain_text(f"Ann says: {WHY}", timeout=WITHIN_MS)  # in a <q>
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        bob.screenshot(path=str(ARTIFACTS / "seat-dispute-reason.png"))
        expect(cy.locator("[data-seat-dispute]")).to_contain_text(
            "Ann disputes Bob's part", timeout=WITHIN_MS
        )
        expect(cy.locator("[data-seat-dispute-reason]")).to_have_count(0)
    finally:
        for ctx in contexts:
            ctx.close()
