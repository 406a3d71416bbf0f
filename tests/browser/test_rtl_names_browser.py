"""Names isolated on the hand form, the hands table's legend and the seat page (issue 40, docs/languages.md
"Right to left"), read back from where Chromium draws them at 390 px: a Latin name in a Hebrew page
keeps its full stop at its end ("Ann B.", never ".Ann B"), and a list of names reads in the page's
direction, whichever script the names are in.
"""

from __future__ import annotations

import itertools

import pytest

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db
from tests.web.api_support import HANDS

from .conftest import ARTIFACTS, served_app
from .test_rtl_browser import HEBREW, PHONE, drawn, editing

pytestmark = pytest.mark.browser
#: two Latin names side by side (a right-to-left page once read them as one left-to-right run), and two
#: Hebrew names side by side (an English page once read them as one right-to-left run)
LATIN, HEBREW_NAMES = ["Ann B.", "Bob B."], ["דנה", "רון"]

#: the left and right edges of each name's glyphs inside ``selector``, in the order of ``names``
EDGES = """([selector, names]) => names.map(name => {
  const element = [...document.querySelectorAll(selector)].find(e => e.textContent.includes(name));
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT), range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(name);
    if (at >= 0) { range.setStart(node, at); range.setEnd(node, at + name.length); break; }
  }
  const box = range.getBoundingClientRect();
  return {left: box.left, right: box.right, top: box.top, bottom: box.bottom};
})"""


#: each legend pair's mark and name: where each is drawn
PAIRS = """() => [...document.querySelectorAll('.legend-pair')].map(pair => {
  const mark = pair.querySelector('b').getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(pair.lastElementChild);
  const name = range.getBoundingClientRect();
  return {mark: [mark.left, mark.right, mark.top], name: [name.left, name.right, name.top]};
})"""


@pytest.fixture(scope="module")
def names_site(tmp_path_factory):
    """(base URL, {kind: (public id, secret)}): a game of Latin names and one of Hebrew names, each with a
    hand recorded, and a seated game of Latin names and one of Hebrew names."""
    with served_app(tmp_path_factory.mktemp("rtl-names-live"), "browser-rtl-names") as (app, url):
        games = {}
        with app.app_context():
            for kind, names in (("latin", LATIN), ("hebrew", HEBREW_NAMES)):
                game, secret = services.create_game("rummikub", names, {})
                services.record_round(game, HANDS["rummikub"])
                games[kind] = (game.public_id, secret)
                seated, seated_secret = services.create_game("rummikub", names, {})
                open_seats(seated)
                games[f"{kind} seats"] = (seated.public_id, seated_secret)
            db.session.commit()
        yield url, games


def in_reading_order(page, selector: str, names: list[str]) -> bool:
    """Whether ``names`` are drawn one after the other in the page's reading direction."""
    edges = page.evaluate(EDGES, [selector, names])
    rtl = page.evaluate("document.documentElement.dir") == "rtl"
    # the next name on a lower line (the list wrapped), or on the same line further along it
    return all(
        b["top"] >= a["bottom"] - 2 or (b["right"] <= a["left"] if rtl else a["right"] <= b["left"])
        for a, b in itertools.pairwise(edges)
    )


@pytest.fixture
def phone(browser, request):
    contexts = []

    def open_in(language: str):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=1, extra_http_headers={"Accept-Language": language}
        )
        contexts.append(context)
        return context.new_page()

    yield open_in
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for n, context in enumerate(contexts):
        context.pages[0].screenshot(
            path=str(ARTIFACTS / f"rtl-names-{request.node.name}-{n}.png"), full_page=True
        )
        context.close()


def test_the_hand_forms_starter_and_winner_pills_keep_a_latin_names_order_in_hebrew(phone, names_site):
    url, games = names_site
    public_id, secret = games["latin"]
    page = phone(HEBREW)
    editing(page, url, public_id, secret)
    page.goto(f"{url}/games/{public_id}/rounds/1/edit")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    starter = next(name for name in LATIN if name in page.inner_text(".hand-meta"))
    for selector, name in (
        (".hand-meta", starter),
        ("fieldset.player > legend", "Ann B."),
        ("label.pill", "Ann B."),
    ):
        boxes = drawn(page, selector, name)["boxes"]
        assert boxes == sorted(boxes), (selector, boxes)  # A n n B . from left to right, the stop last


@pytest.mark.parametrize(("language", "kind"), [(HEBREW, "latin"), ("en", "hebrew")])
def test_the_hands_tables_legend_lists_the_players_in_reading_order(phone, names_site, language, kind):
    url, games = names_site
    public_id, secret = games[kind]
    page = phone(language)
    editing(page, url, public_id, secret)
    names = LATIN if kind == "latin" else HEBREW_NAMES
    assert in_reading_order(page, ".hands-legend", names), page.locator(".hands-legend").inner_text()
    rtl = page.evaluate("document.documentElement.dir") == "rtl"
    for pair in page.evaluate(PAIRS):  # each mark before its name in the reading direction, on its line
        (mark_left, mark_right, mark_top), (name_left, name_right, name_top) = pair["mark"], pair["name"]
        if abs(mark_top - name_top) < 2:
            assert (name_right <= mark_left) if rtl else (mark_right <= name_left), (language, pair)


@pytest.mark.parametrize(("language", "kind"), [(HEBREW, "latin"), ("en", "hebrew")])
def test_the_seat_page_lists_and_names_the_players_in_reading_order(phone, names_site, language, kind):
    url, games = names_site
    public_id, _ = games[f"{kind} seats"]
    names = LATIN if kind == "latin" else HEBREW_NAMES
    page = phone(language)
    page.goto(f"{url}/games/{public_id}/seat")
    if kind == "latin":
        boxes = drawn(page, "form button", "Ann B.")["boxes"]  # "I am Ann B.", the stop last
        assert boxes == sorted(boxes), boxes
    page.locator("form button", has_text=names[0]).click()
    page.wait_for_selector("[data-seat-waiting]")
    assert in_reading_order(page, "[data-seat-waiting]", names), page.locator(
        "[data-seat-waiting]"
    ).inner_text()
