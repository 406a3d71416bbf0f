"""Every page in English at 390x844, opened once, light and dark: axe-core finds nothing (dark: the rules a
colour can change, page_checks.COLOUR_RULES), every control stands out, nothing is cut, the content policy
blocks nothing and no script fails.

The pages come from the app's own url_map (tests/site_pages.py), so a new page
is swept as soon as it exists. axe-core (WCAG 2.1 A and AA, and best
practices) is the npm package pinned in package.json; ``make test`` installs
it into node_modules and Playwright injects it into every page the browser
context opens (an init script: parsed with the page, about half the time of a
script tag added afterwards). The same visit
measures each control's boundary against what it sits on: WCAG 1.4.11 asks
3:1, so a player finds the fields in sunlight and in a dark room. And the same
visit watches the page load: under the Content-Security-Policy ``default-src 'self'``
(scorekeeper/web/headers.py) nothing is blocked, base.html's inline script runs (its hash is in
the policy) and the stylesheet applies; no script throws (``pageerror``: an uncaught exception or a
rejected promise nobody handled) or fails to load (a module, or one it imports, that did not
arrive or did not parse: the pages' scripts are ES modules that import one another). Each of these
was a sweep of its own (tests/browser/test_csp_browser.py, test_script_errors_browser.py), a
visit of every page each: the three share one now (page_checks.py).
"""

from __future__ import annotations

import os

import pytest

from tests.site_pages import Page, seed_games, site_pages

from .conftest import ARTIFACTS, PHONE, served_app, visit
from .layout_checks import LAYOUT
from .page_checks import AXE, COLOUR_RULES, TAGS, LoadWatch, measure_js, skipped_rules

MEASURE = measure_js(LAYOUT)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A served app with a game of every variant, and every page of it."""
    if not AXE.exists():
        message = f"axe-core is not installed at {AXE} (run: npm ci --no-audit --no-fund)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(f"NOTICE {message}")
    with served_app(tmp_path_factory.mktemp("axe-live"), "browser-axe") as (app, url):
        yield url, site_pages(app, seed_games(app))


@pytest.fixture(scope="module")
def swept(browser, site):
    """Every page (or those under ``prefix``, one or a tuple) in a colour scheme: what axe found, the weak
    control edges, the layout problems (English, light), and what the page's load reported, by page, with
    the number of pages seen and of text fields measured. Each page is opened once in the module and
    measured in both schemes: the tests of a part of the site (the tables' pages, the keypad's) read the
    whole sweep's findings when it ran, and visit only their own pages when alone."""
    url, pages = site
    by_page: dict[str, dict[Page, dict]] = {"light": {}, "dark": {}}
    loaded: dict[Page, dict] = {}

    def visit_all(wanted: list[Page]) -> None:
        """Each page opened once and measured in both schemes: light as it loads, then dark (the
        browser's colour scheme switched on the page: the stylesheet's media queries, no reload)."""
        context = browser.new_context(
            viewport=PHONE, color_scheme="light", device_scale_factor=1, is_mobile=True, has_touch=True
        )
        context.add_init_script(path=str(AXE))
        page = context.new_page()
        watch = LoadWatch(context, page)
        try:
            for p in wanted:
                answer = visit(context, page, url, p)
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    measure(page, p, scheme)
                page.emulate_media(color_scheme="light")
                # after both measures: what the page threw meanwhile is this page's, not the next one's
                loaded[p] = {**watch.read(page), "policy": answer.headers.get("content-security-policy", "")}
        finally:
            context.close()

    def measure(page, p: Page, scheme: str) -> None:
        seen = by_page[scheme]
        # English at 390 px, as tests/browser/test_layout_sweep_browser.py sweeps the other languages
        # light: every rule of TAGS; dark: the rules colours can change (the rest judged the same page)
        light = scheme == "light"
        found = page.evaluate(
            MEASURE,
            [scheme, TAGS, skipped_rules(p), "en" if light else None, None if light else COLOUR_RULES],
        )
        assert found["scheme"], (scheme, p.name)  # matchMedia agrees with the emulated scheme
        seen[p] = found
        if found["axe"] or found["edges"]["weak"] or found["layout"]:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            shot = sum(bool(f["axe"] or f["edges"]["weak"] or f["layout"]) for f in seen.values())
            page.screenshot(path=str(ARTIFACTS / f"axe-{scheme}-{shot}.png"), full_page=True)

    def sweep(scheme: str, prefix: str | tuple[str, ...] = "/") -> dict:
        wanted = [p for p in pages if p.path.startswith(prefix)]
        visit_all([p for p in wanted if p not in by_page[scheme]])
        measured = [p for p in wanted if p in by_page[scheme]]
        found: dict = {
            "axe": {},
            "edges": {},
            "layout": {},
            "seen": len(measured),
            "fields": 0,
            "laid_out": 0,
        }
        for p in measured:
            f = by_page[scheme][p]
            found["fields"] += f["edges"]["fields"]
            found["laid_out"] += f["layout"] is not None
            for kind, problems in (("axe", f["axe"]), ("edges", f["edges"]["weak"]), ("layout", f["layout"])):
                if problems:
                    found[kind][p.name] = problems
        found["loaded"] = {p: loaded[p] for p in measured}
        return found

    return sweep


