"""Confirmations and disputes on the seat page (issue 38, docs/own-phones.md): each phone sees
"Looks right" and "That's not right" for the other players' parts waiting for it (by the table's
rule), never for its own; a dispute shows on both phones and the editor settles it on the page."""

from __future__ import annotations

import html
import re

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .game_support import csrf_from
from .test_seat_page import _send, _take


def _table(app, confirm: str, names=("Ann", "Bob", "Cy")) -> tuple[str, str]:
    with app.app_context():
        game, secret = services.create_game("rummikub", list(names), {})
        open_seats(game, confirm)
        db.session.commit()
        return game.public_id, secret


def _phones(app, gid: str, names=("Ann", "Bob", "Cy")) -> dict:
    phones = {name: app.test_client() for name in names}
    for name, phone in phones.items():
        _take(phone, gid, name)
    return phones


def _tap(client, gid: str, seat: int, right: bool, **extra):
    token = csrf_from(client.get("/games/new/rummikub").get_data(as_text=True))  # any page's form
    form = {"csrf_token": token, "seat": str(seat), "hand_number": "1", "looks_right": "1" if right else "0"}
    return client.post(f"/games/{gid}/seat/confirm", data={**form, **extra})


def _page(client, gid: str) -> str:
    return client.get(f"/games/{gid}/seat").get_data(as_text=True)


def test_any_other_player_sees_the_buttons_and_one_tap_confirms(app):
    gid, _ = _table(app, "any")
    phones = _phones(app, gid)
    _send(phones["Ann"], gid, rack="R5 J")
    ann, bob = _page(phones["Ann"], gid), _page(phones["Bob"], gid)
    # Ann never confirms her own part; Bob and Cy see it with its tiles
    assert "Looks right" not in ann and 'data-seat-check="Ann"' not in ann
    assert 'data-seat-check="Ann"' in bob and "R5 J" in bob and "That's not right" in bob
    assert 'data-seat-check="Ann"' in _page(phones["Cy"], gid)
    assert _tap(phones["Bob"], gid, 0, True).status_code == 302
    after = _page(phones["Bob"], gid)
    assert "You confirmed <bdi>Ann</bdi>&#39;s part." in after and 'data-seat-check="Ann"' not in after
    assert 'data-seat-check="Ann"' not in _page(phones["Cy"], gid)  # confirmed once is enough


def test_where_the_left_hand_player_confirms_only_that_phone_sees_the_buttons(app):
    gid, _ = _table(app, "left")
    phones = _phones(app, gid)
    _send(phones["Ann"], gid, rack="R5")
    assert 'data-seat-check="Ann"' in _page(phones["Bob"], gid)
    assert 'data-seat-check="Ann"' not in _page(phones["Cy"], gid)
    refused = _tap(phones["Cy"], gid, 0, True)
    assert refused.status_code == 422 and "At this table Bob confirms Ann" in refused.get_data(as_text=True)


def test_a_dispute_shows_on_both_phones_and_the_editor_settles_it_on_the_page(app, client):
    gid, secret = _table(app, "none", ("Ann", "Bob"))
    phones = _phones(app, gid, ("Ann", "Bob"))
    _send(phones["Bob"], gid, rack="K9")
    # with nobody asked to confirm, no buttons
    assert "Looks right" not in _page(phones["Ann"], gid)
    with app.app_context():
        open_seats(services.get_game(gid), "any")
        db.session.commit()
    assert _tap(phones["Ann"], gid, 1, False).status_code == 302
    said = "<bdi>Ann</bdi> disputes <bdi>Bob</bdi>'s part: the game's editor settles it."
    assert said in _page(phones["Ann"], gid) and said in _page(phones["Bob"], gid)
    assert 'data-seat-check="Bob"' not in _page(phones["Ann"], gid)  # neither phone approves it now
    # a stranger cannot settle; the editor sees the part and sends it back
    assert _tap(app.test_client(), gid, 1, True, settle="1").status_code == 403
    client.set_cookie(f"sk_edit_{gid}", secret)
    editor = _page(client, gid)
    assert 'data-seat-disputed="Bob"' in editor and "K9" in editor and "Accept the part" in editor
    assert _tap(client, gid, 1, False, settle="1").status_code == 302
    assert "<bdi>Bob</bdi>&#39;s part is sent back: <bdi>Bob</bdi> enters it again." in _page(client, gid)
    assert "0 of 2 in" in _page(phones["Bob"], gid)  # Bob's part is gone: he sends it again
    # sent again and disputed again, the editor accepts it; Ann went out and the hand records once
    _send(phones["Bob"], gid, rack="K7"), _tap(phones["Ann"], gid, 1, False)
    _send(phones["Ann"], gid, went_out="1"), _tap(phones["Bob"], gid, 0, True)
    assert _tap(client, gid, 1, True, settle="1").status_code == 302
    assert "Round 1 recorded." in _page(client, gid)
    with app.app_context():
        assert [r.facts for r in services.get_game(gid).rounds] == [
            {"winner": 0, "players": [{"rack": ""}, {"rack": "K7"}]}
        ]


def test_a_confirmation_form_that_is_not_the_pages_changes_nothing(app):
    gid, _ = _table(app, "any")
    phones = _phones(app, gid)
    token = csrf_from(_page(phones["Bob"], gid))
    bad = phones["Bob"].post(f"/games/{gid}/seat/confirm", data={"csrf_token": token, "seat": "x"})
    assert bad.status_code == 422 and "This form is not one of this page" in bad.get_data(as_text=True)
    early = _tap(phones["Bob"], gid, 0, True)
    assert early.status_code == 422 and "Ann has not sent a part of this hand yet." in early.get_data(
        as_text=True
    )
    assert _tap(app.test_client(), gid, 0, True).status_code == 403  # no seat on this phone


def test_a_part_sent_again_after_the_page_showed_it_is_not_confirmed_unseen(app):
    gid, _ = _table(app, "any")
    phones = _phones(app, gid)
    _send(phones["Ann"], gid, rack="R5 J")
    shown = _page(phones["Bob"], gid)
    seen = re.search(r'name="seen" value="([0-9a-f]{16})"', shown).group(1)
    _send(phones["Ann"], gid, rack="R5")  # Ann corrects her rack while Bob reads the old one
    stale = _tap(phones["Bob"], gid, 0, True, seen=seen)
    page = stale.get_data(as_text=True)
    assert stale.status_code == 409
    assert "Ann sent their part again after you looked at it: check the new one." in html.unescape(page)
    assert 'data-seat-check="Ann"' in page and "R5 J" not in page  # the new part, still to confirm
    fresh = re.search(r'name="seen" value="([0-9a-f]{16})"', page).group(1)
    assert fresh != seen
    assert _tap(phones["Bob"], gid, 0, True, seen=fresh).status_code == 302
    assert 'data-seat-check="Ann"' not in _page(phones["Cy"], gid)  # confirmed, as seen
