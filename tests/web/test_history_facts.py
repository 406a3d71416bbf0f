"""A correction's summary says what it changed beyond scores where that moves the game's standing,
in words with names (never seats): a Krazy Bee Step laid down or missed (KB-9), who won a tile
round (CT-8). The change log, the Undo button and the API's change log all carry it."""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .api_support import call
from .game_support import record_hands
from .rounds_support import new_game, text
from .test_api_games import api  # noqa: F401  (the fixture)
from .test_history import _lines

NAMES = ("Sam", "Margarethe")
#: KB-9: Sam missed Step 1 with 45 points left; Margarethe laid Step 1 down, 20 points left
HAND = {"players": [{"laid": False, "points": 45}, {"laid": True, "points": 20}]}
#: the same hand, Margarethe missed her Step after all (no score changes)
STEP_ONLY = {"players": [{"laid": False, "points": 45}, {"laid": False, "points": 20}]}
#: Sam had 40 left, and Margarethe missed her Step
BOTH = {"players": [{"laid": False, "points": 40}, {"laid": False, "points": 20}]}


def _correct(app, public_id: str, facts: dict) -> None:
    """Correct hand 1 as the hand form does (the hands ahead of it already scored)."""
    with app.app_context():
        game = services.get_game(public_id)
        services.update_round(game, 1, facts, before=services.game_score(game, upto=0))
        db.session.commit()


def _undo_label(page: str) -> str:
    match = re.search(r'<button type="submit" class="secondary step-back undo">(.*?)</button>', page, re.S)
    assert match, "no Undo button"
    return " ".join(re.sub(r"<[^>]+>", "", match.group(1)).split())


def _krazy_bee(app, client) -> str:
    game = new_game(app, client, "krazy-bee", names=NAMES)
    record_hands(app, game, HAND)
    return game


def test_a_correction_that_only_flips_a_step_says_so(app, client):
    game = _krazy_bee(app, client)
    _correct(app, game, STEP_ONLY)
    line = _lines(text(client.get(f"/games/{game}/history")))[0]
    assert line.endswith("Hand 1 corrected: Margarethe missed Step 1"), line
    assert "no score changed" not in line


def test_a_correction_of_a_score_and_a_step_says_both(app, client):
    game = _krazy_bee(app, client)
    _correct(app, game, BOTH)
    line = _lines(text(client.get(f"/games/{game}/history")))[0]
    assert line.endswith("Hand 1 corrected: Sam +45 → +40; Margarethe missed Step 1"), line
    _correct(app, game, HAND)  # and back: laid down again
    line = _lines(text(client.get(f"/games/{game}/history")))[0]
    assert line.endswith("Hand 1 corrected: Sam +40 → +45; Margarethe laid down Step 1"), line


def test_a_correction_of_who_won_a_tile_round_says_so(app, client):
    """CT-8 A: both racks empty, nobody scores whoever went out; who won still counts (the wins)."""
    game = new_game(app, client, "rummikub", names=("Ann", "Bob"))
    record_hands(app, game, {"winner": 0, "players": [{"rack": ""}, {"rack": ""}]})
    _correct(app, game, {"winner": 1, "players": [{"rack": ""}, {"rack": ""}]})
    line = _lines(text(client.get(f"/games/{game}/history")))[0]
    assert line.endswith("Round 1 corrected: Bob won; Ann did not win"), line


def test_a_correction_of_nothing_counted_still_says_no_score_changed(app, client):
    game = _krazy_bee(app, client)
    _correct(
        app, game, {"players": [{"laid": False, "points": 45}, {"laid": True, "points": 20, "notes": "x"}]}
    )
    assert _lines(text(client.get(f"/games/{game}/history")))[0].endswith(
        "Hand 1 corrected: no score changed"
    )


def test_the_undo_button_names_the_first_change(app, client):
    game = _krazy_bee(app, client)
    _correct(app, game, STEP_ONLY)
    assert (
        _undo_label(text(client.get(f"/games/{game}")))
        == "↶ Undo: Hand 1 corrected: Margarethe missed Step 1"
    )
    _correct(app, game, BOTH)  # a score first, then the rest left for the log
    assert _undo_label(text(client.get(f"/games/{game}"))) == "↶ Undo: Hand 1 corrected: Sam +45 → +40"
    _correct(app, game, HAND)
    assert _undo_label(text(client.get(f"/games/{game}"))) == "↶ Undo: Hand 1 corrected: Sam +40 → +45 …"


def test_undo_and_redo_say_the_step_too(app, client):
    game = _krazy_bee(app, client)
    _correct(app, game, BOTH)
    with app.app_context():
        undone = services.undo_last_change(services.get_game(game))
        db.session.commit()
    assert undone == "Undid: Hand 1 corrected: Sam +45 → +40; Margarethe missed Step 1"
    page = text(client.get(f"/games/{game}"))
    redo = re.search(r'class="secondary step-back redo">(.*?)</button>', page, re.S).group(1)
    assert " ".join(re.sub(r"<[^>]+>", "", redo).split()) == "↷ Redo: Hand 1 corrected: Sam +45 → +40 …"


def test_a_right_to_left_log_keeps_names_isolated_and_the_arrow_the_way_it_reads(app, client):
    game = _krazy_bee(app, client)
    _correct(app, game, BOTH)
    hebrew = {"Accept-Language": "he"}
    page = client.get(f"/games/{game}/history", headers=hebrew).get_data(as_text=True)
    line = _lines(text(client.get(f"/games/{game}/history", headers=hebrew)))[0]
    assert "Sam +45 ← +40; Margarethe לא הניח את Step 1" in line, line  # the fact in Hebrew words
    assert "<bdi>Margarethe</bdi> לא הניח את Step 1" in page
    shown = client.get(f"/games/{game}", headers=hebrew).get_data(as_text=True)
    assert _undo_label(text(client.get(f"/games/{game}", headers=hebrew))).endswith("Sam +45 ← +40 …")
    assert '<bdi>Sam</bdi> <bdi dir="ltr">+45</bdi> ← <bdi dir="ltr">+40</bdi> …</span></button>' in shown


def test_the_api_change_log_says_the_step(client, api):  # noqa: F811
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "krazy-bee", "players": list(NAMES)}, expect=201
    )
    gid, secret = created["id"], created["secret"]
    call(client, api, "POST", f"/api/v1/games/{gid}/rounds", HAND, secret=secret, expect=201)
    call(client, api, "PUT", f"/api/v1/games/{gid}/rounds/1", BOTH, secret=secret, expect=200)
    _, export = call(client, api, "GET", f"/api/v1/games/{gid}/export", secret=secret, expect=200)
    assert export["audit"][-1]["summary"] == "Hand 1 corrected: Sam +45 → +40; Margarethe missed Step 1"
