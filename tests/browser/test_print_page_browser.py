"""The Print page in a real headless Chromium at phone size: no sideways scroll, a form error shown."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_sideways_scroll

pytestmark = pytest.mark.browser


def test_print_page_fits_a_phone_and_shows_form_errors(page, live_server):
    page.goto(f"{live_server}/print/")
    assert_no_sideways_scroll(page)
    for box in page.locator("#sheet select, #sheet input:not([type=hidden]), #sheet button").all():
        assert box.bounding_box()["height"] >= 44
    page.select_option("#sheet-variant", "crib-rummy")
    page.fill("#sheet-players", "6")
    page.click("#sheet button[type=submit]")
    # under its field, the sentence starts it (its rule id, if any, after it): "Choose from 2 to 4"
    expect(page.locator("#sheet-players-error")).to_have_text("Choose from 2 to 4", use_inner_text=True)
    expect(page.locator("#sheet-players")).to_have_attribute("aria-invalid", "true")
    assert_no_sideways_scroll(page)


def test_a_sheet_opens_as_a_pdf(page, live_server):
    response = page.request.get(f"{live_server}/print/pdf?kind=sheet&variant=krazy-bee&players=2")
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    assert response.body()[:5] == b"%PDF-"
