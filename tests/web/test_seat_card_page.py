"""Crazy Rummy and RumBugz parts through the seated phone's page (issue 38, docs/own-phones.md):
the part's fields, a refused part said on its phone (kept as typed), the hand recorded by the last."""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .test_seat_page import _send, _take

NAMES = ["Ann", "Bob"]
KINDS = ["single", "double", "triple", "match"]


def _text(response) -> str:
    return re.sub(r"<[^>]+>", "", response.get_data(as_text=True))


def _page_game(app, variant: str, names=NAMES, confirm: str = "none") -> str:
    with app.app_context():
        game, _ = services.create_game(variant, list(names), {})
        open_seats(game, confirm)
        db.session.commit()
        return game.public_id


def test_crazy_rummy_parts_through_the_seat_page_record_the_hand(app):
    gid = _page_game(app, "crazy-rummy")
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    form = _text(ann.get(f"/games/{gid}/seat"))
    assert "Your face-up first card" in form and "Points on your board" in form
    assert "Points left in hand" in form and "I laid my Step down" not in form
    # Bob went out: a player who went out with points left is refused on his phone, as typed
    refused = _send(bob, gid, board_points="30", points="5", went_out="1")
    said = _text(refused)
    assert refused.status_code == 422 and "The player who went out has no cards left in hand" in said
    assert "CZ-6" in said and 'name="points" value="5"' in refused.get_data(as_text=True)  # kept as typed
    assert _send(bob, gid, board_points="30", went_out="1").status_code == 302
    # Ann deals: her part without her face-up card is refused (CZ-1), then sent with it
    missing = _send(ann, gid, board_points="15", points="40")
    assert missing.status_code == 422 and "You deal this hand: give your face-up card" in _text(missing)
    assert _send(ann, gid, face_up="7", board_points="15", points="40").status_code == 302
    assert "Hand 1 recorded." in ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    with app.app_context():
        played = services.get_game(gid)
        assert played.rounds[0].facts["went_out"] == 1 and played.rounds[0].facts["wild"] == "7"
        assert services.game_score(played).totals == (-25, 30)


def test_rumbugz_parts_through_the_seat_page_record_the_round(app):
    gid = _page_game(app, "rumbugz")
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    assert _send(bob, gid, hand="3 P").status_code == 302
    assert _send(ann, gid, kinds=KINDS, went_out="1").status_code == 302
    with app.app_context():
        assert services.game_score(services.get_game(gid)).totals == (15, 0)


def test_a_crazy_rummy_part_waiting_for_confirmation_says_what_it_holds(app):
    gid = _page_game(app, "crazy-rummy", confirm="any")
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    assert _send(ann, gid, face_up="7", board_points="15", points="40").status_code == 302
    page = _text(bob.get(f"/games/{gid}/seat"))
    assert "Ann's part: 15 points on the board · 40 points left" in page.replace("&#39;", "'")
    assert "did not lay the Step down" not in page
