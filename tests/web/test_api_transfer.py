"""Export and import: the whole game as JSON and back, exactly (a new id and secret, nothing else new)."""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .api_support import HANDS, OTHER_HANDS, VARIANTS, OpenApi, call


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def played(client, api, variant: str) -> tuple[str, str]:
    """A game with two hands recorded, one corrected and one deleted (so the audit trail has every kind)."""
    _, created = call(
        client,
        api,
        "POST",
        "/api/v1/games",
        {"variant": variant, "players": ["Ann", "Bob <b>"], "first_dealer": 1},
        expect=201,
    )
    gid, secret = created["id"], created["secret"]
    for facts in (HANDS[variant], OTHER_HANDS[variant], HANDS[variant]):
        call(client, api, "POST", f"/api/v1/games/{gid}/rounds", facts, secret=secret, expect=201)
    call(client, api, "PUT", f"/api/v1/games/{gid}/rounds/2", HANDS[variant], secret=secret, expect=200)
    call(client, api, "DELETE", f"/api/v1/games/{gid}/rounds/3", secret=secret, expect=200)
    return gid, secret


def without_id(export: dict) -> dict:
    return {k: v for k, v in export.items() if k != "id"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_export_then_import_restores_the_game_exactly(app, client, api, variant):
    gid, secret = played(client, api, variant)
    _, export = call(client, api, "GET", f"/api/v1/games/{gid}/export", expect=200)
    assert [a["action"] for a in export["audit"]] == [
        "create",
        "record",
        "record",
        "record",
        "edit",
        "delete",
    ]
    assert [p["name"] for p in export["players"]] == ["Ann", "Bob <b>"]

    _, created = call(client, api, "POST", "/api/v1/games/import", export, expect=201)
    assert created["id"] != gid and created["secret"] != secret
    _, again = call(client, api, "GET", f"/api/v1/games/{created['id']}/export", expect=200)
    assert without_id(again) == without_id(export)

    _, original = call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)
    _, copy = call(client, api, "GET", f"/api/v1/games/{created['id']}", expect=200)
    drop = ("id", "urls")
    assert {k: v for k, v in copy.items() if k not in drop} == {
        k: v for k, v in original.items() if k not in drop
    }


def test_the_imported_game_has_its_own_secret_and_history(client, api):
    gid, secret = played(client, api, "crazy-tiles")
    export = client.get(f"/api/v1/games/{gid}/export").get_json()
    _, created = call(client, api, "POST", "/api/v1/games/import", export, expect=201)
    new_id = created["id"]
    call(
        client, api, "POST", f"/api/v1/games/{new_id}/rounds", HANDS["crazy-tiles"], secret=secret, expect=403
    )
    call(
        client,
        api,
        "POST",
        f"/api/v1/games/{new_id}/rounds",
        HANDS["crazy-tiles"],
        secret=created["secret"],
        expect=201,
    )
    assert len(client.get(f"/api/v1/games/{gid}").get_json()["rounds"]) == 2
    assert len(client.get(f"/api/v1/games/{new_id}").get_json()["rounds"]) == 3


def test_an_export_is_served_as_a_named_json_file(client, api):
    gid, _ = played(client, api, "krazy-bee")
    response = client.get(f"/api/v1/games/{gid}/export")
    assert f'filename="scorekeeper-{gid}.json"' in response.headers["Content-Disposition"]
    assert json.loads(response.data)["format"] == "scorekeeper-game"


def _broken(export: dict, change) -> dict:
    doc = json.loads(json.dumps(export))
    change(doc)
    return doc


BROKEN = [
    pytest.param(lambda d: d.update(format="something-else"), 400, "not a game export", id="wrong-format"),
    pytest.param(lambda d: d.update(version=2), 400, "not a game export", id="wrong-version"),
    pytest.param(lambda d: d.update(players="Ann, Bob"), 400, "players", id="players-not-a-list"),
    # the shape is right, the content is not: the rules' status (the schema cannot say "0..n-1, each once")
    pytest.param(lambda d: d["players"][1].update(seat=5), 422, "seats", id="seat-gap"),
    pytest.param(
        lambda d: d["rounds"][0].update(number=4),
        422,
        "rounds.0: hands are numbered 1, 2, 3 ...; this one must be 1",
        id="round-numbers-gap",
    ),
    pytest.param(lambda d: d["rounds"][0].update(created_at="yesterday"), 400, "ISO 8601", id="bad-time"),
    pytest.param(lambda d: d["audit"][0].update(action="hack"), 400, "audit.0.action", id="bad-audit-action"),
    pytest.param(lambda d: d.update(variant="no-such-variant"), 422, "unknown variant", id="unknown-variant"),
    pytest.param(lambda d: d["options"].update(colour=1), 400, "colour", id="unknown-option"),
    pytest.param(
        lambda d: d["rounds"][0]["facts"]["players"].pop(),
        422,
        "one entry per player",
        id="KB-9-a-hand-the-rules-reject",
    ),
    pytest.param(lambda d: d["players"][0].update(name=""), 422, "name", id="empty-name"),
]


@pytest.mark.parametrize("change, status, words", BROKEN)
def test_a_broken_export_is_refused_and_nothing_is_saved(app, client, api, change, status, words):
    gid, _ = played(client, api, "krazy-bee")
    export = client.get(f"/api/v1/games/{gid}/export").get_json()
    with app.app_context():
        before = db.session.query(Game).count()
    _, answer = call(client, api, "POST", "/api/v1/games/import", _broken(export, change), expect=status)
    assert words.lower() in (answer["error"] + " ".join(answer.get("reasons", []))).lower()
    with app.app_context():
        assert db.session.query(Game).count() == before
