"""Undo and redo through the game page (issue 10): redo takes back undos one by one, until a
new change is made; both are POSTs that need the edit secret and a CSRF token; both are logged."""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .game_support import csrf_from, record_hands
from .rounds_support import new_game, text, token

#: Rummikub, scoring A (CT-8): Ann goes out, Bob keeps R5 B7 = 12: Ann +12, Bob -12
HAND = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 B7"}]}
#: Bob goes out, Ann keeps K13: Bob +13, Ann -13
OTHER = {"winner": 1, "players": [{"rack": "K13"}, {"rack": ""}]}


def _hands(app, public_id) -> list[dict]:
    with app.app_context():
        return [r.facts for r in services.get_game(public_id).rounds]


_record = record_hands


def _step(client, public_id, kind):
    """Press Undo or Redo on the game page; the page after it."""
    page = f"/games/{public_id}"
    client.post(f"{page}/{kind}", data={"csrf_token": token(client, page)})
    return text(client.get(page))


def _buttons(page: str) -> dict[str, str | None]:
    """What the Undo and Redo buttons say, None for a button not shown."""
    found = {}
    for kind in ("undo", "redo"):
        match = re.search(
            rf'<button type="submit" class="secondary step-back {kind}">(.*?)</button>', page, re.S
        )
        found[kind] = " ".join(re.sub(r"<[^>]+>", "", match.group(1)).split()) if match else None
    return found


def test_redo_takes_back_each_undo_until_none_is_left(app, client):
    game = new_game(app, client, "rummikub")
    _record(app, game, HAND, OTHER)
    recorded = _hands(app, game)
    page = text(client.get(f"/games/{game}"))
    assert _buttons(page) == {"undo": "↶ Undo: Round 2 recorded", "redo": None}

    page = _step(client, game, "undo")
    assert "Undid: Round 2 recorded" in page
    assert _buttons(page) == {"undo": "↶ Undo: Round 1 recorded", "redo": "↷ Redo: Round 2 recorded"}
    page = _step(client, game, "undo")
    assert _hands(app, game) == []
    assert _buttons(page) == {"undo": None, "redo": "↷ Redo: Round 1 recorded"}

    page = _step(client, game, "redo")
    assert "Redid: Round 1 recorded: Ann +12, Bob -12" in page
    assert _hands(app, game) == recorded[:1]
    page = _step(client, game, "redo")
    assert _hands(app, game) == recorded
    assert _buttons(page) == {"undo": "↶ Undo: Round 2 recorded", "redo": None}
    page = _step(client, game, "redo")
    assert "Nothing redone" in page and _hands(app, game) == recorded

    # and again: undo, redo, undo, redo
    for _ in range(2):
        _step(client, game, "undo")
        assert _hands(app, game) == recorded[:1]
        _step(client, game, "redo")
        assert _hands(app, game) == recorded


def test_a_new_change_ends_the_redo_chain(app, client):
    game = new_game(app, client, "rummikub")
    _record(app, game, HAND, OTHER)
    _step(client, game, "undo")
    _record(app, game, HAND)  # a new round 2 instead of the undone one
    page = text(client.get(f"/games/{game}"))
    assert _buttons(page)["redo"] is None
    page = _step(client, game, "redo")
    assert "Nothing redone" in page
    assert _hands(app, game) == [HAND, HAND]
    # undo of the new change is redone, never the change it replaced
    _step(client, game, "undo")
    _step(client, game, "redo")
    assert _hands(app, game) == [HAND, HAND]


def test_redo_replays_two_corrections_of_one_hand_in_order(app, client):
    game = new_game(app, client, "rummikub")
    _record(app, game, HAND)
    with app.app_context():
        services.update_round(services.get_game(game), 1, OTHER)
        services.update_round(services.get_game(game), 1, {**HAND, "players": [{"rack": ""}, {"rack": "K1"}]})
        db.session.commit()
    last = _hands(app, game)
    _step(client, game, "undo")
    _step(client, game, "undo")
    assert _hands(app, game) == [HAND]
    _step(client, game, "redo")
    assert _hands(app, game)[0]["winner"] == 1  # the first correction comes back first
    _step(client, game, "redo")
    assert _hands(app, game) == last


def test_undo_and_redo_are_logged(app, client):
    game = new_game(app, client, "rummikub")
    _record(app, game, HAND)
    _step(client, game, "undo")
    _step(client, game, "redo")
    with app.app_context():
        log = services.get_game(game).audit_entries
        assert [e.action for e in log] == ["create", "record", "undo", "redo"]
        assert log[-1].summary == "Redid: Round 1 recorded: Ann +12, Bob -12"
        assert (log[-1].round_number, log[-1].new) == (1, log[1].new)
        assert log[2].undone and not log[1].undone  # the undo is redone; the record stands again
    history = text(client.get(f"/games/{game}/history"))
    assert re.search(r"Undid: Round 1 recorded.*?<span class=\"tag\">redone</span>", history, re.S)


def test_redo_needs_the_edit_secret_and_a_csrf_token(app, client):
    game = new_game(app, client, "rummikub")
    _record(app, game, HAND)
    _step(client, game, "undo")
    stranger = app.test_client()
    stranger_token = csrf_from(stranger.get("/games/new/rummikub").text)
    assert stranger.post(f"/games/{game}/redo", data={"csrf_token": stranger_token}).status_code == 403
    assert client.post(f"/games/{game}/redo").status_code == 400
    assert _hands(app, game) == []
    assert "Redo: Round 1 recorded" in text(client.get(f"/games/{game}"))  # still there to redo
