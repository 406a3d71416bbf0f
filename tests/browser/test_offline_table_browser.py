"""The phone's queue as a table uses it, in a real Chromium: a send whose answer never comes, two
tabs of one phone with hands kept in both.

- A send the server recorded but whose answer never arrives (a stuck server, a Wi-Fi that stops
  passing packets without closing the connection) is given up after a while and sent again with
  its key: the hand is recorded once and the phone moves on, instead of "Sending…" for ever with
  every hand behind it held back. The page's clock is Playwright's (``page.clock``), moved on by
  hand: the test does not wait the twenty seconds.
- Two tabs of one phone on the same game's form, each keeping a hand offline: when the connection
  returns one tab sends both (a phone runs the tab in front; the one behind is frozen, or its send
  fails). The other tab numbers its next hand after them: it went on asking for round 1, which it
  had kept itself, and its next hand clashed with it as "another phone's round 1".
- A hand the server fails on (a 500, "Something went wrong on our side") is tried again once, then
  held with the server's sentence for the editor, as a refused hand: it was "Could not reach the
  server: trying again" every 15 s for ever, with no button, every hand behind it held back.
- A Hebrew phone of 320 px shows a clashing hand's two versions with each change's sign in front
  ("-5", never "5-", read from where Chromium draws each character), and nothing scrolls sideways.
"""

from __future__ import annotations

from contextlib import suppress

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db
from scorekeeper.views import rounds

from .conftest import assert_no_sideways_scroll, phone_page, served_app
from .offline_support import WAIT_MS, enter_hand, hand_form, new_game, open_form, winners

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("offline-table"), "browser-offline-table") as site:
        yield site


def test_a_send_whose_answer_never_comes_is_sent_again_and_recorded_once(browser, site):
    app, url = site
    public_id, secret = new_game(app)
    # (the page's own fetch is held: a service worker in control would send it past page.route)
    with phone_page(browser, "offline-answer-never-comes", service_workers="block") as page:
        page.clock.install()
        open_form(page, url, public_id, secret)
        held = []

        def hold_the_first_answer(route):
            if route.request.method != "POST" or held:
                return route.continue_()
            route.fetch()  # the server records the hand...
            held.append(route)  # ...and its answer never reaches the phone
            return None

        page.route("**/rounds/new", hold_the_first_answer)
        enter_hand(page, 0)
        for _ in range(WAIT_MS // 100):  # (Playwright runs the route's handler while the page waits)
            if held:
                break
            page.wait_for_timeout(100)
        expect(page.locator(".send-queue-state")).to_have_text("Sending…")
        assert winners(app, public_id) == [0]
        page.clock.fast_forward("00:21")  # the send is given up...
        expect(page.locator(".send-queue-state")).to_contain_text("trying again")
        page.clock.fast_forward("00:03")  # ...and sent again with its key: the first answer, again
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS)
        expect(page.locator("h1")).to_have_text("Record round 2", use_inner_text=True)
        assert winners(app, public_id) == [0]
        with suppress(Exception):  # the phone gave up on it long ago
            held[0].abort()


def test_a_tab_whose_hand_another_tab_sent_numbers_its_next_hand_after_it(browser, site):
    app, url = site
    public_id, secret = new_game(app)
    with phone_page(browser, "offline-two-tabs-numbers", service_workers="block") as front:
        open_form(front, url, public_id, secret)
        behind = front.context.new_page()
        behind.goto(f"{url}/games/{public_id}/rounds/new")
        front.context.set_offline(True)
        enter_hand(behind, 1)  # round 1, kept by the tab behind
        expect(front.locator("h1")).to_have_text("Record round 2", use_inner_text=True)
        enter_hand(front, 0)  # round 2, kept by the tab in front
        expect(behind.locator(".send-item")).to_have_count(2)

        def lost(route):  # the tab behind cannot send: the tab in front sends both
            return (
                route.abort("internetdisconnected") if route.request.method == "POST" else route.continue_()
            )

        behind.route("**/rounds/new", lost)
        front.context.set_offline(False)
        for tab in (front, behind):
            tab.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS)
        assert winners(app, public_id) == [1, 0]
        behind.unroute("**/rounds/new")
        expect(behind.locator("h1")).to_have_text("Record round 3", use_inner_text=True)
        enter_hand(behind, 0)  # its next hand goes in as round 3, no clash with its own round 1
        behind.wait_for_url(f"**/games/{public_id}", timeout=WAIT_MS)
        assert winners(app, public_id) == [1, 0, 0]


#: each change in the clashing hand's two versions, its characters in the order they stand left to right
DRAWN = """() => [...document.querySelectorAll('.send-versions td.num')].map(cell => {
  const node = cell.firstChild, text = node.textContent, drawn = [];
  for (let i = 0; i < text.length; i++) {
    if ('\u2066\u2067\u2068\u2069'.includes(text[i])) continue;  // the isolates have no width
    const range = document.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    drawn.push([range.getBoundingClientRect().x, text[i]]);
  }
  return drawn.sort((a, b) => a[0] - b[0]).map(d => d[1]).join('');
})"""


def test_a_clash_on_a_hebrew_phone_keeps_each_sign_in_front(browser, site):
    app = site[0]
    hebrew = {"locale": "he", "extra_http_headers": {"Accept-Language": "he"}}
    hebrew["viewport"] = {"width": 320, "height": 640}
    with hand_form(browser, site, "offline-clash-hebrew-320", offline=True, **hebrew) as (page, public_id):
        enter_hand(page, 0)  # Ann goes out: +5 for Ann, -5 for Bob
        expect(page.locator(".send-item")).to_have_count(1)
        with app.app_context():  # meanwhile another phone records round 1: Bob goes out, Ann holds R13
            services.record_round(
                services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13"}, {}]}
            )
            db.session.commit()
        page.context.set_offline(False)
        page.locator(".send-conflict").wait_for(timeout=WAIT_MS)
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.evaluate(DRAWN) == ["+5", "-5", "-13", "+13"]  # were "5+", "5-", "13-", "13+"
        assert_no_sideways_scroll(page)


def test_a_hand_the_server_fails_on_twice_is_held_for_the_editor(browser, site, monkeypatch):
    app = site[0]
    with hand_form(browser, site, "offline-server-fails") as (page, public_id):

        def broken(*_args, **_kwargs):
            raise RuntimeError("a hand this server cannot record")

        monkeypatch.setattr(rounds, "record_round", broken)  # (the served app runs in this process)
        enter_hand(page, 0)
        held = page.locator(".send-refused")
        held.wait_for(timeout=WAIT_MS)
        expect(held).to_contain_text("Something went wrong on our side; nothing was changed.")
        expect(page.locator(".send-queue-state")).to_have_text(
            "Round 1 not sent: the server refused it; see why below."
        )
        assert winners(app, public_id) == []
        monkeypatch.undo()  # the server mended: the editor puts the hand back and saves it as it is
        page.get_by_role("button", name="Put it back in the form").click()
        page.locator("button.save").click()
        page.wait_for_url(f"**/games/{public_id}", timeout=WAIT_MS)
        assert winners(app, public_id) == [0]
