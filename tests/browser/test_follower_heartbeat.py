"""A silent follower says so (issue 17, section 3): the page watches the stream's heartbeat.

A follower's connection can die without an error (a phone walks out of the Wi-Fi): the
stream just stops. Here the page's EventSource is replaced by one that opens and then
never says a word again; after two missed beats (the app beats every second) the line
says when the table was last heard, and the page opens the stream again.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import served_app
from .offline_support import game_page

pytestmark = pytest.mark.browser

#: an EventSource whose first stream opens and then stays silent; the next ones never connect
SILENT_STREAM = """
window.__streams = 0;
window.EventSource = function (url) {
  window.__streams += 1;
  var fake = { url: url, readyState: 0, onopen: null, onerror: null,
               addEventListener: function () {}, close: function () { fake.readyState = 2; } };
  if (window.__streams === 1) setTimeout(function () { fake.readyState = 1; if (fake.onopen) fake.onopen(); }, 50);
  return fake;
};
window.EventSource.CONNECTING = 0; window.EventSource.OPEN = 1; window.EventSource.CLOSED = 2;
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("heartbeat"), "browser-heartbeat") as (app, url):
        app.config["LIVE_HEARTBEAT_SECONDS"] = 1
        yield app, url


def test_after_two_missed_beats_the_follower_says_when_it_last_heard_and_reconnects(browser, site):
    with game_page(browser, site, "follower-heartbeat", SILENT_STREAM) as (page, _public_id):
        state = page.locator(".live-status")  # shown (.live-state), and a problem read out (.live-alert)
        expect(page.locator(".live-state")).to_have_text("Live: this page updates by itself.")
        expect(state).to_contain_text("Last heard from the table", timeout=8000)
        expect(state).to_contain_text(" s ago; reconnecting")
        assert page.evaluate("window.__streams") >= 2  # the stream was opened again
        expect(page.locator(".live-refresh")).to_be_visible()
