"""Idempotency-Key on the API's changes (issue 36): a retry after a lost answer records nothing twice.

Real SQLite: the kept answer is written in the same transaction as the change.
"""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from sqlalchemy import update

from scorekeeper.api.idempotency import QUESTIONS
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game, KeptAnswer, Round, utcnow

from .api_support import HANDS, OTHER_HANDS, OpenApi, call

VARIANT = "rummikub"


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _game(client, api) -> tuple[str, str]:
    _, body = call(
        client, api, "POST", "/api/v1/games", {"variant": VARIANT, "players": ["Ann", "Bob"]}, expect=201
    )
    return body["id"], body["secret"]


def _hands(app, gid: str) -> int:
    with app.app_context():
        game = db.session.query(Game).filter_by(public_id=gid).one()
        return db.session.query(Round).filter_by(game_id=game.id).count()


def _send(client, gid: str, secret: str, hand: dict, key: str | None):
    headers = {"Authorization": f"Bearer {secret}", **({"Idempotency-Key": key} if key is not None else {})}
    return client.post(
        f"/api/v1/games/{gid}/rounds", data=json.dumps(hand), headers=headers, content_type="application/json"
    )


def test_a_hand_sent_twice_with_one_key_is_recorded_once(app, client, api):
    gid, secret = _game(client, api)
    first = _send(client, gid, secret, HANDS[VARIANT], "3f2b9c1e-retry-1")
    again = _send(client, gid, secret, HANDS[VARIANT], "3f2b9c1e-retry-1")
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json() and again.get_json()["round"]["number"] == 1
    assert again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    assert _hands(app, gid) == 1
    api.validate(api.schema_for("POST", f"/api/v1/games/{gid}/rounds", 201), again.get_json())


def test_the_same_key_with_another_body_is_refused(app, client, api):
    gid, secret = _game(client, api)
    assert _send(client, gid, secret, HANDS[VARIANT], "key-one").status_code == 201
    other = _send(client, gid, secret, OTHER_HANDS[VARIANT], "key-one")
    assert other.status_code == 422
    assert "Idempotency-Key was already used with another body" in other.get_json()["error"]
    assert _hands(app, gid) == 1


def test_without_a_key_every_send_is_a_new_hand(app, client, api):
    gid, secret = _game(client, api)
    numbers = [
        _send(client, gid, secret, HANDS[VARIANT], None).get_json()["round"]["number"] for _ in range(2)
    ]
    assert numbers == [1, 2] and _hands(app, gid) == 2


def test_a_key_is_one_games_secret(app, client, api):
    """Another game's secret with the same key does its own change and never reads the first answer."""
    (gid, secret), (other, other_secret) = _game(client, api), _game(client, api)
    mine = _send(client, gid, secret, HANDS[VARIANT], "shared-key")
    theirs = _send(client, other, other_secret, HANDS[VARIANT], "shared-key")
    assert theirs.status_code == 201 and "Idempotent-Replayed" not in theirs.headers
    assert theirs.get_json()["game"]["id"] == other != mine.get_json()["game"]["id"]
    # a new game with the same key and body, but no secret: not the first creation's answer (its secret)
    body = {"variant": VARIANT, "players": ["Ann", "Bob"]}
    created = [
        client.post("/api/v1/games", json=body, headers={"Idempotency-Key": "new-game", **h}).get_json()
        for h in ({}, {"Authorization": f"Bearer {secret}"})
    ]
    assert created[0]["id"] != created[1]["id"]
    assert _hands(app, gid) == _hands(app, other) == 1


def test_a_key_older_than_a_day_is_gone(app, client, api):
    gid, secret = _game(client, api)
    _send(client, gid, secret, HANDS[VARIANT], "yesterday")
    with app.app_context():
        db.session.execute(update(KeptAnswer).values(at=utcnow() - timedelta(days=1, minutes=1)))
        db.session.commit()
    again = _send(client, gid, secret, HANDS[VARIANT], "yesterday")
    assert again.status_code == 201 and again.get_json()["round"]["number"] == 2
    with app.app_context():  # the old answer deleted on this write: only the new one is kept
        assert [k.at > utcnow() - timedelta(hours=1) for k in db.session.query(KeptAnswer)] == [True]


