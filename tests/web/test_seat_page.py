"""The seated phone's page (issue 38, docs/own-phones.md): a phone takes a free seat by name and
sends its own part through the form; a refused part says why and keeps nothing."""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.services.seats import confirm_part, open_seats
from scorekeeper.storage.extensions import db

from .game_support import csrf_from


def _game(app, names=("Ann", "Bob")) -> str:
    with app.app_context():
        game, _ = services.create_game("rummikub", list(names), {})
        open_seats(game)
        db.session.commit()
        return game.public_id


def _take(client, gid: str, name: str):
    token = csrf_from(client.get(f"/games/{gid}/seat").get_data(as_text=True))
    return client.post(f"/games/{gid}/seat/take", data={"csrf_token": token, "name": name})


def _send(client, gid: str, **fields):
    token = csrf_from(client.get(f"/games/{gid}/seat").get_data(as_text=True))
    return client.post(f"/games/{gid}/seat", data={"csrf_token": token, "hand_number": "1", **fields})


def test_a_phone_takes_a_free_seat_and_the_seat_is_offered_to_no_other(app):
    gid = _game(app)
    ann, other = app.test_client(), app.test_client()
    assert "I am <bdi>Ann</bdi>" in ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert _take(ann, gid, "Ann").status_code == 302
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert (
        "<bdi>Ann</bdi>'s seat" in page
        and "0 of 2 in" in page
        and "Still to enter: <bdi>Ann</bdi> and <bdi>Bob</bdi>" in page
    )
    offered = other.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "I am <bdi>Bob</bdi>" in offered and "I am <bdi>Ann</bdi>" not in offered
    refused = _take(other, gid, "Ann")
    assert refused.status_code == 409 and "Ann&#39;s seat is already taken" in refused.get_data(as_text=True)


def test_the_last_part_sent_through_the_form_records_the_round(app):
    gid = _game(app)
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    assert _send(bob, gid, rack="R5 J").status_code == 302
    assert "Your part is in." in bob.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "1 of 2 in" in ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert _send(ann, gid, went_out="1").status_code == 302
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "Round 1 recorded." in page and "Round 2" in page and "0 of 2 in" in page
    with app.app_context():
        assert [r.facts for r in services.get_game(gid).rounds] == [
            {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]}
        ]


def test_a_refused_part_says_why_on_its_phone_and_keeps_nothing(app):
    gid = _game(app)
    ann = app.test_client()
    _take(ann, gid, "Ann")
    for fields, why in (
        ({"points": "lots"}, "A total is a whole number, such as 35."),
        ({}, "Type your tiles or their total, or tick"),
        ({"rack": "R5 R5 R5"}, "only two R5 tiles"),
    ):
        refused = _send(ann, gid, **fields)
        assert refused.status_code == 422 and why in refused.get_data(as_text=True)
    assert "0 of 2 in" in ann.get(f"/games/{gid}/seat").get_data(as_text=True)


def test_a_phone_without_a_seat_cannot_send_a_part(app):
    gid = _game(app)
    stranger = app.test_client()
    assert _send(stranger, gid, rack="R5").status_code == 403


def test_the_seat_page_says_which_parts_wait_for_a_confirmation_and_which_are_disputed(app, client):
    gid = _game(app)
    with app.app_context():
        game = services.get_game(gid)
        open_seats(game, "any")
        db.session.commit()
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    _send(ann, gid, went_out="1"), _send(bob, gid, rack="K9")
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert (
        "2 of 2 in" in page
        and "Still to be confirmed by another player: <bdi>Ann</bdi> and <bdi>Bob</bdi>" in page
    )
    with app.app_context():
        confirm_part(services.get_game(gid), 1, 1, by=0, looks_right=False)
        db.session.commit()
    page = bob.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "<bdi>Ann</bdi> disputes <bdi>Bob</bdi>'s part: the game's editor settles it." in page
    assert "Still to be confirmed by another player: <bdi>Ann</bdi><" in page


def test_the_editor_opens_seats_on_the_seat_page_and_the_share_page_offers_them(app, client):
    with app.app_context():
        game, secret = services.create_game("krazy-bee", ["Ann", "Bob"], {})
        db.session.commit()
        gid = game.public_id
    stranger = app.test_client()
    assert "its editor opens it first" in stranger.get(f"/games/{gid}/seat").get_data(as_text=True)
    token = csrf_from(stranger.get("/games/new/krazy-bee").get_data(as_text=True))
    assert stranger.post(f"/games/{gid}/seat/open", data={"csrf_token": token}).status_code == 403
    client.set_cookie(f"sk_edit_{gid}", secret)
    page = client.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "Open the game for seats" in page
    token = csrf_from(page)
    assert (
        client.post(f"/games/{gid}/seat/open", data={"csrf_token": token, "confirm": "left"}).status_code
        == 302
    )
    assert "I am <bdi>Ann</bdi>" in stranger.get(f"/games/{gid}/seat").get_data(as_text=True)
    share = stranger.get(f"/games/{gid}/share").get_data(as_text=True)
    assert f"/games/{gid}/seat</a>" in share and "takes their own seat once" in share


