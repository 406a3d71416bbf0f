"""Traps and wrong headings on the hand forms (issue 33), on a phone (390x844) in Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, phone_page
from .test_fast_entry_browser import field, start  # one way to open a hand form

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("slug", "word", "bad"),
    [
        ("rummikub", "round", {"players.1.rack": "R99"}),  # a tile game: nobody deals
        ("rumbugz", "round", {}),  # nothing entered
        ("crazy-rummy", "hand", {}),  # no face-up card: no wild rank (CZ-1)
    ],
)
def test_a_refused_save_keeps_the_heading_and_the_dealer_line(browser, live_server, slug, word, bad):
    """Issue 33: after a refused save the form said "Record hand 2" and "The game page says who
    deals once the hands before it are sent", with nothing queued: the hand sent straight from the
    form counted as one waiting before it. The heading and the line stay the hand's own."""
    with phone_page(browser, f"refused-{slug}") as page:
        start(page, live_server, slug, ("Ann", "Bob"), word)
        heading = page.get_by_role("heading", level=1)
        expect(heading).to_have_text(f"Record {word} 1")
        meta = page.locator(".hand-meta").inner_text()
        for name, value in bad.items():
            field(page, name).fill(value)
        page.get_by_role("button", name=f"Save {word}").click()
        expect(page.locator(".form-errors")).to_contain_text("Nothing was saved.")
        expect(page.locator(".send-queue-items li")).to_have_count(0)  # nothing queued
        page.wait_for_timeout(500)  # (the queue's last redraw)
        expect(heading).to_have_text(f"Record {word} 1")
        expect(page.locator(".hand-meta")).to_have_text(meta)
        assert "deals" not in meta or slug == "crazy-rummy"
        if bad:  # the field's refusal is said once: by the save's answer, not again by the live echo
            page.wait_for_timeout(500)  # (the live echo's answer, 250 ms after typing)
            expect(page.get_by_text("Unknown token “\u2066R99\u2069”").filter(visible=True)).to_have_count(1)


def test_a_hand_kept_offline_moves_the_form_on_in_the_variants_words(browser, live_server):
    """A tile game has no dealer: with a round waiting to send, the form for the next one says who
    plays first is on the game page, not who deals."""
    with phone_page(browser, "queued-rummikub") as page:
        start(page, live_server, "rummikub", ("Ann", "Bob"), "round")
        page.context.set_offline(True)
        page.check('input[name="winner"][value="0"]')
        field(page, "players.1.rack").fill("R5")
        page.get_by_role("button", name="Save round").click()
        expect(page.locator(".send-queue-items li")).to_have_count(1)
        expect(page.get_by_role("heading", level=1)).to_have_text("Record round 2")
        expect(page.locator(".hand-meta")).to_have_text(
            "The game page says who plays first once the hands before it are sent."
        )
        page.context.set_offline(False)
        expect(page.locator(".send-queue-items li")).to_have_count(0)


