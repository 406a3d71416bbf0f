"""The printed score sheets in German (docs/languages.md): every variant's column heads and key, a
blank sheet's title, and a game's sheet laid out in a worker process with its foot, read back from
the real PDFs. Names, card notation, rule ids and variant names stay as they are."""

from __future__ import annotations

import pytest

from tests.pdf.support import ReadBack, krazy_bee_hands, seed_game

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}

#: words only the German sheet of each variant prints (column heads, then its key), and the English
#: they replace
SHEET_WORDS = {
    "krazy-bee": (
        ["Punkte", "Summe", "Ende", "nach einer Runde, in der jemand den letzten Step"],
        ["Points"],
    ),
    "rumbugz": (["Arten", "Übrig", "Wertung", "übrige Bugz", "die höchste Summe gewinnt (RB-8)"], ["Kinds"]),
    # the switches are the engine's words in the sheet's language: labels off, help lines on
    "rummikub": (
        [
            "Bänkchen",
            "Gewinner",
            "Schalter an",
            "Erstauslage",
            "mindestens 30 Punkte",
            "Einfarbige Gruppen",
        ],
        ["Rack", "same colour groups"],
    ),
    "crazy-tiles": (
        ["Bänkchen", "Schalter aus", "Wertung", "Eine 6 darf als 9 gelesen werden"],
        ["Switches", "A 6 may be read as 9"],
    ),
    "runny-tiles": (["Bänkchen", "Schalter aus", "Wertung"], ["Initial meld"]),
    "crib-rummy": (["Zug", "Stecker", "zuerst 121", "Reihen"], ["Pegs", "Turn"]),
    "crazy-rummy": (["Größe", "+Tisch", "Werte", "die höchste Summe gewinnt (CZ-8)"], ["Size", "Values"]),
    # the variant's name is a label in words: "Anderes Spiel (Punkte): Spielblock"
    "points": (
        ["Anderes Spiel (Punkte)", "Punkte", "jedes andere Spiel (PG-1)", "wer es führt, beendet es"],
        ["any other game", "Any other game (points)"],
    ),
}


def words(pdf: bytes) -> str:
    return " ".join(ReadBack(pdf).text.split())


@pytest.mark.parametrize("variant", sorted(SHEET_WORDS))
def test_a_blank_sheet_in_german(client, variant):
    german, english = SHEET_WORDS[variant]
    answer = client.get(f"/print/pdf?kind=sheet&variant={variant}&players=2", headers=GERMAN)
    assert answer.status_code == 200
    text = words(answer.data)
    assert "Spielblock" in text and "score sheet" not in text
    assert [w for w in german if w not in text] == []
    assert [w for w in english if w in text] == []
    in_english = words(client.get(f"/print/pdf?kind=sheet&variant={variant}&players=2").data)
    assert "score sheet" in in_english and all(w in in_english for w in english)


def test_a_games_sheet_in_german_from_the_worker(app, client):
    with app.app_context():
        game = seed_game("krazy-bee", ["Anna", "Bernd"], krazy_bee_hands(2, players=2)).public_id
    text = words(client.get(f"/print/game/{game}/sheet.pdf", headers=GERMAN).data)
    assert "Anna" in text and "Summe" in text and "Platz" in text and " raus" in text
    assert "Rank" not in text and " out" not in text
    english = words(client.get(f"/print/game/{game}/sheet.pdf").data)
    assert "Rank" in english and " out" in english


@pytest.mark.parametrize(
    "address, title",
    [
        ("/print/pdf?kind=frames&variant=krazy-bee&players=2", "Krazy-Bee-Step-Anzeiger"),
        ("/print/pdf?kind=rules&variant=rumbugz", "RumBugz: Kurzübersicht"),
    ],
)
def test_the_frames_and_rules_cards_titles_are_german(client, address, title):
    """The PDF's title (its metadata, a viewer's window): it was English in every language."""
    answer = client.get(address, headers=GERMAN)
    assert answer.status_code == 200
    assert ReadBack(answer.data).reader.metadata.title == title
