"""The game's editor on the seat page (issue 38, docs/own-phones.md): frees a seat, keeps it for a
player without a phone, or gives it to a new phone, whose link and QR code show once."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from .game_support import csrf_from
from .test_seat_confirm_page import _page, _phones, _table


def _manage(client, gid: str, seat: str, action: str):
    token = csrf_from(client.get("/games/new/rummikub").get_data(as_text=True))
    return client.post(
        f"/games/{gid}/seat/manage", data={"csrf_token": token, "seat": seat, "action": action}
    )


def test_the_editor_frees_keeps_and_gives_seats_on_the_page(app, client):
    gid, secret = _table(app, "none", ("Ann", "Bob"))
    phones = _phones(app, gid, ("Ann", "Bob"))
    assert "Free the seat" not in _page(phones["Ann"], gid)  # a player's phone has no editor's buttons
    assert _manage(phones["Ann"], gid, "1", "free").status_code == 403
    client.set_cookie(f"sk_edit_{gid}", secret)
    assert 'data-seat-holder="Bob"' in _page(client, gid)
    # freed: Bob's phone no longer holds the seat, and it is offered again
    assert _manage(client, gid, "1", "free").status_code == 302
    assert "Bob&#39;s seat is free: another phone may take it." in _page(client, gid)
    assert "I am Bob" in _page(phones["Bob"], gid)
    # kept for a player without a phone: no phone is offered it
    assert _manage(client, gid, "1", "keep").status_code == 302
    assert "I am Bob" not in _page(app.test_client(), gid)
    # given to a new phone: the link shows once, and it holds the seat
    given = _manage(client, gid, "0", "give")
    body = given.get_data(as_text=True)
    assert given.status_code == 200 and "A new phone for Ann" in body and "<svg" in body
    link = re.search(r"data-seat-link>([^<]+)<", body).group(1)
    assert "Ann" not in _page(phones["Ann"], gid).split("<h1>")[1].split("</h1>")[0]  # the old phone lost it
    new = app.test_client()
    assert new.get(urlsplit(link).path).status_code == 302
    assert "Ann's seat" in _page(new, gid)


def test_a_manage_form_that_is_not_the_pages_changes_nothing(app, client):
    gid, secret = _table(app, "none", ("Ann", "Bob"))
    client.set_cookie(f"sk_edit_{gid}", secret)
    for seat, action in (("x", "free"), ("0", "burn")):
        refused = _manage(client, gid, seat, action)
        assert refused.status_code == 422 and "This form is not one of this page" in refused.get_data(
            as_text=True
        )
    assert _manage(client, gid, "7", "keep").status_code == 422