def test_crazy_rummy_face_up_cards_untapped_and_some_of_them_kept(browser, live_server):
    """Issue 33, 4 players: once a second player's face-up card was tapped, every player's had to
    be (refused otherwise, and a radio button cannot be untapped): 15-16 taps where the dealer's
    alone gives 12-13. A second tap takes a card back, and some of the cards are read as only
    those (CZ-7: they give hand sizes, nothing more; the dealer's sets the wild rank, CZ-1)."""
    names = ("Ann", "Bob", "Cy", "Dee")
    with phone_page(browser, "crazy-face-up-some") as page:
        start(page, live_server, "crazy-rummy", names)

        def card(seat, rank):
            return page.locator(f'[id="face_up.{seat}"] label', has_text=rank).first

        sizes = page.locator("output.hand-size")
        card(0, "7").click()  # Ann deals: sevens wild
        card(1, "9").click()  # Bob's, then taken back
        expect(sizes.nth(1)).to_have_text("9 cards", use_inner_text=True)
        card(1, "9").click()
        expect(page.locator('input[name="face_up.1"]:checked')).to_have_count(0)
        expect(sizes.nth(1)).to_have_text("", use_inner_text=True)
        card(0, "7").click()  # the dealer's too: no wild rank
        expect(page.locator("[data-wild]")).to_have_text("—")
        card(0, "7").click()
        expect(page.locator("[data-wild]")).to_have_text("7")
        card(2, "Q").click()  # Cy's card only, besides the dealer's
        expect(sizes.nth(2)).to_have_text("10 cards", use_inner_text=True)
        for name, value in (
            ("players.0.board_counts.high", "6"),
            ("players.1.board_counts.low", "3"),
            ("players.1.board_counts.wild", "1"),
            ("players.2.board_counts.ace", "3"),
            ("players.1.counts.low", "1"),
            ("players.1.counts.high", "1"),
            ("players.2.counts.high", "3"),
            ("players.3.counts.low", "4"),
        ):
            field(page, name).fill(value)
        expect(page.locator('input[name="went_out"]:checked')).to_have_attribute("value", "0")
        page.get_by_role("button", name="Save hand").click()
        page.wait_for_url(lambda url: "/rounds/" not in url)
        got = {n: page.locator(".standing", has_text=n).locator(".total").inner_text() for n in names}
        assert got == {"Ann": "60", "Bob": "100", "Cy": "270", "Dee": "-20"}  # CZ-5, CZ-6


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_four_player_krazy_bee_page_fits_one_and_a_half_screens(browser, live_server, language):
    """Issue 33: the 4-player Krazy Bee form was 1.43 screens, but the page 1.92. The whole page,
    header and footer included, fits in 1.5 screens of 844 px at 390 px wide, in English and German."""
    with phone_page(browser, f"krazy-bee-4-page-{language}", locale=language) as page:
        page.context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
        page.goto(f"{live_server}/games/new/krazy-bee")
        for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
            page.fill(f"#player_{seat}", name)
        page.locator("form button[type=submit]").last.click()
        page.wait_for_url("**/games/*")
        page.goto(page.url + "/rounds/new")
        expect(page.locator("form.hand-form")).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == language
        tall = page.evaluate("document.documentElement.scrollHeight") / 844
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"krazy-bee-4-page-{language}.png"), full_page=True)
        assert tall <= 1.5, f"the page is {tall:.2f} screens tall ({language})"


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_krazy_bee_hands_value_is_on_the_names_line_counted_or_tapped(browser, live_server, language):
    """A hand counted per class showed its "= N points" on the player's name line, the same hand
    tapped on the keypad under the card field, mid-block: two places for one value. Both are on the
    name's line now, at its end, at 320 px, in English and in Hebrew (right to left)."""
    with phone_page(browser, f"krazy-bee-value-{language}", viewport={"width": 320, "height": 640}) as page:
        page.context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
        page.goto(f"{live_server}/games/new/krazy-bee")
        for seat, name in enumerate(("Ann", "Bob", "Cy")):
            page.fill(f"#player_{seat}", name)
        page.locator("form button[type=submit]").last.click()
        page.wait_for_url("**/games/*")
        page.goto(page.url + "/rounds/new")
        field(page, "players.0.counts.low").fill("3")  # Ann counted: 15 points (KB-7)
        page.locator('[id="players.1"] .alt-entry summary').click()  # Bob's cards, tapped
        field(page, "players.1.hand").click()
        for rank in ("7", "12"):
            page.locator(f'#keypad [data-rank="{rank}"]').click()
        page.locator('#keypad [data-do="done"]').click()
        for seat in (0, 1):
            value = page.locator(f'[id="players.{seat}"] output.running').filter(has_text="15")
            expect(value).to_have_count(1)
            expect(value).to_be_visible()
        where = page.evaluate(
            """() => [0, 1].map(seat => {
                 const block = document.getElementById('players.' + seat);
                 const name = block.querySelector(':scope > legend').getBoundingClientRect();
                 const box = block.getBoundingClientRect();
                 const value = [...block.querySelectorAll('output.running')]
                   .find(o => o.textContent.includes('15')).getBoundingClientRect();
                 return {overlap: Math.min(name.bottom, value.bottom) - Math.max(name.top, value.top),
                         end: document.dir === 'rtl' ? value.left - box.left : box.right - value.right};
               })"""
        )
        for seat, at in enumerate(where):
            assert at["overlap"] > 0, f"{language}: player {seat}'s value is not on the name's line: {at}"
        assert abs(where[0]["end"] - where[1]["end"]) <= 1, f"{language}: the values end apart: {where}"
