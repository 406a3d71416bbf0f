"""Check a whole turn and Best play in a real headless Chromium at 390x844: tiles and cards tapped on the
keypad, a table built in the grid editor, the verdict read as a player reads it; and both without JavaScript."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, assert_no_sideways_scroll, phone_page
from .test_checker_browser import tap_keys

pytestmark = pytest.mark.browser


def press(page, name: str) -> None:
    """Tap the form's button and wait for the answer's page."""
    with page.expect_navigation():
        page.get_by_role("button", name=name).tap()
    page.wait_for_selector("#verdict")


def said(page, selector: str) -> list[str]:
    return [" ".join(t.split()) for t in page.locator(selector).all_inner_texts()]


def test_a_legal_turn_entered_by_tapping(live_server, page):
    page.goto(f"{live_server}/check/rummikub/turn")
    expect(page.locator(".keypad")).to_be_visible()
    page.locator("#before").tap()
    tap_keys(page, "suit:R", "5", "6", "7")
    page.locator("#rack").tap()
    tap_keys(page, "8", "suit:K", "2")
    page.locator("#after").tap()
    tap_keys(page, "suit:R", "5", "6", "7", "8")
    for name, value in zip(("before", "rack", "after"), ["R5 R6 R7", "R8 K2", "R5 R6 R7 R8"]):
        expect(page.locator(f"#{name}")).to_have_value(value)
    expect(page.locator('.cards-box[data-field="rack"] .chip')).to_have_count(2)
    assert_no_sideways_scroll(page)
    press(page, "Check the turn")
    expect(page.locator("#verdict .verdict-word")).to_contain_text("LEGAL", use_inner_text=True)
    assert said(page, "#verdict .settle-head") == ["A legal turn: 1 tile played, worth 8 points (CT-5)"]
    expect(page.get_by_role("link", name="(CT-5)")).to_have_attribute("href", "/rules/rummikub#CT-5")
    played = page.get_by_role("list", name="Played from the rack").get_by_role("img")
    expect(played).to_have_count(1)
    expect(played.first).to_have_attribute("aria-label", "red 8")
    # The address bar is the shareable link: another phone opening it sees the same verdict.
    assert "before=" in page.url and "after=" in page.url
    other = page.context.new_page()
    other.goto(page.url)
    assert other.locator("#verdict").inner_text() == page.locator("#verdict").inner_text()
    other.close()
    assert_no_sideways_scroll(page)


def test_a_tile_taken_back_is_not_legal_and_the_rule_is_one_tap_away(live_server, page):
    page.goto(
        f"{live_server}/check/rummikub/turn?before=R5+R6+R7+%7C+B9+K9+G9&rack=R8&after=R5+R6+R7+R8+%7C+B9+K9"
    )
    expect(page.locator("#verdict .verdict-word")).to_contain_text("NOT LEGAL", use_inner_text=True)
    reasons = said(page, "#verdict .verdict-reasons li")
    assert reasons[0].startswith("G9 left the table") and reasons[0].endswith("(CT-10)")
    assert "Put G9 back on the table (CT-10)" in said(page, "#verdict .verdict-alternatives li")
    with page.expect_navigation():
        page.locator("#verdict .verdict-reasons").get_by_role("link", name="(CT-10)").tap()
    assert page.url.endswith("/rules/rummikub#CT-10")


def test_a_grid_turn_built_in_the_table_after_grid(live_server, page):
    """CT-9: R6 above and B6 below K6 make a group down through the run K5 K6 K7."""
    page.goto(f"{live_server}/check/crazy-tiles/turn?before=K5+K6+K7&rack=R6+B6")
    expect(page.locator(".keypad-target-name")).to_have_text(
        "Table before the turn",  # the first field
        use_inner_text=True,
    )
    after = page.locator('.cards-box[data-field="after"]')
    after.locator('.grid-modes [data-mode="grid"]').tap()
    expect(page.locator(".keypad-target-name")).to_have_text(re.compile(r"^the grid"), use_inner_text=True)
    expect(after.locator(".grid-editor")).to_be_visible()
    expect(page.locator('.cards-box[data-field="before"] .grid-editor')).not_to_be_visible()

    for colour, rank, row, col in (
        ("R", "6", 0, 1),
        ("K", "5", 1, 0),
        ("K", "6", 1, 1),
        ("K", "7", 1, 2),
        ("B", "6", 2, 1),
    ):
        tap_keys(page, f"suit:{colour}", rank)
        after.locator(f'.grid-cell[data-row="{row}"][data-col="{col}"]').tap()
    expect(page.locator("#after")).to_have_value(". R6 / K5 K6 K7 / . B6")
    expect(page.locator("#before")).to_have_value("K5 K6 K7")  # the other table is left alone
    assert_no_sideways_scroll(page)
    press(page, "Check the turn")
    expect(page.locator("#verdict .verdict-word")).to_contain_text("LEGAL", use_inner_text=True)
    assert said(page, "#verdict .settle-head") == ["A legal turn: 2 tiles played, worth 12 points (CT-5)"]
    board = page.get_by_role("table", name="The table after the turn")
    expect(board.locator(".board-cell.board-ok")).to_have_count(5)
    # Reopened from its link, the grid editor of the table after comes back with its tiles.
    expect(after.locator(".grid-editor")).to_be_visible()
    expect(after.locator(".grid-cell .cface")).to_have_count(5)
    assert_no_sideways_scroll(page)


def test_a_grid_turns_legal_instead_is_a_board_that_checks_legal(live_server, page):
    """Issue 33: the suggestion is the board B8 . . / K8 . . / J R1 R2 (the one joker in two lines),
    drawn as a grid, and one tap checks it: legal, worth the 39 points it was said to be worth."""
    page.goto(f"{live_server}/check/crazy-tiles/turn?rack=B8+K8+R1+R2+J&after=B8+K8+J+%7C+R1+R2+J&initial=on")
    expect(page.locator("#verdict .verdict-word")).to_contain_text("NOT LEGAL", use_inner_text=True)
    instead = said(page, "#verdict .verdict-alternatives li")
    assert instead == [
        "A legal way to lay B8 K8 R1 R2 J: the table after as the board B8 . . / K8 . . / J R1 R2"
    ]
    board = page.get_by_role("table", name="The table after the suggested turn")
    expect(board.locator(".board-cell.board-ok")).to_have_count(5)
    expect(board.locator(".board-cell.board-empty")).to_have_count(4)
    assert_no_sideways_scroll(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "grid-legal-instead.png"), full_page=True)
    with page.expect_navigation():
        page.get_by_role("link", name="Check this turn").tap()
    expect(page.locator("#verdict .verdict-word")).to_contain_text("LEGAL", use_inner_text=True)
    assert said(page, "#verdict .settle-head") == ["A legal turn: 5 tiles played, worth 39 points (CT-5)"]
    expect(page.locator("#after")).to_have_value("B8 . . / K8 . . / J R1 R2")


def test_the_best_play_of_a_rack(live_server, page):
    page.goto(f"{live_server}/check/rummikub/best")
    page.locator("#rack").tap()
    tap_keys(page, "suit:R", "7", "8", "suit:K", "2")
    page.locator("#table").fill("R4 R5 R6")
    press(page, "Find the best play")
    assert said(page, "#verdict .settle-head") == ["Lay 2 tiles, worth 15 points (CT-5)"]
    assert said(page, "#verdict .settle-proof") == ["Proved best"]
    lay = page.get_by_role("list", name="Lay from the rack").get_by_role("img")
    assert [lay.nth(i).get_attribute("aria-label") for i in range(lay.count())] == ["red 7", "red 8"]
    table = page.get_by_role("list", name="Set 1")
    expect(table.get_by_role("img")).to_have_count(5)
    mine = table.locator(".settle-mine")  # the rack's tiles are marked in the table after
    expect(mine).to_have_count(2)
    expect(mine.first).to_contain_text("from the rack")
    assert_no_sideways_scroll(page)


@pytest.mark.parametrize(
    "slug, keys, choose, head, shown",
    [
        pytest.param(
            "krazy-bee",
            ["5", "5", "wild", "1", "2", "3", "4", "9"],
            ("#opt-step", "2"),
            "This hand lays Step 2, with 1 Wild Bee (KB-3) book of 3 + run of 4",
            "Meld 2",
            id="KB-3",
        ),
        pytest.param(
            "crazy-rummy",
            ["Q", "Q", "Q", "7", "7", "5", "5", "9"],
            ("#opt-wild", "7"),
            "Lay 240 points of cards (CZ-5)",
            "Set of 4 cards",
            id="CZ-5",
        ),
        pytest.param(
            "crib-rummy",
            ["suit:H", "3", "4", "5", "6", "suit:S", "K"],
            None,
            "Lay these for 6 pegs (CR-5)",
            "New run: 6 pegs",
            id="CR-5",
        ),
        pytest.param(
            "rumbugz",
            ["1", "2", "3", "4", "5", "5", "5", "wild"],
            None,
            "This hand lays single and match Sequences (RB-4)",
            "Still missing after that: double and triple",
            id="RB-4",
        ),
    ],
)
def test_what_a_card_hand_can_lay(live_server, page, slug, keys, choose, head, shown):
    page.goto(f"{live_server}/check/{slug}/best")
    page.locator("#rack").tap()
    tap_keys(page, *keys)
    if choose:
        page.locator(choose[0]).select_option(choose[1])
    assert_no_sideways_scroll(page)
    press(page, "Find the best play")
    assert said(page, "#verdict .settle-head") == [head]
    expect(page.locator("#verdict")).to_contain_text(shown, use_inner_text=True)
    assert page.locator("#verdict .settle-groups .cface").count() >= 4  # drawn with card faces
    assert_no_sideways_scroll(page)


@pytest.fixture
def nojs(browser, request):
    """A phone-sized page with JavaScript disabled."""
    with phone_page(browser, f"nojs-{request.node.name}", java_script_enabled=False) as page:
        yield page


def test_both_pages_answer_typed_input_without_javascript(live_server, nojs):
    nojs.goto(f"{live_server}/check/rummikub/turn")
    expect(nojs.locator(".keypad")).not_to_be_visible()
    nojs.fill("#before", "R5 R6 R7")
    nojs.fill("#rack", "R8 R9 K2")
    nojs.fill("#after", "R5 R6 R7 R8 R9")
    nojs.get_by_role("button", name="Check the turn").click()
    expect(nojs.locator("#verdict .settle-head")).to_have_text(
        ["A legal turn: 2 tiles played, worth 17 points (CT-5)"], use_inner_text=True
    )
    nojs.get_by_role("link", name="Best play", exact=True).click()
    nojs.wait_for_url(lambda url: "/check/rummikub/best" in url)  # #rack is on both pages: fill the new one
    nojs.fill("#rack", "R1 R2 R3 K9")
    nojs.check("#initial")
    nojs.get_by_role("button", name="Find the best play").click()
    expect(nojs.locator("#verdict .settle-head")).to_have_text(
        ["No initial meld from this rack reaches the points it needs: draw a tile (CT-6)"],
        use_inner_text=True,
    )
    assert "initial=on" in nojs.url
    assert_no_sideways_scroll(nojs)
