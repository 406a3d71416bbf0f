"""Traps and wrong headings on the hand forms (issue 33), on a phone (390x844) in Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import phone_page

pytestmark = pytest.mark.browser


def field(page, name):
    return page.locator(f'[id="f-{name}"]')


def start(page, live_server, slug, names, word="hand"):
    page.goto(f"{live_server}/games/new/{slug}")
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name=f"Record a {word}").click()
    page.wait_for_url("**/rounds/new")


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
