"""A Crazy Rummy part's board and hand in one field (issue 38's two taps, docs/own-phones.md):
"45 - 20" on the seat page is 45 points on the board and 20 left in hand (CZ-6), the same hand as
the two fields typed apart; anything else is refused on the phone, as typed, and nothing kept."""

from __future__ import annotations

from scorekeeper import services

from .test_seat_card_page import _page_game, _text
from .test_seat_page import _send, _take


def _seated(app) -> tuple[str, object, object]:
    gid = _page_game(app, "crazy-rummy")
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    return gid, ann, bob


def test_board_minus_hand_in_one_field_records_the_same_hand_as_the_two_fields(app):
    gid, ann, bob = _seated(app)
    assert "Your board minus your hand" in _text(bob.get(f"/games/{gid}/seat"))
    assert _send(bob, gid, board_hand="45 - 20").status_code == 302
    assert _send(ann, gid, face_up="7", board_hand="30", went_out="1").status_code == 302
    other, ann2, bob2 = _seated(app)
    assert _send(bob2, other, board_points="45", points="20").status_code == 302
    assert _send(ann2, other, face_up="7", board_points="30", went_out="1").status_code == 302
    with app.app_context():
        one, two = services.get_game(gid), services.get_game(other)
        assert one.rounds[0].facts == two.rounds[0].facts
        assert services.game_score(one).totals == (30, 25)  # CZ-6: Bob 45 on the board, 20 in hand


def test_a_board_and_hand_the_form_cannot_read_is_refused_as_typed(app):
    gid, _ann, bob = _seated(app)
    for typed in ("45 20", "45 - twenty", "-"):
        refused = _send(bob, gid, board_hand=typed)
        said = _text(refused)
        assert refused.status_code == 422, typed
        assert "Type your board's points minus your hand's, such as 45 - 20." in said.replace("&#39;", "'")
        assert f'name="board_hand" value="{typed}"' in refused.get_data(as_text=True)
    assert "0 of 2 in" in _text(bob.get(f"/games/{gid}/seat"))  # nothing kept
