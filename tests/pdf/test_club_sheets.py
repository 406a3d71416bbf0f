"""Club night's printed sheets (issue 39, docs/printing.md "Club night"): a 14-player evening seated
and played through the services (as tests/web/test_club_services.py drives one), then each PDF asked
for over HTTP and read back: the table cards (the number large, the names in seat order, the QR code
leading to the table's game), the score slips, the final standings after a cut, the organiser's event
sheet (only with the club's table secret), and a Hebrew evening's sheets laid out right to left."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import time
from datetime import date
from pathlib import Path

import pytest
from flask import render_template

from scorekeeper.display.isolates import right_to_left
from scorekeeper.limits import pool
from scorekeeper.services.club import (
    check_in,
    create_event,
    current_round,
    cut,
    get_event,
    override,
    seat_next,
)
from scorekeeper.services.tables.roster import create_table
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game
from tests.pdf.qr_reading import encoded, needs_pdftoppm, read_qr
from tests.pdf.support import ReadBack
from tests.web.club_support import by_lot, december_night, play_round

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max", "Ned"]
HEBREW_NAMES = ["דנה", "יוסי", "מיכל", "אבי", "רות", "נועה", "Bob"]  # noqa: RUF001 - Hebrew names
REASON = "Lou's phone died; the table agreed the racks"

pytestmark = pytest.mark.skipif(
    not shutil.which("pdftotext"), reason="poppler-utils (pdftotext) not installed"
)


def evening(app, names, *, rounds: int = 3, final: bool = True) -> dict:
    """An evening of ``names`` (the last one a late arrival) seated, played, one table overridden, cut."""
    with app.app_context():
        club, event, secret = december_night(names, rounds=rounds)
        check_in(event, names[:-1])
        rng = random.Random(7)
        seat_next(event, secret, "draw", seed=123456)
        play_round(event, **by_lot(rng))
        check_in(event, names[-1:])
        for number in range(2, rounds + 1):
            seat_next(event, secret, "standing")
            if number == 2:  # the organiser sets table 2's result
                table = current_round(event).tables[1]
                override(event, table, [30, -10, -10, -10][: len(table.members)], REASON)
            play_round(event, **by_lot(rng))
        if final:
            cut(event, secret, "final")
            play_round(event, **by_lot(rng))
        db.session.commit()
        games = [(t.number, db.session.get(Game, t.game_id)) for t in event.event_rounds[1].tables]
        seated = [(number, game.names, game.public_id) for number, game in games]
        return {"id": event.public_id, "club": club.public_id, "secret": secret, "round2": seated}


@pytest.fixture
def fourteen(app):
    return evening(app, NAMES)


def placed_words(pdf: bytes, tmp_path: Path) -> list[tuple[int, float, float, float, str]]:
    """Every word as (page, top, left, height, text), its letters as they stand left to right."""
    path = tmp_path / "club.pdf"
    path.write_bytes(pdf)
    xml = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    words, page = [], 0
    for line in xml.splitlines():
        page += "<page " in line
        found = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*)</word>', line)
        if found:
            top = float(found[2])
            words.append((page, top, float(found[1]), float(found[3]) - top, found[4]))
    return words


def test_a_rounds_table_cards_show_the_number_the_seats_and_the_games_qr_code(client, fourteen, tmp_path):
    needs_pdftoppm()
    answer = client.get(f"/events/{fourteen['id']}/print/cards.pdf?round=2")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    assert answer.headers["Cache-Control"] == "no-store"
    pdf = ReadBack(answer.data)
    assert pdf.pages == 4 and pdf.size((842, 595), "portrait")  # A4 landscape, a card a table
    words = placed_words(answer.data, tmp_path)
    for page, (number, names, game_id) in enumerate(fourteen["round2"], start=1):
        # the table's number, large on both halves (the upper one printed upside down)
        big = [w for p, _t, _l, height, w in words if p == page and height > 80]
        assert big.count(str(number)) == 2, big
        # on the players' half (the lower one, upright) the names stand in seat order, top to bottom
        lower = sorted((top, w) for p, top, _l, _h, w in words if p == page and top > 595 / 2 and w in names)
        assert [w for _top, w in lower] == names
        assert "starts the game" in " ".join(pdf.page_texts[page - 1].split())
        # the QR code leads to the table's game page (its address also a link on the code)
        links = [a.get_object()["/A"]["/URI"] for a in pdf.reader.pages[page - 1]["/Annots"]]
        game_url = next(u for u in links if u.endswith(f"/games/{game_id}"))
        if page == 1:  # rasterised at 300 dpi: one card is enough to show the code is the link's
            assert read_qr(answer.data, page) == encoded(game_url)
        assert f"/games/{game_id}/seat" in "".join(
            pdf.page_texts[page - 1].split()
        )  # the seat page, for phones


@pytest.mark.parametrize("language", ["en", "he"])
def test_each_slip_ends_with_its_signatures_inside_its_half(client, fourteen, tmp_path, language):
    """A slip's box is half a page and clips what overflows it: its last line ("Confirmed by") must stand
    above the next slip's heading, and the second slip's above the page's foot (12 lines of hands fit)."""
    data = client.get(
        f"/events/{fourteen['id']}/print/slips.pdf?round=2", headers={"Accept-Language": language}
    ).data
    words = [(top, h, w) for page, top, _left, h, w in placed_words(data, tmp_path) if page == 1]
    # the 18 pt numbers of "Table 1" and "Table 2" head the slips
    heading = sorted(top for top, h, w in words if w.isdigit() and h > 18)
    confirmed = sorted(top for top, _h, w in words if w in ("Confirmed", "אושר"[::-1]))  # Hebrew as it stands
    assert len(heading) == 2 and len(confirmed) == 2, (heading, confirmed)
    # the first slip's last line (10 pt high) ends above the next slip's 4 mm padding over its heading,
    # the second slip is laid out as the first and ends above the page's 12 mm foot
    assert confirmed[0] + 12 < heading[1] - 12, (heading, confirmed)
    assert abs((confirmed[1] - heading[1]) - (confirmed[0] - heading[0])) < 1 and confirmed[1] + 12 < 842 - 34


