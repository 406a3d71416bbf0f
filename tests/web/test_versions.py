"""Every change names the game's version it was made against (issue 17, section 2).

The API answers with the game's ``ETag`` and honours ``If-Match``; the forms
(record, correct, delete, undo, redo) carry the version in a hidden field. A
change made against an older version is refused, 409 with both versions, and
nothing of it is kept; a change racing another one is made one after the other
or refused, never half kept and never a 500.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .game_support import csrf_from

HAND = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5"}]}
OTHER = {"winner": 1, "players": [{"rack": "K9"}, {"rack": ""}]}
THIRD = {"winner": 0, "players": [{"rack": ""}, {"rack": "B3"}]}


@pytest.fixture
def game(app, client):
    """A Rummikub game with one hand, and its edit secret (the client holds it too)."""
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"])
        services.record_round(game, HAND)
        db.session.commit()
        public_id = game.public_id
    client.get(f"/games/{public_id}/join/{secret}")
    return public_id, secret


def _version(page: str) -> str:
    """The version a page's form was filled against (its hidden field)."""
    return re.search(r'name="version" value="(\d+)"', page).group(1)


def _hands(app, public_id: str) -> list[dict]:
    with app.app_context():
        return [r.facts for r in services.get_game(public_id).rounds]


def test_the_api_tags_the_game_with_its_version(client, game):
    public_id, secret = game
    answer = client.get(f"/api/v1/games/{public_id}")
    assert answer.headers["ETag"] == '"v1"' and answer.json["version"] == 1
    changed = client.put(
        f"/api/v1/games/{public_id}/rounds/1",
        json=OTHER,
        headers={"Authorization": f"Bearer {secret}", "If-Match": '"v1"'},
    )
    assert changed.status_code == 200 and changed.headers["ETag"] == '"v2"'
    assert changed.json["game"]["version"] == 2


@pytest.mark.parametrize(
    "method, path, body",
    [("PUT", "/rounds/1", OTHER), ("POST", "/rounds", OTHER), ("DELETE", "/rounds/1", None)],
)
def test_a_change_against_an_old_version_is_refused_with_both_versions(app, client, game, method, path, body):
    """Two corrections of the same hand at once: the first is kept, the second (made against
    the same version) is a 409 naming both versions, and nothing of it is kept."""
    public_id, secret = game
    headers = {"Authorization": f"Bearer {secret}", "If-Match": '"v1"'}
    first = client.put(f"/api/v1/games/{public_id}/rounds/1", json=THIRD, headers=headers)
    assert first.status_code == 200
    kept = _hands(app, public_id)
    late = client.open(f"/api/v1/games/{public_id}{path}", method=method, json=body, headers=headers)
    assert late.status_code == 409, late.text
    assert late.json["conflict"] == {"mine": {"version": 1}, "theirs": {"version": 2}}
    assert "version 1" in late.json["error"] and late.headers["ETag"] == '"v2"'
    assert _hands(app, public_id) == kept


def test_if_match_must_be_one_of_our_tags(client, game):
    public_id, secret = game
    bearer = {"Authorization": f"Bearer {secret}"}
    odd = client.put(f"/api/v1/games/{public_id}/rounds/1", json=OTHER, headers={**bearer, "If-Match": "v1"})
    assert odd.status_code == 400 and "If-Match" in odd.json["error"]
    star = client.put(f"/api/v1/games/{public_id}/rounds/1", json=OTHER, headers={**bearer, "If-Match": "*"})
    assert star.status_code == 200


def test_two_phones_without_javascript_cannot_both_keep_the_same_hand(app, client, game):
    """The same plain form sent twice (two phones, one filled form each): one hand kept, the other refused."""
    public_id, _secret = game
    form = client.get(f"/games/{public_id}/rounds/new").text
    data = {"csrf_token": csrf_from(form), "winner": "0", "players.1.rack": "B7"}
    data["version"] = _version(form)
    assert client.post(f"/games/{public_id}/rounds/new", data=data).status_code == 302
    again = client.post(f"/games/{public_id}/rounds/new", data=data)
    assert again.status_code == 409
    assert "The game changed since" in again.text and 'name="version" value="2"' in again.text
    assert len(_hands(app, public_id)) == 2


