"""The hand form's sticky save bar on a 320 px phone: Save and Show scores share one row in every
language, and a field Enter moves to is not left under the bar.

Two rows made the bar 113 px tall at 320 px while the page keeps only 5rem (80 px) clear above it
(``scroll-padding-bottom``), so the next player's field after Enter ended 33 px under it.
"""

from __future__ import annotations

import pytest

from scorekeeper.web.languages import LANGUAGES

pytestmark = pytest.mark.browser

NAMES = [f"P{i}" for i in range(8)]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_save_bar_is_one_row_and_clear_of_the_field_enter_moves_to(live_server, browser, language):
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True, locale=language
    )
    try:
        page = context.new_page()
        page.set_extra_http_headers({"Accept-Language": language})
        page.goto(f"{live_server}/games/new/points")
        page.locator(".more-seats > summary").click()  # the seats past the sixth are folded
        for seat, name in enumerate(NAMES):
            page.fill(f"#player_{seat}", name)
        page.locator("main form button[type=submit]").last.click()
        page.wait_for_url("**/games/*")
        page.goto(page.url + "/rounds/new")
        bar = page.evaluate(
            "() => { const bar = document.querySelector('.form-actions');"
            " const tops = [...bar.querySelectorAll('button')].map(b => Math.round(b.getBoundingClientRect().top));"
            " return {height: bar.getBoundingClientRect().height, rows: new Set(tops).size,"
            " over: [...bar.querySelectorAll('button')].some(b => b.scrollWidth > b.clientWidth + 1)}; }"
        )
        assert bar["rows"] == 1 and not bar["over"] and bar["height"] <= 70, f"{language}: {bar}"
        page.locator('[name="players.0.points"]').focus()
        for n in range(len(NAMES) - 1):
            page.keyboard.type(str(n + 1))
            page.keyboard.press("Enter")
            under = page.evaluate(
                "() => document.activeElement.getBoundingClientRect().bottom"
                " - document.querySelector('.form-actions').getBoundingClientRect().top"
            )
            assert under <= 0, f"{language}: the field after Enter is {under} px under the save bar"
    finally:
        context.close()
