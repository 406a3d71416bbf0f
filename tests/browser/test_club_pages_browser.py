"""The organiser's page of a club night on a 390 px phone (issue 39, docs/club-night.md "The
organiser's page"), in a real Chromium: a late arrival checked in with a tick, a table's result set
by the organiser with a reason, round 2 seated by standing in one tap (the default once round 1 is
played); every control a 44 px target, nothing scrolls sideways; the same page in Hebrew reads right
to left with the names isolated. Screenshots are kept under test-artifacts/ (SCOREKEEPER_SHOTS=1)."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from scorekeeper.services.club import check_in, create_event, current_round, override, seat_next
from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.extensions import db

from .conftest import assert_no_sideways_scroll, phone_page, served_app

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "דנה"]
TAP = 44


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("club-pages"), "browser-club-pages") as site:
        yield site


def evening(app) -> tuple[str, str, str]:
    """(table id, table secret, event id): seven of eight checked in, round 1 drawn, table 1 set."""
    with app.app_context():
        table, secret = create_table("Thursday club", NAMES)
        event = create_event(table, name="December night", held_on=date(2026, 12, 3), variant="rummikub")
        check_in(event, [*NAMES[:6], "דנה"])
        seat_next(event, secret, "draw", seed=123456)
        first = current_round(event).tables[0]
        override(event, first, [40, 10, 0, -50][: len(first.members)], "read out at the table")
        db.session.commit()
        return table.public_id, secret, event.public_id


def small_targets(page) -> list[str]:
    """The page's own controls (main) drawn smaller than 44 px high."""
    return page.evaluate(
        """(tap) => [...document.querySelectorAll(
            'main button, main summary, main .link-row a, main .crumbs a, main .check-row, main .roster-ticks li, '
            + 'main input[type=text], main input:not([type]), main input[type=number], main select')]
          .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < tap - 0.5)
          .map(e => e.outerHTML.slice(0, 80) + ' ' + e.getBoundingClientRect().height)""",
        TAP,
    )


def test_the_organiser_checks_in_sets_a_result_and_seats_round_2_on_a_phone(browser, site):
    app, url = site
    table_id, secret, event_id = evening(app)
    with phone_page(browser, "club-organiser-390") as page:
        page.context.add_cookies([{"name": f"sk_table_{table_id}", "value": secret, "url": url}])
        page.goto(f"{url}/events/{event_id}")
        assert_no_sideways_scroll(page)
        assert small_targets(page) == []
        expect(page.locator("#table-1 .event-state")).to_contain_text(
            "set by the organiser: read out at the table"
        )
        # a late arrival: ticked on the roster
        page.get_by_label("Gus").check()
        page.get_by_role("button", name="Check in", exact=True).click()
        expect(page.locator(".flashes")).to_contain_text("1 player checked in.")
        # table 2's result set by the organiser, with the reason
        table2 = page.locator("#table-2")
        table2.locator("summary").click()
        for field in table2.locator("input[type=text][name^=table2-score], input[name^=table2-score]").all():
            field.fill("5")
        table2.get_by_label("Why").fill("the table agreed the racks")
        table2.get_by_role("button", name="Set table 2's result").click()
        expect(page.locator(".flashes")).to_contain_text("Table 2's result is set by the organiser.")
        # round 2: by standing is already picked
        expect(page.get_by_label("By standing")).to_be_checked()
        page.get_by_role("button", name="Seat round 2").click()
        expect(page.locator(".flashes")).to_contain_text("Round 2 is seated")
        expect(page.locator("#round-title")).to_have_text("Round 2")
        expect(page.locator(".event-log")).to_contain_text("Gus checked in, seated from round 2.")
        assert_no_sideways_scroll(page)
        assert small_targets(page) == []


def test_the_event_page_in_hebrew_reads_right_to_left(browser, site):
    app, url = site
    table_id, secret, event_id = evening(app)
    with phone_page(browser, "club-organiser-390-he") as page:
        page.context.add_cookies(
            [
                {"name": f"sk_table_{table_id}", "value": secret, "url": url},
                {"name": "lang", "value": "he", "url": url},
            ]
        )
        page.goto(f"{url}/events/{event_id}")
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert_no_sideways_scroll(page)
        assert small_targets(page) == []
        # every name on the page is isolated: a Latin name keeps its own direction in a Hebrew sentence
        names = page.evaluate("[...document.querySelectorAll('.event-log bdi')].map(b => b.textContent)")
        assert "Ann" in names and "דנה" in names


def test_a_long_name_keeps_its_full_size_check_box_at_320_px(browser, site):
    """The check-in's roster at 320 px: a name that wraps onto two lines kept a squeezed box
    (15 px against the others' 22), a smaller target beside a longer name."""
    app, url = site
    with app.app_context():
        table, secret = create_table("Thursday club", ["Ann", "Bartholomew Fitzgerald-Worthington"])
        event = create_event(table, name="December night", held_on=date(2026, 12, 3), variant="rummikub")
        db.session.commit()
        table_id, event_id = table.public_id, event.public_id
    with phone_page(browser, "club-roster-320", viewport={"width": 320, "height": 800}) as page:
        page.context.add_cookies([{"name": f"sk_table_{table_id}", "value": secret, "url": url}])
        page.goto(f"{url}/events/{event_id}")
        boxes = page.locator(".roster-ticks input[type=checkbox]")
        expect(boxes).to_have_count(2)
        sizes = [round(box.bounding_box()["width"]) for box in boxes.all()]
        assert sizes[0] == sizes[1], sizes


def test_a_club_tables_game_page_says_the_organisers_result_and_offers_no_rematch(browser, site):
    """The organiser opens table 1's game from the evening's page (their phone its editor): the
    table's box says the result they set, with the reason, and the game's actions have no Rematch
    and no Delete game (the evening seats the next game, and keeps this one as its record)."""
    app, url = site
    table_id, secret, event_id = evening(app)
    with phone_page(browser, "club-table-game-390") as page:
        page.context.add_cookies([{"name": f"sk_table_{table_id}", "value": secret, "url": url}])
        page.goto(f"{url}/events/{event_id}")
        page.get_by_role("link", name="Game of table 1").click()
        box = page.locator("[data-club-table]")
        expect(box.locator("[data-club-overridden]")).to_contain_text(
            "The organiser set this table's result:"
        )
        expect(box.locator("[data-club-overridden]")).to_contain_text("Why: read out at the table")
        actions = page.get_by_role("region", name="Game actions")
        expect(actions.get_by_role("link", name="Share")).to_be_visible()
        expect(actions.get_by_role("button", name="Rematch")).to_have_count(0)
        expect(actions.get_by_role("link", name="Delete game")).to_have_count(0)
        assert_no_sideways_scroll(page)
