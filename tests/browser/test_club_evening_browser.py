"""A 14-player club night end to end in a real headless Chromium (issue 39's "done when",
docs/club-night.md "An evening, step by step").

The organiser (a phone holding the club's table secret) sets the evening up from the table's page,
checks 13 players in, draws round 1 in one tap (its seed shown), checks a late arrival in after
round 1 (14: tables of 4, 4, 3 and 3 from round 2 on) and seats rounds 2 and 3 by standing in one
tap each; a second tab of theirs, left on round 1's page, taps "Seat round 2" again while round 2
is played and is refused as a stale page, with the sentence. Every table's result is declared on one seated phone
and confirmed on another (two seats' pages); in each round one table plays its hand wholly on its
players' phones (each takes their seat and sends their part), while the other tables' hands are
recorded through the services to keep the test's time reasonable, their players' phones still
declaring and confirming. One confirmed result is overridden by the organiser with a reason, seen
in the log. The standings screen (1920x1080, its own context) follows the evening without a
reload. After round 3 the top 4 are cut to a final table, played on its phones and confirmed. The
table cards and the final standings are fetched from the page's links, read back with pypdf and
rasterised with pdftoppm. PDFs (and screenshots, with SCOREKEEPER_SHOTS=1) are kept under
test-artifacts/club-evening/;
``CLUB_SHOTS=docs`` also writes docs/img/club-*.png. Figures are printed, never asserted."""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.extensions import db

from .club_evening import (
    card_for_docs,
    declare_and_confirm,
    hand_by_services,
    hand_on_phones,
    pdf_of,
    round_tables,
    shot,
)
from .conftest import assert_no_sideways_scroll, served_app
from .seat_table import PHONE_CONTEXT

pytestmark = pytest.mark.browser
TV = {"width": 1920, "height": 1080}
ROSTER = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max"]
LATE = "Ned"
REASON = "Cy's rack was counted twice"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("club-evening"), "browser-club-evening") as site:
        yield site


def flashed(page, text: str) -> None:
    expect(page.locator(".flashes")).to_contain_text(text)


def top_four(page) -> list[str]:
    """The first four names of the event page's standings (players still tied after every tiebreak
    are listed by name, as a round by standing seats them)."""
    return page.locator(".event-standings tbody th > bdi").all_inner_texts()[
        :4
    ]  # the name, not its tiebreak note


def cut_line(page) -> tuple[set[str], set[str]]:
    """The top four of the event page's standings for a cut: those surely in, and those tied at the
    fourth's rank after every tiebreak, of whom the cut draws the rest by lot (club/cuts.py ``top``;
    a run of the suite drew Eve where the page listed Dee, both at rank 4)."""
    rows = page.locator(".event-standings tbody tr")
    ranks = [int(row.locator("td").first.inner_text()) for row in rows.all()]
    names = rows.locator("th > bdi").all_inner_texts()
    line = ranks[3]
    return {n for n, r in zip(names, ranks) if r < line}, {n for n, r in zip(names, ranks) if r == line}


def is_the_cut(seated, line: tuple[set[str], set[str]]) -> bool:
    """Whether ``seated`` are four players, every one surely in and the rest of the tied at the line."""
    sure, tied = line
    return len(set(seated)) == 4 and sure <= set(seated) and set(seated) - sure <= tied


def set_up(org, url: str, table_id: str) -> str:
    """From the table's page: a new evening of 3 rounds with a 40-minute timer; its id."""
    org.goto(f"{url}/tables/{table_id}")
    org.get_by_role("link", name="Club night").click()
    org.get_by_label("Name of the evening").fill("December night")
    org.get_by_label("Rounds", exact=True).fill("3")
    org.get_by_label("Round timer (minutes)").fill("40")
    assert_no_sideways_scroll(org)
    shot(org, "club-new-evening", full_page=True)
    org.get_by_role("button", name="Set up the evening").click()
    flashed(org, "The evening is set up")
    return org.url.rsplit("/", 1)[1]


