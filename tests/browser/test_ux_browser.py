"""A phone in one hand at a real table: every main page at 360 and 430 px, light and dark.

No page scrolls sideways, every control is a 44 px tap target, text keeps a
4.5:1 contrast (3:1 when large) in sunlight and in a dark room, and the
checker's verdict is announced and focused. Games are seeded through the
services: long names, a 12-player Crazy Rummy game, a Crib Rummy hand in play, a table.
"""

from __future__ import annotations

from pprint import pformat

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.tables import roster as tables
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, assert_no_sideways_scroll, served_app
from .fonts import assert_drawn_in

pytestmark = pytest.mark.browser
LONG = "Maximiliana-Wolfeschlegelsteinhausen"
FOUR = ["Ann", LONG, "Bob", "Dorothea Featherstonehaugh"]

# Interactive elements smaller than 44x44 px (a checkbox or radio counts with its label;
# a link inside running text is exempt, as WCAG 2.5.5 allows).
SMALL_TARGETS = """() => [...document.querySelectorAll('a, button, input, select, textarea, summary')]
  .filter(e => e.type !== 'hidden' && e.getBoundingClientRect().width > 0)
  // (a closed <details> keeps boxes for its content in today's Chromium, but a player sees none of it)
  .filter(e => !e.checkVisibility || e.checkVisibility())
  .filter(e => !(e.tagName === 'A' && getComputedStyle(e).display === 'inline'
                 && e.parentElement.innerText.trim() !== e.innerText.trim()))
  .map(e => [e, ((e.type === 'checkbox' || e.type === 'radio') && e.closest('label')) || e])
  .filter(([e, box]) => { const r = box.getBoundingClientRect(); return r.height < 43.5 || r.width < 43.5; })
  .map(([e, box]) => e.outerHTML.slice(0, 90) + ' ' + Math.round(box.getBoundingClientRect().width)
                     + 'x' + Math.round(box.getBoundingClientRect().height))"""

# Text whose colour against the background it is painted on is under 4.5:1 (3:1 when large).
LOW_CONTRAST = """() => {
  const rgb = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); const p = m ? m[1].split(',').map(Number) : [0, 0, 0, 0];
                     return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                     return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const backdrop = e => { const layers = [];
    for (let n = e; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
    let base = rgb(getComputedStyle(document.documentElement).backgroundColor);
    if (base.a === 0) base = {r: 255, g: 255, b: 255, a: 1};
    for (const l of layers.reverse()) base = {r: l.r * l.a + base.r * (1 - l.a), g: l.g * l.a + base.g * (1 - l.a),
                                              b: l.b * l.a + base.b * (1 - l.a), a: 1};
    return base; };
  const low = [], seen = new Set(), walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const e = walk.currentNode.parentElement;
    if (!walk.currentNode.textContent.trim() || seen.has(e) || e.closest('svg')) continue;
    seen.add(e);
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
    const s = getComputedStyle(e), a = lum(rgb(s.color)), b = lum(backdrop(e));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(s.fontSize), large = size >= 24 || (size >= 18.66 && +s.fontWeight >= 700);
    if (ratio < (large ? 3 : 4.5))
      low.push(`${e.tagName}.${e.className} "${e.innerText.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
  }
  return low; }"""


@pytest.fixture(scope="module")
def tour(tmp_path_factory):
    """A served app with games of several shapes and the tour's page addresses (path, editor secret)."""
    with served_app(tmp_path_factory.mktemp("ux-live"), "browser-ux") as (app, url):
        with app.app_context():

            def seed(variant, names, hands, **options):
                game, secret = services.create_game(variant, names, options)
                for facts in hands:
                    services.record_round(game, facts)
                db.session.commit()
                return game.public_id, secret

            kb_hand = {
                "players": [
                    {"laid": True, "went_out": True, "hand": ""},
                    {"laid": True, "points": 15},
                    {"laid": False, "points": 40},
                    {"laid": False, "hand": "W 13 5"},
                ]
            }
            kb = seed("krazy-bee", FOUR, [kb_hand, kb_hand])
            names12 = [f"Player {n}" for n in range(1, 12)] + [LONG]
            cz = seed(
                "crazy-rummy",
                names12,
                [
                    {
                        "face_up": ["4", "J", "7", "9", "Q", "K", "A", "10", "3", "5", "6", "8"],
                        "went_out": 2,
                        "players": [{"board": "8 8 8", "hand": "3 A"}] * 2
                        + [{"board": "K K K", "hand": ""}]
                        + [{"board": "", "points": 40}] * 9,
                    }
                ],
            )
            crib = seed(
                "crib-rummy",
                FOUR,
                [
                    {
                        "starter": 1,
                        "turns": [{"player": 1, "melds": [{"cards": "3H 4H 5H"}]}, {"player": 2, "pegs": 4}],
                        "end": None,
                    }
                ],
            )
            done = seed(
                "rumbugz",
                ["Ann", LONG],
                [
                    {
                        "winner": 1,
                        "players": [
                            {"hand": "5 6"},
                            {"kinds": ["single", "double", "triple", "match"], "hand": ""},
                        ],
                    }
                ],
                rounds=1,
            )
            table, table_secret = tables.create_table("Kitchen table", ["Ann", LONG, "Bob"])
            db.session.commit()
            tb = table.public_id, table_secret
        pages = [
            ("/", None),
            ("/games/", None),
            ("/games/new", None),
            ("/games/new/krazy-bee", None),
            (f"/games/{kb[0]}", kb[1]),
            (f"/games/{cz[0]}", cz[1]),
            (f"/games/{done[0]}", None),
            (f"/games/{kb[0]}/rounds/new", kb[1]),
            (f"/games/{crib[0]}/rounds/new", crib[1]),
            (f"/games/{cz[0]}/rounds/new", cz[1]),
            (f"/games/{kb[0]}/rounds/1/edit", kb[1]),
            (f"/games/{kb[0]}/share", kb[1]),
            (f"/games/{kb[0]}/history", kb[1]),
            ("/check/krazy-bee?cards=7+8+W+Q&action=check", None),
            ("/check/crazy-tiles?cards=R5+K5+B5+%2F+R6+R7+R8&action=check", None),
            ("/rules/krazy-bee", None),
            ("/print/", None),
            ("/no-such-page", None),
            (f"/tables/{tb[0]}", tb[1]),
            (f"/tables/{tb[0]}/play/krazy-bee", tb[1]),
            (f"/tables/{tb[0]}/share", tb[1]),
            (f"/tables/{tb[0]}/stats", None),
        ]
        yield url, pages