def test_score_slips_have_a_line_a_hand_totals_places_and_two_signatures(client, fourteen):
    pdf = ReadBack(client.get(f"/events/{fourteen['id']}/print/slips.pdf?round=2").data)
    assert pdf.pages == 2  # four tables, two slips a page
    for page, (number, names, _game) in enumerate(fourteen["round2"]):
        text = " ".join(pdf.page_texts[page // 2].split())
        assert (
            f"Table {number}" in text and " ".join(names) in text
        )  # the names head the columns in seat order
        assert f"{names[0]} starts the game." in text
    for words in ("Total", "Place", "Declared by", "Confirmed by", "Signature"):
        assert all(words in t for t in pdf.page_texts)


def test_the_final_standings_name_the_finals_order_the_ranking_and_its_tiebreaks(client, fourteen):
    answer = client.get(f"/events/{fourteen['id']}/print/standings.pdf")
    assert answer.status_code == 200
    text = " ".join(ReadBack(answer.data).text.split())
    assert "The evening's order after the final" in text and "Final" in text
    assert "Standings after 3 rounds" in text and "Rank Name Points Games Wins" in text
    assert all(name in text for name in NAMES)
    assert "Tournament points by place at the table" in text
    assert "1. Head to head" in text or "Head to head: among the tied players" in text
    assert "Most wins: the most tables won" in text and "Best single game" in text


def test_the_event_sheet_is_the_organisers_only(client, fourteen):
    address = f"/events/{fourteen['id']}/print/event.pdf"
    refused = client.get(address)
    assert refused.status_code == 403
    assert client.get(address, headers={"Authorization": "Bearer not-the-secret"}).status_code == 403
    client.set_cookie(f"sk_table_{fourteen['club']}", fourteen["secret"])
    answer = client.get(address)
    assert answer.status_code == 200
    text = " ".join(ReadBack(answer.data).text.split())
    assert "Event sheet for the organiser" in text and "Checked in: 14 players" in text
    assert "Round 1 · drawn at random · seed 123456" in text and "Round 2 · by standing" in text
    assert f"Set by the organiser: {REASON}" in text and "Confirmed by" in text
    assert "Ned Round 2" in text  # the late arrival plays from round 2


def test_a_slow_sheet_answers_with_the_waiting_page_then_is_the_pdf(app, client, fourteen):
    """Through the print pipeline as every PDF: not ready within PDF_WAIT, a 202 naming where it will be."""
    app.config["PDF_WAIT"] = 0
    pool.warm(wait=True)
    answer = client.get(f"/events/{fourteen['id']}/print/cards.pdf", headers={"Accept": "application/json"})
    assert answer.status_code == 202 and answer.json["state"] == "pending"
    for _ in range(600):
        if client.get(f"{answer.json['url']}/status").json["state"] != "pending":
            break
        time.sleep(0.1)
    cards = client.get(answer.json["url"])
    assert (
        cards.mimetype == "application/pdf" and "-round-4-cards.pdf" in cards.headers["Content-Disposition"]
    )
    assert ReadBack(cards.data).pages == 1  # the final's one table


@pytest.mark.parametrize("organiser", [False, True])
def test_the_event_pages_print_links_lead_to_the_pdfs(app, client, fourteen, organiser):
    """templates/events/_print_links.html, for the event page: the event sheet's link for the organiser only."""
    with app.test_request_context():
        html = render_template(
            "events/_print_links.html", event=get_event(fourteen["id"]), organiser=organiser
        )
    hrefs = re.findall(r'href="([^"]+)"', html)
    assert len(hrefs) == 3 + organiser and "Table cards for round 4" in html  # the final is round 4
    client.set_cookie(f"sk_table_{fourteen['club']}", fourteen["secret"])
    assert all(client.get(h).status_code == 200 for h in hrefs[1:])


@pytest.mark.parametrize(
    "address, status",
    [
        ("cards.pdf?round=9", 404),
        ("cards.pdf?round=two", 400),
        ("slips.pdf?paper=a3", 400),
        # digits str.isdigit() takes but int() does not (a superscript two, a circled one): a 400, not a 500
        ("cards.pdf?round=%C2%B2", 400),
        ("slips.pdf?round=%E2%91%A0", 400),
    ],
)
def test_a_round_or_paper_that_is_not_there_is_refused_with_a_reason(client, fourteen, address, status):
    answer = client.get(f"/events/{fourteen['id']}/print/{address}")
    assert answer.status_code == status


def test_an_unknown_evening_and_one_not_yet_seated_are_404s(app, client):
    assert client.get("/events/nothing-here/print/standings.pdf").status_code == 404
    with app.app_context():
        club, _ = create_table("Club", NAMES[:4])
        event = create_event(club, name="Night", held_on=date(2026, 12, 3), variant="rummikub")
        db.session.commit()
        public_id = event.public_id
    assert client.get(f"/events/{public_id}/print/cards.pdf").status_code == 404
    assert client.get(f"/events/{public_id}/print/standings.pdf").status_code == 200  # everyone at 0


def test_a_points_game_evening_prints_the_games_own_name(app, client):
    with app.app_context():
        club, secret = create_table("Club", NAMES[:4])
        options = {"game_name": "Five Crowns", "high_wins": False}
        event = create_event(club, name="Night", held_on=date(2026, 12, 3), variant="points", options=options)
        check_in(event, NAMES[:4])
        seat_next(event, secret, "draw", seed=5)
        db.session.commit()
        public_id = event.public_id
    text = " ".join(ReadBack(client.get(f"/events/{public_id}/print/cards.pdf").data).text.split())
    assert "Any other game (points): Five Crowns" in text


def test_a_hebrew_evenings_sheets_run_right_to_left(app, client, tmp_path):
    """A Hebrew club's slips: the first seat's column on the right, the next ones leftwards; the cards'
    table number on the right of the players' half, where a Hebrew line starts (on the left in English)."""
    hebrew = evening(app, HEBREW_NAMES, rounds=2, final=False)
    base = f"/events/{hebrew['id']}/print"
    with app.app_context():
        names = db.session.get(Game, get_event(hebrew["id"]).event_rounds[0].tables[0].game_id).names
    shown = [n[::-1] if right_to_left(n) else n for n in names]  # as pdftotext reads it: left to right
    slips = client.get(f"{base}/slips.pdf?round=1", headers={"Accept-Language": "he"}).data
    words = [(top, left, w) for page, top, left, _h, w in placed_words(slips, tmp_path) if page == 1]
    header = max(top for top, _left, w in words if w == shown[1])  # the columns' heads (below the sentence)
    lefts = [next(left for top, left, w in words if w == name and abs(top - header) < 2) for name in shown]
    assert lefts == sorted(lefts, reverse=True), (shown, lefts)  # seat order from the right
    for language, right in (("he", True), ("en", False)):
        cards = client.get(f"{base}/cards.pdf?round=1", headers={"Accept-Language": language}).data
        big = [
            left for p, top, left, h, _w in placed_words(cards, tmp_path) if p == 1 and h > 80 and top > 297
        ]
        assert (big[0] > 842 / 2) is right, big
