"""Games in a real headless Chromium at 390x844: start each variant through the form, read the page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.rules import find_variant, variants
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, assert_no_sideways_scroll, phone_page, served_app
from .visible_text import shows

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
VARIANTS = {v["slug"]: v for v in variants()}
NAMES = ["Ann", "Bob", "Cyrielle-Marguerite", "Di"] + [f"Player {n}" for n in range(5, 21)]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A live server whose app the tests can also seed directly through the services."""
    with served_app(tmp_path_factory.mktemp("games-live"), "browser-games") as site:
        yield site


def _seed(app, variant: str, names: list[str], hands: list[dict], **options) -> tuple[str, str]:
    with app.app_context():
        game, secret = services.create_game(variant, names, options)
        for facts in hands:
            services.record_round(game, facts)
        db.session.commit()
        return game.public_id, secret


@pytest.mark.parametrize("slug", list(VARIANTS))
def test_start_each_variant_through_the_form(site, page, slug):
    _app, url = site
    players = VARIANTS[slug]["max_players"]
    page.goto(f"{url}/games/new")
    page.click(f'a[href="/games/new/{slug}"]')
    page.wait_for_selector("form.game-form")
    assert_no_sideways_scroll(page)
    if players > 6:  # the seats past the sixth are folded under "More players"
        expect(page.locator("#player_6")).to_be_hidden()
        page.locator(".more-seats > summary").click()
    for seat in range(players):
        page.fill(f"#player_{seat}", NAMES[seat])
    page.select_option("#first_dealer", "1")
    page.click("button[type=submit]")
    page.wait_for_selector(".standings")
    expect(page.locator(".standing")).to_have_count(players)
    expect(page.locator(".flash-success")).to_be_visible()
    said = "deals" if find_variant(slug).dealt else "plays first"  # tile and bag games: no dealer
    shows(page.locator(".turn-line"), f"{NAMES[1]} {said}")  # the name is in <strong><bdi>: read as drawn
    assert_no_sideways_scroll(page)
    if slug == "crib-rummy":
        expect(page.locator("svg.board .hole")).to_have_count(players * 120)


def test_form_errors_shown_field_by_field(site, page):
    _, url = site
    page.goto(f"{url}/games/new/rumbugz")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "ann")
    page.fill("#opt_rounds", "0")
    page.click("button[type=submit]")
    expect(page.locator("#player_1-errors")).to_be_visible()
    expect(page.locator("#opt_rounds-errors")).to_be_visible()
    assert_no_sideways_scroll(page)


def test_tap_targets_are_large_enough(site, page):
    app, url = site
    public_id, secret = _seed(
        app,
        "rummikub",
        NAMES[:4],
        [{"winner": 0, "players": [{"rack": ""}, {"rack": "R5"}, {"rack": "B7 K2"}, {"rack": "J"}]}],
    )
    page.goto(f"{url}/games/{public_id}/join/{secret}")
    small = page.evaluate("""() => [...document.querySelectorAll('main a.button, main button, .topbar a')]
        .filter(e => e.offsetParent !== null)
        .map(e => e.getBoundingClientRect()).filter(r => r.height < 44 || r.width < 44).length""")
    assert small == 0
    assert_no_sideways_scroll(page)


def test_follower_page_follows_live_and_shows_qr(site, page):
    app, url = site
    public_id, _ = _seed(app, "crazy-rummy", NAMES[:3], [])
    page.goto(f"{url}/games/{public_id}")
    # live updates (tests/browser/test_live_browser.py), not a timed reload (axe: meta-refresh)
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    page.locator(".live-state", has_text="Live").wait_for()
    assert "Rematch" not in page.content()
    page.goto(f"{url}/games/{public_id}/share")
    # the read-only link's code and the seats link's (docs/own-phones.md); the editor link is not a follower's
    expect(page.locator(".qr svg")).to_have_count(2)
    assert page.locator("#editor-url").count() == 0
    assert_no_sideways_scroll(page)


def test_game_page_screenshots(site, page):
    """A 4-player Crib Rummy game and a Krazy Bee game, kept as screenshots.

    ``SCOREKEEPER_README_SCREENSHOT=1`` also writes the README's docs/screenshot-game.png.
    """
    app, url = site
    turns = [{"player": (1 + i) % 4, "pegs": p} for i, p in enumerate([6, 4, 9, 3, 8, 5, 2, 7])]
    crib_id, crib_secret = _seed(
        app,
        "crib-rummy",
        NAMES[:4],
        [
            {"starter": 1, "turns": turns, "end": {"type": "out", "player": 0, "cards_left": [0, 3, 5, 2]}},
            {"turns": [{"player": 2, "pegs": 12}, {"player": 3, "pegs": 5}], "end": None},
        ],
    )
    page.goto(f"{url}/games/{crib_id}/join/{crib_secret}")
    page.wait_for_selector("svg.board")
    assert_no_sideways_scroll(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "game-crib-rummy.png"), full_page=True)

    kb = {
        "players": [
            {"laid": True, "went_out": True, "hand": ""},
            {"laid": True, "points": 15},
            {"laid": False, "points": 40},
        ]
    }
    kb_id, kb_secret = _seed(app, "krazy-bee", NAMES[:3], [kb, kb, kb])
    page.goto(f"{url}/games/{kb_id}/join/{kb_secret}")
    page.wait_for_selector(".standings")
    assert "Step 4" in page.content()
    assert_no_sideways_scroll(page)
    page.set_viewport_size({"width": 390, "height": 1100})
    page.screenshot(path=str(ARTIFACTS / "game-krazy-bee.png"), full_page=False)
    if os.environ.get("SCOREKEEPER_README_SCREENSHOT"):  # refresh the README's picture on purpose
        page.screenshot(path=str(ROOT / "docs" / "screenshot-game.png"), full_page=False)


