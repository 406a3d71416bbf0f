"""A doctored import's change log is refused (422 naming the entry), so Undo and Redo never fail on it.

The audit's case: ``{"action": "record", "round_number": null}`` was kept, and every
Undo of that game then answered 500. Each change must name its hand, keep the facts
Undo (``old``) and Redo (``new``) put back, and fit the game at its step.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .api_support import HANDS, OTHER_HANDS
from .game_support import csrf_from


def _played(client) -> dict:
    """The export of a Rummikub game: three hands recorded, hand 2 corrected, hand 3 deleted."""
    created = client.post("/api/v1/games", json={"variant": "rummikub", "players": ["Ann", "Bob"]}).get_json()
    bearer = {"Authorization": f"Bearer {created['secret']}"}
    for facts in (HANDS["rummikub"], OTHER_HANDS["rummikub"], HANDS["rummikub"]):
        assert (
            client.post(f"/api/v1/games/{created['id']}/rounds", json=facts, headers=bearer).status_code
            == 201
        )
    client.put(f"/api/v1/games/{created['id']}/rounds/2", json=HANDS["rummikub"], headers=bearer)
    client.delete(f"/api/v1/games/{created['id']}/rounds/3", headers=bearer)
    return client.get(f"/api/v1/games/{created['id']}/export").get_json()


def _doctored(export: dict, change) -> dict:
    doc = json.loads(json.dumps(export))
    change(doc["audit"])
    return doc


DOCTORED = [
    pytest.param(
        lambda a: a.append({"at": a[-1]["at"], "action": "record", "round_number": None, "new": None}),
        "audit.6.round_number",
        id="a-record-of-no-hand",
    ),
    pytest.param(
        lambda a: a[1].update(round_number=None), "audit.1.round_number", id="the-first-record-of-no-hand"
    ),
    pytest.param(lambda a: a[5].update(old=None), "audit.5.old", id="a-deletion-keeping-nothing"),
    pytest.param(lambda a: a[4].update(old=[1, 2]), "audit.4.old", id="a-correction-keeping-a-list"),
    pytest.param(
        lambda a: a[1].update(new={"colour": "blue"}), "audit.1.new", id="facts-rummikub-cannot-read"
    ),
    pytest.param(lambda a: a[5].update(undone=True), "audit", id="a-deletion-marked-undone-still-applied"),
    pytest.param(lambda a: a[2].update(round_number=7), "audit.2", id="a-record-of-hand-7-of-2"),
    pytest.param(
        lambda a: a.append({"at": a[-1]["at"], "action": "delete", "round_number": 40, "old": a[5]["old"]}),
        "audit.6",
        id="a-deletion-of-hand-40",
    ),
]


@pytest.mark.parametrize("change, words", DOCTORED)
def test_a_change_log_undo_could_not_walk_is_refused(app, client, change, words):
    export = _played(client)
    with app.app_context():
        before = db.session.query(Game).count()
    answer = client.post("/api/v1/games/import", json=_doctored(export, change))
    assert answer.status_code == 422, answer.get_json()
    body = answer.get_json()
    assert words in " ".join(f["field"] for f in body["fields"]) and "Undo" in " ".join(body["reasons"])
    with app.app_context():
        assert db.session.query(Game).count() == before


def test_an_honest_import_undoes_back_to_an_empty_game_and_redoes(client):
    created = client.post("/api/v1/games/import", json=_played(client)).get_json()
    gid = created["id"]
    client.set_cookie(f"sk_edit_{gid}", created["secret"])
    csrf = csrf_from(client.get(f"/games/{gid}").get_data(as_text=True))
    for _ in range(5):  # the deletion, the correction, then the three records
        assert client.post(f"/games/{gid}/undo", data={"csrf_token": csrf}).status_code == 302
    assert client.get(f"/api/v1/games/{gid}").get_json()["rounds"] == []
    for _ in range(5):
        assert client.post(f"/games/{gid}/redo", data={"csrf_token": csrf}).status_code == 302
    assert len(client.get(f"/api/v1/games/{gid}").get_json()["rounds"]) == 2
