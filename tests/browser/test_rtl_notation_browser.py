"""Card notation on a Hebrew page, read back from where Chromium draws it at 390 px: a Krazy Bee hand
typed as "2 3 3 4 5 5 W" stays in that order in its field (it showed "W 5 5 4 3 3 2" before 6
December: numbers and spaces took the page's right-to-left direction), and a Step's text such as
"3 runs of 2" keeps its number in front ("runs of 2 3" before)."""

from __future__ import annotations

import pytest

from .test_rtl_browser import HEBREW, drawn, hebrew_site  # noqa: F401 (a fixture)
from .test_rtl_names_browser import phone  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser


def test_notation_and_a_steps_text_read_left_to_right_in_hebrew(phone, hebrew_site):  # noqa: F811
    url, _, _ = hebrew_site
    page = phone(HEBREW)
    page.goto(f"{url}/check/krazy-bee/best?rack=2+3+3+4+5+5+W&step=3+runs+of+2")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    hand = page.locator("input.cards-input, textarea.cards-input").first
    assert hand.input_value() == "2 3 3 4 5 5 W"
    assert hand.evaluate("e => getComputedStyle(e).direction") == "ltr"  # drawn from the left, as typed
    step = drawn(page, ".settle-head", "3 runs of 2")
    assert step["boxes"] == sorted(step["boxes"]), step  # 3, then "runs", then "of 2", left to right
    assert "3 runs of 2" in step["text"]