def _report(found: dict) -> str:
    return "\n".join(f"{name}:\n  " + "\n  ".join(problems) for name, problems in found.items())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_any_page(swept, site, scheme):
    found = swept(scheme)
    assert found["seen"] == len(site[1]) > 100
    assert not found["axe"], _report(found["axe"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_control_boundary_stands_out_3_to_1(swept, scheme):
    """Text fields, selects, buttons and tap pills: border (or fill) against the background, 3:1 or more."""
    found = swept(scheme)
    assert found["fields"] > 200  # every form's fields were measured, not none
    assert not found["edges"], _report(found["edges"])


def test_every_page_fits_at_390_px_in_english(swept):
    """The light sweep's pages in English (all but the PDFs) at 390 x 844: nothing cut or overflowing,
    no sideways scroll, the top bar on one line (tests/browser/layout_checks.py; the other languages:
    tests/browser/test_layout_sweep_browser.py)."""
    found = swept("light")
    assert found["laid_out"] > 40, f"only {found['laid_out']} pages came in English"
    assert not found["layout"], _report(found["layout"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_table_pages_alone(swept, site, scheme):
    """The tables' pages by themselves (``-k table_pages``: a quick run while working on them);
    the whole sweep above covers them too."""
    found = swept(scheme, "/tables/")
    assert found["seen"] == len([p for p in site[1] if p.path.startswith("/tables/")]) >= 20
    assert found["fields"] > 10
    assert not found["axe"], _report(found["axe"])
    assert not found["edges"], _report(found["edges"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keypad_pages_alone(swept, site, scheme):
    """The pages that draw the one keypad (templates/_macros/keypad.html) by themselves (``-k keypad_pages``):
    every checker page and the hand forms, one with its keypad open; the whole sweep covers them too."""
    where = (
        "/check/",
        *sorted({p.path for p in site[1] if p.path.endswith(("/rounds/new", "/rounds/1/edit"))}),
    )
    found = swept(scheme, where)
    assert found["seen"] == len([p for p in site[1] if p.path.startswith(where)]) > 40
    assert any(p.tap and p.path.startswith(where) for p in site[1])  # a hand form with its keypad open
    assert not found["axe"], _report(found["axe"])
    assert not found["edges"], _report(found["edges"])


def test_no_page_breaks_the_content_policy(swept, site):
    """Every page under ``default-src 'self'``: no script, style, image, font or connection blocked;
    base.html's inline script ran (``<html class="js">``) and the stylesheet applied."""
    loaded = swept("light")["loaded"]
    assert len(loaded) == len(site[1]) > 40
    refused = {p.name: f["policy"] for p, f in loaded.items() if "default-src 'self'" not in f["policy"]}
    assert not refused, refused
    blocked = {p.name: f["blocked"] for p, f in loaded.items() if f["blocked"]}
    assert not blocked, blocked
    unstyled = {
        p.name: (f["js"], f["margin"]) for p, f in loaded.items() if not f["js"] or f["margin"] == "8px"
    }
    assert not unstyled, unstyled


def test_no_page_script_throws_or_fails_to_load(swept, site):
    """No page's script throws or fails to load; the pages ran their modules and the modules' imports,
    each from its versioned URL."""
    loaded = swept("light")["loaded"]
    assert len(loaded) == len(site[1]) > 40
    failed = {p.name: f["thrown"] for p, f in loaded.items() if f["thrown"]}
    assert not failed, failed
    modules = {name for f in loaded.values() for name in f["modules"]}
    assert {"waiting.js", "queue-store.js", "offline.js", "entry.js", "keypad.js", "checker.js"} <= modules, (
        modules
    )
    assert not [name for name in modules if name.endswith("(unversioned)")], modules