def test_krazy_bee_parts_through_the_form_record_the_hand(app):
    with app.app_context():
        game, _ = services.create_game("krazy-bee", ["Ann", "Bob"], {})
        open_seats(game)
        db.session.commit()
        gid = game.public_id
    ann, bob = app.test_client(), app.test_client()
    _take(ann, gid, "Ann"), _take(bob, gid, "Bob")
    page = bob.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "I laid my Step down" in page and "Cards left in hand" in page and "Tiles left" not in page
    _send(bob, gid, hand="3 12 W")
    assert _send(ann, gid, laid="1", went_out="1").status_code == 302
    assert "Hand 1 recorded." in ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    with app.app_context():
        facts = services.get_game(gid).rounds[0].facts
    # KB-9: Ann laid her Step and went out; Bob missed his and keeps 3, 12 and a Wild Bee (KB-7: 30)
    assert facts["players"][0]["went_out"] is True and facts["players"][1] == {
        "laid": False,
        "went_out": False,
        "hand": "3 12 W",
    }
    # KB-8: each phone's part names the Step it is about: Ann on to Step 2, Bob still on Step 1
    assert (
        'data-part-step>Step 2: <bdi dir="ltr" translate="no" class="notation">book of 3 + <wbr>run of 4</bdi>'
        in (ann.get(f"/games/{gid}/seat").get_data(as_text=True))
    )
    assert "data-part-step>Step 1: " in bob.get(f"/games/{gid}/seat").get_data(as_text=True)


def test_a_refused_part_is_said_in_the_phones_language(app):
    gid = _game(app)
    ann = app.test_client()
    ann.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    _take(ann, gid, "Ann")
    refused = _send(ann, gid, rack="R5 Q9").get_data(as_text=True)
    assert "Unbekanntes Zeichen" in refused and "Unknown token" not in refused


def test_the_part_sent_shows_on_its_phone_once_ready_to_change(app):
    """After "Send my part" the phone shows what it sent, first in the hand's card, and says once
    that it may be sent again until the last part is in (the phone walk-through of 7 December saw
    nothing of it on the sending phone and the sentence twice). The form stays empty: a
    correction is a whole part sent again (refilled fields could silently outvote what is typed)."""
    gid = _game(app, ("Ann", "Bob", "Cy"))
    ann = app.test_client()
    _take(ann, gid, "Ann")
    _send(ann, gid, rack="R5 K13 J")
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert page.count("Your part is in. You can change it until the last part is in.") == 1
    assert "Your part: <strong data-seat-my-part>R5 K13 J</strong>" in page
    assert page.index("data-seat-mine") < page.index("data-seat-count")  # said first, in the card
    _send(ann, gid, rack="R5 K13")  # a correction, sent whole
    assert "<strong data-seat-my-part>R5 K13</strong>" in ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    with app.app_context():
        from scorekeeper.services.seats.parts import open_parts

        assert open_parts(services.get_game(gid))[0].part == {"rack": "R5 K13"}
    # going out, the phone says it to its player: "you went out" (Hebrew "סגרת", not "סגר": he went out)
    _send(ann, gid, went_out="1")
    assert "<strong data-seat-my-part>you went out</strong>" in ann.get(f"/games/{gid}/seat").text
    ann.environ_base["HTTP_ACCEPT_LANGUAGE"] = "he"
    assert "<strong data-seat-my-part>סגרת</strong>" in ann.get(f"/games/{gid}/seat").text


def test_the_share_page_tells_its_editor_to_open_the_seats_before_handing_out_the_seat_link(app, client):
    """The seat link's QR code is shown from the start, but a phone that scans it before the editor
    opened the seats is told to wait: the editor reads on the share page what to do first."""
    with app.app_context():
        game, secret = services.create_game("krazy-bee", ["Ann", "Bob"], {})
        db.session.commit()
        gid = game.public_id
    client.set_cookie(f"sk_edit_{gid}", secret)
    share = client.get(f"/games/{gid}/share").get_data(as_text=True)
    assert "Open for seats" in share and "first" in share
    follower = app.test_client().get(f"/games/{gid}/share").get_data(as_text=True)
    assert "Open for seats" not in follower  # only the editor can open them
