"""A German game night in a real Chromium whose browser asks for German (docs/languages.md): start
a game, record a hand (the scripts' live sum in German too), settle a meld in the checker, print
the sheet."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.pdf.support import ReadBack

from .conftest import ARTIFACTS, PHONE, assert_no_sideways_scroll

pytestmark = pytest.mark.browser


@pytest.fixture
def german_page(browser):
    context = browser.new_context(viewport=PHONE, locale="de-DE", is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def test_a_points_evening_in_german(german_page, live_server):
    page = german_page
    page.goto(f"{live_server}/games/new/points")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.fill("#player_0", "Anna")
    page.fill("#player_1", "Bernd")
    page.get_by_role("button", name="Spiel beginnen").click()
    page.wait_for_url("**/games/*")
    expect(page.locator(".flash-success")).to_contain_text("Spiel begonnen")
    game_url = page.url
    page.get_by_role("link", name="Runde eintragen").click()
    page.wait_for_url("**/rounds/new")
    first, second = page.locator('[id="f-players.0.points"]'), page.locator('[id="f-players.1.points"]')
    first.fill("12+11+7-5")
    expect(page.locator('[id="total-0"]')).to_have_text("= 25")
    second.fill("2*3")
    expect(page.locator('[id="total-1"]')).to_have_text("keine Summe ganzer Zahlen")  # the script's words
    second.fill("-4")
    assert_no_sideways_scroll(page)
    page.get_by_role("button", name="Runde speichern").click()
    page.wait_for_url(game_url)
    expect(page.locator(".flash-success")).to_contain_text("Runde 1 notiert.")
    expect(page.get_by_role("button", name="Rückgängig: Runde 1 notiert")).to_be_visible()
    assert_no_sideways_scroll(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "german-evening-game.png"), full_page=True)

    page.goto(f"{live_server}/check/rummikub?cards=R1+B1+K1")
    expect(page.locator(".verdict-word")).to_contain_text("GÜLTIG")
    expect(page.locator("html")).to_have_attribute("lang", "de")

    public_id = game_url.rstrip("/").split("/")[-1]
    sheet = page.request.get(
        f"{live_server}/print/game/{public_id}/sheet.pdf", headers={"Accept-Language": "de-DE"}
    )
    text = ReadBack(sheet.body()).text
    assert "Anna" in text and "Seite 1 von 1" in text and "Diesem Spiel folgen" in text
