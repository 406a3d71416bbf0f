"""The game's editor on the seat page (issue 38, docs/own-phones.md): frees a seat, keeps it for a
player without a phone, or gives it to a new phone, whose link and QR code show once."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from scorekeeper.services import get_game
from scorekeeper.services.seats import seat_of_secret

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
    # a seat a phone holds is freed after a second tap that says what it does
    held = _page(client, gid).split('data-seat-holder="Bob"', 1)[1]
    assert '<details class="seat-free">' in held.split("</details>", 1)[0]
    assert "The phone holding <bdi>Bob</bdi>'s seat loses it" in held and "Yes, free the seat" in held
    # freed: Bob's phone no longer holds the seat, and it is offered again
    assert _manage(client, gid, "1", "free").status_code == 302
    assert "<bdi>Bob</bdi>&#39;s seat is free: another phone may take it." in _page(client, gid)
    assert "I am <bdi>Bob</bdi>" in _page(phones["Bob"], gid)
    # kept for a player without a phone: no phone is offered it
    assert _manage(client, gid, "1", "keep").status_code == 302
    assert "I am <bdi>Bob</bdi>" not in _page(app.test_client(), gid)
    # given to a new phone: answered with a redirect, the link shows once, and it holds the seat
    given = _manage(client, gid, "0", "give")
    assert given.status_code == 303 and given.headers["Location"].endswith(f"/games/{gid}/seat")
    body = _page(client, gid)
    assert "A new phone for <bdi>Ann</bdi>" in body and "<svg" in body
    link = re.search(r"data-seat-link>([^<]+)<", body).group(1)
    assert "Ann" not in _page(phones["Ann"], gid).split("<h1>")[1].split("</h1>")[0]  # the old phone lost it
    new = app.test_client()
    assert new.get(urlsplit(link).path).status_code == 302
    assert "<bdi>Ann</bdi>'s seat" in _page(new, gid)


def test_a_reload_after_new_phone_gives_the_seat_no_second_time(app, client):
    """POST-redirect-GET: reloading the page the editor lands on shows no new link and makes no new
    secret; the old phone is refused, the one link given works."""
    gid, secret = _table(app, "none", ("Ann", "Bob"))
    phones = _phones(app, gid, ("Ann", "Bob"))
    old_secret = phones["Bob"].get_cookie(f"seat_{gid}").value
    client.set_cookie(f"sk_edit_{gid}", secret)
    given = _manage(client, gid, "1", "give")
    assert given.status_code == 303
    shown = client.get(given.headers["Location"])  # the browser follows the redirect
    link = re.search(r"data-seat-link>([^<]+)<", shown.get_data(as_text=True)).group(1)
    reloaded = _page(client, gid)  # a reload: a GET, nothing posted again
    assert "data-seat-link" not in reloaded and "A new phone for <bdi>Bob</bdi>" not in reloaded
    new_secret = urlsplit(link).path.rsplit("/", 1)[1]
    assert new_secret != old_secret
    with app.app_context():
        game = get_game(gid)
        assert seat_of_secret(game, new_secret).seat == 1  # still the one secret given, not a newer one
        assert seat_of_secret(game, old_secret) is None
    refused = phones["Bob"].get(f"/games/{gid}/seat/{old_secret}", follow_redirects=True)
    assert "This seat link no longer counts" in refused.get_data(as_text=True)
    new = app.test_client()
    assert new.get(urlsplit(link).path).status_code == 302
    assert "<bdi>Bob</bdi>'s seat" in _page(new, gid)


def test_a_manage_form_that_is_not_the_pages_changes_nothing(app, client):
    gid, secret = _table(app, "none", ("Ann", "Bob"))
    client.set_cookie(f"sk_edit_{gid}", secret)
    for seat, action in (("x", "free"), ("0", "burn")):
        refused = _manage(client, gid, seat, action)
        assert refused.status_code == 422 and "This form is not one of this page" in refused.get_data(
            as_text=True
        )
    assert _manage(client, gid, "7", "keep").status_code == 422


def test_the_editors_page_is_headed_seats_and_a_seatless_phone_is_asked_to_take_one(app, client):
    """The editor's phone, holding no seat, manages the seats: it is not told to take one."""
    gid, secret = _table(app, "none", ("Ann", "Bob"))
    client.set_cookie(f"sk_edit_{gid}", secret)

    def heading(body: str) -> tuple[str, str]:
        return re.search(r"<title>([^:<]+):", body).group(1), re.search(r"<h1>(.*?)</h1>", body).group(1)

    assert heading(_page(client, gid)) == ("Seats", "Seats")
    assert heading(_page(app.test_client(), gid)) == ("Take a seat", "Take a seat")
    phones = _phones(app, gid, ("Ann",))
    assert heading(_page(phones["Ann"], gid))[1] == "<bdi>Ann</bdi>'s seat"
