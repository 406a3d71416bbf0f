"""A live server and a real headless Chromium at phone size (390x844).

Chromium comes from Debian (``make test`` installs it when run as root).
Without it the browser tests are skipped with a notice, except under
``CI=true`` where a missing browser is a failure.

The service worker: a phone installs the app's (static/js/sw.js) on its first page and runs every
later page through it. A context of these tests blocks it unless its file is marked
``pytest.mark.service_worker`` (the tests of reading offline, of the worker's own headers) or the
context asks for it (``service_workers="allow"``): installing it fetches and stores forty files in every
new context and it stores every page opened, a fifth of the browser's work in the layout sweep
(docs/tests.md, "Where the CPU goes"), and a page shows the same online with it or without it.

Screenshots: a test's shots under ``test-artifacts/`` are taken with ``SCOREKEEPER_SHOTS=1``;
otherwise they are skipped (their PNGs were the browser process's largest part). A failing test's
pages are kept either way: those its fixtures hold, by :func:`pytest_runtest_makereport`, under
``screenshots/failed/``; one it opened with :func:`phone_page` in a ``with``, under the shot's name.
A shot for the documentation (``docs/img/``) is taken either way.

Checks that wait: a page still arriving is read with Playwright's ``expect(...)``,
which retries (here for up to ``EXPECT_MS``). Two knobs show that no test passes by
luck: ``--slowmo MS`` (or ``SCOREKEEPER_SLOWMO``) slows every browser operation,
and ``SCOREKEEPER_LATENCY_MS`` holds the body of every answer of the served app that long,
so a read that does not wait for the next page reads a blank or old one and fails.
"""

from __future__ import annotations

import os
import re
import threading
import time
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from scorekeeper.limits import pool
from scorekeeper.storage.extensions import db

from ..quick_apps import quick_app
from .chromium import CHROMIUM, FLAGS, FULL_CHROMIUM, PHONE
from .fonts import FAMILIES, fc_match, fontconfig_file

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
#: the screenshots tests keep under test-artifacts/ for people to look at: every one with
#: SCOREKEEPER_SHOTS=1, else only a failing test's page (docs/tests.md, "Where the CPU goes")
SHOTS = bool(os.environ.get("SCOREKEEPER_SHOTS"))
EXPECT_MS = 15_000  # a shared, loaded machine: an expect(...) retries this long before it fails
expect.set_options(timeout=EXPECT_MS)


