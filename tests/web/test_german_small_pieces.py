"""The last small English pieces on German pages (docs/languages.md): the rulebook's lines built at
run time, a hand form's "Nobody", and the plain-http handover page, which reads the phone's
Accept-Language before the app runs."""

from __future__ import annotations

import base64
import hashlib
import re

from scorekeeper import create_app
from scorekeeper.web.https_only import handover_page, redirect_for

from .rounds_support import new_game, rounds_url, text

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
HANDOVER = b"GET /handover HTTP/1.1\r\nHost: 192.168.1.5:5000\r\n"


def _lines(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_the_tile_games_switch_lines_and_house_rules_in_german(client):
    runny = client.get("/rules/runny-tiles", headers=GERMAN).text
    said = _lines(runny)
    assert "In diesem Spiel eingeschaltet: gemischtfarbige Reihen, sich kreuzendes Raster." in said
    assert "Hausregeln: sich kreuzendes Raster" in said
    assert "This game turns on" not in said and "House rules:" not in said
    # translated, so no longer declared English
    assert not re.search(r'lang="en"[^>]*>\s*Rummikub, Crazy Rummy Tiles', runny)
    assert "Dieses Spiel nutzt keinen der Hausregel-Schalter." in _lines(
        client.get("/rules/rummikub", headers=GERMAN).text
    )
    english = _lines(client.get("/rules/runny-tiles").text)
    assert (
        "This game turns on: mixed-colour runs, crossing grid." in english
        and "House rules: crossing grid" in english
    )


def test_crib_rummys_run_pegs_in_german(client):
    said = _lines(client.get("/rules/crib-rummy", headers=GERMAN).text)
    assert "Reihe aus 4: insgesamt 6 Stecker" in said and "pegs in all" not in said
    assert "run of 4: 6 pegs in all" in _lines(client.get("/rules/crib-rummy").text)


def test_a_hand_forms_nobody_in_german(app, client):
    game = new_game(app, client, "krazy-bee", names=("Anna", "Bernd"))
    form = text(client.get(rounds_url(game), headers=GERMAN))
    assert "Niemand" in form and "Nobody" not in form


def test_the_handover_page_over_plain_http_reads_accept_language():
    answer = redirect_for(HANDOVER + b"Accept-Language: de-DE,de;q=0.9,en;q=0.5\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    page = body.decode()
    assert head.startswith(b"HTTP/1.1 200 ") and body == handover_page("de")
    assert '<html lang="de"' in page and "Die wartenden Runden werden übergeben" in page
    assert "{count} Runden gehen zu {address}…" in page and "Bringing the waiting hands over" not in page
    script = body.split(b"<script>")[1].split(b"</script>")[0]
    assert b"'sha256-" + base64.b64encode(hashlib.sha256(script).digest()) + b"'" in head
    assert script == handover_page("en").split(b"<script>")[1].split(b"</script>")[0]  # one script, one hash
    english = redirect_for(HANDOVER + b"\r\n").partition(b"\r\n\r\n")[2].decode()
    assert '<html lang="en"' in english and "Bringing the waiting hands over" in english
    french = redirect_for(HANDOVER + b"Accept-Language: fr-FR\r\n\r\n").partition(b"\r\n\r\n")[2]
    assert french == handover_page("en")


def test_the_apps_handover_page_is_the_same_german_page():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    served = app.test_client().get("/handover", headers=GERMAN)
    assert served.status_code == 200 and served.data == handover_page("de")
