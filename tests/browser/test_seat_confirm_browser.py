"""Confirmations and a dispute on four phones and the editor's (issue 38, docs/own-phones.md):
Ann sends her rack and Bob confirms it with one tap; Cara disputes Dan's part, which shows on both
their phones and the editor's live; the editor accepts it and the round is recorded once."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, PHONE, assert_no_sideways_scroll, served_app
from .test_seats_browser import WITHIN_MS, _send, _take_seats, expect_totals

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bob", "Cara", "Dan"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-confirm-browser"), "browser-seat-confirm") as site:
        yield site


def _asking_game(app) -> tuple[str, str]:
    with app.app_context():
        game, secret = services.create_game("rummikub", NAMES, {})
        open_seats(game, "any")
        db.session.commit()
        return game.public_id, secret


def _tap(page, whose: str, button: str) -> None:
    page.locator(f'[data-seat-check="{whose}"]').get_by_role("button", name=button).click()


def _confirm_and_dispute(pages: dict) -> None:
    """Ann sends her rack and Bob confirms it with one tap; the others send theirs and confirm
    each other's, but Cara disputes Dan's part: both their phones say so."""
    ann, bob, cara, dan = (pages[n] for n in NAMES)
    _send(ann, "R5 J")
    # Ann never sees the buttons for her own part; Bob's phone shows them live, with her tiles
    check = bob.locator('[data-seat-check="Ann"]')
    expect(check).to_contain_text("Ann's part: R5 J", timeout=WITHIN_MS)
    expect(ann.locator("[data-seat-check]")).to_have_count(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    bob.screenshot(path=str(ARTIFACTS / "seats-bob-confirms.png"))
    assert_no_sideways_scroll(bob)
    _tap(bob, "Ann", "Looks right")
    expect(bob.get_by_text("You confirmed Ann's part.")).to_be_visible()
    expect(cara.locator('[data-seat-check="Ann"]')).to_have_count(0, timeout=WITHIN_MS)
    _send(bob, "K13"), _send(cara, "B2")
    dan.check('input[name="went_out"]')
    dan.get_by_role("button", name="Send my part").click()
    _tap(ann, "Bob", "Looks right")
    _tap(dan, "Cara", "Looks right")
    _tap(cara, "Dan", "That's not right")
    said = "Cara disputes Dan's part: the game's editor settles it."
    for page in (cara, dan):
        expect(page.locator("[data-seat-dispute]")).to_have_text(said, timeout=WITHIN_MS)
    expect(dan.locator('[data-seat-check="Dan"]')).to_have_count(0)


def test_a_confirmation_a_dispute_and_the_editors_settlement_record_the_round_once(browser, site):
    app, url = site
    gid, secret = _asking_game(app)
    phone = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
    contexts = [browser.new_context(**phone) for _ in range(len(NAMES) + 1)]
    try:
        pages = {name: ctx.new_page() for name, ctx in zip(NAMES, contexts)}
        _take_seats(url, gid, pages)
        contexts[-1].add_cookies([{"name": f"sk_edit_{gid}", "value": secret, "url": url}])
        editor = contexts[-1].new_page()
        editor.goto(f"{url}/games/{gid}/seat")
        _confirm_and_dispute(pages)
        settle = editor.locator('[data-seat-disputed="Dan"]')
        expect(settle).to_contain_text("went out", timeout=WITHIN_MS)
        editor.screenshot(path=str(ARTIFACTS / "seats-editor-settles.png"), full_page=True)
        assert_no_sideways_scroll(editor)
        settle.get_by_role("button", name="Accept the part").click()
        expect(editor.get_by_text("Round 1 recorded.")).to_be_visible()
        for page in pages.values():
            expect(page.get_by_role("heading", name="Round 2")).to_be_visible(timeout=WITHIN_MS)
        with app.app_context():
            rounds = services.get_game(gid).rounds
            assert len(rounds) == 1 and rounds[0].facts["winner"] == 3
        # CT-8 A: Dan went out and gains 35 + 13 + 2; each other loses their own rack
        expect_totals(editor, f"{url}/games/{gid}", dict(zip(NAMES, ("-35", "-13", "-2", "50"))))
    finally:
        for ctx in contexts:
            ctx.close()
