"""Every page works under the Content-Security-Policy ``default-src 'self'`` (scorekeeper/web/headers.py).

Chromium visits every page of the app (tests/site_pages.py: each GET route with real
values, editors and followers, checker verdicts, form errors, a keypad opened) and
reports any script, style, image, font or connection the policy blocked: none may be.
The inline script of base.html runs (its hash is in the policy: ``<html class="js">``),
the stylesheet applies, charts and QR codes draw. The share page, which holds the editor
link, is marked no-store and the service worker does not keep it.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db
from tests.site_pages import seed_games, site_pages

from .conftest import PHONE, served_app, visit

pytestmark = pytest.mark.browser
WAIT_MS = 15000
#: what the policy blocked on a page, recorded from its first script on
WATCH = """window.__blocked = [];
document.addEventListener('securitypolicyviolation', e => window.__blocked.push(
  `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || ''}:${e.lineNumber})`));"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("csp-live"), "browser-csp") as (app, url):
        yield app, url, site_pages(app, seed_games(app))


def test_no_page_breaks_the_content_policy(browser, site):
    _, url, pages = site
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(WATCH)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    blocked: dict[str, list[str]] = {}
    try:
        for p in pages:
            answer = visit(context, page, url, p)
            assert "default-src 'self'" in answer.headers["content-security-policy"]
            page.wait_for_load_state("load")
            found = page.evaluate("window.__blocked") + console
            console.clear()
            if found:
                blocked[p.name] = found
            # the inline script ran and the stylesheet applied (not the browser's default margin)
            assert page.evaluate("document.documentElement.classList.contains('js')"), p.name
            assert page.evaluate("getComputedStyle(document.body).margin") != "8px", p.name
    finally:
        context.close()
    assert not blocked, blocked
    assert len(pages) > 40


@contextmanager
def editor_of_a_new_game(browser, site):
    """(page, base URL, game id): a phone that just joined a new game as its editor."""
    app, url, _ = site
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