def test_dark_mode_game_page(site, browser):
    app, url = site
    public_id, secret = _seed(
        app,
        "rumbugz",
        NAMES[:2],
        [{"winner": 0, "players": [{"hand": ""}, {"kinds": ["single"], "points": 15}]}],
    )
    context = browser.new_context(viewport={"width": 360, "height": 780}, color_scheme="dark")
    page = context.new_page()
    try:
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(13, 15, 14)"
        assert_no_sideways_scroll(page)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "game-rumbugz-dark-360.png"), full_page=True)
    finally:
        context.close()


def test_two_phones_tapping_rematch_together_start_one_game(site, browser, page):
    """Two phones of the game tap Rematch at the same moment: both land on the one rematch started,
    one told it started it, the other that it had already started; the game's page then leads there."""
    app, url = site
    public_id, secret = _seed(app, "rummikub", NAMES[:2], [])
    with phone_page(browser, "rematch-second-phone") as other:  # the second phone holds the editor link
        phones = (page, other)
        for phone in phones:
            # neither page swaps in the first rematch's news before its own tap goes (the live updates
            # are held back): the two taps are of one moment, as two fingers on two phones are; a
            # swap between the locator and the click left the second tap on a button no longer there
            phone.route("**/live/**", lambda route: route.abort())
            phone.goto(f"{url}/games/{public_id}/join/{secret}")
        with app.app_context():
            before = len(services.list_games())
        for phone in phones:  # the second tap leaves before the first one's answer is in (a script's
            # click: Playwright's waits for the button to be still, which a page in the background may not be)
            phone.get_by_role("button", name="Rematch", exact=True).evaluate("button => button.click()")
        for phone in phones:
            phone.wait_for_url(lambda address: f"/games/{public_id}" not in address, wait_until="commit")
        assert page.url == other.url
        with app.app_context():
            games = services.list_games()
            assert len(games) == before + 1, [g.public_id for g in games]
            assert games[0].public_id == page.url.rstrip("/").split("/")[-1]
        for phone in phones:
            expect(phone.locator(".flash")).to_have_count(1)
        told = sorted(phone.locator(".flash").inner_text() for phone in phones)
        assert told[0].startswith("Rematch started with the same players"), told
        assert told[1] == "This game's rematch had already started: here it is.", told
        # an editor's link: the second phone keeps score in the rematch too
        other.get_by_role("link", name="Delete game").wait_for()
    page.goto(f"{url}/games/{public_id}")
    expect(page.get_by_role("button", name="Go to the rematch")).to_be_visible()


@pytest.mark.parametrize("width", [320, 390])
def test_undo_after_a_correction_reads_as_words_on_a_phone(site, browser, width):
    """Round 1 corrected: the Undo button names the change ("Undo: Round 1 corrected: Ann +54 → +24 …").
    Each name and score in it was a flex item of the button, squeezed to its narrowest: "A / nn",
    "+5 / 4" on a 320 px phone, and "An / n" at 390. Every name and score stays on one line."""
    app, url = site
    hand = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 B7"}, {"rack": "K12 J"}]}
    public_id, secret = _seed(app, "crazy-tiles", ["Ann", "Ben", "Cy"], [hand])
    with app.app_context():
        game = services.find_game(public_id)
        services.update_round(
            game, 1, {**hand, "players": [{"rack": ""}, {"rack": "R5 B7"}, {"rack": "K12"}]}
        )
        db.session.commit()
    with phone_page(browser, f"undo-words-{width}", viewport={"width": width, "height": 640}) as page:
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        page.goto(f"{url}/games/{public_id}")
        undo = page.locator("button.step-back.undo")
        expect(undo).to_contain_text("Round 1 corrected")
        squeezed = undo.evaluate(
            """b => [...b.querySelectorAll('bdi')].filter(e => {
                 const lines = e.getBoundingClientRect().height / (1.25 * parseFloat(getComputedStyle(e).fontSize));
                 return e.getClientRects().length > 1 || lines > 1.5; }).map(e => e.textContent)"""
        )
        assert squeezed == [], f"{width} px: broken over lines: {squeezed}"
