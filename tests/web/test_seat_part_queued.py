"""A seat's part sent from the phone's queue (issue 38, docs/own-phones.md, static/js/seat-part.js):
the seat form with an Idempotency-Key answers in JSON, a key sent twice keeps the part once, and a
part for a hand already recorded is a 409 that says so (and that the phone drops only when told)."""

from __future__ import annotations

from scorekeeper import services

from .game_support import csrf_from
from .test_seat_page import _game, _take


def _queued(client, gid: str, key: str, hand: str = "1", **fields):
    """The part as the phone's queue sends it: the form's fields, an Idempotency-Key, JSON wanted."""
    token = csrf_from(client.get(f"/games/{gid}/seat").get_data(as_text=True))
    return client.post(
        f"/games/{gid}/seat",
        data={"csrf_token": token, "hand_number": hand, **fields},
        headers={"Idempotency-Key": key, "Accept": "application/json"},
    )


def test_a_part_sent_twice_with_one_key_is_kept_once_and_the_hand_recorded_once(app):
    gid = _game(app)
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    first = _queued(bob, gid, "bob-part-0001", rack="R5 J")
    assert first.status_code == 201 and first.get_json()["recorded"] == 0
    # the answer was lost: the queue sends the same part with the same key again
    again = _queued(bob, gid, "bob-part-0001", rack="R5 J")
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert "1 of 2 in" in ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    last = _queued(ann, gid, "ann-part-0001", went_out="1")
    assert last.status_code == 201 and last.get_json()["recorded"] == 1
    assert _queued(ann, gid, "ann-part-0001", went_out="1").get_json()["recorded"] == 1
    with app.app_context():
        assert [r.facts for r in services.get_game(gid).rounds] == [
            {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]}
        ]


def test_a_queued_part_for_a_hand_already_recorded_is_a_409_that_says_so(app):
    gid = _game(app)
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    assert _queued(bob, gid, "bob-part-0001", rack="R5 J").status_code == 201
    assert _queued(ann, gid, "ann-part-0001", went_out="1").status_code == 201
    late = _queued(bob, gid, "bob-part-0002", rack="R5")
    assert late.status_code == 409
    body = late.get_json()
    assert body["refused"] is True and body["error"] == "Your part was not kept."
    assert body["reasons"] == ["Round 1 is already recorded: this part was not kept. The open round is 2."]
    refused = _queued(bob, gid, "bob-part-0003", hand="2", rack="G9 G9 G9")
    assert refused.status_code == 422 and "only two G9 tiles" in " ".join(refused.get_json()["reasons"])
    with app.app_context():
        assert len(services.get_game(gid).rounds) == 1


def test_a_queued_part_from_the_editor_holding_no_seat_is_refused_for_good_in_json(app):
    """Answered with a redirect to the seat page (200 HTML), which the queue reads as "try again":
    sent for ever without a word (a hostile probe found it, 6 December). Now a 403 with the reason."""
    with app.app_context():
        from scorekeeper.services.seats import open_seats
        from scorekeeper.storage.extensions import db

        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {})
        open_seats(game)
        db.session.commit()
        gid = game.public_id
    editor = app.test_client()
    editor.get(f"/games/{gid}/join/{secret}")
    answer = _queued(editor, gid, "editor-part-0001", rack="R5")
    assert answer.status_code == 403 and answer.is_json and answer.get_json()["refused"] is True
    assert "This phone holds no seat in this game" in " ".join(answer.get_json()["reasons"])
    with app.app_context():
        assert services.get_game(gid).rounds == []
