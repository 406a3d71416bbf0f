"""The phone's queue and Undo without a connection (issue 20, section 5): the status line says why a
hand stopped instead of "Sending…", a second tab's waiting list follows the first, and Undo offline
keeps the page and says it needs the connection."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import phone_page, served_app
from .offline_support import WAIT_MS, enter_hand, hand_form, new_game, open_form, winners

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("evening-queue"), "browser-evening-queue") as site:
        yield site


def test_the_status_line_says_a_conflict_stopped_the_send(browser, site):
    app = site[0]
    with hand_form(browser, site, "queue-line-conflict", offline=True) as (page, public_id):
        enter_hand(page, 0)
        expect(page.locator(".send-item")).to_have_count(1, timeout=WAIT_MS)
        with app.app_context():  # meanwhile another phone records round 1
            services.record_round(
                services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13"}, {}]}
            )
            db.session.commit()
        page.context.set_offline(False)
        page.locator(".send-conflict").wait_for(timeout=WAIT_MS)
        expect(page.locator(".send-queue-state")).to_have_text(
            "Round 1 not sent: another phone recorded it first; choose below."
        )


def test_the_status_line_says_a_refusal_stopped_the_send(browser, site):
    with hand_form(browser, site, "queue-line-refused", offline=True) as (page, _public_id):
        page.fill('[id="f-players.0.rack"]', "Q99")  # no such tile: refused when sent
        page.locator("button.save").click()
        page.locator(".send-item").wait_for(timeout=WAIT_MS)
        page.context.set_offline(False)
        page.locator(".send-refused").wait_for(timeout=WAIT_MS)
        expect(page.locator(".send-queue-state")).to_have_text(
            "Round 1 not sent: the server refused it; see why below."
        )


def test_a_second_tabs_waiting_list_follows_the_first(browser, site):
    app, url = site
    public_id, secret = new_game(app)
    with phone_page(browser, "queue-two-tabs") as form_tab:
        open_form(form_tab, url, public_id, secret)
        game_tab = form_tab.context.new_page()
        game_tab.goto(f"{url}/games/{public_id}")
        game_tab.locator(".live-state", has_text="Live").wait_for()
        form_tab.context.set_offline(True)
        enter_hand(form_tab, 0)
        expect(form_tab.locator(".send-item")).to_have_count(1, timeout=WAIT_MS)
        expect(game_tab.locator(".send-item")).to_have_count(1, timeout=WAIT_MS)  # no reload
        expect(game_tab.locator("[data-send-queue]")).to_be_visible()
        form_tab.context.set_offline(False)
        expect(game_tab.locator(".send-item")).to_have_count(0, timeout=WAIT_MS)
        assert winners(app, public_id) == [0]


def test_undo_offline_keeps_the_page_and_says_it_needs_the_connection(browser, site):
    app, url = site
    public_id, secret = new_game(app)
    with app.app_context():
        services.record_round(services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13"}, {}]})
        db.session.commit()
    with phone_page(browser, "undo-offline") as page:
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        page.evaluate("window.__stillThisPage = true")
        page.context.set_offline(True)
        page.get_by_role("button", name="Undo: Round 1 recorded").click()
        expect(page.get_by_role("alert").filter(has_text="Undo needs the connection")).to_have_text(
            "Undo needs the connection: nothing was changed. Tap it again when this phone is back online."
        )
        assert page.evaluate("window.__stillThisPage") is True
        assert winners(app, public_id) == [1]
        page.context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        expect(page.locator(".needs-connection")).to_have_count(0)
