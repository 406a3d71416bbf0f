"""The shelf on a phone (390x844, issue 33): a points game's empty hand refused once in its own words,
a table's new game offering the names tapped for who plays first, a table page naming its points
games, the import of a BG Stats backup from the table page, and Send to BG Stats in the phone's time."""

from __future__ import annotations

import json
import re
from datetime import datetime
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db

from ..web.bgstats_support import HAND_WRITTEN
from .conftest import ARTIFACTS, assert_no_sideways_scroll, phone_page, served_app
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


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("shelf-live"), "browser-shelf") as site:
        yield site


def test_send_to_bg_stats_writes_the_start_in_the_phones_own_time(browser, site):
    app, url = site
    with phone_page(browser, "shelf-send-to-bg-stats", timezone_id="Europe/Berlin") as page:
        table = new_table(page, url)
        body = {
            "variant": "points",
            "players": ["Ann", "Bob"],
            "table": table["id"],
            "options": {"rounds": 1},
        }
        headers = {"Authorization": f"Bearer {table['secret']}"}
        game = page.request.post(f"{url}/api/v1/games", data=body, headers=headers).json()
        hand = {"players": [{"points": 7}, {"points": 12}]}
        headers = {"Authorization": f"Bearer {game['secret']}"}
        assert page.request.post(f"{url}/api/v1/games/{game['id']}/rounds", data=hand, headers=headers).ok
        with app.app_context():  # started at 19:15 UTC: 20:15 on a German winter evening
            services.get_game(game["id"]).created_at = datetime(2026, 2, 1, 19, 15)
            db.session.commit()
        page.goto(f"{url}/games/{game['id']}")
        link = page.get_by_role("link", name="Send to BG Stats")
        expect(link).to_have_attribute("href", re.compile("20%3A15"))
        play = json.loads(parse_qs(urlparse(link.get_attribute("href")).query)["data"][0])
        assert (play["playDate"], play["location"]) == ("2026-02-01 20:15:00", "Shelf")
        assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
            ("Ann", 7, False),
            ("Bob", 12, True),
        ]
        shot(page, "send-to-bg-stats")


def test_a_bg_stats_backup_imported_from_the_table_page(browser, site):
    _app, url = site
    with phone_page(browser, "shelf-import", timezone_id="Europe/Berlin") as page:
        table = new_table(page, url)
        house = {"name": "Five Crowns", "variant": "points", "options": {"high_wins": False, "rounds": 11}}
        headers = {"Authorization": f"Bearer {table['secret']}"}
        assert page.request.post(
            f"{url}/api/v1/tables/{table['id']}/house-games", data=house, headers=headers
        ).ok
        page.goto(f"{url}/tables/{table['id']}")
        # the backup for BG Stats is written in this phone's time zone
        expect(page.get_by_role("link", name="For BG Stats")).to_have_attribute(
            "href", re.compile("tz=Europe%2FBerlin")
        )
        page.get_by_role("link", name="Import from BG Stats").click()
        page.wait_for_url("**/import")
        shot(page, "import-picker")
        page.set_input_files(
            "#backup",
            files=[
                {
                    "name": "BGStatsExport.json",
                    "mimeType": "application/json",
                    "buffer": json.dumps(HAND_WRITTEN).encode(),
                }
            ],
        )
        page.get_by_role("button", name="Import the plays").click()
        report = page.locator(".import-report")
        expect(report).to_contain_text("2 plays added, with their final scores.", use_inner_text=True)
        expect(report).to_contain_text("Wingspan: 2 plays", use_inner_text=True)
        expect(report).to_contain_text("Play 5: a player of it has no name", use_inner_text=True)
        shot(page, "import-report")
        page.get_by_role("link", name="Back to the table's games").click()
        games = page.locator("#finished ~ .game-list .game-item")
        expect(games).to_have_count(2)
        # BG Stats' 20:15 on this phone (Berlin, winter) is 19:15 UTC
        expect(games.filter(has_text="Rummikub")).to_contain_text("2026-02-01 19:15 UTC", use_inner_text=True)
        expect(games.filter(has_text="Five Crowns")).to_have_count(1)  # by its own name
        shot(page, "import-table")
        games.filter(has_text="Rummikub").locator("a.game-link").click()
        page.wait_for_selector(".imported-result")
        expect(page.locator(".standings")).to_have_count(1)  # the imported result only
        expect(page.locator("main")).not_to_contain_text("deals", use_inner_text=True)
        shot(page, "imported-game")
        page.goto(f"{url}/tables/{table['id']}/stats")
        expect(page.locator("main")).to_contain_text("Rummikub", use_inner_text=True)
        expect(page.locator("main")).not_to_contain_text("Average rack left", use_inner_text=True)
        shot(page, "imported-statistics")


def test_PG_5_a_low_wins_points_game_says_so_under_its_name(page, live_server):
    page.goto(f"{live_server}/games/new/points")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Bob")
    page.fill("#opt_game_name", "Hearts")
    page.uncheck("#opt_high_wins")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    expect(page.locator(".game-head")).to_contain_text("lowest score wins", use_inner_text=True)
    shot(page, "low-wins-points-game")
