"""Offline in a real headless Chromium: hands kept on the phone, sent once each, in order.

Playwright's offline emulation (``context.set_offline``) cuts the phone off;
the server keeps running. On 127.0.0.1 the page is a secure context, so the
service worker installs and a reload while offline shows the kept page. What
arrives is read back from the server's database.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import SentHand

from .conftest import phone_page, served_app
from .offline_support import WAIT_MS, enter_hand, game_page, hand_form, new_game, winners

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # (the worker runs: conftest.py)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("offline-browser"), "browser-offline") as site:
        yield site


def _keys(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(SentHand))


def open_with_service_worker(page, url: str, public_id: str, secret: str) -> None:
    """Join as editor, let the service worker take over, then open the form (kept by the worker)."""
    page.goto(f"{url}/games/{public_id}/join/{secret}")
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=WAIT_MS)
    page.goto(f"{url}/games/{public_id}/rounds/new")
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=WAIT_MS)


def test_three_hands_recorded_offline_arrive_once_each_in_order(browser, site):
    app, url = site
    public_id, secret = new_game(app)
    with phone_page(browser, "offline-three-hands") as page:
        open_with_service_worker(page, url, public_id, secret)
        page.context.set_offline(True)
        note = page.locator("[data-offline-note]")
        expect(note).to_be_visible()
        expect(note).to_contain_text("live check is not available", use_inner_text=True)
        for n, winner in enumerate((0, 1, 0), start=1):
            enter_hand(page, winner)
            page.locator(".send-item", has_text=f"Round {n} (kept on this phone").wait_for(timeout=WAIT_MS)
            expect(page.locator("h1")).to_have_text(f"Record round {n + 1}", use_inner_text=True)
        queue = page.locator("[data-send-queue]")
        expect(queue.locator(".send-item")).to_have_count(3)
        expect(queue.locator(".send-item").last).to_contain_text("waiting to send")
        assert queue.inner_text().count("waiting to send") == 3
        assert winners(app, public_id) == []

        page.reload()  # offline: the service worker shows the form as this phone last saw it
        notice = page.locator(".offline-notice")
        expect(notice).to_contain_text("Offline: showing what this phone last saw", use_inner_text=True)
        page.locator(".send-item").nth(2).wait_for(timeout=WAIT_MS)
        expect(page.locator("h1")).to_have_text("Record round 4", use_inner_text=True)
        assert [t.split(" (")[0] for t in page.locator(".send-title").all_inner_texts()] == [
            "Round 1",
            "Round 2",
            "Round 3",
        ]

        page.context.set_offline(False)
        queue.wait_for(state="hidden", timeout=WAIT_MS)
        assert winners(app, public_id) == [0, 1, 0]
        assert _keys(app) >= 3
        expect(notice).to_contain_text("Back online", use_inner_text=True)
        expect(page.locator("h1")).to_have_text("Record round 4", use_inner_text=True)
        enter_hand(page, 1)  # the next hand, online: round 4 (no conflict with the hands just sent)
        page.wait_for_url(f"**/games/{public_id}", timeout=WAIT_MS)
        assert winners(app, public_id) == [0, 1, 0, 1]


def test_a_hand_sent_online_goes_straight_to_the_game_page(browser, site):
    app, url = site
    with hand_form(browser, site, "offline-online-send") as (page, public_id):
        enter_hand(page, 1)
        page.wait_for_url(f"**/games/{public_id}", timeout=WAIT_MS)
        expect(page.locator(".flashes")).to_contain_text("Round 1 recorded.", use_inner_text=True)
        assert winners(app, public_id) == [1]
        page.goto(f"{url}/games/{public_id}/rounds/new")  # a refused hand: its errors at the fields
        page.fill('[id="f-players.0.rack"]', "Q99")
        page.locator("button.save").click()
        page.locator(".form-errors").wait_for(timeout=WAIT_MS)
        expect(page.locator(".form-errors")).to_contain_text("Nothing was saved", use_inner_text=True)
        assert winners(app, public_id) == [1]


def _meanwhile_another_phone(page, app, public_id: str, hands: int) -> None:
    """This phone, offline on the hand form, records ``hands`` hands (Ann goes out in each); meanwhile
    another phone records round 1 (Bob goes out, Ann holds R13); then this phone comes back online."""
    for n in range(1, hands + 1):
        enter_hand(page, 0)
        expect(page.locator(".send-item")).to_have_count(n, timeout=WAIT_MS)  # kept: the form is clear again
    with app.app_context():
        services.record_round(services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13"}, {}]})
        db.session.commit()
    page.context.set_offline(False)


def test_a_conflict_shows_both_versions_and_the_editor_chooses(browser, site):
    app = site[0]
    with hand_form(browser, site, "offline-conflict", offline=True) as (page, public_id):
        _meanwhile_another_phone(page, app, public_id, hands=2)
        item = page.locator(".send-conflict")
        item.wait_for(timeout=WAIT_MS)
        expect(item).to_contain_text("Another phone recorded round 1 meanwhile", use_inner_text=True)
        rows = item.locator("tbody tr")
        expect(rows.nth(0)).to_have_text(
            "Yours +5 -5", use_inner_text=True
        )  # whitespace-separated, as split()
        expect(rows.nth(1)).to_have_text("Another phone's round 1 -13 +13", use_inner_text=True)
        expect(page.locator(".send-item").nth(1)).to_contain_text("waiting to send")
        assert (
            page.locator(".send-item").nth(1).inner_text().count("waiting to send") == 1
        )  # held back, in order
        assert winners(app, public_id) == [1]

        item.get_by_role("button", name="Keep mine as round 2").click()
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS)
        assert winners(app, public_id) == [1, 0, 0]


def test_dropping_mine_in_a_conflict_keeps_theirs(browser, site):
    app = site[0]
    with hand_form(browser, site, "offline-conflict-drop", offline=True) as (page, public_id):
        _meanwhile_another_phone(page, app, public_id, hands=1)
        page.get_by_role("button", name="Drop mine").click()
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS)
        assert winners(app, public_id) == [1]


def test_a_refused_hand_stays_with_its_reasons_until_the_editor_fixes_it(browser, site):
    app = site[0]
    with hand_form(browser, site, "offline-refused", offline=True) as (page, public_id):
        page.fill('[id="f-players.0.rack"]', "Q99")  # no such tile: the engine refuses it when sent
        page.locator("button.save").click()
        page.locator(".send-item").wait_for(timeout=WAIT_MS)
        page.context.set_offline(False)
        refused = page.locator(".send-refused")
        refused.wait_for(timeout=WAIT_MS)
        expect(refused).to_contain_text("not recorded", use_inner_text=True)
        expect(refused.locator(".reasons li").first).to_be_attached()  # at least one reason
        page.reload()  # still there after a reload: never dropped by itself
        page.locator(".send-refused").wait_for(timeout=WAIT_MS)
        page.get_by_role("button", name="Put it back in the form").click()
        expect(page.locator('[id="f-players.0.rack"]')).to_have_value("Q99")
        page.fill('[id="f-players.0.rack"]', "R5")
        page.check('input[name="winner"][value="1"]')
        page.locator("button.save").click()
        page.wait_for_url(f"**/games/{public_id}", timeout=WAIT_MS)
        assert winners(app, public_id) == [1]


#: every Screen Wake Lock the page takes, kept in window.__locks (the real API underneath)
WATCH_LOCKS = """
window.__locks = [];
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = (type) => request(type).then((s) => { window.__locks.push(s); return s; });
}
"""
HELD = "window.__locks.filter(s => !s.released).length"


def test_the_wake_lock_switch_is_remembered_on_the_phone(full_browser, site):
    with game_page(full_browser, site, "offline-wake-lock", WATCH_LOCKS) as (page, _public_id):
        switch = page.get_by_label("Keep the screen on")
        expect(switch).to_be_visible()
        expect(switch).to_be_checked()
        page.wait_for_function(f"() => {HELD} === 1", timeout=WAIT_MS)  # the page holds the screen on
        expect(page.locator(".awake-state")).to_have_text(
            "The screen stays on while this page is open.", use_inner_text=True
        )
        switch.uncheck()
        page.wait_for_function(f"() => {HELD} === 0", timeout=WAIT_MS)
        expect(page.locator(".awake-state")).to_have_text(
            "The screen may turn off as usual.", use_inner_text=True
        )
        page.reload()
        expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
        page.wait_for_timeout(500)
        assert page.evaluate("window.__locks.length") == 0  # remembered: none taken
        page.get_by_label("Keep the screen on").check()
        page.wait_for_function(f"() => {HELD} === 1", timeout=WAIT_MS)


def test_the_queue_needs_no_service_worker(browser, site):
    """A phone on the LAN over plain http gets no service worker: the page that stays open keeps
    the hands and sends them when the connection returns."""
    app = site[0]
    with hand_form(browser, site, "offline-no-worker", service_workers="block") as (page, public_id):
        assert page.evaluate("!navigator.serviceWorker || !navigator.serviceWorker.controller")
        page.context.set_offline(True)
        enter_hand(page, 1)
        expect(page.locator(".send-item")).to_have_count(1, timeout=WAIT_MS)  # kept: the form is clear again
        enter_hand(page, 0)
        expect(page.locator(".send-item")).to_have_count(2, timeout=WAIT_MS)
        page.context.set_offline(False)
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS)
        assert winners(app, public_id) == [1, 0]
        assert page.evaluate("document.documentElement.dataset.offlineReady") is None


def test_a_correction_offline_stays_on_its_form(browser, site):
    app, url = site
    public_id, secret = new_game(app)
    with app.app_context():
        services.record_round(services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13"}, {}]})
        db.session.commit()
    with phone_page(browser, "offline-correction") as page:
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        page.goto(f"{url}/games/{public_id}/rounds/1/edit")
        page.context.set_offline(True)
        page.fill('[id="f-players.0.rack"]', "R12")
        page.locator("button.save").click()
        page.locator(".send-queue-state", has_text="this change needs the connection").wait_for(
            timeout=WAIT_MS
        )
        expect(page.locator('[id="f-players.0.rack"]')).to_have_value("R12")
        assert page.url.endswith("/rounds/1/edit")
