"""The checker in a real headless Chromium at 390x844: cards tapped on the keypad, a tile grid built by tapping."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

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


@pytest.mark.parametrize(
    "slug, keys, typed, word, kind, more",
    [
        pytest.param(
            "krazy-bee", ["7", "7", "wild"], "7 7 W", "LEGAL", "Book", None, id="KB-2-book-by-tapping"
        ),
        pytest.param(
            "crib-rummy",
            ["suit:H", "3", "4", "5"],
            "3H 4H 5H",
            "LEGAL",
            "Run",
            "Pegs 3",
            id="CR-5-run-by-tapping",
        ),
        pytest.param(
            "crazy-tiles",
            ["suit:R", "12", "13", "wild"],
            "R12 R13 J",
            "LEGAL",
            "Run",
            "Meld value",
            id="CT-4-joker-by-tapping",
        ),
        pytest.param(
            "rumbugz", ["1", "2", "3"], "1 2 3", "NOT LEGAL", "", "RB-1", id="RB-1-too-short-by-tapping"
        ),
    ],
)
def test_a_check_by_tapping_the_keypad(live_server, page, slug, keys, typed, word, kind, more):
    page.goto(f"{live_server}/check/{slug}")
    expect(page.locator(".keypad")).to_be_visible()
    tap_keys(page, *keys)
    expect(page.locator("#cards")).to_have_value(typed)
    expect(page.locator('.cards-box[data-field="cards"] .chip')).to_have_count(len(typed.split()))
    assert_no_sideways_scroll(page)
    press_check(page)
    assert verdict_word(page) == word
    verdict = page.locator("#verdict").inner_text()
    if kind:
        expect(page.locator("#verdict .kind")).to_have_text(kind, use_inner_text=True)
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
    expect(first.locator(".reads-as .cface-label")).to_have_text(["0"], use_inner_text=True)
    expect(first.locator(".reads-as .cface")).to_have_attribute("aria-label", "red 0")


def test_typing_and_chips_stay_in_sync(live_server, page):
    page.goto(f"{live_server}/check/crib-rummy")
    page.locator("#cards").fill("3h 4h jk")
    chips = page.locator('.cards-box[data-field="cards"] .chip')
    expect(chips).to_have_count(3)
    chips.nth(1).tap()  # a tapped chip leaves the hand
    expect(page.locator("#cards")).to_have_value("3h jk")
    page.locator("#extend").tap()
    tap_keys(page, "suit:S", "10")
    expect(page.locator("#extend")).to_have_value("10S")
    expect(page.locator("#cards")).to_have_value("3h jk")


def test_a_grid_of_crossing_lines_built_by_tapping(live_server, page):
    """CT-9: K4 K5 K9 across (the 9 read as 6) crossing K9 K10 K11 down."""
    page.goto(f"{live_server}/check/crazy-tiles")
    page.locator('.grid-modes [data-mode="grid"]').tap()
    expect(page.locator(".grid-editor")).to_be_visible()

    def place(rank: str, row: int, col: int) -> None:
        tap_keys(page, rank)
        page.locator(f'.grid-cell[data-row="{row}"][data-col="{col}"]').tap()

    tap_keys(page, "suit:K")
    for rank, row, col in (("4", 0, 0), ("5", 0, 1), ("9", 0, 2), ("10", 1, 2), ("11", 2, 2), ("13", 3, 0)):
        place(rank, row, col)
    expect(page.locator("#cards")).to_have_value("K4 K5 K9 / . . K10 / . . K11 / K13")
    page.locator('.grid-cell[data-row="3"][data-col="0"]').tap()  # tapping a tile again clears its cell
    expect(page.locator("#cards")).to_have_value("K4 K5 K9 / . . K10 / . . K11")
    assert_no_sideways_scroll(page)

    press_check(page)
    assert verdict_word(page) == "LEGAL"
    expect(page.locator(".board-cell.board-ok")).to_have_count(5)
    expect(page.locator(".board-cell.board-bad")).to_have_count(0)
    crossing = page.locator(".board-read")
    expect(crossing).to_have_count(1)
    expect(crossing).to_have_attribute("title", "K6")
    lines = page.locator(".verdict-parts .part")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("Across from row 1, column 1", use_inner_text=True)
    expect(lines.nth(1)).to_contain_text("Down from row 1, column 3", use_inner_text=True)
    # Reopened from its link, the grid editor comes back with the same tiles.
    expect(page.locator(".grid-editor")).to_be_visible()
    expect(page.locator(".grid-cell .cface")).to_have_count(5)
    assert_no_sideways_scroll(page)


def test_a_grid_with_a_broken_line_marks_it(live_server, page):
    page.goto(f"{live_server}/check/runny-tiles")
    page.locator('.grid-modes [data-mode="grid"]').tap()
    for colour, rank, row, col in (("R", "1", 0, 0), ("B", "2", 0, 1), ("K", "3", 0, 2), ("K", "4", 1, 1)):
        tap_keys(page, f"suit:{colour}", rank)
        page.locator(f'.grid-cell[data-row="{row}"][data-col="{col}"]').tap()
    press_check(page)
    assert verdict_word(page) == "NOT LEGAL"
    expect(page.locator(".board-cell.board-bad")).to_have_count(2)  # B2 and K4 down
    expect(page.locator(".part-bad")).to_have_count(1)
    assert "Lines" in page.locator("#verdict").inner_text().title()
    assert (
        page.locator('#verdict a.rule-ref[href="/rules/runny-tiles#CT-9"]').count() >= 1
    )  # after its sentence
    assert_no_sideways_scroll(page)


def test_the_verdict_link_names_the_lan_address_without_breaking_the_page(live_server, page):
    """Opened on 127.0.0.1, the link for other phones names the LAN address (scorekeeper/web/addresses.py);
    the address bar keeps this page's own host (another origin would make the script fail)."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server}/check/crazy-tiles?cards=R12+R13+J")
    link = page.locator("#share-link")
    expect(link).to_have_attribute("href", re.compile(re.escape("/check/crazy-tiles?cards=R12")))
    assert page.url.startswith(f"{live_server}/check/crazy-tiles?cards=R12")
    assert errors == []
    expect(page.get_by_role("button", name="Share")).to_be_visible()  # wired up by the script


