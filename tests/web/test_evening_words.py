"""Words from the second game night (issue 20, section 5): labels in the games' own words, a 403
that says what is true of the game, and the tiles round form saying what its scoring means."""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.rules import variants
from scorekeeper.storage.extensions import db
from scorekeeper.storage.table_models import Member, Table

from .game_support import csrf_from, start_game

VARIANTS = {v["slug"]: v for v in variants()}


def _words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]*>", " ", html).split())


def test_option_labels_in_the_games_own_words(client):
    rumbugz = _words(client.get("/games/new/rumbugz").text)
    assert "PLYT value" in rumbugz and "Plyt value" not in rumbugz
    tiles = _words(client.get("/games/new/rummikub").text)
    assert "Same colour groups" in tiles and "color" not in tiles.lower()


def test_the_tiles_round_form_says_what_its_scoring_means(client):
    public_id = start_game(client, VARIANTS["rummikub"], ["Ann", "Bob"])
    form = _words(client.get(f"/games/{public_id}/rounds/new").text)
    assert "Scoring: winner takes the racks; losers lose their own" in form
    assert "Scoring A" not in form


def test_a_follower_of_a_game_at_no_table_is_told_what_is_true(app, client):
    public_id = start_game(client, VARIANTS["rummikub"], ["Ann", "Bob"])
    stranger = app.test_client()
    token = csrf_from(stranger.get("/games/new/rummikub").text)
    answer = stranger.post(f"/games/{public_id}/rematch", data={"csrf_token": token})
    assert answer.status_code == 403
    text = _words(answer.text)
    assert "Only the phones keeping score for this game can change it" in text
    assert "the table's scorekeepers" not in text  # the game is at no table


def test_a_follower_of_a_table_game_is_told_the_tables_name(app, client):
    with app.app_context():
        table = Table(public_id="T1", name="Fridays", secret_hash=services.hash_secret("s"))
        db.session.add(table)
        db.session.flush()
        members = [Member(table_id=table.id, name=n) for n in ("Ann", "Bob")]
        db.session.add_all(members)
        db.session.flush()
        from scorekeeper.services.tables import new_games

        game, _ = new_games.start_game(table, "s", "rummikub", members)
        db.session.commit()
        public_id = game.public_id
    token = csrf_from(client.get("/games/new/rummikub").text)
    answer = client.post(f"/games/{public_id}/rematch", data={"csrf_token": token})
    assert answer.status_code == 403
    assert "Only the scorekeepers of the table Fridays can change this game" in _words(answer.text)


def test_crib_rummys_meld_cards_say_what_happens_to_them(client):
    public_id = start_game(client, VARIANTS["crib-rummy"], ["Ann", "Bob"])
    form = _words(client.get(f"/games/{public_id}/rounds/new").text)
    said = "Tap or type the cards laid; the pegs they score are counted for you (CR-5)"
    assert form.count(said) == 3  # under each meld's cards: what happens to them, in the players' words
    assert "by the engine" not in form
