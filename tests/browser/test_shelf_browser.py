"""The shelf on a phone (390x844, issue 33): a points game's empty hand refused once in its own words,
a table's new game offering the names tapped for who plays first, a table page naming its points
games, the import of a BG Stats backup from the table page, and Send to BG Stats in the phone's time."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, assert_no_sideways_scroll
from .test_rounds_browser import start_game

pytestmark = pytest.mark.browser


def shot(page, name: str) -> None:
    assert_no_sideways_scroll(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"shelf-{name}.png"), full_page=True)


def test_PG_3_an_empty_points_hand_is_refused_once_in_the_points_games_words(page, live_server):
    start_game(page, live_server, "points", {"game_name": "Hearts"})
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".form-errors")).to_contain_text("Nothing was saved", use_inner_text=True)
    said = page.locator("main").inner_text()
    shot(page, "points-empty-hand")
    assert "went out" not in said
    assert said.count("Nobody's points were entered for this hand") == 1, said


def new_table(page, live_server, players=("Ann", "Bob")) -> dict:
    """A table made through the API; this phone joins it with its table link."""
    answer = page.request.post(
        f"{live_server}/api/v1/tables", data={"name": "Shelf", "players": list(players)}
    )
    assert answer.status == 201, answer.text()
    table = answer.json()
    page.goto(f"{live_server}/tables/{table['id']}/join/{table['secret']}")
    return table


def test_a_tables_new_game_offers_the_names_tapped_for_who_plays_first(page, live_server):
    table = new_table(page, live_server)
    page.goto(f"{live_server}/tables/{table['id']}/play/rummikub")
    dealer = page.locator("select[name=first_dealer]")
    page.click(".roster-chip:has-text('Bob')")
    page.click(".roster-chip:has-text('Ann')")
    page.fill("#new_0", "Cy")
    offered = dealer.locator("option:not([hidden])").all_inner_texts()
    assert offered == ["Bob", "Ann", "Cy"]
    dealer.select_option(label="Cy")
    shot(page, "table-new-game-names")
    page.click("button:has-text('Start the game')")
    page.wait_for_selector(".standings")
    expect(page.locator(".turn-line")).to_contain_text("Cy plays first", use_inner_text=True)
