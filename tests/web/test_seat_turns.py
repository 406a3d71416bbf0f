"""Crib Rummy on the players' own phones (issue 38, docs/own-phones.md): each seated phone enters
its own turns when they are due, the engine checking the turn order (CR-9), the melds and their
pegs (CR-5) and laying before adding (CR-6); each turn is recorded at once and the game's totals
move with it."""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .game_support import csrf_from
from .test_seat_change_log import _lines
from .test_seat_page import _game, _take


def _text(response) -> str:
    return re.sub(r"<[^>]+>", "", response.get_data(as_text=True)).replace("&#39;", "'")


def _crib(app) -> str:
    with app.app_context():
        game, _ = services.create_game("crib-rummy", ["Ann", "Bob"], {})
        open_seats(game)
        db.session.commit()
        return game.public_id


def _turn(client, gid: str, hand: str = "1", **fields):
    """A turn as the seat page's form sends it (a phone not due has no form: its session's token)."""
    token = csrf_from(client.get("/games/new/crib-rummy").get_data(as_text=True))
    return client.post(f"/games/{gid}/seat/turn", data={"csrf_token": token, "hand_number": hand, **fields})


def _totals(app, gid: str) -> tuple[int, ...]:
    with app.app_context():
        return services.game_score(services.get_game(gid)).totals


def test_each_phone_enters_its_own_turns_in_play_order(app):
    gid = _crib(app)
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    # Ann deals, so Bob plays first (CR-9): Ann's phone waits, Bob's has the turn's form
    waiting = _text(ann.get(f"/games/{gid}/seat"))
    assert "Bob's turn." in waiting and "Lay them" not in waiting
    assert "Your turn." in _text(bob.get(f"/games/{gid}/seat"))
    early = _turn(ann, gid, action="pass")
    assert early.status_code == 422
    assert "It is Bob's turn: play goes round the table from the starter (Bob) (CR-9)" in _text(early)
    laid = _turn(bob, gid, cards="3H 4H 5H", action="lay")
    assert laid.status_code == 302
    assert "Your turn is in: 3 points pegged." in _text(bob.get(f"/games/{gid}/seat"))
    assert _totals(app, gid) == (0, 3)
    # CR-6: Ann has laid no meld of her own, so she cannot add to Bob's; refused as typed, nothing kept
    refused = _turn(ann, gid, cards="6H", extend="0", action="lay")
    assert refused.status_code == 422 and "CR-6" in _text(refused)
    assert 'name="cards" value="6H"' in refused.get_data(as_text=True)
    assert _turn(ann, gid, action="pass").status_code == 302
    page = _text(bob.get(f"/games/{gid}/seat"))
    assert "Added to #1 3H 4H 5H (Bob)" in page
    assert _turn(bob, gid, cards="6H", extend="0", action="lay").status_code == 302
    assert _totals(app, gid) == (0, 6)  # CR-5: the run's 4th card pegs 3
    with app.app_context():
        hand = services.get_game(gid).rounds[0].facts
        assert [t["player"] for t in hand["turns"]] == [1, 0, 1] and hand["end"] is None


def test_a_turn_needs_its_cards_or_a_pass_and_the_hand_in_play(app):
    gid = _crib(app)
    bob = app.test_client()
    _take(bob, gid, "Bob")
    empty = _turn(bob, gid, action="lay")
    assert empty.status_code == 422 and "Type the cards you lay, or tap “Pass”." in _text(empty)
    late = _turn(bob, gid, hand="2", action="pass")
    assert late.status_code == 422 and "Hand 2 is not open yet" in _text(late)
    stranger = app.test_client()
    assert _turn(stranger, gid, action="pass").status_code == 403
    with app.app_context():
        assert services.get_game(gid).rounds == []


def test_a_turn_in_a_game_not_played_turn_by_turn_is_refused_in_a_sentence(app):
    gid = _game(app)  # Rummikub: each phone sends its rack once the round is over
    ann = app.test_client()
    _take(ann, gid, "Ann")
    refused = _turn(ann, gid, action="pass")
    assert refused.status_code == 422 and "do not enter their own parts" in _text(refused)
    with app.app_context():
        assert services.get_game(gid).rounds == []


def test_a_turn_form_sent_again_once_its_turn_is_recorded_is_refused_and_records_nothing(app):
    gid = _crib(app)
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    assert 'name="turn_number" value="1"' in bob.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert _turn(bob, gid, turn_number="1", action="pass").status_code == 302
    assert _turn(ann, gid, turn_number="2", action="pass").status_code == 302
    # Bob's turn has come round again (turn 3): his first form, sent again, is not a new turn
    again = _turn(bob, gid, turn_number="1", action="pass")
    assert again.status_code == 409
    assert "This turn was already recorded (the form was sent twice): nothing was kept." in _text(again)
    with app.app_context():
        assert [t["player"] for t in services.get_game(gid).rounds[0].facts["turns"]] == [1, 0]
    assert 'name="turn_number" value="3"' in bob.get(f"/games/{gid}/seat").get_data(as_text=True)


def test_the_change_log_names_the_phone_each_turn_came_from(app):
    gid = _crib(app)
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    _turn(bob, gid, cards="3H 4H 5H", action="lay"), _turn(ann, gid, action="pass")
    lines = _lines(ann, gid)
    assert "Hand 1, turn 1 recorded from Bob's phone: Ann 0, Bob +3" in lines
    assert "Hand 1, turn 2 recorded from Ann's phone: no score changed" in lines
    assert any(
        line.startswith("Runde 1, Zug 2 notiert, vom Handy von Ann:") for line in _lines(ann, gid, "de")
    )


def test_a_turn_recorded_otherwise_meanwhile_is_not_called_a_second_tap(app):
    """The game's editor recorded Bob's turn 1 on the hand form (8S 8D 8C) while Bob's phone sent its
    own (3H 4H 5H): Bob was told his form was "sent twice" and his turn "already recorded", which
    reads as his turn being in; it was not, and he is told so."""
    from scorekeeper.services.seats.turns import send_turn

    gid = _crib(app)
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    assert 'name="turn_number" value="1"' in bob.get(f"/games/{gid}/seat").get_data(as_text=True)
    with app.app_context():  # the editor's entry of Bob's turn, another way
        send_turn(services.get_game(gid), 1, 1, {"melds": [{"cards": "8S 8D 8C"}]})
        db.session.commit()
    refused = _turn(bob, gid, turn_number="1", cards="3H 4H 5H", action="lay")
    assert refused.status_code == 409
    said = _text(refused)
    assert "Turn 1 was already recorded, with other cards than these: yours were not kept." in said
    assert "sent twice" not in said
    with app.app_context():
        assert len(services.get_game(gid).rounds[0].facts["turns"]) == 1