def play_round(night: Night, on_phones: int, shoot: str | None = None) -> None:
    """Every table of the round: table ``on_phones`` played wholly on its phones, the others'
    hands through the services; each result declared and confirmed on two seated phones."""
    app, url, screen, phones = night.app, night.url, night.screen, night.phones
    for k, (number, gid, names) in enumerate(round_tables(app, night.event_id)):
        winner = (number + k) % len(names)
        if number == on_phones:
            hand_on_phones(phones, url, gid, names, winner)
        else:
            hand_by_services(app, phones, url, gid, names, winner)
        shot_name = shoot if k == 0 and shoot != "club-screen" else None
        night.delays.append(declare_and_confirm(phones, url, gid, screen, number, names, shot_name))
        if shoot == "club-screen" and k == 1:
            shot(screen, "club-screen")


@dataclass
class Night:
    """The evening's server, its id and the browsers at it: the organiser's phone, the screen, four
    players' phones; each result's delay to the screen (seconds)."""

    app: object
    url: str
    event_id: str
    org: object
    screen: object
    phones: list
    delays: list[float] = field(default_factory=list)

    @property
    def page(self) -> str:
        return f"{self.url}/events/{self.event_id}"


def check_in_and_draw(night: Night) -> None:
    """13 ticks on the roster, one tap (the screen lists them live); round 1 drawn in one tap, its
    seed shown; tables of 4, 3, 3 and 3."""
    org, screen = night.org, night.screen
    for name in ROSTER:
        org.get_by_label(name, exact=True).check()
    org.get_by_role("button", name="Check in", exact=True).click()
    flashed(org, "13 players checked in.")
    expect(screen.locator("[data-standings] tbody tr")).to_have_count(13)
    expect(org.get_by_label("Drawn at random")).to_be_checked()
    org.get_by_role("button", name="Seat round 1").click()
    flashed(org, "Round 1 is seated")
    seed = re.search(r"seed (\d+)", org.locator(".flashes").inner_text()).group(1)
    expect(org.locator("#round-title + p")).to_contain_text(f"Seed {seed}")
    assert [len(n) for _, _, n in round_tables(night.app, night.event_id)] == [4, 3, 3, 3]
    expect(screen.locator("[data-table]")).to_have_count(4)


def late_arrival_and_round_two(night: Night) -> None:
    """A late arrival by a new name; round 2 by standing (the leaders at table 1, the late arrival
    at the last table); a second tab left on round 1's page is refused seating round 2 again."""
    org = night.org
    org.goto(night.page)
    stale = org.context.new_page()
    stale.goto(night.page)
    org.get_by_label("A new name").fill(LATE)
    org.get_by_role("button", name="Check in", exact=True).click()
    flashed(org, "1 player checked in.")
    expect(night.screen.locator("[data-standings] tbody tr")).to_have_count(14)
    leaders = top_four(org)
    expect(org.get_by_label("By standing")).to_be_checked()
    org.get_by_role("button", name="Seat round 2").click()
    flashed(org, "Round 2 is seated")
    tables = round_tables(night.app, night.event_id)
    assert [len(n) for _, _, n in tables] == [4, 4, 3, 3]
    assert set(tables[0][2]) == set(leaders) and LATE in tables[-1][2]
    expect(org.locator("#table-3 .event-seats li")).to_have_count(3)
    assert_no_sideways_scroll(org)
    shot(org, "club-event")
    with stale.expect_response(lambda r: r.request.method == "POST") as answer:
        stale.get_by_role("button", name="Seat round 2").click()
    assert answer.value.status == 409
    refused = stale.locator("#refused")
    expect(refused).to_contain_text(
        "Round 2 has been seated since this page was shown: look at the evening again."
    )
    expect(refused).to_contain_text("Nothing was changed.")
    stale.close()


def override_table_two(night: Night) -> None:
    """The organiser sets table 2's confirmed result again, with the reason: in the log, on the
    screen."""
    org = night.org
    org.goto(night.page)
    table2 = org.locator("#table-2")
    table2.locator("summary").click()
    for box, score in zip(table2.locator("input[name^=table2-score]").all(), (30, -5, -10, -15)):
        box.fill(str(score))
    table2.get_by_label("Why").fill(REASON)
    shot(table2, "club-event-override")
    table2.get_by_role("button", name="Set table 2's result").click()
    flashed(org, "Table 2's result is set by the organiser.")
    expect(org.locator("#table-2 .event-state")).to_contain_text(f"set by the organiser: {REASON}")
    expect(org.locator(".event-log")).to_contain_text(f"Why: {REASON}")
    expect(night.screen.locator('[data-table="2"]')).to_contain_text("30")


