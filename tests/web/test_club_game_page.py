"""A club night table's game page (docs/club-night.md "At the table"): no Rematch and no Delete game
(a rematch would be a game outside the evening, and the game is the record of the table's result:
both refused with 409 if sent anyway, the game unchanged), and a result the organiser set is said
on the game page and the seat page, with the reason and, when it differs from the game's totals,
that the evening counts the organiser's scores. On a real SQLite file through the test client."""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.services.club import current_round, delete_event, get_event, override
from scorekeeper.storage.extensions import db

from .club_support import play_hand, seated_evening, take_seat
from .game_support import csrf_from
from .test_club_pages import plain


def _editor(app, night):
    """A phone holding the table's game's edit secret (the organiser's link to it)."""
    client = app.test_client()
    gid = night["games"][0]
    client.get(f"/games/{gid}/join/{night['edit'][0]}")
    return client, gid


def test_a_club_tables_game_has_no_rematch_and_no_delete(app):
    night = seated_evening(app)
    client, gid = _editor(app, night)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Club night: table 1 of" in page and "data-club-declare" in page  # the editor's page
    assert f"/games/{gid}/rematch" not in page and f"/games/{gid}/delete" not in page
    assert "Share" in plain(client.get(f"/games/{gid}"))  # the rest of the game's actions stay
    listed = client.get("/games/").get_data(as_text=True)  # the games list: this phone edits it
    assert f'href="/games/{gid}"' in listed
    assert f"/games/{gid}/rematch" not in listed and f"/games/{gid}/delete" not in listed
    token = csrf_from(page)
    for url in (f"/games/{gid}/rematch", f"/games/{gid}/delete"):
        refused = client.post(url, data={"csrf_token": token})
        assert refused.status_code == 409, url
        assert "This game is table 1 of the club night" in plain(refused)
    assert client.get(f"/games/{gid}/delete").status_code == 409
    with app.app_context():
        assert services.get_game(gid) is not None
        assert db.session.scalar(db.text("select count(*) from rematches")) == 0
        delete_event(get_event(night["event"]))  # a deleted evening lets its games go
        db.session.commit()
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Club night: table" not in page
    assert f"/games/{gid}/rematch" in page and f"/games/{gid}/delete" in page
    listed = client.get("/games/").get_data(as_text=True)
    assert f"/games/{gid}/rematch" in listed and f"/games/{gid}/delete" in listed


def test_a_game_of_no_evening_keeps_its_rematch_and_delete(app, client):
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {"target": "50"})
        db.session.commit()
        gid = game.public_id
    client.get(f"/games/{gid}/join/{secret}")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f"/games/{gid}/rematch" in page and f"/games/{gid}/delete" in page


def test_the_organisers_result_is_said_on_the_game_page_and_the_seat_page(app):
    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    play_hand(app, gid, winner=0)
    with app.app_context():
        totals = list(services.game_score(services.get_game(gid)).totals)
        event = get_event(night["event"])
        override(event, current_round(event).tables[0], [10, 5, 0, -15], "Cy's rack was counted twice")
        db.session.commit()
    assert totals != [10, 5, 0, -15]
    seat = app.test_client()
    take_seat(seat, gid, names[1])
    for page in (app.test_client().get(f"/games/{gid}"), seat.get(f"/games/{gid}/seat")):
        text = re.sub(r" ([,.])", r"\1", plain(page))  # "Ann 10 , Bob 5" as read: "Ann 10, Bob 5"
        said = ", ".join(f"{n} {s}" for n, s in zip(names[:3], [10, 5, 0], strict=True))
        assert f"The organiser set this table's result: {said} and {names[3]} -15." in text
        assert "Why: Cy's rack was counted twice" in text
        assert "The evening counts these scores, not the game's own totals." in text
        assert "The result is final:" not in text
    # the organiser's result the same as the game's totals: nothing to tell apart
    with app.app_context():
        event = get_event(night["event"])
        override(event, current_round(event).tables[0], totals, "checked again")
        db.session.commit()
    text = plain(app.test_client().get(f"/games/{gid}"))
    assert "The organiser set this table's result:" in text and "Why: checked again" in text
    assert "not the game's own totals" not in text
