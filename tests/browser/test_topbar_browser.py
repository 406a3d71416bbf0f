"""The top bar is one line at 390 px on the main pages, in every language (issue 33: the German bar
wrapped to two lines on every page).

One line: the brand and every link of the top navigation share one row (their boxes' vertical
middles within a few pixels), and the bar is no taller than one tap target plus its padding.
"""

from __future__ import annotations

import pytest

from scorekeeper.web.languages import LANGUAGES

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

PAGES = ("/", "/games/", "/check/", "/check/rummikub", "/print/", "/rules/", "/rules/rummikub", "/tables/")

ROWS = """() => {
  const bar = document.querySelector('header.topbar');
  const items = [bar.querySelector('.brand'), ...bar.querySelectorAll('.topnav a')];
  const middles = items.map(e => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; });
  const right = Math.max(...items.map(e => e.getBoundingClientRect().right));
  return {height: bar.getBoundingClientRect().height, spread: Math.max(...middles) - Math.min(...middles),
          right: right, width: document.documentElement.clientWidth,
          words: items.map(e => e.textContent.trim())};
}"""


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_top_bar_is_one_line_at_390_px(live_server, browser, language):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale=language
    )
    try:
        page = context.new_page()
        page.set_extra_http_headers({"Accept-Language": language})
        for path in PAGES:
            page.goto(f"{live_server}{path}")
            bar = page.evaluate(ROWS)
            assert bar["spread"] <= 2, f"{path} in {language}: the top bar wraps ({bar})"
            assert bar["height"] <= 60, (
                f"{path} in {language}: the top bar is {bar['height']} px tall ({bar})"
            )
            assert bar["right"] <= bar["width"], (
                f"{path} in {language}: the top bar runs off the page ({bar})"
            )
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.goto(f"{live_server}/")
        page.screenshot(
            path=str(ARTIFACTS / f"topbar-{language}.png"), clip={"x": 0, "y": 0, "width": 390, "height": 120}
        )
    finally:
        context.close()


WORDS = """() => [...document.querySelectorAll('header.topbar .topnav a')].map(a => {
  const range = document.createRange();
  range.selectNodeContents(a);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return {word: a.textContent.trim(), lines: lines.size, right: a.getBoundingClientRect().right,
          over: a.scrollWidth > a.clientWidth + 1};
})"""


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_word_of_the_top_bar_is_broken_at_320_px(live_server, browser, language):
    """A 320 px phone (iPhone SE, small Androids): each link of the bar is one line, never a word
    broken inside ("Spiel/e", "Druku/j": the German, Dutch and Polish bars did), and none runs off."""
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True, locale=language
    )
    try:
        page = context.new_page()
        page.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"{live_server}/games/")
        for link in page.evaluate(WORDS):
            assert link["lines"] == 1 and not link["over"], f"{language}: {link}"
            assert link["right"] <= 320, f"{language}: {link}"
        assert page.evaluate(ROWS)["spread"] <= 2
    finally:
        context.close()
