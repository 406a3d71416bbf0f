"""Every page at 390 px in every language, and in the mirrored pseudo-locale (docs/languages.md);
German at 360 px too.

For German, Hebrew (right to left), Dutch and Polish (English: tests/browser/test_axe.py's light sweep
runs these checks on its visit of every page), and the pseudo-locale's right-to-left
twin (tests/pseudo_locale.py: every word of the catalog accented and wrapped, on pages that run right
to left), every page of tests/site_pages.py on a 390 x 844 phone: nothing cut (no button, label or
table wider than its box), nothing overflowing (the page never scrolls sideways), the top bar on one
line, no language name in the footer broken over two lines. A language whose catalog is not complete
yet still renders (untranslated words are English). In the mirrored pseudo-locale no word skips the
catalog beyond the words still known to (tests/browser/known_english.json, tests/browser/catalog_words.py;
on a table's rulings pages, beyond the players' own words too). (The left-to-right pseudo-locale was
a sweep of its own, test_languages_browser.py: the same pages, the same catalog's words, at 360 px; no
rule of the stylesheet shows or hides a word between 360 and 390 px, and no page says other words
right to left.) In Hebrew axe-core finds nothing on any page (tests/browser/test_axe.py's rules, right
to left); in German, Dutch and Polish nothing on the six pages the issue names (:data:`AXE_PAGES`: the home
page, a game, a hand form, the checker, the rules and a table's statistics).

German at 360 px (German words are long): each German page, once measured at 390 px, is narrowed to
a 360 x 780 phone (the layout is the stylesheet's alone, so the narrowed page lays out as one loaded
at 360 px): no button, label or table wider than its box, and axe finds nothing on any page.
Screenshots (SCOREKEEPER_SHOTS=1; a page with a problem always) in
test-artifacts/screenshots/sweep-390-*/ and german-360/. (German at 360 px was a
sweep of its own, a second visit of every German page.)
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.languages import LANGUAGES, PSEUDO_RTL, TRANSLATIONS
from tests.pseudo_locale import write_pseudo_catalog
from tests.site_pages import seed_games, site_pages

from .catalog_words import PLAYERS_OWN, VISIBLE_TEXT, assert_known, outside_the_catalog
from .conftest import ARTIFACTS, always_shot, served_app, visit
from .layout_checks import LAYOUT, OVERFLOWING
from .page_checks import AXE, RUN_AXE, TAGS, skipped_rules

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 780}
#: a page in the language swept: its language and direction, its layout problems and (``axe``) axe's
#: findings, in one round trip; only the language of a page not in it (a PDF, a page seen anyway)
MEASURE = f"""async ([language, tags, skip, withAxe]) => {{
  const html = document.documentElement;
  if (html.lang !== language) return {{lang: html.lang}};
  return {{lang: html.lang, dir: html.dir, layout: ({LAYOUT})(),
          axe: withAxe ? await ({RUN_AXE})([tags, skip]) : []}}; }}"""
#: at 360 px: what is wider than its box, and (``withAxe``) axe's findings
NARROWED = f"""async ([tags, skip, withAxe]) =>
  ({OVERFLOWING})().concat(withAxe ? await ({RUN_AXE})([tags, skip]) : [])"""
#: every shipped language by its BCP 47 tag but English, and the mirrored pseudo-locale: English is
#: test_axe.py's light sweep, which visits every page at 390 x 844 anyway and checks the same
SWEPT = [*sorted(set(LANGUAGES) - {"en"}), PSEUDO_RTL.replace("_", "-")]
#: the pages axe checks in every language (issue 40): home, a game and its hand form (as its editor), the
#: checker, the rules, a table's statistics; Hebrew has every page checked
AXE_PAGES = [
    re.compile(pattern)
    for pattern in (
        r"^/$",
        r"^/games/[^/]+$",
        r"^/games/[^/]+/rounds/new$",
        r"^/check/[^/?]+$",
        r"^/rules/[^/?]+$",
        r"^/tables/[^/]+/stats$",
    )
]


@pytest.fixture(scope="module")
def every_language_site(tmp_path_factory):
    folder = write_pseudo_catalog(tmp_path_factory.mktemp("pseudo-catalog-rtl"))
    with served_app(
        tmp_path_factory.mktemp("sweep-live"),
        "browser-sweep",
        PSEUDO_LOCALE=True,
        BABEL_TRANSLATION_DIRECTORIES=f"{TRANSLATIONS};{folder}",
    ) as (app, url):
        yield url, site_pages(app, seed_games(app))


def axe_pages(pages) -> set[str]:
    """The first page of each kind of :data:`AXE_PAGES` (an editor's where the page has one)."""
    plain = [p for p in pages if not p.submit and not p.tap]
    chosen = {
        next((p.name for p in sorted(plain, key=lambda p: not p.secret) if kind.match(p.path)), None)
        for kind in AXE_PAGES
    }
    assert None not in chosen and len(chosen) == len(AXE_PAGES), chosen
    return chosen


@pytest.mark.parametrize("language", SWEPT)
def test_every_page_fits_at_390_px(browser, every_language_site, language):
    url, pages = every_language_site
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        extra_http_headers={"Accept-Language": language},
    )
    axe = language in ("he", "de", "nl", "pl") and AXE.exists()  # (axe-core from npm; else no axe)
    axed = {p.name for p in pages} if language == "he" else axe_pages(pages)
    narrow = language == "de"  # German at 360 px as well
    if axe:
        context.add_init_script(path=str(AXE))
    page = context.new_page()
    found: dict[str, list[str]] = {}
    leaks: dict[str, set[str]] = {}
    checked = 0
    shots = ARTIFACTS / f"sweep-390-{language}"
    try:
        for n, p in enumerate(pages):
            visit(context, page, url, p)
            measured = page.evaluate(MEASURE, [language, TAGS, skipped_rules(p), axe and p.name in axed])
            if measured["lang"] != language:
                continue  # a PDF, a redirect to a page seen anyway
            checked += 1
            problems = measured["layout"] + measured["axe"]
            if problems:
                found[p.name] = problems
            if language == PSEUDO_RTL.replace("_", "-"):
                assert measured["dir"] == "rtl", p.name
                read_words(page, p.name, leaks)
            shot(page, shots / f"{n:02d}.png", n, problems)
            if narrow:
                at_360(page, p, n, found, axe)
    finally:
        context.close()
    assert checked > 40, f"only {checked} pages came in {language}"
    assert not found, "\n".join(f"{name}:\n  " + "\n  ".join(problems) for name, problems in found.items())
    if language == PSEUDO_RTL.replace("_", "-"):
        assert_known(leaks)