def _no_browser(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}")
    pytest.skip(f"NOTICE browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def _playwright():
    """One Playwright driver for the session (a second one cannot start beside it)."""
    if not Path(CHROMIUM).exists():
        _no_browser(f"no Chromium at {CHROMIUM} (apt-get install chromium-headless-shell or chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        _no_browser("the playwright package is not installed")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def slowmo(pytestconfig) -> float:
    return pytestconfig.getoption("slowmo", 0)


@contextmanager
def _chromium(pw, slow_mo: float = 0, executable: str = CHROMIUM, **env):
    """A headless Chromium (``executable``: the shell unless told), its environment extended by ``env``."""
    browser = pw.chromium.launch(
        executable_path=executable,
        args=FLAGS,
        headless=True,
        slow_mo=slow_mo,
        env={**os.environ, **env} if env else None,
    )
    try:
        yield _Browser(browser)
    finally:
        browser.close()


#: Playwright's own screenshot methods, before :func:`_shots_when_asked` wraps them
_SCREENSHOT = {}


@pytest.fixture(scope="session", autouse=True)
def _shots_when_asked():
    """A screenshot saved under test-artifacts/ is skipped unless SCOREKEEPER_SHOTS is set (``SHOTS``)."""
    from playwright.sync_api import Locator, Page

    kept = ARTIFACTS.parent

    def wrapped(original):
        def screenshot(self, *args, **kwargs):
            path = kwargs.get("path")
            if not SHOTS and path is not None and Path(path).resolve().is_relative_to(kept):
                return b""
            return original(self, *args, **kwargs)

        return screenshot

    for kind in (Page, Locator):
        _SCREENSHOT[kind] = kind.screenshot
        kind.screenshot = wrapped(kind.screenshot)
    yield
    for kind, original in _SCREENSHOT.items():
        kind.screenshot = original


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test's pages, every one still open in its browsers, kept under
    test-artifacts/screenshots/failed/ whatever SCOREKEEPER_SHOTS says (a page a fixture holds is
    still open here: the fixture ends after the report)."""
    report = yield
    if report.when != "call" or not report.failed:
        return report
    name = re.sub(r"[^\w.-]+", "-", item.name)[:120]
    browsers = [value for value in getattr(item, "funcargs", {}).values() if isinstance(value, _Browser)]
    for b, browser in enumerate(browsers):
        for c, context in enumerate(browser.contexts):
            for n, page in enumerate(context.pages):
                with suppress(Exception):  # a page that is gone: the test's own error is what counts
                    always_shot(page, ARTIFACTS / "failed" / f"{name}-{b}{c}{n}.png", full_page=True)
    return report


def always_shot(page, path: Path, **options) -> None:
    """A screenshot of ``page`` kept at ``path`` whatever SCOREKEEPER_SHOTS says: what a failing check saw."""
    from playwright.sync_api import Page

    path.parent.mkdir(parents=True, exist_ok=True)
    _SCREENSHOT.get(Page, Page.screenshot)(page, path=str(path), **options)


#: what a new context does with the service worker unless it asks: the running file's mark sets it
_SERVICE_WORKERS = {"policy": "block"}


@pytest.fixture(scope="module", autouse=True)
def _service_worker_policy(request):
    """``allow`` for a file marked ``service_worker``, else ``block`` (the module docstring)."""
    marked = any(mark.name == "service_worker" for mark in request.node.iter_markers())
    _SERVICE_WORKERS["policy"] = "allow" if marked else "block"


class _Browser:
    """A Playwright browser whose new contexts (and pages) take the running file's service worker policy."""

    def __init__(self, browser):
        self._browser = browser

    def __getattr__(self, name):
        return getattr(self._browser, name)

    def new_context(self, **options):
        options.setdefault("service_workers", _SERVICE_WORKERS["policy"])
        return self._browser.new_context(**options)

    def new_page(self, **options):
        options.setdefault("service_workers", _SERVICE_WORKERS["policy"])
        return self._browser.new_page(**options)


@pytest.fixture(scope="session")
def browser(_playwright, slowmo):
    with _chromium(_playwright, slowmo) as browser:
        yield browser


@pytest.fixture(scope="session")
def full_browser(_playwright, slowmo):
    """The whole Chromium (tests/browser/chromium.py): for the browser's own features, a screen
    wake lock, Background Sync, the PDF viewer, which the headless shell leaves out."""
    if not Path(FULL_CHROMIUM).exists():
        _no_browser(f"no Chromium at {FULL_CHROMIUM} (apt-get install chromium)")
    with _chromium(_playwright, slowmo, FULL_CHROMIUM) as browser:
        yield browser


# module scope: a test file's layout checks run family by family, its own fixtures kept meanwhile
@pytest.fixture(scope="module", params=list(FAMILIES))
def font_family(request):
    """Each phone's sans-serif in turn (tests.browser.fonts): the layout checks run once per family."""
    return request.param


@pytest.fixture(scope="module")
def layout_browser(_playwright, slowmo, font_family, tmp_path_factory):
    """A Chromium whose sans-serif (and system-ui) is ``font_family``, checked with fc-match."""
    config = fontconfig_file(tmp_path_factory.mktemp("fonts"), font_family)
    found = fc_match(config)
    if found is not None and found != font_family:
        _no_browser(
            f"{font_family} is not installed (apt-get install {FAMILIES[font_family]}); sans-serif is {found}"
        )
    with _chromium(_playwright, slowmo, FONTCONFIG_FILE=str(config)) as browser:
        yield browser


@contextmanager
def served_app(folder: Path, secret_key: str, *, serve: bool = True, **config):
    """A fresh app on its own SQLite file in ``folder``, served on a free loopback port: (app, base URL);
    ``config`` adds to its settings (the pseudo-locale's, say). ``serve=False``: the same app, its pools
    warm, not served (base URL None), for a caller that calls it in process."""
    app = quick_app(
        {
            "TESTING": True,
            "SECRET_KEY": secret_key,
            "RATELIMIT_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'live.sqlite3'}",
            "PDF_WAIT": 120,  # a PDF is waited for (the waiting page: test_print_busy_browser.py)
            "PRINT_WAITING_DIR": str(folder / "print-waiting"),
            **config,
        }
    )
    with app.app_context():
        db.create_all()
    latency = float(os.environ.get("SCOREKEEPER_LATENCY_MS") or 0) / 1000

    def served(environ, start_response):
        """The answer's headers at once, its body ``latency`` seconds later: the browser has moved
        to the next page, which is still blank (a slow phone, a loaded server)."""
        body = app(environ, start_response)
        try:
            yield b""  # werkzeug sends the status and headers now
            time.sleep(latency)
            yield from body
        finally:
            if hasattr(body, "close"):
                body.close()

    pool.warm(wait=True)  # the solver and the PDFs answer within a client's timeout from the first request
    if not serve:
        yield app, None
        return
    server = make_server("127.0.0.1", 0, served if latency else app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield app, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


def visit(context, page, url: str, p):
    """Open a site page (:class:`tests.site_pages.Page`) as it asks: its cookie alone, then its form sent
    or its control tapped; the answer to the first request (its headers)."""
    context.clear_cookies()
    if p.secret:
        context.add_cookies([{"name": p.cookie, "value": p.secret, "url": url}])
    answer = page.goto(url + p.path)
    if p.submit:
        with page.expect_navigation():
            page.locator(p.submit).click()
    if p.tap:
        page.locator(p.tap).tap()
    return answer


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app served on a free loopback port, on its own SQLite file."""
    with served_app(tmp_path_factory.mktemp("live"), "browser-secret") as (_app, url):
        yield url


@contextmanager
def phone_page(browser, shot_name: str, **context_options):
    """A fresh phone-sized page; its screenshot is kept under test-artifacts/ afterwards (with
    SCOREKEEPER_SHOTS=1, or when the test fails)."""
    options = {
        "viewport": PHONE,
        "device_scale_factor": 1,
        "is_mobile": True,
        "has_touch": True,
        **context_options,
    }
    context = browser.new_context(**options)
    page = context.new_page()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        yield page
    except (Exception, pytest.fail.Exception):  # (a test used it in a with: its context closes now)
        with suppress(Exception):  # the page may be gone: the test's own error is what counts
            always_shot(page, ARTIFACTS / f"{shot_name}.png", full_page=True)
        raise
    else:
        page.screenshot(path=str(ARTIFACTS / f"{shot_name}.png"), full_page=True)
    finally:
        context.close()


@pytest.fixture
def page(browser, request):
    """A fresh phone-sized page; a screenshot is kept under test-artifacts/ after each test (with
    SCOREKEEPER_SHOTS=1; a failing test's by :func:`pytest_runtest_makereport`)."""
    with phone_page(browser, request.node.name) as page:
        yield page


def assert_no_sideways_scroll(page) -> None:
    """The page must not scroll horizontally at phone width."""
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page.url} scrolls sideways by {overflow}px"