@pytest.mark.parametrize("step", ["undo", "redo"])
def test_undo_and_redo_from_an_old_page_change_nothing(app, client, game, step):
    public_id, _secret = game
    if step == "redo":
        client.post(
            f"/games/{public_id}/undo", data={"csrf_token": csrf_from(client.get(f"/games/{public_id}").text)}
        )
    page = client.get(f"/games/{public_id}").text
    assert f'action="/games/{public_id}/{step}"' in page
    stale = {"csrf_token": csrf_from(page), "version": _version(page)}
    with app.app_context():  # another phone changes the game meanwhile
        other = services.get_game(public_id)
        services.record_round(other, OTHER) if step == "undo" else services.redo_last_undo(other)
        db.session.commit()
    before = _hands(app, public_id)
    shown = client.post(f"/games/{public_id}/{step}", data=stale, follow_redirects=True).text
    assert f"Nothing {step}ne: the game changed since" in shown
    assert _hands(app, public_id) == before


def test_deleting_from_an_old_confirmation_changes_nothing(app, client, game):
    public_id, _secret = game
    page = client.get(f"/games/{public_id}/rounds/1/delete").text
    with app.app_context():
        services.update_round(services.get_game(public_id), 1, OTHER)
        db.session.commit()
    data = {"csrf_token": csrf_from(page), "version": _version(page)}
    shown = client.post(f"/games/{public_id}/rounds/1/delete", data=data, follow_redirects=True).text
    assert "cannot be deleted: the game changed since" in shown
    assert _hands(app, public_id) == [OTHER]


@pytest.mark.parametrize("change", ["update", "delete", "undo", "record"])
def test_a_change_made_on_hands_another_change_just_moved_is_refused_not_a_500(app, game, change):
    """The race that gave IndexError and StaleDataError: this request loaded the game, then
    another deleted the hand and committed; this change is now refused, whole."""
    public_id, _secret = game
    with app.app_context():
        mine = services.get_game(public_id)
        assert len(mine.rounds) == 1
        with app.app_context():  # another request, its own session, gets there first
            services.delete_round(services.get_game(public_id), 1)
            db.session.commit()
        with pytest.raises(services.StaleVersion) as refused:
            {
                "update": lambda: services.update_round(mine, 1, OTHER),
                "delete": lambda: services.delete_round(mine, 1),
                "undo": lambda: services.undo_last_change(mine),
                "record": lambda: services.record_round(mine, OTHER),
            }[change]()
        assert (refused.value.sent, refused.value.current) == (1, 2)
    assert _hands(app, public_id) == []


def test_versions_count_the_changes_through_export_and_import(client, game):
    public_id, secret = game
    client.delete(f"/api/v1/games/{public_id}/rounds/1", headers={"Authorization": f"Bearer {secret}"})
    export = client.get(f"/api/v1/games/{public_id}/export").json
    copy = client.post("/api/v1/games/import", json=export)
    assert copy.json["game"]["version"] == 2 and copy.headers["ETag"] == '"v2"'


def test_api_undo_and_redo_answer_the_change_they_logged_with_the_new_version(client, game):
    public_id, secret = game
    bearer = {"Authorization": f"Bearer {secret}"}
    undone = client.post(f"/api/v1/games/{public_id}/undo", json={}, headers={**bearer, "If-Match": '"v1"'})
    assert undone.status_code == 200, undone.text
    assert undone.json["change"]["action"] == "undo" and undone.json["change"]["summary"].startswith(
        "Undid: "
    )
    assert undone.json["change"]["old"] == HAND and undone.json["game"]["rounds"] == []
    assert undone.headers["ETag"] == '"v2"'
    redone = client.post(f"/api/v1/games/{public_id}/redo", json={}, headers=bearer)
    assert redone.json["change"]["action"] == "redo" and redone.json["change"]["new"] == HAND
    assert [r["facts"] for r in redone.json["game"]["rounds"]] == [HAND] and redone.headers["ETag"] == '"v3"'
