"""Hands kept at the table's http address reach the server from its https one, once; and the service
worker's Background Sync sends a kept hand after its page closed.

One app on one SQLite file is served twice on 127.0.0.1: over http, and over https on another port
with the table's own certificate (``offline/certificate.py``; the phone clicks the warning through,
``ignore_https_errors``). The two are two origins, each with its own IndexedDB, and one host for
cookies, as ``http://192.168.1.5:5000`` and ``https://192.168.1.5:5443`` are on a phone. What
arrives is read back from the server's database.
"""

from __future__ import annotations

import io
import json
import socket
import ssl
import threading
import time
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect
from sqlalchemy import func, select
from werkzeug.serving import make_server

from scorekeeper import services
from scorekeeper.offline import certificate
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import SentHand

from .conftest import phone_page, served_app
from .offline_support import WAIT_MS, enter_hand, new_game, open_form, winners
from .test_offline_browser import open_with_service_worker
from .test_offline_server_kill import TableServer, table

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # (the worker runs: conftest.py)


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """(app, http base URL, https base URL): the same app at both addresses."""
    folder = tmp_path_factory.mktemp("offline-origins")
    with served_app(folder, "browser-origins") as (app, http_url):
        tls = certificate.ensure(folder / "tls", None)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls.cert, tls.key)
        server = make_server("127.0.0.1", 0, app, threaded=True, ssl_context=context)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield app, http_url, f"https://127.0.0.1:{server.server_port}"
        finally:
            server.shutdown()


def _until(read, want, seconds: float = WAIT_MS / 1000):
    """``read()`` once it gives ``want`` (or ``want(value)`` is true), polled; else the last value, checked."""
    check = want if callable(want) else (lambda value: value == want)
    deadline = time.monotonic() + seconds
    while not check(value := read()) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert check(value), value
    return value


def _keys(app, public_id: str) -> int:
    """The idempotency keys the server kept for one game: one a hand recorded from the queue."""
    with app.app_context():
        game = services.get_game(public_id)
        return db.session.scalar(
            select(func.count()).select_from(SentHand).where(SentHand.game_id == game.id)
        )


def _cookie(page, name: str) -> str | None:
    found = [c["value"] for c in page.context.cookies() if c["name"] == name]
    return found[0] if found else None


def test_a_hand_kept_at_the_http_address_is_sent_once_from_the_https_one(browser, sites):
    app, http_url, https_url = sites
    public_id, secret = new_game(app)
    http_port = http_url.rsplit(":", 1)[1]
    # no service worker, as on a LAN's plain http address (127.0.0.1 would be a secure context)
    with phone_page(browser, "origins-handover", ignore_https_errors=True, service_workers="block") as page:
        open_form(page, http_url, public_id, secret)
        page.context.set_offline(True)
        enter_hand(page, 0)
        page.locator(".send-item", has_text="Round 1 (kept on this phone").wait_for(timeout=WAIT_MS)
        _until(lambda: _cookie(page, "sk_waiting"), f"{http_port}%3A1")
        page.goto("about:blank")  # the http page is closed before it could send
        page.context.set_offline(False)

        page.goto(f"{https_url}/")  # the table moved to https: its home page knows what waits at http
        elsewhere = page.locator(".waiting-elsewhere")
        expect(elsewhere).to_contain_text(
            f"1 hand was kept on this phone at http://127.0.0.1:{http_port}", use_inner_text=True
        )
        assert winners(app, public_id) == []
        elsewhere.get_by_role("button", name="Bring it here").click()
        page.wait_for_url(f"{https_url}/", timeout=WAIT_MS)  # back, the fragment taken off the address
        _until(lambda: winners(app, public_id), [0])
        expect(page.locator(".waiting-hands")).to_be_hidden()
        expect(page.locator(".waiting-elsewhere")).to_have_count(0)
        assert _cookie(page, "sk_waiting") is None

        # the http address again: its copy was handed over and is dropped, not sent a second time
        page.goto(f"{http_url}/games/{public_id}")
        expect(page.locator("[data-send-queue]")).to_be_hidden()
        page.goto(f"{https_url}/")
        expect(page.locator(".waiting-elsewhere")).to_have_count(0)
        assert winners(app, public_id) == [0]
        assert _keys(app, public_id) == 1


