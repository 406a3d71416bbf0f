"""English that was left on German pages (issue 33): the points game's generic label, a shared
win's "and", the error pages, the tile keypad's colours and the rules pages' defaults. Each is
read in German and, where the English is the point, in English too."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db

GERMAN = {"Accept-Language": "de"}
ENGLISH = {"Accept-Language": "en"}


def _text(page: str) -> str:
    """What a reader sees of the page's main part (tags dropped, spaces folded)."""
    main = re.search(r'<main id="content">(.*?)</main>', page, re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main.group(1) if main else page)))


@pytest.fixture
def games(app):
    """A points game of its own name, an unnamed one, and a Rummikub game won by two (a tie, CT-8)."""
    with app.app_context():
        named, _ = services.create_game("points", ["Ann", "Bob"], {"game_name": "Five Crowns"})
        plain, _ = services.create_game("points", ["Ann", "Bob"])
        tied, secret = services.create_game("rummikub", ["Ann", "Dee"], {"rounds": 1})
        services.record_round(tied, {"winner": None, "players": [{"rack": "R5"}, {"rack": "B5"}]})
        db.session.commit()
        return named.public_id, plain.public_id, tied.public_id, secret


def test_the_points_games_label_is_german_and_a_games_own_name_stays(client, games):
    named, plain, _, _ = games
    picker = _text(client.get("/games/new", headers=GERMAN).text)
    assert "Anderes Spiel (Punkte)" in picker and "Any other game" not in picker
    assert (
        "<h1>Five Crowns · Anderes Spiel (Punkte)</h1>" in client.get(f"/games/{named}", headers=GERMAN).text
    )
    assert "<h1>Anderes Spiel (Punkte)</h1>" in client.get(f"/games/{plain}", headers=GERMAN).text
    assert (
        "<h1>Five Crowns · Any other game (points)</h1>"
        in client.get(f"/games/{named}", headers=ENGLISH).text
    )
    rules = client.get("/rules/points", headers=GERMAN).text
    assert "<h1>Anderes Spiel (Punkte)</h1>" in rules
    assert "neben „Anderes Spiel (Punkte)“ auf jeder Seite" in rules and "Any other game" not in rules


def test_two_winners_are_joined_in_the_readers_language(client, games):
    tied = games[2]
    german = _text(client.get(f"/games/{tied}", headers=GERMAN).text)
    english = _text(client.get(f"/games/{tied}", headers=ENGLISH).text)
    assert "Gewinner: Ann und Dee" in german and " and " not in german
    assert "Winners: Ann and Dee" in english


@pytest.mark.parametrize(
    ("path", "german"),
    [
        ("/games/zzzzzzzzzzzz", "Unter dieser Adresse gibt es kein Spiel; vielleicht wurde es gelöscht."),
        ("/tables/zzzzzzzzzzzz", "Unter dieser Adresse gibt es keinen Tisch."),
        ("/check/nope", "Für „\u2066nope\u2069“ gibt es keine Prüfung. Wähle ein Spiel aus der Liste."),
        ("/rules/nope", "Für dieses Spiel gibt es keine Regelseite."),
        ("/games/new/nope", "Es gibt keine Spielart namens „\u2066nope\u2069“."),
        ("/no-such-page", "Unter dieser Adresse gibt es keine Seite."),
    ],
)
def test_a_missing_page_says_so_in_german(client, path, german):
    answer = client.get(path, headers=GERMAN)
    assert answer.status_code == 404
    text = _text(answer.text)
    assert "Seite nicht gefunden" in text and german in text
    assert not re.search(r"\b(There is|no game|Pick|address)\b", text), text


def test_a_missing_hand_says_so_in_the_games_word(client, games):
    tied, secret = games[2], games[3]
    client.set_cookie(f"sk_edit_{tied}", secret)
    text = _text(client.get(f"/games/{tied}/rounds/9/edit", headers=GERMAN).text)
    assert "Dieses Spiel hat keine Runde 9." in text


def test_the_tile_keypads_colours_are_german(client):
    with client.application.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Dee"])
        db.session.commit()
        public_id = game.public_id
    client.set_cookie(f"sk_edit_{public_id}", secret)
    page = client.get(f"/games/{public_id}/rounds/new", headers=GERMAN).text
    keys = re.findall(r'class="key key-suit"[^>]*aria-label="([^"]*)"[^>]*>([^<]*)<', page)
    assert keys and {shown for _, shown in keys} == {name for name, _ in keys} == {
        "Rot",
        "Blau",
        "Schwarz",
        "Gold",
    }
    english = client.get(f"/games/{public_id}/rounds/new", headers=ENGLISH).text
    shown = {
        s for _, s in re.findall(r'class="key key-suit"[^>]*aria-label="([^"]*)"[^>]*>([^<]*)<', english)
    }
    assert shown == {"Red", "Blue", "Black", "Gold"}


def test_a_rules_pages_defaults_are_german(client):
    page = client.get("/rules/rummikub", headers=GERMAN).text
    defaults = re.findall(r'<span class="default">Standard: <strong>([^<]*)</strong>', page)
    assert "aus" in defaults and not {"off", "on", "none"} & set(defaults), defaults
    english = client.get("/rules/rummikub", headers=ENGLISH).text
    assert "default: <strong>off</strong>" in english


def test_a_tables_game_list_counts_one_hand_in_the_singular(client, app):
    from tests.site_pages import seed_tables

    ((table_id, _, _, _),) = seed_tables(app)
    text = _text(client.get(f"/tables/{table_id}", headers=GERMAN).text)
    assert "1 Runde ·" in text and "1 Runden" not in text
