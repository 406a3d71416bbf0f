"""Every form works without JavaScript (issue 3): the same flows in Chromium with scripts off.

Post, redirect, flash: a game is started, hands are recorded by typing, undone and
deleted, a Crib Rummy turn is pegged, and the checker answers a typed meld.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_sideways_scroll, phone_page
from .visible_text import shows

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, request):
    """A phone-sized page with JavaScript disabled."""
    with phone_page(browser, f"nojs-{request.node.name}", java_script_enabled=False) as page:
        yield page


def field(page, name):
    return page.locator(f'[id="f-{name}"]')


def start(page, live_server, slug: str, options: dict[str, str] | None = None) -> None:
    page.goto(f"{live_server}/games/new")
    page.click(f'a[href="/games/new/{slug}"]')
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Bob")
    for name, value in (options or {}).items():
        page.locator(f"#opt_{name}").select_option(value)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".flash-success")).to_be_visible()


def test_a_tile_game_recorded_undone_and_deleted_without_javascript(page, live_server):
    start(page, live_server, "rummikub")
    page.get_by_role("link", name="Record a round").click()
    field(page, "players.1.rack").fill("R5 J")  # typed, no keypad: CT-7 35
    page.check('input[name="winner"][value="0"]')
    page.get_by_role("button", name="Save round").click()
    shows(page.locator(".flashes"), "Round 1 recorded")
    # the page's focus is on what happened (read by a screen reader), not back at the page's top
    expect(page.locator(".flash-region")).to_be_focused()
    expect(page.locator(".standing .total")).to_have_text(["35", "-35"], use_inner_text=True)  # CT-8 A
    assert_no_sideways_scroll(page)

    page.get_by_role("button", name="Undo: Round 1 recorded").click()
    expect(page.locator(".standing .total")).to_have_text(["0", "0"], use_inner_text=True)
    expect(page.locator(".flash-region")).to_be_focused()
    shows(page.locator(".flash-region"), "Round 1 recorded")  # the flash names the change undone

    page.get_by_role("link", name="Record a round").click()
    field(page, "players.0.rack").fill("K13")
    page.check('input[name="winner"][value="1"]')
    page.get_by_role("button", name="Save round").click()
    expect(page.locator(".standing .total")).to_have_text(["13", "-13"], use_inner_text=True)  # Bob first now
    page.locator("#hand-menu-1 summary").click()  # the round's menu
    page.get_by_role("link", name="Delete round 1").click()  # asks first
    expect(page.locator("h1")).to_have_text("Delete round 1?", use_inner_text=True)
    page.get_by_role("button", name="Yes, delete round 1").click()
    shows(page.locator(".flashes"), "deleted")
    expect(page.locator(".standing .total")).to_have_text(["0", "0"], use_inner_text=True)


def test_bad_input_comes_back_at_its_field_without_javascript(page, live_server):
    start(page, live_server, "krazy-bee")
    page.get_by_role("link", name="Record a hand").click()
    page.locator('[id="players.1"] summary').click()  # the cards open without a script (details)
    field(page, "players.1.hand").fill("3 14")
    page.get_by_role("button", name="Save hand").click()
    shows(page.locator('[id="players.1"]'), "“14”")  # N-1 names the token, in the reader's marks
    expect(field(page, "players.1.hand")).to_have_value("3 14")  # nothing lost
    assert_no_sideways_scroll(page)


def test_a_crib_rummy_turn_pegged_without_javascript(page, live_server):
    start(page, live_server, "crib-rummy", {"target": "61"})
    page.get_by_role("link", name="Record a hand").click()
    field(page, "turns.0.melds.0.cards").fill("3H 4H 5H")
    page.get_by_role("button", name="Record turn").click()
    shows(page.locator(".flashes"), "Hand 1, turn 1 recorded")
    expect(page.locator("h1")).to_have_text("Hand 1, turn 2", use_inner_text=True)  # back on the hand's page
    shows(page.locator(".board-wrap"), "Bob: 3")  # CR-5: a run of 3 pegs 3
    page.get_by_role("button", name="+2 set").click()  # Ann: one post, one tap
    shows(page.locator(".board-wrap"), "Ann: 2")
    page.get_by_role("button", name="+6♥ pegs 3 added to 3♥ 4♥ 5♥").click()  # Bob grows his run (CR-4)
    shows(page.locator(".board-wrap"), "Bob: 6")
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(page.locator("h1")).to_have_text("Hand 1, turn 5", use_inner_text=True)
    page.get_by_role("link", name="Back to the game").click()
    expect(page.locator(".standing", has_text="Bob").locator(".total")).to_have_text("6", use_inner_text=True)


def test_the_checker_answers_a_typed_meld_without_javascript(page, live_server):
    page.goto(f"{live_server}/check/crazy-tiles")
    page.locator('textarea[name="cards"], input[name="cards"]').first.fill("R12 R13 J")
    page.get_by_role("button", name="Check", exact=True).click()
    shows(page.locator('[role="status"]').first, "LEGAL")  # the verdict
    verdict = page.locator('[role="status"]').first.inner_text()
    assert "LEGAL" in verdict and "NOT LEGAL" not in verdict  # CT-4: J as R0 or R0+R1
    assert "cards=R12" in page.url  # a shareable GET
    assert_no_sideways_scroll(page)
