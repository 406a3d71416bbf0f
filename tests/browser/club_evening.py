"""What the phones, the organiser and the printer do in the 14-player club night in a browser
(tests/browser/test_club_evening_browser.py, issue 39): a table's hand entered on its seated phones
or recorded through the services, its result declared on one seated phone and confirmed on
another, the standings screen checked, a PDF fetched from the page's link, read back and
rasterised, and the documentation's screenshots (``CLUB_SHOTS=docs``)."""

from __future__ import annotations

import io
import os
import subprocess
import time
from pathlib import Path

from playwright.sync_api import expect
from pypdf import PdfReader

from scorekeeper.services.club import current_round
from scorekeeper.storage.club_models import ClubEvent
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from ..web.club_support import play_hand
from .seat_table import WITHIN_MS

ROOT = Path(__file__).resolve().parents[2]
KEPT = ROOT / "test-artifacts" / "club-evening"
DOCS_IMG = ROOT / "docs" / "img"
SHOTS = os.environ.get("CLUB_SHOTS") == "docs"
#: the screenshots docs/club-night.md shows
DOCS_SHOTS = {"club-event", "club-event-override", "club-seat-box", "club-screen"}
#: the racks left by the players who did not go out, in seat order after the winner
RACKS = ["R5 B7", "K12", "G3 G4 J"]


def round_tables(app, event_id: str) -> list[tuple[int, str, list[str]]]:
    """The round being played: (table number, its game's id, its names in seat order) per table."""
    with app.app_context():
        event = db.session.execute(db.select(ClubEvent).filter_by(public_id=event_id)).scalar_one()
        rows = current_round(event).tables
        games = [db.session.get(Game, t.game_id) for t in rows]
        return [(t.number, g.public_id, list(g.names)) for t, g in zip(rows, games)]


def take_seat(page, url: str, gid: str, name: str) -> None:
    """The phone opens the table's seat page and taps its player's name."""
    page.goto(f"{url}/games/{gid}/seat")
    page.get_by_role("button", name=f"I am {name}").click()
    expect(page.get_by_role("heading", name=f"{name}'s seat")).to_be_visible()


def hand_on_phones(phones: list, url: str, gid: str, names: list[str], winner: int) -> None:
    """Every player at the table takes their seat on their own phone and sends their part of one
    Rummikub hand (the winner "I went out", last: their send records the hand)."""
    for phone, name in zip(phones, names):
        take_seat(phone, url, gid, name)
    others = [s for s in range(len(names)) if s != winner]
    for rack, seat in zip(RACKS, others):
        phones[seat].fill("#rack", rack)
        phones[seat].get_by_role("button", name="Send my part").click()
        expect(phones[seat].locator("[data-seat-mine]")).to_be_visible()
    phones[winner].check('input[name="went_out"]')
    phones[winner].get_by_role("button", name="Send my part").click()
    expect(phones[winner].get_by_text("Round 1 recorded.")).to_be_visible()


def hand_by_services(app, phones: list, url: str, gid: str, names: list[str], winner: int) -> None:
    """The hand recorded through the services (as the game's editor would); two players take their
    seats on their phones, to declare and confirm."""
    play_hand(app, gid, winner=winner)
    for phone, name in zip(phones[:2], names):
        take_seat(phone, url, gid, name)


def declare_and_confirm(
    phones: list, url: str, gid: str, screen, number: int, names: list[str], shoot=None
) -> float:
    """The first seated phone declares the table's result, the second one's Confirm shows up live
    and is tapped; the open standings screen shows the table final. Seconds from the tap to that.
    ``shoot``: the second phone's box is kept as that screenshot before the tap."""
    first, second = phones[0], phones[1]
    first.goto(f"{url}/games/{gid}/seat")
    first.locator("[data-club-declare]").click()
    expect(first.locator("[data-club-state]")).to_contain_text(f"{names[0]} declared")
    second.goto(f"{url}/games/{gid}/seat")
    expect(second.locator("[data-club-state]")).to_contain_text(f"Confirm the result: {names[0]} declared")
    if shoot:
        second.locator("[data-club-table]").scroll_into_view_if_needed()
        shot(second, shoot)
    tapped = time.monotonic()
    second.locator("[data-club-confirm]").click()
    expect(second.locator("[data-club-state]")).to_have_attribute("data-club-state", "final")
    expect(screen.locator(f'[data-table="{number}"]')).to_have_attribute(
        "data-state", "final", timeout=WITHIN_MS
    )
    return time.monotonic() - tapped


def pdf_of(page, url: str, link: str, name: str) -> tuple[str, list[Path]]:
    """The PDF behind the page's link ``link`` (fetched with the page's cookies): its text read back
    with pypdf, and its pages rasterised with pdftoppm under test-artifacts/club-evening/."""
    href = page.get_by_role("link", name=link).get_attribute("href")
    answer = page.context.request.get(url + href, timeout=180_000)
    assert answer.status == 200 and answer.headers["content-type"].startswith("application/pdf"), (
        answer.status
    )
    KEPT.mkdir(parents=True, exist_ok=True)
    pdf = KEPT / f"{name}.pdf"
    pdf.write_bytes(answer.body())
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(answer.body())).pages)
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(KEPT / name)], check=True)
    return text, sorted(KEPT.glob(f"{name}-*.png"))


def shot(page, name: str, **options) -> None:
    """A screenshot kept under test-artifacts/club-evening/ (and docs/img/ with ``CLUB_SHOTS=docs``)."""
    KEPT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(KEPT / f"{name}.png"), **options)
    if SHOTS and name in DOCS_SHOTS:
        page.screenshot(path=str(DOCS_IMG / f"{name}.png"), **options)
        shrink(DOCS_IMG / f"{name}.png")


def shrink(png: Path, width: int = 960) -> None:
    """A documentation PNG at most ``width`` px wide, its colours quantised (kept small)."""
    from PIL import Image

    with Image.open(png) as image:
        image = image.convert("RGB")
        if image.width > width:
            image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
        image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(png, optimize=True)


def card_for_docs(name: str, page: int) -> None:
    """Page ``page`` of the kept PDF ``name`` (a table card) as docs/img/club-table-card.png, at a
    resolution its small print can be read at."""
    if SHOTS:
        target = DOCS_IMG / "club-table-card"
        pdf = str(KEPT / f"{name}.pdf")
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                "90",
                "-f",
                str(page),
                "-l",
                str(page),
                "-singlefile",
                "-png",
                pdf,
                str(target),
            ],
            check=True,
        )
        shrink(target.with_suffix(".png"), width=900)
