"""Hebrew pages, right to left, in a real Chromium at 390 px (docs/languages.md, "Right to left").

One stylesheet serves both directions: in a Hebrew page the hands table starts at the right (its
hand numbers there), numbers sit at their cells' left end; arrows and the back, undo and redo icons
turn with the text, while the tile grid, a rack's tiles and the cribbage board read as they lie.
"""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db
from tests.web.api_support import HANDS

from .conftest import ARTIFACTS, served_app

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
HEBREW = "he-IL,he;q=0.9"
#: a Hebrew name and a Latin one (ending in a full stop, which a right-to-left line would move) at one table
PLAYERS = ["דנה", "Ann B."]


@pytest.fixture(scope="module")
def hebrew_site(tmp_path_factory):
    """A served app with a Rummikub game of one hand: (base URL, public id, edit secret)."""
    with served_app(tmp_path_factory.mktemp("rtl-live"), "browser-rtl") as (app, url):
        with app.app_context():
            game, secret = services.create_game("rummikub", PLAYERS, {})
            services.record_round(game, HANDS["rummikub"])
            db.session.commit()
            yield url, game.public_id, secret


@pytest.fixture
def phone(browser, request):
    """A 390 x 844 phone in Hebrew or English (``request.param``), its screenshot kept afterwards."""
    language = getattr(request, "param", HEBREW)
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    try:
        yield page
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"rtl-{request.node.name}.png"), full_page=True)
    finally:
        context.close()


def editing(page, url: str, public_id: str, secret: str) -> None:
    page.context.add_cookies([{"name": f"sk_edit_{public_id}", "value": secret, "url": url}])
    page.goto(f"{url}/games/{public_id}")


HANDS_TABLE = """() => {
  const table = document.querySelector('table.hands'), t = table.getBoundingClientRect();
  const number = table.querySelector('tbody th.hand-no').getBoundingClientRect();
  const cell = table.querySelector('tbody td.num'), c = cell.getBoundingClientRect();
  const score = cell.querySelector('.change').getBoundingClientRect();
  return {dir: getComputedStyle(table).direction, numberRight: t.right - number.right, numberLeft: number.left - t.left,
          scoreLeft: score.left - c.left, scoreRight: c.right - score.right};
}"""


@pytest.mark.parametrize("phone", [HEBREW, "en"], indirect=True)
def test_the_hands_table_mirrors_in_hebrew(phone, hebrew_site):
    url, public_id, secret = hebrew_site
    editing(phone, url, public_id, secret)
    table = phone.evaluate(HANDS_TABLE)
    hebrew = phone.evaluate("document.documentElement.dir") == "rtl"
    if hebrew:  # the hand numbers at the right, a score at its cell's left end (text-align: end)
        assert table["dir"] == "rtl" and table["numberRight"] < 2 and table["scoreLeft"] < 8, table
    else:
        assert table["dir"] == "ltr" and table["numberLeft"] < 2 and table["scoreRight"] < 8, table


ICONS = """() => [...document.querySelectorAll('.crumbs .mirror, .step-back .mirror')].map(e => {
  const link = e.closest('a, button').getBoundingClientRect(), r = e.getBoundingClientRect();
  return {icon: e.textContent, transform: getComputedStyle(e).transform,
          atRight: link.right - r.right < link.width / 4, atLeft: r.left - link.left < link.width / 4};
})"""


@pytest.mark.parametrize("phone", [HEBREW, "en"], indirect=True)
def test_back_and_undo_icons_turn_with_the_text(phone, hebrew_site):
    """In Hebrew "← Back to the game" starts at the right with its arrow pointing right, and the
    undo icon turns too; in English they stay as drawn."""
    url, public_id, secret = hebrew_site
    editing(phone, url, public_id, secret)
    hebrew = phone.evaluate("document.documentElement.dir") == "rtl"
    undo = phone.evaluate(ICONS)
    phone.goto(f"{url}/games/{public_id}/history")
    back = phone.evaluate(ICONS)
    assert [i["icon"] for i in undo] == ["↶"] and [i["icon"] for i in back] == [
        "←"
    ]  # the page draws the arrow
    flipped = "matrix(-1, 0, 0, 1, 0, 0)"
    for icon in undo + back:
        assert (icon["transform"] == flipped) == hebrew, icon
    assert back[0]["atRight"] if hebrew else back[0]["atLeft"], back


