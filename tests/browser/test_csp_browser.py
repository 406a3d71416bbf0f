"""The Content-Security-Policy ``default-src 'self'`` (scorekeeper/web/headers.py): charts and QR codes
draw under it; the share page, which holds the editor link, is marked no-store and the service worker
does not keep it. That no page breaks the policy (nothing blocked, base.html's inline script run, the
stylesheet applied) is checked on tests/browser/test_axe.py's visit of every page.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import PHONE, served_app

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # (the worker runs: conftest.py)
WAIT_MS = 15000


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("csp-live"), "browser-csp") as (app, url):
        yield app, url


@contextmanager
def editor_of_a_new_game(browser, site):
    """(page, base URL, game id): a phone that just joined a new game as its editor."""
    app, url = site
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"])
        db.session.commit()
        public_id = game.public_id
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        yield page, url, public_id
    finally:
        context.close()


def test_charts_and_qr_codes_draw_under_the_policy(browser, site):
    with editor_of_a_new_game(browser, site) as (page, url, public_id):
        page.goto(f"{url}/games/{public_id}/share")
        codes = page.locator(".qr svg")
        assert codes.count() == 3  # the read-only, seats and editor links' codes
        box = codes.first.bounding_box()
        assert box["width"] > 100 and box["height"] > 100  # sized by the stylesheet, not a style attribute


def test_the_service_worker_does_not_keep_the_share_page(browser, site):
    kept = """async () => { const cache = await caches.open('scorekeeper-pages');
                            return (await cache.keys()).map(r => new URL(r.url).pathname); }"""
    with editor_of_a_new_game(browser, site) as (page, url, public_id):
        page.wait_for_function(
            "() => document.documentElement.dataset.offlineReady === 'yes'", timeout=WAIT_MS
        )
        page.goto(f"{url}/games/{public_id}/share")
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=WAIT_MS)
        share = page.goto(f"{url}/games/{public_id}/share")  # through the worker now
        assert share.headers["cache-control"] == "no-store"
        assert page.get_by_text("/join/").count() >= 1  # the editor link is on it
        page.goto(f"{url}/games/{public_id}/history")
        page.wait_for_function(
            f"""async () => {{ const c = await caches.open('scorekeeper-pages');
            return (await c.keys()).some(r => r.url.endsWith('/games/{public_id}/history')); }}""",
            timeout=WAIT_MS,
        )
        paths = page.evaluate(kept)
        assert f"/games/{public_id}/history" in paths
        assert f"/games/{public_id}/share" not in paths
