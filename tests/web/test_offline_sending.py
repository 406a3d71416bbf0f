"""Hands sent from a phone's queue (scorekeeper/offline/sending.py): each key recorded once, conflicts, refusals.

The phone posts the hand form's fields to the form's own address with an
``Idempotency-Key`` and the hand number it recorded the hand as. Every test
goes through the real form route, with the edit cookie and a real CSRF token.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.offline import sending
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Round, SentHand
from scorekeeper.web.languages import TRANSLATIONS
from tests.pseudo_locale import pseudo, write_pseudo_catalog
from tests.quick_apps import copy_database, quick_app

from .game_support import csrf_from


@pytest.fixture
def table(app, client):
    """A Rummikub game for Ann and Bob; the client is its editor. (public id, form URL, CSRF token)."""
    return _table(app, client)


def _table(app, client, headers: dict | None = None):
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {"target": 10**6})
        db.session.commit()
        public_id = game.public_id
    client.get(f"/games/{public_id}/join/{secret}")
    url = f"/games/{public_id}/rounds/new"
    return public_id, url, csrf_from(client.get(url, headers=headers).text)


def _send(client, url, token, key, number, winner=0, language="en", **extra):
    data = {"csrf_token": token, "winner": str(winner), f"players.{1 - winner}.rack": "R5", **extra}
    headers = {"Idempotency-Key": key, "X-Scorekeeper-Hand": str(number), "Accept-Language": language}
    return client.post(url, data=data, headers=headers)


def _hands(app, public_id) -> list[dict]:
    with app.app_context():
        return [r.facts for r in services.get_game(public_id).rounds]


def test_a_key_is_recorded_once_and_a_repeat_gets_the_original_answer(app, client, table):
    public_id, url, token = table
    first = _send(client, url, token, "key-one-0001", 1)
    assert first.status_code == 201
    assert first.json == {"recorded": 1, "message": "Round 1 recorded.", "game_url": f"/games/{public_id}"}
    again = _send(client, url, token, "key-one-0001", 1)
    assert again.status_code == 201 and again.json == first.json
    assert again.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    assert len(_hands(app, public_id)) == 1
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(SentHand)) == 1


def test_hands_sent_in_order_each_arrive_once(app, client, table):
    public_id, url, token = table
    for number, winner in ((1, 0), (2, 1), (3, 0)):
        assert _send(client, url, token, f"key-order-{number:04}", number, winner).status_code == 201
    for number, winner in ((1, 0), (2, 1), (3, 0)):  # the answers were lost: all sent again
        assert _send(client, url, token, f"key-order-{number:04}", number, winner).json["recorded"] == number
    assert [h["winner"] for h in _hands(app, public_id)] == [0, 1, 0]


def test_a_hand_recorded_by_another_phone_meanwhile_is_a_conflict_with_both_versions(app, client, table):
    public_id, url, token = table
    with app.app_context():  # another phone records hand 1: Bob goes out, Ann holds R13
        services.record_round(services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13"}, {}]})
        db.session.commit()
    answer = _send(client, url, token, "key-conflict-1", 1, winner=0)
    assert answer.status_code == 409
    conflict = answer.json["conflict"]
    assert "Another phone recorded round 1 meanwhile" in answer.json["error"]
    assert conflict["names"] == ["Ann", "Bob"] and conflict["sent_as"] == 1 and conflict["next"] == 2
    assert conflict["theirs"] == {"number": 1, "changes": [-13, 13]}
    assert conflict["mine"] == {"number": 2, "changes": [5, -5]}
    assert len(_hands(app, public_id)) == 1  # nothing of mine recorded
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(SentHand)) == 0
    kept = _send(client, url, token, "key-conflict-1", 2, winner=0)  # the editor keeps mine as hand 2
    assert kept.status_code == 201 and kept.json["recorded"] == 2
    assert [h["winner"] for h in _hands(app, public_id)] == [1, 0]


def test_a_deleted_hand_is_a_conflict_without_theirs(app, client, table):
    public_id, url, token = table
    assert _send(client, url, token, "key-deleted-1", 1).status_code == 201
    with app.app_context():
        services.delete_round(services.get_game(public_id), 1)
        db.session.commit()
    answer = _send(client, url, token, "key-deleted-2", 2, winner=1)
    assert answer.status_code == 409 and answer.json["conflict"]["theirs"] is None
    assert answer.json["conflict"]["next"] == 1 and "changed meanwhile" in answer.json["error"]


def test_the_engine_checks_a_queued_hand_and_its_reasons_come_back(app, client, table):
    public_id, url, token = table
    answer = _send(client, url, token, "key-refused-1", 1, winner=7)
    assert answer.status_code == 422
    assert answer.json["error"] == "Round 1 was not recorded."
    assert answer.json["fields"] == [
        {"field": "winner", "message": "“\u20667\u2069” is not a player at this table"}
    ]
    assert _hands(app, public_id) == []
    assert (
        _send(client, url, token, "key-refused-1", 1).status_code == 201
    )  # fixed, the same key goes through


def test_csrf_and_the_edit_secret_still_apply(app, client, table):
    public_id, url, token = table
    no_token = client.post(url, data={"winner": "0"}, headers={"Idempotency-Key": "key-csrf-0001"})
    assert no_token.status_code == 400 and "CSRF" in no_token.json["error"]
    client.delete_cookie(f"sk_edit_{public_id}")
    not_editor = _send(client, url, token, "key-secret-01", 1)
    assert not_editor.status_code == 403 and "keeping score for this game" in not_editor.json["error"]
    assert _hands(app, public_id) == []


@pytest.mark.parametrize("key", ["short", "x" * 65, "with space1", "semi;colon1"])
def test_a_malformed_key_is_refused(app, client, table, key):
    public_id, url, token = table
    answer = _send(client, url, token, key, 1)
    assert answer.status_code == 400 and "Idempotency-Key" in answer.json["error"]
    assert _hands(app, public_id) == []


def test_a_key_belongs_to_one_game(app, client, table):
    _public_id, url, token = table
    assert _send(client, url, token, "key-shared-01", 1).status_code == 201
    with app.app_context():
        other, secret = services.create_game("rummikub", ["Cy", "Di"])
        db.session.commit()
        other_id = other.public_id
    client.get(f"/games/{other_id}/join/{secret}")
    answer = _send(client, f"/games/{other_id}/rounds/new", token, "key-shared-01", 1)
    assert answer.status_code == 422 and "another game" in answer.json["error"]
    assert _hands(app, other_id) == []


def test_the_plain_form_is_unchanged(app, client, table):
    """Without a key (no JavaScript, or the queue's fallback) the form redirects with a flash as before."""
    _public_id, url, token = table
    answer = client.post(url, data={"csrf_token": token, "winner": "0", "players.1.rack": "R5"})
    assert answer.status_code == 302
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Round)) == 1


