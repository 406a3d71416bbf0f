"""Four phones at a Rummikub table, each entering its own rack (issue 38, docs/own-phones.md): each
takes its seat by name, sees "n of 4 in" change live as the others send, and the round is recorded
when the last rack is in, once, on the game page of every phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.seated import seated_game

from .conftest import ARTIFACTS, assert_no_sideways_scroll, phone_page, served_app

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bob", "Cy", "Dee"]
RACKS = {"Bob": "R5 J", "Cy": "K13 B2", "Dee": "G9"}
WITHIN_MS = 5000


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seats-browser"), "browser-seats") as site:
        yield site


def _take_seats(url: str, gid: str, pages: dict) -> None:
    """Each phone opens the seat page and taps its own name, once: a live change coming
    meanwhile waits until the tap is done (static/js/live.js; test_seat_tap_kept.py)."""
    for name, page in pages.items():
        page.goto(f"{url}/games/{gid}/seat")
        page.get_by_role("button", name=f"I am {name}").click()
        expect(page.get_by_role("heading", name=f"{name}'s seat")).to_be_visible()


def _send(page, rack: str) -> None:
    page.fill("#rack", rack)
    page.get_by_role("button", name="Send my part").click()


def expect_totals(page, game_url: str, totals: dict[str, str]) -> None:
    """The game page shows each player's total."""
    page.goto(game_url)
    for name, total in totals.items():
        expect(page.locator(".standing", has_text=name).locator(".total")).to_have_text(total)


def _three_racks_in(pages: dict) -> None:
    """Bob, Cy and Dee send their racks (Dee's first one refused); Ann's count moves live."""
    ann = pages["Ann"]
    for done, name in enumerate(("Bob", "Cy"), start=1):
        _send(pages[name], RACKS[name])
        expect(pages[name].locator("[data-seat-mine]")).to_be_visible()
        # Ann's phone was not touched: the count moves live
        expect(ann.locator("[data-seat-count]")).to_have_text(f"{done} of 4 in", timeout=WITHIN_MS)
    expect(ann.locator("[data-seat-waiting]")).to_have_text(
        "Still to enter: Ann and Dee"
    )  # the language's own list pattern
    # a rack the set cannot hold is refused on its own phone, and nothing is kept
    dee = pages["Dee"]
    _send(dee, "G9 G9 G9")
    expect(dee.locator("[data-seat-problem]")).to_contain_text("only two G9 tiles")
    expect(ann.locator("[data-seat-count]")).to_have_text("2 of 4 in")
    _send(dee, RACKS["Dee"])
    expect(ann.locator("[data-seat-count]")).to_have_text("3 of 4 in", timeout=WITHIN_MS)


def test_four_phones_enter_their_own_racks_and_the_last_one_records_the_round(browser, site):
    app, url = site
    gid = seated_game(app, NAMES)
    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    contexts = [browser.new_context(**phone) for _ in NAMES]
    try:
        pages = {name: ctx.new_page() for name, ctx in zip(NAMES, contexts)}
        _take_seats(url, gid, pages)
        ann = pages["Ann"]
        expect(ann.locator("[data-seat-count]")).to_have_text("0 of 4 in")
        expect(ann.locator(".live-state")).to_contain_text("Live")
        # a taken seat is offered to no other phone
        with phone_page(browser, "seats-fifth-phone") as fifth:
            fifth.goto(f"{url}/games/{gid}/seat")
            expect(fifth.get_by_text("Every seat is taken.")).to_be_visible()
        _three_racks_in(pages)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "seats-ann-waiting.png"), full_page=True)
        assert_no_sideways_scroll(ann)
        ann.check('input[name="went_out"]')
        ann.get_by_role("button", name="Send my part").click()
        expect(ann.get_by_text("Round 1 recorded.")).to_be_visible()
        # every phone is on round 2 now, without a reload
        for page in pages.values():
            expect(page.get_by_role("heading", name="Round 2")).to_be_visible(timeout=WITHIN_MS)
            expect(page.locator("[data-seat-count]")).to_have_text("0 of 4 in")
        bob = pages["Bob"]
        bob.screenshot(path=str(ARTIFACTS / "seats-bob-round-2.png"), full_page=True)
        # CT-8 A: Ann went out and gains 35 + 15 + 9; each other loses their own rack
        expect_totals(bob, f"{url}/games/{gid}", dict(zip(NAMES, ("59", "-35", "-15", "-9"))))
    finally:
        for ctx in contexts:
            ctx.close()