@pytest.mark.parametrize("key", ["", "x" * 256, "ключ", "tab\there"])
def test_a_key_out_of_bounds_is_a_400_and_changes_nothing(app, client, api, key):
    gid, secret = _game(client, api)
    answer = _send(client, gid, secret, HANDS[VARIANT], key)
    assert answer.status_code == 400 and "Idempotency-Key" in answer.get_json()["error"]
    assert _hands(app, gid) == 0


def test_a_refused_change_keeps_nothing(app, client, api):
    """The rules refuse the hand: nothing changed, so the same key and body may be sent again."""
    gid, secret = _game(client, api)
    bad = {"winner": 0, "players": [{"rack": ""}, {"rack": "R99"}]}
    assert _send(client, gid, secret, bad, "refused").status_code == 422
    assert _send(client, gid, secret, bad, "refused").status_code == 422
    with app.app_context():
        assert db.session.query(KeptAnswer).count() == 0


def test_two_creations_at_once_with_one_key_make_one_game(app):
    """Two threads, one key, one SQLite file: one game; each answer a 201 (one of them the kept
    answer, the same game) or a 409, never two games."""
    body = {"variant": VARIANT, "players": ["Ann", "Bob"]}
    answers: list = []
    start = threading.Barrier(2)

    def send() -> None:
        start.wait()
        answers.append(
            app.test_client().post("/api/v1/games", json=body, headers={"Idempotency-Key": "at-once"})
        )

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(a.status_code for a in answers) in ([201, 201], [201, 409]), answers
    made = {a.get_json()["id"] for a in answers if a.status_code == 201}
    with app.app_context():
        assert len(made) == 1 and [g.public_id for g in db.session.query(Game)] == list(made)


def test_a_hand_sent_twice_at_once_with_one_key_is_answered_as_recorded_both_times(app, client, api):
    """The second send's change was refused for what the first did (the game's version had moved): it
    was told "make the change again", which a client doing so with a new key did twice. It is given
    the first's answer now (201, replayed), however the two meet."""
    gid, secret = _game(client, api)
    for n in range(1, 4):
        answers: list = [None, None]
        start = threading.Barrier(2)

        def send(i: int, key: str = f"at-once-{n}", start=start, answers=answers) -> None:
            start.wait()
            answers[i] = _send(app.test_client(), gid, secret, HANDS[VARIANT], key)

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [a.status_code for a in answers] == [201, 201], [a.get_json() for a in answers]
        assert answers[0].get_json()["round"]["number"] == answers[1].get_json()["round"]["number"] == n
        assert _hands(app, gid) == n


def test_the_document_names_the_header_on_every_change(api):
    document = api.document
    changes = [
        (path, method, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in ("post", "put", "patch", "delete")
    ]
    assert {p for p, _, _ in changes} - QUESTIONS  # the games' and tables' changes are there
    for path, method, operation in changes:
        named = [p["name"] for p in operation.get("parameters", []) if p.get("in") == "header"]
        assert ("Idempotency-Key" in named) == (path not in QUESTIONS), (method, path)
    record = document["paths"]["/games/{public_id}/rounds"]["post"]
    assert "Idempotent-Replayed" in record["responses"]["201"]["headers"]
    assert "422" in record["responses"]


def test_the_later_of_two_sends_at_once_is_rolled_back_and_given_the_first_answer(app, client, monkeypatch):
    """The moment two sends race: the second looked before the first committed (it saw no key),
    did the change too, and meets the kept key at its commit: its change is rolled back whole."""
    from scorekeeper.api import idempotency

    body = {"variant": VARIANT, "players": ["Ann", "Bob"]}
    first = client.post("/api/v1/games", json=body, headers={"Idempotency-Key": "race"})
    looked = idempotency._stored
    calls: list[int] = []

    def not_yet_committed(asked):
        calls.append(1)
        return None if len(calls) == 1 else looked(asked)

    monkeypatch.setattr(idempotency, "_stored", not_yet_committed)
    second = client.post("/api/v1/games", json=body, headers={"Idempotency-Key": "race"})
    assert len(calls) == 2  # looked before the change, and again after the commit met the key
    assert second.status_code == 201 and second.headers["Idempotent-Replayed"] == "true"
    assert second.get_json() == first.get_json()
    with app.app_context():
        assert [g.public_id for g in db.session.query(Game)] == [first.get_json()["id"]]
