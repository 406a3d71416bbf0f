"""Every choice on a new-game page shows its whole words at 390 px, in English and German.

A closed select shows only its chosen option's words and clips the rest: the tile games' Scoring list
read "A: winner takes the racks; losers lose th" (issue 33). A select's options are measured in its
own font and must fit inside it beside the drop-down arrow; choices in words are rows of their own,
whose words must stay inside the page (they wrap).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import variants

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser
#: room Chromium keeps at a closed select's right for its arrow (px), on top of the padding
ARROW = 24

CLIPPED = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const rows = [...document.querySelectorAll('form .check-row span')].filter(e => e.getClientRects().length)
    .filter(e => e.scrollWidth > e.clientWidth
                 || e.getBoundingClientRect().right > document.documentElement.clientWidth)
    .map(e => [e.closest('.field').id, e.textContent, e.scrollWidth, e.clientWidth]);
  return rows.concat([...document.querySelectorAll('form select')].filter(s => s.getClientRects().length).flatMap(s => {
    const style = getComputedStyle(s);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
    return [...s.options].map(o => [s.name, o.text, Math.ceil(ctx.measureText(o.text).width), Math.floor(room)])
                         .filter(([, , width, room]) => width > room);
  }));
}""".replace("ARROW", str(ARROW))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("slug", [v["slug"] for v in variants()])
def test_every_choice_on_the_new_game_page_fits_its_list(live_server, browser, slug, language):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale=language
    )
    try:
        page = context.new_page()
        page.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"{live_server}/games/new/{slug}")
        assert page.locator("form select").count() >= 1
        clipped = page.evaluate(CLIPPED)
        scoring = page.locator("#opt_scoring")
        if scoring.count():  # the tile games: each way of scoring in its own words (CT-8)
            expect(scoring.get_by_role("radio")).to_have_count(5)
        if slug == "rummikub":
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            scoring.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"new-game-scoring-{language}.png"))
        assert not clipped, f"choices cut off at 390 px ([name, words, width px, room px]): {clipped}"
    finally:
        context.close()
