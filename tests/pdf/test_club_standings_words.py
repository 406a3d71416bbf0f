"""The printed standings say what the event page says (docs/printing.md "Club night"): whether the
evening is over (ended by its organiser, or by its final's result) and, beside a player ranked below
another on the same points, the tiebreak that parted them ("Tiebreak: Best single game"), in the
same words as the page. The standings PDF and the organiser's event sheet, asked for over HTTP and
read back with ``pdftotext``."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from scorekeeper.services.club import end_evening, get_event
from scorekeeper.storage.extensions import db
from tests.pdf.test_club_sheets import NAMES, evening
from tests.pdf.test_club_sheets import pytestmark as needs_pdftotext
from tests.web.test_club_tiebreaks_shown import parted_evening

pytestmark = needs_pdftotext

OVER = "This evening is over: its standings below are final."


def _text(pdf: bytes, tmp_path: Path) -> str:
    """The PDF's text as pdftotext reads it, its lines kept, spaces folded."""
    path = tmp_path / "standings.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return "\n".join(" ".join(line.split()) for line in text.splitlines())


def _pdfs(client, night: dict, language: str = "en") -> dict[str, bytes]:
    """The standings and the event sheet of ``night``, in ``language``."""
    headers = {"Accept-Language": language, "Authorization": f"Bearer {night['secret']}"}
    out = {}
    for kind in ("standings", "event"):
        answer = client.get(f"/events/{night['id']}/print/{kind}.pdf", headers=headers)
        assert answer.status_code == 200, answer.status_code
        out[kind] = answer.data
    return out


@pytest.fixture
def parted(app) -> dict:
    """Round 1 of eight played: both tables' winners on 4 points, parted by the best single game."""
    public_id, secret = parted_evening(app)
    return {"id": public_id, "secret": secret}


def _parted_line(client, night) -> tuple[str, str]:
    """The name of the line the tiebreak parted, and the tiebreak's key, from the API."""
    lines = client.get(f"/api/v1/events/{night['id']}/standings").get_json()["standings"]
    ((name, key),) = [(line["name"], line["parted_by"]) for line in lines if line["parted_by"]]
    return name, key


def test_a_tie_parted_by_a_tiebreak_is_named_beside_the_lower_player(client, parted, tmp_path):
    name, key = _parted_line(client, parted)
    assert key == "best_game"
    for kind, pdf in _pdfs(client, parted).items():
        text = _text(pdf, tmp_path)
        assert f"{name} Tiebreak: Best single game" in text, (kind, text)
        assert text.count("Tiebreak: ") == 1, (kind, text)  # only the line parted from the one above


def test_the_tiebreak_is_named_in_the_readers_language(client, parted, tmp_path):
    """German: the tiebreak's name as the German page says it."""
    name, _key = _parted_line(client, parted)
    page = client.get(f"/events/{parted['id']}/screen", headers={"Accept-Language": "de"}).get_data(True)
    assert "Bestes einzelnes Spiel" in page
    text = _text(_pdfs(client, parted, "de")["standings"], tmp_path)
    assert "Bestes einzelnes Spiel" in text and name in text


def test_an_evening_still_played_does_not_say_it_is_over(client, parted, tmp_path):
    for kind, pdf in _pdfs(client, parted).items():
        text = _text(pdf, tmp_path)
        assert "evening is over" not in text, kind
        assert "Final standings" not in text, (kind, text)


def test_an_evening_the_organiser_ended_says_it_is_over(app, client, parted, tmp_path):
    with app.app_context():
        end_evening(get_event(parted["id"]))
        db.session.commit()
    page = client.get(f"/events/{parted['id']}").get_data(as_text=True)
    assert OVER in page  # the page's own words
    for kind, pdf in _pdfs(client, parted).items():
        text = _text(pdf, tmp_path)
        assert OVER in text, (kind, text)
    assert "Final standings" in _text(_pdfs(client, parted)["standings"], tmp_path)


def test_an_evening_over_by_its_finals_result_says_it_is_over(client, app, tmp_path):
    night = evening(app, NAMES)
    for kind, pdf in _pdfs(client, night).items():
        assert OVER in _text(pdf, tmp_path), kind


def test_an_evening_whose_final_is_still_played_is_not_over(client, app, tmp_path):
    night = evening(app, NAMES, final=False)
    for kind, pdf in _pdfs(client, night).items():
        assert "evening is over" not in _text(pdf, tmp_path), kind