def test_screen_readers_walk_the_checked_table_and_the_grid_row_by_row(live_server, page):
    """The verdict's tile grid and the grid editor are tables of rows of cells (role=grid with
    loose cells was a critical axe finding: a screen reader could not walk it)."""
    page.goto(f"{live_server}/check/crazy-tiles?cards=K4+K5+K9+%2F+.+.+K10+%2F+.+.+K11")
    checked = page.get_by_role("table", name="The table as checked")
    rows = checked.get_by_role("row")
    expect(rows).to_have_count(3)
    assert [rows.nth(r).get_by_role("cell").count() for r in range(3)] == [3, 3, 3]
    expect(rows.nth(1).get_by_role("cell").nth(2)).to_contain_text("10", use_inner_text=True)
    expect(rows.nth(1).get_by_role("cell").nth(0)).to_contain_text("empty")
    editor = page.get_by_role("table", name="Table grid")
    expect(editor.get_by_role("row")).to_have_count(6)  # 3 rows of tiles and room to grow
    expect(editor.get_by_role("row").first.get_by_role("cell")).to_have_count(7)
    expect(editor.get_by_role("row").first.get_by_role("button").first).to_have_attribute(
        "aria-label", "4 black, tap to clear; row 1, column 1"
    )


@pytest.mark.parametrize(
    "slug, cards, index, shown, name",
    [
        ("crazy-tiles", "R12 R13 J", 0, "12", "12 red, remove"),
        ("crib-rummy", "7H", 0, "7♥", "7♥ hearts, remove"),
        ("krazy-bee", "7 W", 1, "W★", "W★ wild, remove"),
    ],
)
def test_a_chip_is_named_by_what_it_shows(live_server, page, slug, cards, index, shown, name):
    """A voice-control user says what they see: the chip's name starts with its visible text
    (it was "Remove R12" on a chip showing 12: axe's label-content-name-mismatch)."""
    page.goto(f"{live_server}/check/{slug}?cards={cards.replace(' ', '+')}")
    chip = page.locator(".chips .chip").nth(index)
    assert chip.inner_text().replace("\n", "") == shown
    expect(chip).to_have_attribute("aria-label", name)
    chip.tap()  # and it still takes its card away
    left = cards.split()
    del left[index]
    expect(page.locator("#cards")).to_have_value(" ".join(left))


def test_rules_in_force_shows_it_opens(live_server, page):
    """ "Rules in force" is laid out as a flex box, which drops the browser's triangle: it draws its
    own, pointing along the line and down once open (the walk-through of 7 December saw none)."""
    page.goto(f"{live_server}/check/crazy-tiles")
    summary = page.locator(".checker-options > summary")

    def marker() -> tuple[str, str]:
        return summary.evaluate(
            "s => { const c = getComputedStyle(s, '::before'); return [c.content, c.transform]; }"
        )

    closed = marker()
    assert closed[0] == '"▸"' and closed[1] == "none"
    summary.click()
    assert marker()[0] == '"▸"' and marker()[1] != "none"  # turned to point down


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_split_jokers_other_reading_keeps_the_joker_in_its_row_at_320(live_server, browser, language):
    """R12 R13 J on Crazy Rummy Tiles: another reading has the joker stand for a 10 read as 0 + 1
    (CT-1), said in words beside its figure. The words made the joker's cell as wide as the phone,
    so at 320 px the joker wrapped onto a line of its own under 12 13. The words go under the
    figure, as wide as it, the joker stays beside the 13, and in Hebrew they read right to left."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
        page.goto(f"{live_server}/check/crazy-tiles?cards=R12+R13+J")
        words = page.locator(".split-word").first
        expect(words).to_contain_text("0 + 1")
        row = words.locator("xpath=ancestor::ol[1]")
        faces = row.locator(":scope > li > .cface")
        expect(faces).to_have_count(3)
        tops = [round(faces.nth(i).bounding_box()["y"]) for i in range(3)]
        assert len(set(tops)) == 1, f"{language}: the tiles of the other reading are on {tops}"
        cell = row.locator(":scope > li").nth(2).bounding_box()
        said = words.bounding_box()
        assert cell["x"] - 1 <= said["x"] and said["x"] + said["width"] <= cell["x"] + cell["width"] + 1
        # the words in their own direction (the row of tiles is left to right in Hebrew too): the
        # first word is left of the "10" in English, right of it in Hebrew
        first, ten = words.evaluate(
            """el => { const text = el.firstChild, at = text.data.indexOf('10');
                 const x = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
                                    return r.getBoundingClientRect().x; };
                 return [x(0), x(at)]; }"""
        )
        assert (first > ten) == (language == "he"), f"{language}: first word at {first}, the 10 at {ten}"
        # the sum reads "0 + 1" left to right in both, as the tiles it stands for (Hebrew drew "1 + 0")
        zero, one = words.evaluate(
            """el => { const text = el.firstChild, at = text.data.indexOf('0 + 1');
                 const x = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
                                    return r.getBoundingClientRect().x; };
                 return [x(at), x(at + 4)]; }"""
        )
        assert zero < one, f"{language}: the sum's 0 at {zero}, its 1 at {one}"
        assert_no_sideways_scroll(page)
    finally:
        context.close()
