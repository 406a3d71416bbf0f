"""Rules pages on a phone (390x844): readable, no sideways scroll, a rule link lands on its rule."""

from __future__ import annotations

import pytest

from scorekeeper.rules import variants

from .conftest import assert_no_sideways_scroll

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("slug", [v["slug"] for v in variants()])
def test_rules_page_fits_a_phone(page, live_server, slug):
    page.goto(f"{live_server}/rules/{slug}")
    assert page.locator("h1").inner_text()
    assert_no_sideways_scroll(page)
    for link in page.locator(".rules-toc a").all():
        box = link.bounding_box()
        assert box and box["height"] >= 44, "table-of-contents links must be easy to tap"


def test_a_rule_link_lands_on_the_rule(page, live_server):
    page.goto(f"{live_server}/rules/crazy-tiles#CT-9")
    rule = page.locator("#CT-9")
    assert "grid" in rule.inner_text().lower()
    top = rule.evaluate("el => el.getBoundingClientRect().top")
    assert 0 <= top < 100, "the page opens scrolled to the rule"
    assert (
        rule.evaluate("el => getComputedStyle(el).borderLeftColor") != "rgba(0, 0, 0, 0)"
    )  # :target marks it


def test_rules_index_fits_a_phone(page, live_server):
    page.goto(f"{live_server}/rules/")
    assert page.locator(".rules-list li").count() == len(variants())
    assert_no_sideways_scroll(page)
