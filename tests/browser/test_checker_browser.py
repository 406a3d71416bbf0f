"""The checker in a real headless Chromium at 390x844: cards tapped on the keypad, a tile grid built by tapping."""

from __future__ import annotations

import pytest

from .conftest import assert_no_sideways_scroll

pytestmark = pytest.mark.browser


def tap_keys(page, *keys: str) -> None:
    """Tap keypad keys: a rank (``7``), a suit or colour (``suit:H``), the wild card (``wild``)."""
    for key in keys:
        if key.startswith("suit:"):
            page.locator(f'.keypad [data-suit="{key[5:]}"]').tap()
        elif key == "wild":
            page.locator(".keypad .key-wild").tap()
        else:
            page.locator(f'.keypad .key-rank[data-rank="{key}"]').tap()


def press_check(page) -> None:
    """Tap Check and wait for the verdict page."""
    with page.expect_navigation():
        page.locator(".check-button").tap()
    page.wait_for_selector("#verdict")


def verdict_word(page) -> str:
    return page.locator("#verdict .verdict-word").inner_text().replace("✓", "").replace("✗", "").strip()


@pytest.mark.parametrize("slug, keys, typed, word, kind, more", [
    pytest.param("krazy-bee", ["7", "7", "wild"], "7 7 W", "LEGAL", "Book", None, id="KB-2-book-by-tapping"),
    pytest.param("crib-rummy", ["suit:H", "3", "4", "5"], "3H 4H 5H", "LEGAL", "Run", "Pegs 3",
                 id="CR-5-run-by-tapping"),
    pytest.param("crazy-tiles", ["suit:R", "12", "13", "wild"], "R12 R13 J", "LEGAL", "Run", "Meld value",
                 id="CT-4-joker-by-tapping"),
    pytest.param("rumbugz", ["1", "2", "3"], "1 2 3", "NOT LEGAL", "", "RB-1", id="RB-1-too-short-by-tapping"),
])
def test_a_check_by_tapping_the_keypad(live_server, page, slug, keys, typed, word, kind, more):
    page.goto(f"{live_server}/check/{slug}")
    assert page.locator(".keypad").is_visible()
    tap_keys(page, *keys)
    assert page.locator("#cards").input_value() == typed
    assert page.locator('.cards-box[data-field="cards"] .chip').count() == len(typed.split())
    assert_no_sideways_scroll(page)
    press_check(page)
    assert verdict_word(page) == word
    verdict = page.locator("#verdict").inner_text()
    if kind:
        assert page.locator("#verdict .kind").inner_text() == kind
    if more:
        assert " ".join(more.split()) in " ".join(verdict.split())
    # The address bar now holds the shareable link: opening it elsewhere gives the same verdict.
    assert "cards=" in page.url
    other = page.context.new_page()
    other.goto(page.url)
    assert other.locator("#verdict").inner_text() == verdict
    other.close()
    assert_no_sideways_scroll(page)


def test_the_joker_reads_as_red_zero(live_server, page):
    page.goto(f"{live_server}/check/crazy-tiles")
    tap_keys(page, "suit:R", "12", "13", "wild")
    press_check(page)
    first = page.locator("#verdict .reading").first
    assert first.locator(".reads-as .cface-label").all_inner_texts() == ["0"]
    assert first.locator(".reads-as .cface").get_attribute("aria-label") == "red 0"


def test_typing_and_chips_stay_in_sync(live_server, page):
    page.goto(f"{live_server}/check/crib-rummy")
    page.locator("#cards").fill("3h 4h jk")
    chips = page.locator('.cards-box[data-field="cards"] .chip')
    assert chips.count() == 3
    chips.nth(1).tap()  # a tapped chip leaves the hand
    assert page.locator("#cards").input_value() == "3h jk"
    page.locator("#extend").tap()
    tap_keys(page, "suit:S", "10")
    assert page.locator("#extend").input_value() == "10S"
    assert page.locator("#cards").input_value() == "3h jk"


