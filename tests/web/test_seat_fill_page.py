"""The game's editor fills a missing part on the seat page (issue 38, docs/own-phones.md): the
editor's page lists who is still to enter, each with a small form for that player's part; the part
counts as entered by the editor, as the API's ``sendPart`` with the edit secret does."""

from __future__ import annotations

from scorekeeper import services

from .game_support import csrf_from
from .test_seat_confirm_page import _page, _phones, _table
from .test_seat_page import _send


def _fill(client, gid: str, seat: str, **fields):
    token = csrf_from(client.get("/games/new/rummikub").get_data(as_text=True))
    form = {"csrf_token": token, "seat": seat, "hand_number": "1", **fields}
    return client.post(f"/games/{gid}/seat/fill", data=form)


def test_the_editor_fills_the_part_still_missing_and_it_records_the_hand(app, client):
    gid, secret = _table(app, "any", ("Ann", "Bob"))
    phones = _phones(app, gid, ("Ann", "Bob"))
    _send(phones["Ann"], gid, rack="R5 J")
    # a phone has no fill form, and its post is refused
    assert "Parts still to enter" not in _page(phones["Ann"], gid)
    assert _fill(phones["Ann"], gid, "1", rack="K13").status_code == 403
    client.set_cookie(f"sk_edit_{gid}", secret)
    page = _page(client, gid)
    assert 'data-seat-fill-for="Bob"' in page and 'data-seat-fill-for="Ann"' not in page
    # a post without the form's CSRF token changes nothing
    token_less = client.post(f"/games/{gid}/seat/fill", data={"seat": "1", "hand_number": "1", "rack": "K13"})
    assert token_less.status_code == 400
    assert _fill(client, gid, "1", rack="K13").status_code == 302
    assert "<bdi>Bob</bdi>&#39;s part is in, entered by the editor." in _page(client, gid)
    # Ann's part still waits for Bob's confirmation; the editor's own entry needs none
    assert "Still to be confirmed by another player: <bdi>Ann</bdi>" in _page(phones["Bob"], gid)
    confirm = csrf_from(_page(phones["Bob"], gid))
    phones["Bob"].post(
        f"/games/{gid}/seat/confirm",
        data={"csrf_token": confirm, "seat": "0", "hand_number": "1", "looks_right": "1"},
    )
    with app.app_context():
        game = services.get_game(gid)
        assert len(game.rounds) == 1
        assert game.rounds[0].facts["players"][1] == {"rack": "K13"}
    # the next hand's parts are the ones still to enter now
    after = _page(client, gid)
    assert 'data-seat-fill-for="Ann"' in after and 'name="hand_number" value="2"' in after


def test_a_refused_fill_says_why_keeps_the_typing_and_keeps_nothing(app, client):
    gid, secret = _table(app, "none", ("Ann", "Bob"))
    phones = _phones(app, gid, ("Ann", "Bob"))
    client.set_cookie(f"sk_edit_{gid}", secret)
    refused = _fill(client, gid, "1", rack="G9 G9 G9")
    body = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "only two G9 tiles" in body
    assert 'value="G9 G9 G9"' in body and 'id="fill-1-rack"' in body
    for seat, hand in (("9", "1"), ("x", "1"), ("1", "")):
        assert _fill(client, gid, seat, hand_number=hand, rack="K13").status_code == 422
    assert "0 of 2 in" in _page(phones["Ann"], gid) and 'data-seat-fill-for="Bob"' in _page(client, gid)


def test_a_fill_for_a_part_the_phone_sent_meanwhile_replaces_nothing(app, client):
    """The editor's page listed Bob's part as still to enter; Bob's phone sent it before the editor's
    fill arrived: the fill is refused (409) with the reason, and Bob's own part stays his (it was
    replaced by the editor's, which needs no confirmation, while Bob's phone said his part was in)."""
    gid, secret = _table(app, "none", ("Ann", "Bob", "Cy"))
    phones = _phones(app, gid, ("Ann", "Bob", "Cy"))
    client.set_cookie(f"sk_edit_{gid}", secret)
    assert 'data-seat-fill-for="Bob"' in _page(client, gid)  # the editor's page is drawn
    assert _send(phones["Bob"], gid, rack="R5").status_code == 302
    refused = _fill(client, gid, "1", rack="K13")
    assert refused.status_code == 409
    assert "Bob sent their own part meanwhile: look at it before entering another." in refused.get_data(
        as_text=True
    )
    with app.app_context():
        from scorekeeper.services.seats.parts import parts_of

        game = services.get_game(gid)
        bob = parts_of(game, 1)[1]
        assert (bob.by, bob.part) == ("seat", {"rack": "R5"})
    # a part the editor entered may still be entered again by the editor
    assert _fill(client, gid, "2", rack="K13").status_code == 302
    assert _fill(client, gid, "2", rack="K12").status_code == 302