def _phone(browser, width, scheme="light", **options):
    return browser.new_context(
        viewport={"width": width, "height": 740},
        color_scheme=scheme,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        **options,
    )


def _visit(page, url, path, secret):
    if secret:  # the editor link sets this phone's edit cookie (a game's or a table's)
        kind, public_id = path.split("/")[1:3]
        page.goto(f"{url}/{kind}/{public_id}/join/{secret}")
    page.goto(url + path)


def _sweep(browser, tour, look, width=360, scheme="light", shot=None, **options):
    """Every page of the tour on one phone: {path: what ``look(page)`` found wrong there}."""
    url, pages = tour
    context = _phone(browser, width, scheme, **options)
    page = context.new_page()
    try:
        problems = {}
        for path, secret in pages:
            _visit(page, url, path, secret)
            found = look(page)
            if found:
                problems[path] = found
        if shot:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
        return pformat(problems, width=120) if problems else None
    finally:
        context.close()


@pytest.mark.parametrize("width", [360, 430])
def test_no_sideways_scroll_and_44px_targets_on_every_page(layout_browser, font_family, tour, width):
    """In DejaVu Sans, Roboto and Liberation Sans (tests.browser.fonts), each really drawn."""

    def look(page):
        assert_drawn_in(page, font_family)
        assert_no_sideways_scroll(page)
        return page.evaluate(SMALL_TARGETS)

    problems = _sweep(layout_browser, tour, look, width)
    assert not problems, problems


# Every letter about a tenth of its width: a target whose size came from its words shrinks.
NARROW_WORDS = (
    "*, *::before, *::after { letter-spacing: -0.45em !important; word-spacing: -0.3em !important; }"
)


@pytest.mark.parametrize("width", [360, 430])
def test_targets_keep_44px_from_css_when_words_are_narrow(browser, tour, width):
    """A target's size comes from the page's CSS (minimum width and height, padding), never from
    how wide its words are in one font: with every letter squeezed, each is still 44x44 px."""

    def look(page):
        page.add_style_tag(content=NARROW_WORDS)
        return page.evaluate(SMALL_TARGETS)

    # the squeeze is the test's own style: the pages' content policy (no inline style) must not stop it
    problems = _sweep(browser, tour, look, width, bypass_csp=True)
    assert not problems, problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_contrast_in_sunlight_and_in_the_dark(browser, tour, scheme):
    problems = _sweep(
        browser,
        tour,
        lambda page: page.evaluate(LOW_CONTRAST),
        scheme=scheme,
        shot=f"ux-last-page-{scheme}.png",
    )
    assert not problems, problems


def test_the_verdict_is_a_status_that_takes_focus(live_server, page):
    page.goto(f"{live_server}/check/krazy-bee")
    page.fill("#cards", "7 7 W")
    with page.expect_navigation():
        page.locator(".check-button").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("role", "status")
    expect(verdict).to_be_focused()
    expect(verdict).to_contain_text("LEGAL", use_inner_text=True)


@pytest.mark.parametrize("width", [360, 430])
def test_the_save_bar_never_hides_the_field_in_use(layout_browser, font_family, tour, width):
    """The keypad under the last player's card field opens wholly above the sticky save bar,
    whatever the phone's width (measured against the bar, not a browser's scroll-padding)."""
    url, pages = tour
    path, secret = next(p for p in pages if p[0].endswith("/rounds/new"))
    context = _phone(layout_browser, width)
    page = context.new_page()
    try:
        _visit(page, url, path, secret)
        assert_drawn_in(page, font_family)
        bar = page.locator(".form-actions")
        for name in ("players.2.notes", "players.3.hand"):  # low on the page, under the bar at first
            page.locator(f'[id="{name[:9]}"] summary').click()  # Krazy Bee: behind "Or the cards, ..."
            page.locator(f'[id="f-{name}"]').focus()
            if name.endswith("hand"):  # a card field opens the keypad under it
                target = page.locator("#keypad")
            else:
                target = page.locator(f'[id="f-{name}"]')
            box, top = target.bounding_box(), bar.bounding_box()["y"]
            assert box["y"] >= 0 and box["y"] + box["height"] <= top + 1, (name, box, top)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        last = page.locator("fieldset.seat-choice").bounding_box()
        assert last["y"] + last["height"] <= bar.bounding_box()["y"] + 1
    finally:
        context.close()
