"""An import is checked whole, its change log included, before anything is written (issue 36): a
change whose facts the rules refuse, or a change marked undone that the log says is applied, is
refused at the import (422 naming the change), never left for an Undo or a Redo to trip over."""

from __future__ import annotations

import json

from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .api_support import HANDS
from .game_support import csrf_from

#: facts Rummikub reads (the shape is right) but its rules refuse: three jokers, the set has two
ILLEGAL = {"winner": 0, "players": [{"rack": ""}, {"rack": "J J J"}]}


def _one_hand(client, undone_second: bool = False) -> dict:
    """The export of a Rummikub game of one hand (``undone_second``: a second one recorded, then undone)."""
    created = client.post("/api/v1/games", json={"variant": "rummikub", "players": ["Ann", "Bob"]}).get_json()
    bearer = {"Authorization": f"Bearer {created['secret']}"}
    path = f"/api/v1/games/{created['id']}"
    for _ in range(2 if undone_second else 1):
        assert client.post(f"{path}/rounds", json=HANDS["rummikub"], headers=bearer).status_code == 201
    if undone_second:
        assert client.post(f"{path}/undo", headers=bearer).status_code == 200
    return client.get(f"{path}/export").get_json()


def _count(app) -> int:
    with app.app_context():
        return db.session.query(Game).count()


def _refused(app, client, doc, field: str) -> dict:
    before = _count(app)
    answer = client.post("/api/v1/games/import", json=doc)
    assert answer.status_code == 422, answer.get_json()
    body = answer.get_json()
    assert field in [f["field"] for f in body["fields"]], body
    assert _count(app) == before
    return body


def test_a_change_log_holding_facts_the_rules_refuse_is_refused_at_the_import(app, client):
    doc = _one_hand(client, undone_second=True)
    record = [i for i, a in enumerate(doc["audit"]) if a["action"] == "record"][-1]
    assert doc["audit"][record]["undone"] and len(doc["rounds"]) == 1
    doc["audit"][record]["new"] = ILLEGAL  # what a Redo would put back
    body = _refused(app, client, doc, f"audit.{record}")
    assert "Redo could not put this change back" in body["error"] and "CT-" in body["error"]


def test_a_record_whose_facts_are_not_the_hand_it_recorded_is_refused(app, client):
    doc = _one_hand(client)
    record = next(i for i, a in enumerate(doc["audit"]) if a["action"] == "record")
    doc["audit"][record]["new"] = {
        "winner": 1,
        "players": [{"rack": "R3"}, {"rack": ""}],
    }  # legal, not hand 1
    body = _refused(app, client, doc, f"audit.{record}.new")
    assert "are not hand 1 as the game holds it" in body["error"]


def test_a_change_marked_undone_that_the_log_applies_is_refused(app, client):
    doc = _one_hand(client)
    record = next(i for i, a in enumerate(doc["audit"]) if a["action"] == "record")
    doc["audit"][record]["undone"] = True
    body = _refused(app, client, doc, f"audit.{record}.undone")
    assert "marked undone, but the log says otherwise" in body["error"]


def test_an_honest_export_still_imports_and_undo_redo_walk_it(client):
    doc = json.loads(json.dumps(_one_hand(client)))
    created = client.post("/api/v1/games/import", json=doc).get_json()
    gid = created["id"]
    client.set_cookie(f"sk_edit_{gid}", created["secret"])
    csrf = csrf_from(client.get(f"/games/{gid}").get_data(as_text=True))
    assert client.post(f"/games/{gid}/undo", data={"csrf_token": csrf}).status_code == 302
    assert client.post(f"/games/{gid}/redo", data={"csrf_token": csrf}).status_code == 302
    rounds = client.get(f"/api/v1/games/{gid}").get_json()["rounds"]
    assert [r["number"] for r in rounds] == [1]
