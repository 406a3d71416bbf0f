"""The seat page's tap keypad on the phones (docs/own-phones.md): a Crazy Rummy Tiles rack tapped in
on a Hebrew phone (right to left) and on an English one, with the hand form's keys, chips and tools;
another phone's part arriving live meanwhile leaves the keypad under the rack being tapped, with
what it holds; the part sent is the rack tapped. Selectors are the page's structure, not its words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.seated import seated_game

from .conftest import ARTIFACTS, assert_no_sideways_scroll, served_app
from .seat_table import PHONE_CONTEXT, WITHIN_MS
from .test_rounds_browser import tap  # the hand form's keys: the same on the seat page

pytestmark = pytest.mark.browser
NAMES = ["דנה", "Ann-Marie (2)", "Cy"]  # (Cy sends nothing: the round stays open)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-keypad"), "browser-seat-keypad") as site:
        yield site


def _seated(browser, url: str, gid: str, seat: int, locale: str):
    context = browser.new_context(**PHONE_CONTEXT, locale=locale)
    page = context.new_page()
    page.goto(f"{url}/games/{gid}/seat")
    page.locator(f'form input[name="name"][value="{NAMES[seat]}"] ~ button').click()
    expect(page.locator("form.seat-part")).to_be_visible()
    return context, page


@pytest.mark.parametrize("locale", ["he-IL", "en"])
def test_a_rack_is_tapped_in_on_the_seat_page_keypad(browser, site, locale):
    app, url = site
    gid = seated_game(app, NAMES, "crazy-tiles")
    dana_ctx, dana = _seated(browser, url, gid, 0, locale)
    ann_ctx, ann = _seated(browser, url, gid, 1, "en")
    try:
        rack = dana.locator("#rack")
        keypad = dana.locator("#keypad")
        expect(keypad).to_be_hidden()  # until the rack is tapped
        expect(rack).to_have_attribute("inputmode", "none")  # the keypad, not the phone's keyboard
        rack.click()
        expect(keypad).to_be_visible()
        # the keypad opens under the rack's field, inside the part's form
        assert (
            dana.evaluate("document.querySelector('#rack').closest('.field').nextElementSibling.id")
            == "keypad"
        )
        tap(dana, "suit:B", "5", "10", "wild")
        expect(rack).to_have_value("B5 B10 J")
        expect(keypad.locator(".chip")).to_have_text(["B5", "B10", "J"])
        assert dana.evaluate("getComputedStyle(document.querySelector('#keypad .chips')).direction") == "ltr"
        # Ann's part arrives live: Dana's hand card is drawn again, the keypad stays under her rack
        ann.fill("#rack", "R3")
        ann.locator("form.seat-part button[type=submit]").click()
        expect(dana.locator("[data-seat-count]")).to_contain_text("1", timeout=WITHIN_MS)
        expect(keypad).to_be_visible()
        expect(rack).to_have_value("B5 B10 J")
        tap(dana, "suit:R", "13")
        expect(keypad.locator(".chip")).to_have_text(["B5", "B10", "J", "R13"])
        keypad.locator(".chip", has_text="B10").click()  # a chip tapped takes its tile out
        expect(rack).to_have_value("B5 J R13")
        assert_no_sideways_scroll(dana)
        dana.screenshot(path=str(ARTIFACTS / f"seat-keypad-{locale}.png"), full_page=True)
        keypad.locator('[data-do="done"]').click()
        expect(keypad).to_be_hidden()
        dana.locator("form.seat-part button[type=submit]").click()
        expect(dana.locator("[data-seat-my-part]")).to_have_text("B5 J R13")
    finally:
        dana_ctx.close()
        ann_ctx.close()
