"""A deploy while a phone keeps hands offline, in a real Chromium with the service worker.

The app serves a copy of its static folder, so the test can change a script as a deploy does:
every page then names it under a new versioned URL, and the phone's next visit installs a new
service worker, which drops the old app shell. A phone that kept two hands offline comes back and
reloads at once: the page it reloads (and the new worker) find the hands in IndexedDB, which a
worker swap leaves alone, and each is recorded once, in order; the form asks for the next round.
"""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import expect

from scorekeeper.storage.paths import STATIC

from .conftest import phone_page, served_app
from .offline_support import WAIT_MS, enter_hand, new_game, winners

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

#: the app shell caches the phone holds, by name (one per service worker version)
SHELLS = "() => caches.keys().then(n => n.filter(x => x.startsWith('scorekeeper-shell-')))"


@pytest.fixture
def site(tmp_path):
    """The app on its own static folder (scripts, styles, images copied; the large rest linked):
    (app, base URL, static folder)."""
    static = tmp_path / "static"
    static.mkdir()
    for part in STATIC.iterdir():
        if part.name in ("js", "css", "img", "events"):
            shutil.copytree(part, static / part.name)
        else:
            (static / part.name).symlink_to(part)
    with served_app(tmp_path, "browser-offline-deploy") as (app, url):
        app.static_folder = str(static)
        yield app, url, static


def _new_shell(page, old: list[str]) -> list[str]:
    """The shell caches once a new service worker replaced the one that kept ``old``."""
    for _ in range(WAIT_MS // 200):
        shells = page.evaluate(SHELLS)
        if len(shells) == 1 and shells != old:
            return shells
        page.wait_for_timeout(200)
    raise AssertionError(f"no new service worker: {shells}")


def test_hands_kept_offline_survive_a_deploy_and_go_once(browser, site):
    app, url, static = site
    public_id, secret = new_game(app)
    with phone_page(browser, "offline-deploy") as page:
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        page.wait_for_function(
            "() => document.documentElement.dataset.offlineReady === 'yes'", timeout=WAIT_MS
        )
        page.goto(f"{url}/games/{public_id}/rounds/new")
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=WAIT_MS)
        old = page.evaluate(SHELLS)
        page.context.set_offline(True)
        for number, winner in enumerate((0, 1), start=1):
            enter_hand(page, winner)
            page.locator(".send-item", has_text=f"Round {number} (kept on this phone").wait_for(
                timeout=WAIT_MS
            )

        with (static / "js" / "queue-view.js").open("a") as script:  # the deploy: a script changed
            script.write("\n// deployed\n")
        keys = []
        page.context.on(
            "request", lambda r: keys.append(r.headers.get("idempotency-key")) if r.method == "POST" else None
        )
        page.context.set_offline(False)
        page.reload()  # at once: a send of the page before may still be on its way
        _new_shell(page, old)
        page.locator("[data-send-queue]").wait_for(state="hidden", timeout=WAIT_MS)
        expect(page.locator("h1")).to_have_text("Record round 3", use_inner_text=True)
        assert winners(app, public_id) == [0, 1]  # once each, however often each was sent
