"""The points game's hand form in a real Chromium (PG-2, PG-4): a sum typed in one field shows its
total at once, Enter moves to the next player, and the editor ends the game from the form."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_rounds_browser import field, save, standing, start_game, winner

pytestmark = pytest.mark.browser


def test_PG_2_sums_total_at_once_and_enter_moves_on(page, live_server):
    start_game(page, live_server, "points", {"game_name": "Five Crowns"})
    first, second = field(page, "players.0.points"), field(page, "players.1.points")
    first.fill("12+11+7-5")
    expect(page.locator('[id="total-0"]')).to_have_text("= 25")
    first.press("Enter")
    expect(second).to_be_focused()
    expect(first).to_have_value("12+11+7-5")  # Enter did not send the form
    second.fill("2*3")
    expect(page.locator('[id="total-1"]')).to_have_text("not a sum of whole numbers")
    second.fill("-4")
    save(page, "points")
    expect(standing(page, "Ann")).to_have_text("25")
    expect(standing(page, "Bob")).to_have_text("-4")

    page.get_by_role("link", name="Record a hand").click()
    page.wait_for_url("**/rounds/new")
    field(page, "players.1.points").fill("1")
    page.get_by_label("End the game after this hand", exact=True).check()
    save(page, "points")
    winner(page, "points", "Ann")  # PG-5: the highest total wins