def test_a_link_this_phone_did_not_ask_for_brings_nothing(browser, sites):
    """A crafted #sk-hands link (someone else's hand, someone else's word) keeps nothing."""
    app, _http_url, https_url = sites
    public_id, secret = new_game(app)
    hand = {"key": "abcdefgh12", "game": public_id, "url": f"/games/{public_id}/rounds/new"}
    forged = json.dumps({"word": "attackerword", "hands": [{**hand, "body": "winner=0", "state": "waiting"}]})
    with phone_page(browser, "origins-forged", ignore_https_errors=True) as page:
        page.goto(f"{https_url}/games/{public_id}/join/{secret}")
        page.goto(f"{https_url}/#sk-hands={forged}")
        _until(lambda: page.evaluate("location.hash"), "")
        count = (
            "new Promise(r => { const o = indexedDB.open('scorekeeper', 1); o.onsuccess = () => { const q = "
            "o.result.transaction('hands').objectStore('hands').count(); q.onsuccess = () => r(q.result); }; })"
        )
        assert page.evaluate(count) == 0
        time.sleep(1)
        assert winners(app, public_id) == []


def _kept_for_the_worker(blank, url: str, public_id: str, secret: str) -> None:
    """Beside ``blank`` (about:blank), the hand form, offline, keeps a hand for Bob and asks for a
    sync, and closes: no page of the app is open, the hand is the worker's to send."""
    form = blank.context.new_page()
    open_with_service_worker(form, url, public_id, secret)
    form.context.set_offline(True)
    enter_hand(form, 1)
    form.locator(".send-item", has_text="Round 1 (kept on this phone").wait_for(timeout=WAIT_MS)
    tags = "navigator.serviceWorker.ready.then(r => r.sync.getTags())"
    _until(lambda: form.evaluate(tags), lambda found: "scorekeeper-send" in found)
    form.close()


def test_background_sync_sends_a_kept_hand_after_its_page_closed(full_browser, sites):
    """The hand form, offline, asks for a sync; the page closes; when the connection returns the
    browser wakes the service worker, which sends the hand (127.0.0.1 is a secure context), and
    keeps the form again, so offline it asks for the next hand."""
    app, http_url, _https_url = sites
    public_id, secret = new_game(app)
    with phone_page(full_browser, "origins-background-sync") as blank:  # stays on about:blank meanwhile
        _kept_for_the_worker(blank, http_url, public_id, secret)
        time.sleep(1)
        assert winners(app, public_id) == []
        blank.context.set_offline(False)  # the connection returns: the browser wakes the worker
        _until(lambda: winners(app, public_id), [1])
        # the worker fetched the form again for its kept copy: offline, it asks for the next hand
        blank.context.set_offline(True)
        form_url = f"{http_url}/games/{public_id}/rounds/new"
        _until(lambda: blank.goto(form_url) and blank.locator("h1").inner_text(), "Record round 2")
        blank.context.set_offline(False)
        blank.goto(f"{http_url}/games/{public_id}")  # nothing left to send, nothing sent twice
        expect(blank.locator("[data-send-queue]")).to_be_hidden()
        assert winners(app, public_id) == [1]
        assert _keys(app, public_id) == 1


def test_hands_kept_at_http_are_sent_once_after_the_server_moved_to_https_on_its_port(browser, tmp_path):
    """The real server (gunicorn) on http; a hand kept offline; the server restarted with ``--https``
    on the same port (``make run HTTPS=1``): the old address redirects every page, but serves the
    /handover page over plain http, so the hand is brought to https and recorded once."""
    with table(tmp_path) as (plain, url, public_id, secret):
        with phone_page(browser, "origins-moved", ignore_https_errors=True, service_workers="block") as page:
            open_form(page, url, public_id, secret)
            page.context.set_offline(True)
            enter_hand(page, 0)
            page.locator(".send-item", has_text="Round 1 (kept on this phone").wait_for(timeout=WAIT_MS)
            page.goto("about:blank")
            plain.kill()
            moved = TableServer(plain.db_file, plain.port, "--https", "--tls-dir", str(tmp_path / "tls"))
            moved.start()
            try:
                page.context.set_offline(False)
                page.goto(f"{url}/")  # the old address: redirected to https
                assert page.url == f"https://127.0.0.1:{plain.port}/"
                bring = page.locator(".waiting-elsewhere").get_by_role("button", name="Bring it here")
                expect(page.locator(".waiting-elsewhere")).to_contain_text(
                    f"at http://127.0.0.1:{plain.port}", use_inner_text=True
                )
                bring.click()
                _until(moved.hands, [0])
                expect(page.locator(".waiting-hands")).to_be_hidden()
                page.reload()
                expect(page.locator("h1")).to_be_visible()
                expect(page.locator(".waiting-elsewhere")).to_have_count(0)
                assert moved.hands() == [0]
            finally:
                moved.kill()


