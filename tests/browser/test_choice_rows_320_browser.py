"""A choice's button beside its words on a 320 px phone (the Hebrew walk-through of 7 December).

On 7 December ``.check-row`` learned to wrap (a checkbox's label, then its rule link beside it), and
every label of that class wrapped too: on the tile games' form at 320 px each scoring method's radio
stood on a line of its own above its words ("A: המנצח לוקח את המעמדים; ..."), the last one ("אין")
beside them, so a reader could not tell which button went with which words.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("language", ["he", "en"])
def test_each_scoring_choices_button_stands_beside_its_words_at_320_px(live_server, browser, language):
    context = browser.new_context(viewport={"width": 320, "height": 640}, locale=language)
    try:
        page = context.new_page()
        page.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"{live_server}/games/new/crazy-tiles")
        rows = page.evaluate(
            "() => [...document.querySelectorAll('#opt_scoring label.check-row')].map(row => {"
            " const button = row.querySelector('input').getBoundingClientRect();"
            " const words = row.querySelector('span').getBoundingClientRect();"
            " return {text: row.textContent.trim(), apart: words.top >= button.bottom}; })"
        )
        assert len(rows) == 5
        assert not [row["text"] for row in rows if row["apart"]], rows
    finally:
        context.close()
