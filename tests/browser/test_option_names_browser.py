"""A name typed on the new-game form shows in its "Deals first" (or "Plays first") chooser as typed,
isolated (docs/languages.md "Right to left"): no ``<bdi>`` goes inside an ``<option>``, so on a Hebrew
page new_game.js writes it between first-strong isolates, as the server does (web/languages.py
option_name); an English page's Latin name is left as it is."""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser
FSI, PDI = "\u2068", "\u2069"


@pytest.mark.parametrize(("locale", "shown"), [("he-IL", FSI + "Dee." + PDI), ("en", "Dee.")])
def test_a_typed_name_is_isolated_in_the_first_dealer_chooser(browser, live_server, locale, shown):
    context = browser.new_context(viewport={"width": 320, "height": 800}, is_mobile=True, locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/games/new/rummikub")
        page.fill("#player_1", "Dee.")
        assert page.locator("#first_dealer option").nth(1).text_content() == shown
        page.locator("#first_dealer").select_option("1")
        page.locator("#first_dealer").screenshot(path=str(ARTIFACTS / f"option-name-{locale}.png"))
    finally:
        context.close()