@contextmanager
def _first_send_held(app, public_id: str):
    """The server is stuck on the first hand posted to the game (a server that answers too late, a
    Wi-Fi that stopped passing packets on the way back): it answers nothing until the phone hangs up,
    then records the hand, its answer lost. The sends after it are answered. Yields [the time it
    came in, the time the phone hung up (once the hand is recorded)] and the sends after it."""
    held, after, inner = [], [], app.wsgi_app
    path = f"/games/{public_id}/rounds"

    def wsgi(environ, start_response):
        if environ["REQUEST_METHOD"] != "POST" or not environ["PATH_INFO"].startswith(path):
            return inner(environ, start_response)
        if held:
            after.append(environ.get("HTTP_IDEMPOTENCY_KEY"))
            return inner(environ, start_response)
        held.append(time.monotonic())
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        phone = environ["werkzeug.socket"]
        phone.settimeout(0.1)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # after the body, the phone sends nothing: a hang-up
            try:
                if not phone.recv(1, socket.MSG_PEEK):
                    break
            except TimeoutError:
                continue
        hung_up = time.monotonic()
        environ["wsgi.input"] = io.BytesIO(body)
        answer = inner(environ, start_response)  # recorded; the answer goes nowhere
        held.append(hung_up)
        return answer

    app.wsgi_app = wsgi
    try:
        yield held, after
    finally:
        app.wsgi_app = inner


def _sync_again(page, origin: str) -> None:
    """Fire the worker's sync "scorekeeper-send" now (DevTools' own button for it): the browser's
    next try after a failed sync comes minutes later."""
    cdp = page.context.new_cdp_session(page)
    found = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: found.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    _until(lambda: page.wait_for_timeout(100) or [r for r in found if r["scopeURL"].startswith(origin)], bool)
    (registration,) = {r["registrationId"] for r in found if r["scopeURL"].startswith(origin)}
    cdp.send(
        "ServiceWorker.dispatchSyncEvent",
        {"origin": origin, "registrationId": registration, "tag": "scorekeeper-send", "lastChance": False},
    )


def test_background_sync_gives_up_a_send_left_unanswered_for_20_s(full_browser, sites):
    """The worker's send of a kept hand (every page closed) gets no answer: it is given up after 20 s
    (SEND_LIMIT), so the sync ends failed and the browser tries it again later, rather than waiting
    on that answer for ever with every hand behind it. The server had recorded it meanwhile: sent
    again with its key, it is answered as recorded and recorded once."""
    app, http_url, _https_url = sites
    public_id, secret = new_game(app)
    with (
        phone_page(full_browser, "origins-send-limit") as blank,
        _first_send_held(app, public_id) as (held, after),
    ):
        _kept_for_the_worker(blank, http_url, public_id, secret)
        blank.context.set_offline(False)  # the browser wakes the worker: its send is held
        _until(lambda: len(held), 2, seconds=40)  # it came in, and the phone hung up
        assert 19 <= held[1] - held[0] <= 25
        assert winners(app, public_id) == [1]  # recorded, the phone does not know it
        _sync_again(blank, http_url)  # sent again, with its key: answered as the first
        _until(lambda: blank.wait_for_timeout(200) or len(after), 1)  # (no page of the app is open)
        assert after[0] and _keys(app, public_id) == 1
        blank.goto(f"{http_url}/games/{public_id}")  # nothing left to send, nothing sent twice
        expect(blank.locator("[data-send-queue]")).to_be_hidden()
        assert winners(app, public_id) == [1]
