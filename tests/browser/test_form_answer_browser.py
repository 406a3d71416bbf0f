"""A hand form's answer in place (issue 20, section 2; static/js/form-answer.js): "Show scores"
and a refused save cost no page load. A mark left in the page's window must survive each, and
the page must not navigate; the typed values stay, the error sits beside its field; a save the
server takes still opens the game page with its message. Without JavaScript the same form posts
the plain way (tests/browser/test_no_javascript.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import phone_page

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Bob", "Cy")


@pytest.fixture
def page(browser, request):
    with phone_page(browser, f"answer-{request.node.name}") as page:
        yield page


def field(page, name):
    return page.locator(f'[id="f-{name}"]')


def start(page, live_server, slug="rummikub", word="round"):
    page.goto(f"{live_server}/games/new/{slug}")
    for seat, name in enumerate(NAMES):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name=f"Record a {word}").click()
    page.wait_for_url("**/rounds/new")


def stay(page) -> list[str]:
    """Mark this page and list every navigation of it from now on."""
    page.evaluate("window.__stayed = 'this page'")
    loads: list[str] = []
    page.on("framenavigated", lambda frame: loads.append(frame.url) if frame == page.main_frame else None)
    return loads


def stayed(page, loads) -> None:
    assert loads == [] and page.evaluate("window.__stayed") == "this page"


def test_a_refused_save_shows_its_errors_in_place(page, live_server):
    start(page, live_server)
    loads = stay(page)
    field(page, "players.1.rack").fill("R5 Z9")
    field(page, "players.2.rack").fill("B7")
    page.get_by_role("button", name="Save round").click()
    expect(page.locator(".form-errors")).to_contain_text("Nothing was saved.")
    rack = page.locator('.cards-field:has([id="f-players.1.rack"])')
    expect(rack.locator("ul.field-error")).to_contain_text("Z9")  # beside its field, as a plain post puts it
    expect(field(page, "players.1.rack")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".form-errors")).to_be_focused()
    stayed(page, loads)
    expect(field(page, "players.1.rack")).to_have_value("R5 Z9")  # what was typed stays
    expect(field(page, "players.2.rack")).to_have_value("B7")
    assert page.locator("ul.field-error").count() == 1

    field(page, "players.1.rack").fill("R5 K9")
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(lambda url: "/rounds/" not in url)
    expect(page.locator(".flashes")).to_contain_text("Round 1 recorded")
    expect(page.locator(".standing", has_text="Ann").locator(".total")).to_have_text("21")  # CT-8: 5 + 9 + 7


def test_show_scores_without_a_page_load(page, live_server):
    start(page, live_server)
    loads = stay(page)
    field(page, "players.1.rack").fill("R5 K9")
    field(page, "players.2.rack").fill("B7")
    page.get_by_role("button", name="Show scores").click()
    scored = page.locator("section.scored")
    expect(scored).to_contain_text("Scores for this round (not saved yet)")
    expect(scored.locator("tr", has_text="Ann")).to_contain_text("+21")
    expect(scored.locator("tr", has_text="Bob")).to_contain_text("-14")
    stayed(page, loads)
    field(page, "players.2.rack").fill("B8")  # asked again: the new scores replace the old
    page.get_by_role("button", name="Show scores").click()
    expect(scored.locator("tr", has_text="Cy")).to_contain_text("-8")
    expect(scored).to_have_count(1)
    stayed(page, loads)


def test_a_refused_correction_shows_its_errors_in_place(page, live_server):
    start(page, live_server)
    field(page, "players.1.rack").fill("R5")
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(lambda url: "/rounds/" not in url)
    page.goto(page.url.rstrip("/") + "/rounds/1/edit")
    loads = stay(page)
    field(page, "players.2.rack").fill("B77")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator('.cards-field:has([id="f-players.2.rack"]) ul.field-error')).to_contain_text("B77")
    stayed(page, loads)
    field(page, "players.2.rack").fill("B7")
    page.get_by_role("button", name="Save changes").click()
    page.wait_for_url(lambda url: "/rounds/" not in url)
    expect(page.locator(".flashes")).to_contain_text("Round 1 corrected")


def test_an_error_inside_a_closed_fold_opens_the_fold(page, live_server):
    """ "Fix the fields marked below" must show each mark: an error placed inside a fold the player
    closed (Krazy Bee's "Or the cards, a total or a note") opens it, as the plain post's page does.
    And the player who went out is told on what was typed: here the total (KB-7)."""
    start(page, live_server, "krazy-bee", "hand")
    fold = page.locator('[id="players.1"] details.alt-entry')
    fold.locator("summary").click()
    field(page, "players.1.points").fill("10")
    fold.locator("summary").click()  # closed again: the total is hidden
    expect(field(page, "players.1.points")).to_be_hidden()
    page.check('input[name="went_out"][value="1"]')
    loads = stay(page)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".form-errors")).to_contain_text("Nothing was saved.")
    error = fold.locator("ul.field-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("counts 0, not 10")
    stayed(page, loads)


def test_the_player_out_is_told_on_the_counts_typed(page, live_server):
    """KB-7 said on the counts when counts were typed (it once sat on the hidden total)."""
    start(page, live_server, "krazy-bee", "hand")
    field(page, "players.1.counts.low").fill("2")
    page.check('input[name="went_out"][value="1"]')
    page.get_by_role("button", name="Save hand").click()
    error = page.locator('[id="players.1"] ul.field-error')
    expect(error).to_be_visible()
    expect(error).to_contain_text("counts 0, not 10")
    expect(page.locator('[id="players.1"] details.alt-entry')).not_to_have_attribute("open", "")
