"""A German evening through the forms (docs/languages.md): the pages, the flashes, the change log,
the form errors, the scripts' words and the printed sheet speak German; names, notation and rule
ids stay as they are."""

from __future__ import annotations

import json
import re

from tests.pdf.support import ReadBack

from .game_support import csrf_from
from .rounds_support import new_game, rounds_url, submit, text

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def german(client):
    client.get("/language/de")
    return client


def test_a_rummikub_round_in_german_from_the_button_to_the_change_log(app, client):
    game = new_game(app, german(client), "rummikub", names=("Anna", "Bernd"))
    page = text(client.get(f"/games/{game}"))
    assert '<html lang="de" dir="ltr">' in page
    assert "Runde eintragen" in page
    form = text(client.get(rounds_url(game)))
    assert "Zurück zum Spiel" in form
    saved = text(submit(client, rounds_url(game), {"winner": "0", "players.1.rack": "R5"}))
    assert "Runde 1 notiert." in saved and "Rückgängig: Runde 1 notiert" in saved
    assert "Anna" in saved and "Bernd" in saved  # names stay as typed
    history = text(client.get(f"/games/{game}/history"))
    assert "Änderungsprotokoll" in history and "Runde 1 notiert" in history
    undone = text(submit(client, f"/games/{game}/undo", {}, form_url=f"/games/{game}"))
    assert "Rückgängig: Runde 1 notiert" in undone


def test_the_same_game_reads_in_english_for_an_english_follower(app, client):
    game = new_game(app, german(client), "rummikub", editor=False)
    follower = app.test_client()
    page = text(follower.get(f"/games/{game}", headers={"Accept-Language": "en-GB"}))
    assert '<html lang="en" dir="ltr">' in page and "Änderungsprotokoll" not in page


def test_wtforms_and_our_field_errors_in_german(app, client):
    german(client)
    token = csrf_from(client.get("/tables/").text)
    refused = text(client.post("/tables/new", data={"name": "", "players": "", "csrf_token": token}))
    assert "Gib dem Tisch einen Namen" in refused and "Nichts" not in refused.split("Gib dem Tisch")[0][-5:]
    too_long = text(
        client.post("/tables/new", data={"name": "x" * 500, "players": "Anna", "csrf_token": token})
    )
    assert "Feld" in too_long or "Zeichen" in too_long  # WTForms' own Length message, from its catalog


def test_the_scripts_get_their_words_in_german(client):
    page = german(client).get("/").get_data(as_text=True)
    island = re.search(r'<script type="application/json" id="script-words">(.*?)</script>', page, re.S)[1]
    words = json.loads(island)
    assert words["Open its game"] == "Zum Spiel"
    assert words["%(count)s hands waiting to send"] == "%(count)s Runden warten auf Senden"
    # Crib Rummy's one-tap strip, redrawn by static/js/crib.js when the starter changes
    assert words["%(names)s: one tap records the turn"] == "%(names)s: ein Tipp notiert den Zug"


def test_the_printed_sheet_in_german(app, client):
    game = new_game(app, german(client), "krazy-bee", names=("Anna", "Bernd"))
    sheet = ReadBack(client.get(f"/print/game/{game}/sheet.pdf").data).text
    assert "Anna" in sheet and "Diesem Spiel folgen" in sheet and "Seite 1 von 1" in sheet
    english = ReadBack(app.test_client().get(f"/print/game/{game}/sheet.pdf").data).text
    assert "Follow this game" in english and "Page 1 of 1" in english