def test_a_grid_of_crossing_lines_built_by_tapping(live_server, page):
    """CT-9: K4 K5 K9 across (the 9 read as 6) crossing K9 K10 K11 down."""
    page.goto(f"{live_server}/check/crazy-tiles")
    page.locator('.grid-modes [data-mode="grid"]').tap()
    assert page.locator(".grid-editor").is_visible()

    def place(rank: str, row: int, col: int) -> None:
        tap_keys(page, rank)
        page.locator(f'.grid-cell[data-row="{row}"][data-col="{col}"]').tap()

    tap_keys(page, "suit:K")
    for rank, row, col in (("4", 0, 0), ("5", 0, 1), ("9", 0, 2), ("10", 1, 2), ("11", 2, 2), ("13", 3, 0)):
        place(rank, row, col)
    assert page.locator("#cards").input_value() == "K4 K5 K9 / . . K10 / . . K11 / K13"
    page.locator('.grid-cell[data-row="3"][data-col="0"]').tap()  # tapping a tile again clears its cell
    assert page.locator("#cards").input_value() == "K4 K5 K9 / . . K10 / . . K11"
    assert_no_sideways_scroll(page)

    press_check(page)
    assert verdict_word(page) == "LEGAL"
    assert page.locator(".board-cell.board-ok").count() == 5
    assert page.locator(".board-cell.board-bad").count() == 0
    crossing = page.locator(".board-read")
    assert crossing.count() == 1 and crossing.get_attribute("title") == "K6"
    lines = page.locator(".verdict-parts .part")
    assert lines.count() == 2
    assert "Across from row 1, column 1" in lines.nth(0).inner_text()
    assert "Down from row 1, column 3" in lines.nth(1).inner_text()
    # Reopened from its link, the grid editor comes back with the same tiles.
    assert page.locator(".grid-editor").is_visible()
    assert page.locator(".grid-cell .cface").count() == 5
    assert_no_sideways_scroll(page)


def test_a_grid_with_a_broken_line_marks_it(live_server, page):
    page.goto(f"{live_server}/check/runny-tiles")
    page.locator('.grid-modes [data-mode="grid"]').tap()
    for colour, rank, row, col in (("R", "1", 0, 0), ("B", "2", 0, 1), ("K", "3", 0, 2), ("K", "4", 1, 1)):
        tap_keys(page, f"suit:{colour}", rank)
        page.locator(f'.grid-cell[data-row="{row}"][data-col="{col}"]').tap()
    press_check(page)
    assert verdict_word(page) == "NOT LEGAL"
    assert page.locator(".board-cell.board-bad").count() == 2  # B2 and K4 down
    assert page.locator(".part-bad").count() == 1
    assert "Lines" in page.locator("#verdict").inner_text().title()
    assert page.locator('#verdict a.rule-ref[href="/rules/runny-tiles#CT-9"]').count() >= 1  # after its sentence
    assert_no_sideways_scroll(page)


def test_the_verdict_link_names_the_lan_address_without_breaking_the_page(live_server, page):
    """Opened on 127.0.0.1, the link for other phones names the LAN address (scorekeeper/addresses.py);
    the address bar keeps this page's own host (another origin would make the script fail)."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}/check/crazy-tiles?cards=R12+R13+J")
    link = page.locator("#share-link").get_attribute("href")
    assert "/check/crazy-tiles?cards=R12" in link
    assert page.url.startswith(f"{live_server}/check/crazy-tiles?cards=R12")
    assert errors == []
    assert page.get_by_role("button", name="Share").is_visible()  # wired up by the script


def test_screen_readers_walk_the_checked_table_and_the_grid_row_by_row(live_server, page):
    """The verdict's tile grid and the grid editor are tables of rows of cells (role=grid with
    loose cells was a critical axe finding: a screen reader could not walk it)."""
    page.goto(f"{live_server}/check/crazy-tiles?cards=K4+K5+K9+%2F+.+.+K10+%2F+.+.+K11")
    checked = page.get_by_role("table", name="The table as checked")
    rows = checked.get_by_role("row")
    assert rows.count() == 3
    assert [rows.nth(r).get_by_role("cell").count() for r in range(3)] == [3, 3, 3]
    assert "10" in rows.nth(1).get_by_role("cell").nth(2).inner_text()
    assert "empty" in rows.nth(1).get_by_role("cell").nth(0).text_content()
    editor = page.get_by_role("table", name="Table grid")
    assert editor.get_by_role("row").count() == 6  # 3 rows of tiles and room to grow
    assert editor.get_by_role("row").first.get_by_role("cell").count() == 7
    assert editor.get_by_role("row").first.get_by_role("button").first.get_attribute("aria-label") == \
        "4 black, tap to clear; row 1, column 1"


@pytest.mark.parametrize("slug, cards, index, shown, name", [
    ("crazy-tiles", "R12 R13 J", 0, "12", "12 red, remove"),
    ("crib-rummy", "7H", 0, "7♥", "7♥ hearts, remove"),
    ("krazy-bee", "7 W", 1, "W★", "W★ wild, remove"),
])
def test_a_chip_is_named_by_what_it_shows(live_server, page, slug, cards, index, shown, name):
    """A voice-control user says what they see: the chip's name starts with its visible text
    (it was "Remove R12" on a chip showing 12: axe's label-content-name-mismatch)."""
    page.goto(f"{live_server}/check/{slug}?cards={cards.replace(' ', '+')}")
    chip = page.locator(".chips .chip").nth(index)
    assert chip.inner_text().replace("\n", "") == shown
    assert chip.get_attribute("aria-label") == name
    chip.tap()  # and it still takes its card away
    left = cards.split()
    del left[index]
    assert page.locator("#cards").input_value() == " ".join(left)
