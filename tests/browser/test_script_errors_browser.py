"""No page's scripts fail: every page of the app (tests/site_pages.py) is opened in Chromium and
none may throw (``pageerror``: an uncaught exception or a rejected promise nobody handled) or
fail to load a script (the ``error`` event of a <script>: a module, or a module it imports, that
did not arrive or did not parse). The pages' scripts are ES modules that import one another
(static/js, docs/javascript.md): a broken import stops the whole page's script silently, with
no exception of its own, so both are watched.
"""

from __future__ import annotations

import pytest

from tests.site_pages import seed_games, site_pages

from .conftest import PHONE, served_app, visit

pytestmark = pytest.mark.browser
#: a <script> whose module (or an import of it) failed to load, recorded from the first script on
WATCH = """window.__failedScripts = [];
document.addEventListener('error', e => {
  if (e.target && e.target.tagName === 'SCRIPT') window.__failedScripts.push(e.target.src || 'inline');
}, true);"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("script-errors"), "browser-script-errors") as (app, url):
        yield url, site_pages(app, seed_games(app))


def test_no_page_script_throws_or_fails_to_load(browser, site):
    url, pages = site
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(WATCH)
    page = context.new_page()
    thrown: list[str] = []
    page.on("pageerror", lambda error: thrown.append(f"{error.name}: {error.message}"))
    failed: dict[str, list[str]] = {}
    modules = set()
    try:
        for p in pages:
            visit(context, page, url, p)
            page.wait_for_load_state("load")  # module scripts have run (they run before DOMContentLoaded)
            found = thrown + page.evaluate("window.__failedScripts.map(src => 'did not load: ' + src)")
            thrown.clear()
            if found:
                failed[p.name] = found
            modules |= set(
                page.evaluate("""performance.getEntriesByType('resource')
                .map(e => new URL(e.name)).filter(u => u.pathname.startsWith('/static/js/'))
                .map(u => u.pathname.slice(11) + (u.searchParams.has('v') ? '' : ' (unversioned)'))""")
            )
    finally:
        context.close()
    assert not failed, failed
    assert len(pages) > 40
    # the pages ran their modules and the modules' imports, each from its versioned URL
    assert {"waiting.js", "queue-store.js", "offline.js", "entry.js", "keypad.js", "checker.js"} <= modules, (
        modules
    )
    assert not [name for name in modules if name.endswith("(unversioned)")], modules
