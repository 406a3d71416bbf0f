"""A superscript digit in a seat form (issue 38 review): "²" passes ``str.isdigit()`` but ``int()``
cannot read it; each seat route answers a sentence (422) and keeps nothing, never a 500."""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.services.seats import open_seats, send_part
from scorekeeper.storage.extensions import db

from .game_support import csrf_from
from .test_seat_page import _game, _send, _take
from .test_seat_turns import _crib, _text, _turn

NOT_OURS = "This form is not one of this page's."


def test_a_superscript_in_a_turn_is_refused_in_a_sentence(app):
    gid = _crib(app)
    bob = app.test_client()
    _take(bob, gid, "Bob")
    for fields in ({"hand": "²", "action": "pass"}, {"cards": "3H 4H 5H", "extend": "²", "action": "lay"}):
        refused = _turn(bob, gid, **fields)
        assert refused.status_code == 422 and NOT_OURS in _text(refused)
    with app.app_context():
        assert services.get_game(gid).rounds == []


def test_a_superscript_total_or_hand_in_a_part_is_refused_in_a_sentence(app):
    gid = _game(app)
    ann = app.test_client()
    _take(ann, gid, "Ann")
    refused = _send(ann, gid, points="³")
    assert refused.status_code == 422 and "A total is a whole number, such as 35." in _text(refused)
    assert _send(ann, gid, rack="R5", hand_number="²").status_code == 422
    with app.app_context():
        game = services.get_game(gid)
        assert game.rounds == [] and "0 of 2 in" in _text(ann.get(f"/games/{gid}/seat"))


def test_the_editors_forms_refuse_a_superscript_in_a_sentence(app, client):
    with app.app_context():
        game, secret = services.create_game("krazy-bee", ["Ann", "Bob", "Cy"], {})
        open_seats(game)
        send_part(game, 0, 1, {"laid": True, "went_out": True}, by="editor")
        db.session.commit()
        gid = game.public_id
    client.set_cookie(f"sk_edit_{gid}", secret)
    token = csrf_from(client.get(f"/games/{gid}/seat").get_data(as_text=True))
    forms = {
        "close": {"hand_number": "²"},
        "fill": {"seat": "²", "hand_number": "1", "points": "5"},
        "manage": {"seat": "¹", "action": "free"},
        "confirm": {"seat": "0", "hand_number": "²", "settle": "1", "looks_right": "1"},
    }
    for route, form in forms.items():
        refused = client.post(f"/games/{gid}/seat/{route}", data={"csrf_token": token, **form})
        assert refused.status_code == 422 and NOT_OURS in _text(refused), route
    with app.app_context():
        assert services.get_game(gid).rounds == []
