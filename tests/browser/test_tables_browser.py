"""A table's life in a real headless Chromium at phone size: start a table, tap the roster into seats,
play, read the statistics and their charts, rename a player, adopt a checker verdict."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.tables import roster as tables
from scorekeeper.storage.extensions import db

from .conftest import assert_no_sideways_scroll, phone_page, served_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("tables-live"), "browser-tables") as site:
        yield site


def _finish(app, public_id: str, hands: list[dict]) -> None:
    with app.app_context():
        game = services.get_game(public_id)
        for facts in hands:
            services.record_round(game, facts)
        db.session.commit()


@pytest.mark.parametrize("width", [360, 430])
def test_a_tables_life_on_a_phone(browser, site, width):
    app, url = site
    with phone_page(browser, f"tables-life-{width}", viewport={"width": width, "height": 800}) as page:
        table_url = _start_the_table(page, url, width)
        public_id = _start_a_game_from_the_roster(page)
        # Bob (seat 0) goes out; Ann holds R5 J (35), Zoë K9 (9): Bob +44 and wins (CT-7, CT-8)
        _finish(app, public_id, [{"winner": 0, "players": [{}, {"rack": "R5 J"}, {"rack": "K9"}]}])
        page.goto(table_url)
        assert "(won)" in page.locator(".game-list").last.inner_text()
        assert_no_sideways_scroll(page)
        _read_the_statistics(page)
        # rename Zoë; the statistics follow
        page.goto(table_url)
        page.click("summary:has-text('Add, rename or merge players')")
        page.select_option("#member", label="Zoë")
        page.fill("#new_name", "Zoé")
        page.click("button:has-text('Rename')")
        expect(page.locator(".flash-success")).to_contain_text("Zoë is now called Zoé", use_inner_text=True)
        _adopt_a_verdict(page, url, f"Kitchen table {width}")


def _start_the_table(page, url: str, width: int) -> str:
    """A new table of three from its form; the table's address."""
    page.goto(f"{url}/tables/")
    assert_no_sideways_scroll(page)
    page.fill("#name", f"Kitchen table {width}")
    page.fill("#players", "Ann\nBob\nCyrielle-Marguerite")
    page.click("button:has-text('Start the table')")
    page.wait_for_selector("h1:has-text('Kitchen table')")
    expect(page.locator(".flash-success")).to_be_visible()
    return page.url


def _start_a_game_from_the_roster(page) -> str:
    """A one-round Rummikub game: Bob and Ann tapped into seats, a newcomer typed; the game's id."""
    page.click("text=Start a game")
    page.click("a[href$='/play/rummikub']")
    page.wait_for_url("**/play/rummikub")  # loaded: the seat picker's script counts the taps from here
    # one tap per player, in seat order: Bob first, then Ann; the chips show the seat numbers
    page.click(".roster-chip:has-text('Bob')")
    page.click(".roster-chip:has-text('Ann')")
    expect(page.locator(".roster-chip:has-text('Bob') .seat-no")).to_have_text("1", use_inner_text=True)
    expect(page.locator(".roster-chip:has-text('Ann') .seat-no")).to_have_text("2", use_inner_text=True)
    page.fill("#new_0", "Zoë")
    page.fill("#opt_rounds", "1")
    assert_no_sideways_scroll(page)
    page.click("button:has-text('Start the game')")
    page.wait_for_selector(".standings")
    names = page.locator(".standing .name").all_inner_texts()
    assert sorted(names) == ["Ann", "Bob", "Zoë"]
    assert page.locator(".table-of-game a").first.inner_text().startswith("Kitchen table")
    return page.url.rstrip("/").split("/")[-1]


def _read_the_statistics(page) -> None:
    """The table's statistics after Bob's win: his row first, the charts, the head-to-head."""
    page.click("text=Statistics")
    page.wait_for_selector("h1:has-text('Statistics')")
    first_row = page.locator(".stats-table").first.locator("tbody tr").first.inner_text()
    assert first_row.split("\t")[:4] == ["Bob", "1", "1", "100%"] or first_row.startswith("Bob")
    expect(page.locator("svg[aria-label='Wins by game']")).to_have_count(1)
    expect(page.locator("svg[aria-label='Rummikub rating']")).to_have_count(1)
    shown = page.locator("main").inner_text()
    assert "Ann v Bob" in shown or "Bob v Ann" in shown
    assert_no_sideways_scroll(page)


def _adopt_a_verdict(page, url: str, table_name: str) -> None:
    """The checker offers this phone's table the verdict, which becomes one of its rulings."""
    page.goto(f"{url}/check/crib-rummy?cards=7H+JK+JK")
    page.click(f"text=Adopt as a ruling of {table_name}")
    page.fill("#note", "settled over dessert")
    page.click("button:has-text('Adopt this verdict')")
    page.wait_for_selector(".ruling")
    expect(page.locator(".ruling-text").first).to_contain_text("7H JK JK: legal", use_inner_text=True)
    assert_no_sideways_scroll(page)


def test_a_followers_table_page_has_no_changing_buttons(browser, site):
    app, url = site
    with app.app_context():
        table, _ = tables.create_table("Followed", ["Ann", "Bob"])
        db.session.commit()
        table_id = table.public_id
    with phone_page(browser, "tables-follower") as page:
        page.goto(f"{url}/tables/{table_id}")
        assert "following (read-only)" in page.content()
        assert page.locator("text=Start a game").count() == 0
        assert page.locator("form[method=post]").count() == 0
        assert_no_sideways_scroll(page)