def round_three_and_its_cards(night: Night) -> None:
    """Round 3 by standing; its table cards printed: four pages, every table's names."""
    org = night.org
    leaders = top_four(org)
    org.get_by_role("button", name="Seat round 3").click()
    flashed(org, "Round 3 is seated")
    tables = round_tables(night.app, night.event_id)
    assert set(tables[0][2]) == set(leaders)
    text, pages = pdf_of(org, night.url, "Table cards for round 3", "club-cards-round-3")
    assert len(pages) == 4
    for _, _, names in tables:
        assert all(name in text for name in names), (names, text)
    card_for_docs("club-cards-round-3", 4)  # table 4, a table of 3


def cut_to_the_final(night: Night) -> list[str]:
    """The top 4 cut to one final table in one tap; the final's names in seat order."""
    org = night.org
    org.goto(night.page)
    line = cut_line(org)
    expect(org.get_by_label("The top 4 to one final table")).to_be_checked()
    org.get_by_role("button", name="Cut", exact=True).click()
    flashed(org, "The final is seated.")
    final = round_tables(night.app, night.event_id)
    assert len(final) == 1 and is_the_cut(final[0][2], line), (final, line)
    sure, tied = line
    if len(sure) + len(tied) > 4:  # the page says the seed drew among them
        expect(org.locator("main")).to_contain_text("were tied at the cut line after every tiebreak")
    expect(night.screen.locator("[data-table]")).to_have_count(1)
    return final[0][2]


def final_standings_printed(night: Night, final: list[str]) -> None:
    """The final standings' PDF: every name, the final's winner before the other finalists."""
    night.org.goto(night.page)
    text, _ = pdf_of(night.org, night.url, "Standings (PDF)", "club-final-standings")
    assert all(name in text for name in [*ROSTER, LATE]), text
    winner = final[1]  # play_round's winner at table 1: seat (1 + 0) % 4
    order = text[text.index("after the final") :]
    assert all(order.index(winner) < order.index(n) for n in final if n != winner), text


def test_a_fourteen_player_club_night(browser, site):
    app, url = site
    started = time.monotonic()
    with app.app_context():
        table, secret = create_table("Thursday club", ROSTER)
        db.session.commit()
        table_id = table.public_id
    organiser = browser.new_context(**PHONE_CONTEXT, device_scale_factor=1)
    organiser.add_cookies([{"name": f"sk_table_{table_id}", "value": secret, "url": url}])
    tv = browser.new_context(viewport=TV, device_scale_factor=1)
    phone_contexts = [browser.new_context(**PHONE_CONTEXT, device_scale_factor=1) for _ in range(4)]
    try:
        org = organiser.new_page()
        event_id = set_up(org, url, table_id)
        screen = tv.new_page()
        screen.goto(f"{url}/events/{event_id}/screen")
        screen.evaluate("window.stillTheSamePage = true")
        night = Night(app, url, event_id, org, screen, [c.new_page() for c in phone_contexts])
        check_in_and_draw(night)
        play_round(night, on_phones=1, shoot="club-seat-box")
        late_arrival_and_round_two(night)
        play_round(night, on_phones=4, shoot="club-screen")
        override_table_two(night)
        round_three_and_its_cards(night)
        play_round(night, on_phones=2)
        final = cut_to_the_final(night)
        play_round(night, on_phones=1)
        final_standings_printed(night, final)
        expect(screen.locator("[data-screen-waiting]")).to_have_text("Every table has its result.")
        assert screen.evaluate("window.stillTheSamePage") is True  # followed live, never reloaded
        shot(screen, "club-screen-final")
        shot(org, "club-event-final", full_page=True)
        spread = ", ".join(f"{d * 1000:.0f}" for d in night.delays)
        print(
            f"\n{len(night.delays)} results: Confirm tapped -> final on the open screen, ms: {spread}"
            f"\nthe evening took {time.monotonic() - started:.1f} s (load average {os.getloadavg()[0]:.2f})"
        )
    finally:
        for context in (organiser, tv, *phone_contexts):
            context.close()