def test_the_new_hand_form_carries_its_number_for_the_queue(client, table):
    _public_id, url, token = table
    page = client.get(url).text
    assert 'data-queue="1"' in page and "data-send-queue" in page and "data-offline-note" in page
    assert "the engine checks it when it is sent" in page
    assert _send(client, url, token, "key-number-01", 1).status_code == 201
    assert 'data-queue="2"' in client.get(url).text


def test_a_hand_queued_while_another_phone_ended_the_game_is_refused_for_good_in_json(app, client):
    """The queue read the game page's redirect (200 HTML) as "try again", and sent the hand every
    few seconds for ever without a word (a hostile probe found it, 6 December): now a 422 with the
    reason, which the phone shows, and the game unchanged."""
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {"rounds": 1})
        db.session.commit()
        public_id = game.public_id
    client.get(f"/games/{public_id}/join/{secret}")
    url = f"/games/{public_id}/rounds/new"
    token = csrf_from(client.get(url).text)
    assert _send(client, url, token, "key-last-0001", 1).status_code == 201  # the game's one hand: over
    late = _send(client, url, token, "key-late-0002", 2)
    assert late.status_code == 422 and late.is_json
    assert "The game is over: no more rounds can be recorded." in late.json["error"]
    assert len(_hands(app, public_id)) == 1
    plain = client.post(url, data={"csrf_token": token, "winner": "0", "players.1.rack": "R5"})
    assert plain.status_code == 302  # the form itself: back to the game page, as before


@pytest.fixture
def pseudo_app(tmp_path, database_template, app_config):
    """The usual app, with the pseudo-locale served (``en-001``: every catalog sentence ⟦wrapped⟧),
    sending.py's own sentences in its catalog even before they are extracted into the template."""
    folder = write_pseudo_catalog(tmp_path / "pseudo-catalog", also=(Path(sending.__file__),))
    return quick_app(
        {
            **app_config,
            "SQLALCHEMY_DATABASE_URI": copy_database(database_template, tmp_path / "test.sqlite3"),
            "PSEUDO_LOCALE": True,
            "BABEL_TRANSLATION_DIRECTORIES": f"{TRANSLATIONS};{folder}",
        }
    )


def test_a_conflict_and_a_refusal_say_so_in_the_phones_language(pseudo_app):
    """The sentence the phone shows above both versions of a clashing hand was English on every phone
    ("Another phone recorded סיבוב 1 meanwhile; ..." on a Hebrew one, 8 December): it goes through
    the catalog now, as the round's own word always did."""
    app, client = pseudo_app, pseudo_app.test_client()
    public_id, url, token = _table(app, client, {"Accept-Language": "en-001"})
    with app.app_context():  # another phone records hand 1
        services.record_round(services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13"}, {}]})
        db.session.commit()
    word = {"round_word": pseudo("round"), "number": 1}
    clash = _send(client, url, token, "key-words-0001", 1, language="en-001")
    assert clash.status_code == 409
    assert (
        clash.json["error"]
        == pseudo(
            "Another phone recorded %(round_word)s %(number)s meanwhile; nothing of yours was recorded yet."
        )
        % word
    )
    with app.app_context():
        services.delete_round(services.get_game(public_id), 1)
        db.session.commit()
    changed = _send(client, url, token, "key-words-0002", 2, language="en-001")
    assert changed.status_code == 409
    assert changed.json["error"] == pseudo(
        "The game changed meanwhile (%(round_word)s %(number)s is not the next one any more); "
        "nothing of yours was recorded yet."
    ) % {**word, "number": 2}
    refused = _send(client, url, token, "key-words-0003", 1, winner=7, language="en-001")
    assert refused.status_code == 422
    assert refused.json["error"] == pseudo("%(round_word)s %(number)s was not recorded.") % {
        "round_word": pseudo("round").capitalize(),
        "number": 1,
    }
