"""The Print page and its PDFs over HTTP: forms, inline PDFs, form errors."""

from __future__ import annotations

import pytest

from tests.pdf.support import LETTER, ReadBack


def test_print_page_offers_sheets_frames_and_rules_cards(client):
    page = client.get("/print/")
    assert page.status_code == 200
    html = page.text
    for heading in ("Blank score sheet", "Step Indicator Frames", "Rules quick-reference card"):
        assert heading in html
    assert 'inputmode="numeric"' in html and 'value="crib-rummy"' in html and "Letter" in html
    assert html.count('action="/print/pdf"') == 3
    assert 'href="/print/"' in client.get("/").text  # the navigation links it


def test_blank_sheet_pdf_is_served_inline_with_a_sensible_name(client):
    response = client.get("/print/pdf?kind=sheet&variant=crib-rummy&players=3&rows=10&paper=letter&target=61")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == 'inline; filename="crib-rummy-sheet-3p.pdf"'
    pdf = ReadBack(response.data)
    assert "Crib Rummy score sheet" in pdf.text and "Cribbage track to 61" in pdf.text
    assert pdf.size(LETTER, "portrait")


def test_frames_and_rules_card_from_the_page(client):
    frames = client.get("/print/pdf?kind=frames&players=2&steps=run+of+4%3B+2+books+of+5&paper=a4")
    assert frames.headers["Content-Disposition"] == 'inline; filename="krazy-bee-frames-2p.pdf"'
    text = ReadBack(frames.data).text
    assert "2 books of 5" in text and "Player 2" in text and "Player 3" not in text
    card = client.get("/print/pdf?kind=rules&variant=crazy-rummy&paper=letter")
    assert card.headers["Content-Disposition"] == 'inline; filename="crazy-rummy-rules.pdf"'
    pdf = ReadBack(card.data)
    assert "Crazy Rummy: quick reference" in pdf.text and pdf.size(LETTER, "portrait")


@pytest.mark.parametrize(
    "query,field,message",
    [
        ("kind=sheet&variant=rumbugz&players=9", "players", "choose from 2 to 6"),
        ("kind=sheet&variant=krazy-bee&players=4&rows=500", "rows", "choose from 1 to 100"),
        ("kind=sheet&variant=crib-rummy&players=2&target=100", "target", "61, 121, 241"),
        ("kind=frames&players=3&steps=2+bookz+of+3", "steps", "KB-8"),
        ("kind=rules&variant=chess", "variant", "choose one of"),
        ("kind=sheet&variant=krazy-bee&paper=a0", "paper", "a4 or letter"),
    ],
)
def test_bad_form_input_shows_the_form_again_with_the_error(client, query, field, message):
    response = client.get(f"/print/pdf?{query}")
    assert response.status_code == 400 and response.mimetype == "text/html"
    html = response.text
    assert 'aria-invalid="true"' in html and message in html
    assert f'-{field}-error"' in html or field == "variant"
    assert "<form" in html


def test_an_unknown_kind_names_the_form_to_check(client):
    """``kind=poster`` said "Please check the  form below" (no form's name, a double space)."""
    html = " ".join(client.get("/print/pdf?kind=poster&variant=rumbugz").text.split())
    assert "Please check the blank score sheet form below" in html
    assert "Kind: choose one of sheet, frames, rules" in html


@pytest.mark.parametrize(
    "query", ["kind=rules&variant=rumbugz&players=99&rows=500", "kind=frames&players=3&rows=500"]
)
def test_a_rules_card_or_frames_take_no_players_or_rows_they_do_not_have(client, query):
    """A rules card has no players and neither it nor the frames has rows: a value for them is not refused."""
    assert client.get(f"/print/pdf?{query}").status_code == 200


def test_form_keeps_what_was_typed_after_an_error(client):
    html = client.get("/print/pdf?kind=sheet&variant=rumbugz&players=9&rows=7").text
    assert 'value="9"' in html and 'value="7"' in html
    assert '<option value="rumbugz" selected>' in html