def read_words(page, name: str, leaks: dict[str, set[str]]) -> None:
    """The page's words outside the catalog, by its name (on a table's rulings pages, beyond the
    players' own words, shown as typed)."""
    words = outside_the_catalog(page.evaluate(VISIBLE_TEXT))
    if "/rulings" in name:
        words = [w for w in words if w not in PLAYERS_OWN]
    if words:
        leaks[name] = set(words)


def at_360(page, p, n: int, found: dict[str, list[str]], axe: bool) -> None:
    """German at 360 x 780: the page narrowed, measured (OVERFLOWING and, where installed, axe),
    widened again."""
    page.set_viewport_size(NARROW)
    try:
        problems = page.evaluate(NARROWED, [TAGS, skipped_rules(p), axe])
        if problems:
            found[f"{p.name} at 360 px"] = problems
        shot(page, ARTIFACTS / "german-360" / f"{n:02d}.png", n, problems)
    finally:
        page.set_viewport_size(PHONE)


def shot(page, path, n: int, problems: list[str]) -> None:
    """The page's full shot: always where a check found something; else of the first twelve pages,
    kept with SCOREKEEPER_SHOTS=1 (tests/browser/conftest.py; a shot of every page was a third of
    the sweep's time)."""
    if problems:
        always_shot(page, path, full_page=True)
    elif n < 12:
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=True)
