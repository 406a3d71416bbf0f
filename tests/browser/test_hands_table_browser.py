"""The game page and the hand form at 390x844 with up to 12 players (issue 10): readable
standings and hands table (no name broken inside a word, every column reachable, the hand
number kept in view), 12 chart colours, Edit/Delete behind the hand number, the cells labelled
for screen readers, the dealer's letter explained on the page, and a dark top bar that does not glare.
Everything asserted is a relation between boxes, colours or texts, never one build's pixels.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import PHONE, assert_no_sideways_scroll, phone_page, served_app

pytestmark = pytest.mark.browser

TWELVE = [
    "Bartholomew",
    "Christabel",
    "Maximiliana",
    "Anastasia",
    "Wilhelmina",
    "Cornelius",
    "Evangeline",
    "Ferdinand",
    "Gwendolyn",
    "Hieronymus",
    "Ann",
    "Mary Ann",
]
CRAZY_HAND = {
    "face_up": ["4", "J", "7", "9", "Q", "K", "A", "10", "3", "5", "6", "8"],
    "went_out": 2,
    "players": [{"board": "8 8 8", "hand": "3 A"}] * 2
    + [{"board": "K K K", "hand": ""}]
    + [{"board": "", "points": 40}] * 9,
}
HYPHENED = ["Jürgen", "Änne", "Maximilian-Alexander"]
TILE_HAND = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 B7"}, {"rack": "K1"}]}

#: text nodes of single-word names that the browser split over two lines (a word broken inside)
BROKEN_WORDS = """sel => [...document.querySelectorAll(sel)].filter(e => {
  const range = document.createRange(); range.selectNodeContents(e);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return !/\\s/.test(e.textContent.trim()) && lines.size > 1; }).map(e => e.textContent)"""

#: relative luminance and contrast of CSS colours, as WCAG defines them
COLOURS = """([sel, prop]) => getComputedStyle(document.querySelector(sel))[prop]"""
LUMINANCE = """c => { const p = c.match(/[\\d.]+/g).map(Number);
  const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(p[0]) + 0.7152 * f(p[1]) + 0.0722 * f(p[2]); }"""


def _contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A served app with a 12-player Crazy Rummy game (3 hands) and a 3-player Rummikub one (10 rounds)."""
    with served_app(tmp_path_factory.mktemp("hands-table"), "browser-hands") as (app, url):
        with app.app_context():

            def seed(variant, names, hands):
                game, secret = services.create_game(variant, names, {})
                for facts in hands:
                    services.record_round(game, facts)
                db.session.commit()
                return game.public_id, secret

            crazy = seed("crazy-rummy", TWELVE, [CRAZY_HAND] * 3)
            tiles = seed("rummikub", ["Ann", "Bob", "Amy"], [TILE_HAND] * 4)  # rounds=4 ends the game at 4
            hyphened = seed("rummikub", HYPHENED, [TILE_HAND] * 2)
        yield url, crazy, tiles, hyphened


def _open(page, url, game):
    public_id, secret = game
    page.goto(f"{url}/games/{public_id}/join/{secret}")  # this phone edits the game
    return page


def test_twelve_players_read_whole_names_and_reach_every_column(browser, games):
    url, crazy, *_ = games
    with phone_page(browser, "hands-table-12-players") as page:
        _open(page, url, crazy)
        assert page.viewport_size == PHONE
        assert_no_sideways_scroll(page)
        assert (
            page.locator(".standing .name").all_inner_texts() and len(page.locator(".standing").all()) == 12
        )
        assert page.evaluate(BROKEN_WORDS, ".standing .name") == []
        assert page.evaluate(BROKEN_WORDS, "table.hands thead .player-col") == []
        assert page.locator("table.hands thead .player-col").all_inner_texts() == TWELVE

        scroller = page.locator(".table-scroll")
        box = scroller.bounding_box()
        last = page.locator("table.hands thead .player-col").last
        assert last.bounding_box()["x"] >= box["x"] + box["width"]  # off to the right at first
        scroller.evaluate("e => e.scrollLeft = e.scrollWidth")
        end, number = last.bounding_box(), page.locator("table.hands tbody .hand-no").first.bounding_box()
        assert box["x"] <= end["x"] and end["x"] + end["width"] <= box["x"] + box["width"] + 1  # reachable
        assert abs(number["x"] - box["x"]) <= 1  # the hand number stays in view
        assert number["x"] + number["width"] <= end["x"]  # and covers no column

        strokes = page.eval_on_selector_all(
            ".chart-wrap polyline", "ls => ls.map(l => l.getAttribute('stroke'))"
        )
        assert len(strokes) == 12 and len(set(strokes)) == 12  # no colour used twice


def _edge_shade(scroller, side: str) -> float:
    """How much darker the scroller's ``side`` edge (8 px) is drawn with its backgrounds than without:
    the shade that says more columns hide there (the same pixels compared, so the text cancels out)."""

    def edge():
        shot = np.asarray(Image.open(io.BytesIO(scroller.screenshot())).convert("L"), dtype=float)
        return shot[:, -8:] if side == "end" else shot[:, :8]

    shaded = edge()
    scroller.evaluate("e => e.style.background = 'none'")
    plain = edge()
    scroller.evaluate("e => e.style.background = ''")
    return float((plain - shaded).mean())


