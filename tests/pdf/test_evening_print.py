"""Print from the second game night (issue 20, section 5): Step frames printed mid-game mark each
player's Step, four frames fit one Letter page, the tiles rules card's titles end once, and the
tiles sheet names who won a round nobody went out of."""

from __future__ import annotations

import pytest

from tests.pdf.support import LETTER, ReadBack, krazy_bee_hands, seed_game


def seeded(app, variant, names, hands, options=None):
    with app.app_context():
        return seed_game(variant, names, hands, options).public_id


def test_frames_printed_mid_game_mark_each_players_step(app, client):
    # hand 1: Ann lays Step 1 and goes out; hand 2: Bob does (krazy_bee_hands: one a hand, in turn)
    public_id = seeded(app, "krazy-bee", ["Ann", "Bob", "Cy"], krazy_bee_hands(2, players=3))
    pdf = ReadBack(client.get(f"/print/game/{public_id}/frames.pdf").data)
    text = " ".join(pdf.text.split())
    assert "Player 1: Ann · now on Step 2" in text and "Player 2: Bob · now on Step 2" in text
    assert "Player 3: Cy · now on Step 1" in text


def test_a_fresh_games_frames_stay_blank(app, client):
    public_id = seeded(app, "krazy-bee", ["Ann", "Bob"], [])
    assert "now on Step" not in ReadBack(client.get(f"/print/game/{public_id}/frames.pdf").data).text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_four_frames_take_one_page_on_either_paper(client, paper):
    pdf = ReadBack(client.get(f"/print/pdf?kind=frames&players=4&paper={paper}").data)
    assert pdf.pages == 1 and pdf.text.count("✂") == 4
    if paper == "letter":
        assert pdf.size(LETTER, "portrait")


def test_the_tiles_rules_card_ends_a_question_once(client):
    text = ReadBack(client.get("/print/pdf?kind=rules&variant=rummikub&paper=a4").data).text
    assert "Must you play?" in text and "Must you play?." not in text


@pytest.mark.parametrize(
    "headers, words",
    [
        ({}, ("Winner", "shared", "nobody went out; the lowest rack won the round")),
        ({"Accept-Language": "de"}, ("Gewinner", "geteilt", "keiner ging raus; das niedrigste Bänkchen")),
    ],
    ids=["en", "de"],
)
def test_the_tiles_sheet_names_who_won_a_round_nobody_went_out_of(app, client, headers, words):
    """CT-8: the column said "nobody; A…" (its "nobody; Ann won" cut to fit). Now it is the Winner
    column: the round marked "*" (the key says nobody went out), the lowest rack's name whole, and
    "shared" for tied lowest racks (their Score cells say whose)."""
    column, shared, key = words
    names = ["Annabelle", "Bob", "Cyrielle", "Dee"]
    hands = [
        {"winner": None, "players": [{"rack": "R5"}, {"rack": "B7"}, {"rack": "B9 K3"}, {"rack": "K8"}]},
        {"winner": 2, "players": [{"rack": "R5"}, {"rack": "B5"}, {"rack": ""}, {"rack": "K8"}]},
        {"winner": None, "players": [{"rack": "R5"}, {"rack": "B5"}, {"rack": "B9"}, {"rack": "K8"}]},
    ]
    public_id = seeded(app, "rummikub", names, hands)
    text = ReadBack(client.get(f"/print/game/{public_id}/sheet.pdf", headers=headers).data).text
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "…" not in text
    assert any(line.startswith((f"Round {column} ", f"Runde {column} ")) for line in lines)
    # CT-8 A: the lowest rack takes the others' racks minus its own; tied racks both do
    assert "1* Annabelle 5 +22 22 7 -7 -7 12 -12 -12 8 -8 -8" in lines
    assert "2 Cyrielle 5 -5 17 5 -5 -12 0 +18 6 8 -8 -16" in lines
    assert f"3* {shared} 5 +12 29 5 +12 0 9 -9 -3 8 -8 -24" in lines
    assert key in " ".join(text.split())
