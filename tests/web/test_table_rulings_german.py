"""A table's rulings read in German (docs/languages.md): the sentences are written when shown, so the
same kept rulings read in English for an English phone; the engine's reasons a verdict kept come
back in the reader's language; players' own words and card notation stay as they are."""

from __future__ import annotations

from tests.pdf.support import ReadBack

from .game_support import csrf_from
from .rounds_support import text
from .table_support import create_table

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def _keep(client, table_id: str, **fields) -> str:
    token = csrf_from(client.get(f"/tables/{table_id}/rulings").text)
    kept = client.post(
        f"/tables/{table_id}/rulings", data={"csrf_token": token, **fields}, follow_redirects=True
    )
    assert kept.status_code == 200, kept.text
    return text(kept)


def _a_table_with_rulings(client) -> str:
    table_id = create_table(client, "Richter", ["Anna", "Bernd"])
    _keep(client, table_id, kind="verdict", **{"ask.variant": "crib-rummy", "ask.cards": "7H 8S 9D"})
    _keep(
        client,
        table_id,
        kind="verdict",
        **{"ask.variant": "crib-rummy", "ask.cards": "9H", "ask.extend": "5H 6H 7H"},
    )
    _keep(client, table_id, kind="option", **{"option-option": "rummikub:wrap", "option-value": "on"})
    return table_id


def test_the_rulings_ledger_in_german_and_in_english(app, client):
    table_id = _a_table_with_rulings(client)
    client.get("/language/de")
    page = text(client.get(f"/tables/{table_id}/rulings"))
    assert "7H 8S 9D: nicht gültig. CR-1: ein Satz braucht einen Rang; hier sind es 7, 8, 9" in page
    assert "CR-2: eine Reihe braucht eine Farbe; hier sind es Pik, Herz, Karo" in page
    assert "9H an 5H 6H 7H angelegt: nicht gültig. CR-4: 9H kann die Reihe 5H 6H 7H" in page
    assert ": an" in page and "not legal" not in page and "a set needs one rank" not in page
    assert "Herumlaufen: an" in page and "Wrap" not in page  # the option's label: the engine's word
    english = text(app.test_client().get(f"/tables/{table_id}/rulings", headers={"Accept-Language": "en"}))
    assert "7H 8S 9D: not legal. CR-1: a set needs one rank; these are 7, 8, 9" in english
    assert "9H added to 5H 6H 7H: not legal" in english and "Wrap: on" in english


def test_a_flash_the_house_game_and_the_printed_card_in_german(app, client):
    table_id = create_table(client, "Richter", ["Anna", "Bernd"])
    client.get("/language/de")
    kept = _keep(client, table_id, kind="option", **{"option-option": "rummikub:wrap", "option-value": "off"})
    assert "Entscheidung gespeichert: " in kept and ": aus" in kept
    with app.app_context():
        from scorekeeper.services.tables import roster
        from scorekeeper.services.tables.house_games import adopt_house_game
        from scorekeeper.storage.extensions import db

        adopt_house_game(roster.get_table(table_id), "Fünf Kronen", "points", {"high_wins": False})
        db.session.commit()
    page = text(client.get(f"/tables/{table_id}/rulings"))
    assert "Hausspiel Fünf Kronen: " in page and " aus" in page and "House game" not in page
    assert "Höchste gewinnt aus" in page and "high wins" not in page
    offered = text(client.get(f"/tables/{table_id}/play"))  # the new-game page offers it in the same words
    assert "Höchste gewinnt aus" in offered and "high wins" not in offered
    card = ReadBack(client.get(f"/tables/{table_id}/rules/rummikub.pdf").data).text
    assert ": aus" in card and ": off" not in card


def test_a_check_that_cannot_be_adopted_says_why_in_german(client):
    table_id = create_table(client, "Richter", ["Anna", "Bernd"])
    refused = client.get(f"/tables/{table_id}/rulings/adopt?variant=nope&cards=7H", headers=GERMAN)
    assert refused.status_code == 422
    said = text(refused)
    assert "Diese Prüfung kann nicht übernommen werden" in said and "This check" not in said