def test_a_shade_on_the_edge_says_more_columns_hide_there(browser, games):
    """A name cut at the screen's edge ("Chr") was all that said the table scrolls sideways."""
    url, crazy, *_ = games
    with phone_page(browser, "hands-table-edge-shade") as page:
        _open(page, url, crazy)
        scroller = page.locator(".table-scroll")
        assert _edge_shade(scroller, "end") > 3  # columns hide to the right: shaded
        scroller.evaluate("e => e.scrollLeft = e.scrollWidth")
        assert abs(_edge_shade(scroller, "end")) < 1  # scrolled to the last column: nothing hides there


def test_a_hyphened_name_breaks_at_its_hyphen_so_three_columns_fit_320_px(browser, games):
    """Its header kept on one line (the numbers' no-wrap rule won over the names' wrap) pushed the
    third player's scores off a 320 px screen, with only a clipped "Maximilian-Al" to say so."""
    url, *_, hyphened = games
    with phone_page(browser, "hands-table-hyphened-320", viewport={"width": 320, "height": 640}) as page:
        _open(page, url, hyphened)
        assert_no_sideways_scroll(page)
        scroller = page.locator(".table-scroll").bounding_box()
        head = page.locator("table.hands thead .player-col").last
        box = head.bounding_box()
        assert box["x"] + box["width"] <= scroller["x"] + scroller["width"] + 1  # in view, not scrolled to
        assert page.evaluate(
            "e => e.scrollWidth <= e.clientWidth + 1", page.locator(".table-scroll").element_handle()
        )
        lines = head.evaluate(
            """e => { const r = document.createRange(); r.selectNodeContents(e);
            return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"""
        )
        assert lines == 2 and head.inner_text().replace("\n", "") == "Maximilian-Alexander"


def test_the_hands_table_is_compact_and_labelled(browser, games):
    url, _, tiles, _ = games
    with phone_page(browser, "hands-table-compact") as page:
        _open(page, url, tiles)
        table = page.locator("table.hands")
        rows = table.locator("tbody tr")
        assert rows.count() == 4
        per_row = table.bounding_box()["height"] / (rows.count() + 1)
        assert per_row <= 56  # one tap target a row: 10 hands fit in well under a screen
        assert table.locator(".button.danger, button.danger").count() == 0
        edit = table.get_by_role("link", name="Edit round 2")
        expect(edit).not_to_be_visible()  # behind the round's number
        table.locator("tbody tr").nth(1).locator("summary").click()
        expect(edit).to_be_visible()
        expect(table.get_by_role("link", name="Delete round 2")).to_be_visible()
        expect(edit).to_have_attribute("href", re.compile(r"/rounds/2/edit$"))
        # the cell reads "scored +13, total 13" to a screen reader, not "+13 13" (CT-8 A)
        cells = table.locator("tbody tr").first.locator("td").evaluate_all("cs => cs.map(c => c.textContent)")
        assert [" ".join(c.split()) for c in cells] == [
            "scored +13, total 13",
            "scored -12, total -12",
            "scored -1, total -1",
        ]
        # who played first (a tile game has no dealer), in letters explained on the page, with no tooltip
        legend = page.locator(".hands-legend")
        assert legend.is_visible() and re.search(
            r"who played first: An Ann, B Bob and Am Amy\.", legend.inner_text()
        )
        assert page.locator(".dealer-note[title], .hand-no [title]").count() == 0
        marks = rows.locator(".dealer-note [aria-hidden=true]").all_inner_texts()
        # round 1: the first dealer's left (Bob); then the last round's winner, Ann (sheet step 14),
        # as the page named her before each round (it showed dealer + 1 until 7 December)
        assert marks == ["B", "An", "An", "An"]


def test_the_twelve_player_hand_form_is_short(browser, games):
    url, crazy, *_ = games
    with phone_page(browser, "hand-form-12-players") as page:
        _open(page, url, crazy)
        page.goto(f"{url}/games/{crazy[0]}/rounds/new")
        assert_no_sideways_scroll(page)
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 5 * PHONE["height"], height / PHONE["height"]
        assert page.evaluate(BROKEN_WORDS, "fieldset.player > legend") == []
        # each hint shows once, in the first player's block (the cards, for a dispute, open there)
        for switch in page.locator("fieldset.player .alt-entry > summary").all():
            switch.click()
        expect(page.locator("fieldset.player .field-help:visible")).to_have_count(2)
        expect(page.locator("fieldset.player").first.locator(".field-help:visible")).to_have_count(2)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_top_bar_reads_well_and_does_not_glare_in_the_dark(browser, games, scheme):
    url, _, tiles, _ = games
    with phone_page(browser, f"top-bar-{scheme}", color_scheme=scheme) as page:
        _open(page, url, tiles)
        lum = lambda sel, prop: page.evaluate(f"({LUMINANCE})(({COLOURS})(['{sel}', '{prop}']))")  # noqa: E731
        bar, text, ground = (
            lum(".topbar", "backgroundColor"),
            lum(".brand", "color"),
            lum("body", "backgroundColor"),
        )
        assert _contrast(bar, text) >= 4.5
        if scheme == "dark":
            assert bar < 0.05  # a deep colour, not the bright accent green (about 0.55)
            assert _contrast(bar, ground) < 2  # close to the dark page, not a glaring strip
