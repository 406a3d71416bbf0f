"""A whole Rummikub game in Hebrew, right to left, on a phone at 390 px (issue 40, docs/languages.md
"Right to left"): the game started through the Hebrew form with a Hebrew and a Latin name, two hands
recorded through the hand form, the totals and the winner read back, each total with its sign in
front, and the score sheet printed. Selectors are the pages' structure, not their words: the Hebrew
catalog is the translators' (a word still missing there shows in English and the game still plays).
"""

from __future__ import annotations

from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from tests.pdf.support import ReadBack

from .conftest import ARTIFACTS, PHONE, assert_no_sideways_scroll
from .german_night import choose, field
from .test_rtl_browser import drawn

pytestmark = pytest.mark.browser
DANA, ANN = "דנה", "Ann B."


def total(page, name: str) -> str:
    return page.locator(".standing", has_text=name).locator(".total").inner_text().strip()


def record(page, game_url: str, winner: int, loser: int, rack: str, shot: str) -> None:
    """The hand form through the game page's button: who went out, the other's rack, saved."""
    page.locator("main a.button.wide").click()
    page.wait_for_url("**/rounds/new")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.check(f'input[name="winner"][value="{winner}"]')
    field(page, f"players.{loser}.rack").fill(rack)
    latin = drawn(page, "#hand-form legend", ANN)["boxes"]  # "Ann B.", never ".Ann B"
    assert latin == sorted(latin), latin
    assert_no_sideways_scroll(page)
    page.screenshot(path=str(ARTIFACTS / f"hebrew-rummikub-{shot}.png"), full_page=True)
    page.locator("#hand-form button.save").click()
    page.wait_for_url(game_url)


def test_a_whole_rummikub_game_in_hebrew(browser, live_server):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, locale="he-IL", is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server}/games/new/rummikub")
        expect(page.locator("html")).to_have_attribute("lang", "he")
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        page.fill("#player_0", DANA)
        page.fill("#player_1", ANN)
        choose(page.locator("#opt_rounds"), "2")
        assert_no_sideways_scroll(page)
        page.locator("form.game-form button[type=submit]").click()
        page.wait_for_url("**/games/*")
        game_url = page.url
        # hand 1: Dana goes out; Ann's rack R5 J is 5 + 30 = 35 (CT-7), Dana scores it (CT-8 A)
        record(page, game_url, 0, 1, "R5 J", "hand-1")
        assert (total(page, DANA), total(page, ANN)) == ("35", "-35")
        # hand 2: Ann goes out; Dana's rack B7 R13 J is 7 + 13 + 30 = 50
        record(page, game_url, 1, 0, "B7 R13 J", "hand-2")
        assert (total(page, DANA), total(page, ANN)) == ("-15", "15")
        expect(page.locator(".winner-title")).to_contain_text(ANN)
        # each total with its sign in front, as drawn on the right-to-left page
        for text in ("-15", "15"):
            boxes = drawn(page, ".standing .total", text)["boxes"]
            assert boxes == sorted(boxes), (text, boxes)
        assert_no_sideways_scroll(page)
        page.screenshot(path=str(ARTIFACTS / "hebrew-rummikub-game.png"), full_page=True)
        # printed: the game's score sheet, as this phone fetches it
        href = page.locator(".game-actions a[href*='/print/game/']").first.get_attribute("href")
        answer = page.request.get(urljoin(game_url, href))
        assert answer.ok and answer.headers["content-type"] == "application/pdf"
        printed = ReadBack(answer.body()).text
        assert ANN in printed and "15" in printed, printed
    finally:
        context.close()