TILES = """() => {
  const lefts = sel => [...document.querySelectorAll(sel)].map(e => Math.round(e.getBoundingClientRect().left));
  const chart = document.querySelector('.chart-wrap svg') || document.body;
  return {reading: lefts('.reading .cface'), chart: getComputedStyle(chart).direction};
}"""


def test_tiles_and_the_chart_read_as_they_lie_in_hebrew(phone, hebrew_site):
    """A run of tiles R5 R6 R7 reads left to right on a Hebrew page (a rack reads as it lies on the
    table), and the scores chart keeps its axes where they are."""
    url, public_id, _secret = hebrew_site
    phone.goto(f"{url}/check/rummikub?cards=R5+R6+R7")
    lefts = phone.evaluate(TILES)["reading"]
    assert len(lefts) >= 3 and lefts[:3] == sorted(lefts[:3]), lefts
    phone.goto(f"{url}/games/{public_id}")
    assert phone.evaluate(TILES)["chart"] == "ltr"


#: where the first and the last character of ``text`` are drawn, inside the first element matching
#: ``selector`` that holds it: the rendered order, read back from the glyphs' boxes
DRAWN = """([selector, text]) => {
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const whole = element.textContent, at = whole.indexOf(text);
    if (at < 0) continue;
    const boxes = [];
    let seen = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++, seen++) {
        if (seen < at || seen >= at + text.length) continue;
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        boxes.push(range.getBoundingClientRect().left);
      }
    }
    return {text: element.innerText, boxes: boxes};
  }
  return null;
}"""


def drawn(page, selector: str, text: str) -> dict:
    found = page.evaluate(DRAWN, [selector, text])
    assert found, f"{text!r} is not in {selector}"
    return found


def test_signed_numbers_keep_their_sign_in_front_in_hebrew(phone, hebrew_site):
    """ "-35" and "+35" read back in order on a Hebrew page: the sign drawn left of the digits, in
    the standings and the hands table, and in the text as written."""
    url, public_id, secret = hebrew_site
    editing(phone, url, public_id, secret)
    assert phone.evaluate("document.documentElement.dir") == "rtl"
    for selector, text in (
        (".standing .total", "-35"),
        ("table.hands td.num", "+35"),
        ("table.hands td.num", "-35"),
    ):
        found = drawn(phone, selector, text)
        assert found["boxes"] == sorted(found["boxes"]), (selector, text, found)  # left to right: - 3 5
        assert text in found["text"]


LEGEND = """() => {
  const pair = [...document.querySelectorAll('.legend-pair')].find(e => e.textContent.includes('דנה'));
  const mark = pair.querySelector('b').getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(pair.lastElementChild || pair.lastChild);
  return {mark: mark.left, name: range.getBoundingClientRect().left, rtl: document.documentElement.dir === 'rtl'};
}"""


def test_names_keep_their_order_in_the_other_direction(browser, hebrew_site):
    """A Latin name in a Hebrew page keeps its full stop at its end ("Ann B.", never ".Ann B"), and a
    Hebrew name in an English page stays after its mark in the hands table's legend."""
    url, public_id, secret = hebrew_site
    for language in (HEBREW, "en"):
        context = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": language})
        page = context.new_page()
        try:
            editing(page, url, public_id, secret)
            latin = drawn(page, "table.hands th.player-col", "Ann B.")["boxes"]
            assert latin == sorted(latin), (language, latin)  # A n n B . from left to right
            pair = page.evaluate(LEGEND)
            # the mark comes first in the reading direction: left of the name in English, right in Hebrew
            assert (pair["mark"] > pair["name"]) if pair["rtl"] else (pair["mark"] < pair["name"]), (
                language,
                pair,
            )
        finally:
            context.close()
