"""The steps every German game night takes on a phone (tests/browser/test_german_nights_browser.py):
German chosen, a game started through the German form, a hand saved, the standings, the change log,
Undo and Redo, a dispute settled in the checker, the printed sheet read back. Each step asserts what
a player reads (German words on buttons, headings, flashes, verdicts), not pixels."""

from __future__ import annotations

import re
from urllib.parse import urljoin

from playwright.sync_api import expect

from tests.pdf.support import ReadBack

from .conftest import ARTIFACTS, PHONE, assert_no_sideways_scroll

NAMES = ("Anna", "Bernd")
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def german_phone(browser, chosen_by: str):
    """A phone speaking German: its browser asks for it (``locale``), or English is asked for and
    the footer's switch keeps Deutsch in a cookie. The context, to close."""
    locale = "de-DE" if chosen_by == "browser" else "en-GB"
    # No service worker: the nights check what a German player reads, and twice (stop 47's CI, a fresh
    # clone's run on 3 December) a navigation of the Runny Rummy Tiles night never finished in a page the
    # worker had just taken over (the server had answered it); the worker is tests/browser/test_offline*'s.
    return browser.new_context(
        viewport=PHONE, locale=locale, is_mobile=True, has_touch=True, service_workers="block"
    )


def choose_german(page, live_server, chosen_by: str) -> None:
    page.goto(f"{live_server}/")
    if chosen_by == "footer":
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.locator("footer").get_by_role("link", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")


def field(page, name):
    return page.locator(f'[id="f-{name}"]')


def choose(target, value: str) -> None:
    """A field typed in, or a list's option chosen."""
    is_list = target.evaluate("e => e.tagName") == "SELECT"
    target.select_option(value) if is_list else target.fill(value)


def standing(page, name):
    return page.locator(".standing", has_text=name).locator(".total")


def flash(page, words: str) -> None:
    expect(page.locator(".flash-success")).to_contain_text(words, use_inner_text=True)


def start(page, live_server, slug: str, title: str, options: dict[str, str]) -> str:
    """The German new-game form: heading, names, the options chosen, "Spiel beginnen"; the game's URL."""
    page.goto(f"{live_server}/games/new/{slug}")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Neues Spiel: {title}")
    for seat, name in enumerate(NAMES):
        page.fill(f"#player_{seat}", name)
    for name, value in options.items():
        choose(page.locator(f"#opt_{name}"), value)
    assert_no_sideways_scroll(page)
    page.get_by_role("button", name="Spiel beginnen").click()
    page.wait_for_url("**/games/*")
    flash(page, "Spiel begonnen")
    expect(page.get_by_role("heading", name="Spielstand")).to_be_visible()
    game_url = page.url
    page.get_by_role("link", name="Runde eintragen").click()
    page.wait_for_url("**/rounds/new")
    return game_url


def save(page, game_url: str, slug: str) -> None:
    """Tap "Runde speichern" and see the game page say so."""
    assert_no_sideways_scroll(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"german-night-{slug}-form.png"), full_page=True)
    page.get_by_role("button", name="Runde speichern").click()
    page.wait_for_url(game_url)
    flash(page, "Runde 1 notiert.")
    edit = page.locator("#hand-menu-1 .hand-buttons a").first  # its words for a screen reader
    expect(edit).to_have_attribute("aria-label", "Runde 1 bearbeiten")


def totals(page, expected: dict[str, str]) -> None:
    for name, total in expected.items():
        expect(standing(page, name)).to_have_text(total, use_inner_text=True)


def change_log(page, game_url: str, *entries: str) -> None:
    """The change log, reached by its German link, lists ``entries`` (newest first) and no English."""
    page.get_by_role("link", name="Änderungsprotokoll").click()
    page.wait_for_url("**/history")
    expect(page.get_by_role("heading", level=1)).to_have_text("Änderungsprotokoll")
    log = page.locator("main")
    for entry in entries:
        expect(log).to_contain_text(entry, use_inner_text=True)
    text = log.inner_text()
    english = re.findall(r"\b(?:recorded|undone|redone|Undid|Redid|started|Hand|Back to)\b", text)
    assert not english, f"English in the change log: {english}\n{text}"
    page.get_by_role("link", name="Zurück zum Spiel").click()
    page.wait_for_url(game_url)


def undo_and_redo(page, change: str, before: dict[str, str], after: dict[str, str]) -> None:
    """Undo the last change (the button says which, in German), see the totals go back, Redo it."""
    page.get_by_role("button", name=f"Rückgängig: {change}").click()
    flash(page, f"Rückgängig: {change}")
    totals(page, before)
    page.get_by_role("button", name=f"Wiederherstellen: {change}").click()
    flash(page, f"Wiederhergestellt: {change}")
    totals(page, after)
    assert_no_sideways_scroll(page)


def dispute(
    page, game_url: str, slug: str, fields: dict[str, str], reason: str, rule: str, *also: str
) -> None:
    """From the game's "Kombination prüfen" link: the cards typed (each a chip that says how to remove it),
    "Prüfen" tapped; the verdict in German, its reason a German sentence with the rule id a link to
    the rule, and ``also`` shown in it."""
    page.goto(game_url)
    page.get_by_role("link", name="Kombination prüfen").click()
    page.wait_for_url(re.compile(rf"/check/{slug}\b"))
    for name, value in fields.items():
        choose(page.locator(f"#{name}"), value)
    chip = page.locator('.cards-box[data-field="cards"] .chip').first
    expect(chip).to_have_attribute("aria-label", re.compile(r", entfernen$"))
    with page.expect_navigation(url=re.compile(r"[?&]action=check\b")):  # the verdict's page, not the form's
        page.get_by_role("button", name="Prüfen", exact=True).click()
    verdict = page.locator("#verdict")
    expect(verdict.locator(".verdict-word")).to_contain_text("NICHT GÜLTIG")
    expect(verdict.get_by_role("heading", name="Warum nicht")).to_be_visible()
    said = verdict.locator(".verdict-reasons li", has_text=reason).first
    expect(said).to_be_visible()
    link = said.get_by_role("link", name=f"({rule})")
    expect(link).to_have_attribute("href", re.compile(rf"/rules/{slug}#{rule}$"))
    assert said.inner_text().index(reason) < said.inner_text().index(rule)  # the sentence first
    for words in also:
        expect(verdict).to_contain_text(words, use_inner_text=True)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert_no_sideways_scroll(page)


def printed(page, game_url: str, link: str, *words: str) -> str:
    """A PDF of the game page's print ``link`` ("Block drucken"), as this phone fetches it (its
    cookie, else its browser's language), read back: the German frame, the names and ``words``."""
    page.goto(game_url)
    href = page.get_by_role("link", name=link, exact=True).get_attribute("href")
    chosen = any(c["name"] == "lang" for c in page.context.cookies())
    answer = page.request.get(urljoin(game_url, href), headers={} if chosen else GERMAN)
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    text = ReadBack(answer.body()).text
    for word in ("Seite 1 von", *NAMES, *words):
        assert word in text, f"{word!r} not in the PDF of {link!r}:\n{text}"
    return text
