"""What the organiser's page and the table's phones say at the evening's turning points, found by
running a club evening as its organiser and players would (docs/club-night.md): before anyone is
checked in the page says where that is done; the last round is no "Round 3" to wait for; a player
who opens their table's game from the evening's page finds the way to their seat, where the hands
are entered and the result declared; the season's page explains struck-through evenings only when
some can be."""

from __future__ import annotations

import re

from scorekeeper.services.club import get_event
from scorekeeper.storage.extensions import db

from .club_support import play_hand, play_round, post_result, seated_evening, take_seat
from .table_support import create_table
from .test_club_pages import NAMES, check_everyone_in, new_event, override_round, plain, send


def next_title(page: str) -> str:
    return re.search(r'<h2 id="next-title">(.*?)</h2>', page, flags=re.S)[1]


def test_the_last_round_waits_for_no_next_round(client):
    """An evening of 1 round: while it is played the page names no round 2, and while the
    semi-finals are played it waits for the final, not for a "Round 3"."""
    event_url = new_event(client, create_table(client, "Thursday club", NAMES), rounds="1")
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "7"})
    page = client.get(event_url).text
    assert next_title(page) == "After the last round"
    assert "This is the evening's last round: once every table has a final result" in plain(
        client.get(event_url)
    )
    assert "The next round is seated once" not in page
    override_round(client, event_url)
    assert send(client, event_url, "cut", {"kind": "semis"}).status_code == 302
    page = client.get(event_url).text
    assert next_title(page) == "The final"
    assert "The next round is seated once every table of this round has a final result." in page


def club_box(page: str) -> str:
    return page.split("data-club-table")[1].split("</section>")[0]


def test_the_game_page_of_a_table_leads_a_player_to_their_seat(app):
    """The evening's page links each table's game page, read-only for a player's phone; its club
    box says the result is declared "on their own phone" and links the seat page that does it,
    until the result is final."""
    night = seated_evening(app)
    gid = night["games"][0]
    box = club_box(app.test_client().get(f"/games/{gid}").get_data(as_text=True))
    assert f'<a href="/games/{gid}/seat">Take your seat</a> on your own phone' in box
    with app.app_context():
        play_round(get_event(night["event"]))
        db.session.commit()
    final = club_box(app.test_client().get(f"/games/{gid}").get_data(as_text=True))
    assert "The result is final" in final and "Take your seat" not in final


def test_the_season_explains_struck_through_evenings_only_when_best_ones_are_counted(client):
    table_id = create_table(client, "Thursday club", NAMES)
    event_url = new_event(client, table_id)
    check_everyone_in(client, event_url)
    send(client, event_url, "seat", {"rule": "draw", "seed": "5"})
    override_round(client, event_url)
    struck = "A struck-through evening is not among the best ones counted."
    every = plain(client.get(f"/tables/{table_id}/season"))
    assert "Rank Player Total 2026-12-03" in every and struck not in every
    assert struck in plain(client.get(f"/tables/{table_id}/season?best=1"))


def test_before_anyone_is_checked_in_the_seat_form_points_to_the_check_in(client):
    """The check-in is the evening's first step but sits under the standings, far below the form
    seating round 1: the form says so, instead of "0 players present"."""
    event_url = new_event(client, create_table(client, "Thursday club", NAMES))
    page = client.get(event_url).text
    assert 'Nobody is checked in yet: <a href="#players-title">check the players in</a> first' in page
    assert 'id="players-title"' in page and "0 players present" not in page
    check_everyone_in(client, event_url)
    page = client.get(event_url).text
    assert "8 players present" in page and "data-check-in-first" not in page


def test_declaring_is_not_the_seat_pages_loudest_button_before_a_hand_is_played(app):
    """A seated phone's first screen showed "Declare the result" as its one primary button before
    any hand was played, above the part a player enters; it is a secondary button until a hand is
    recorded."""
    night = seated_evening(app)
    gid = night["games"][0]
    phone = app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', phone.get(f"/games/{gid}/seat").text)[1]
    phone.post(f"/games/{gid}/seat/take", data={"csrf_token": token, "name": night["names"][0][0]})

    def declare_button() -> str:
        return re.search(
            r"<button [^>]*data-club-declare[^>]*>", club_box(phone.get(f"/games/{gid}/seat").text)
        )[0]

    assert "secondary" in declare_button()
    play_hand(app, gid)
    assert "secondary" not in declare_button()


def test_a_result_withdrawn_by_a_hand_says_why_it_is_gone(app):
    """A hand recorded after the result was declared withdraws it (it is no longer the game's
    totals); the phones' Confirm button vanished with no word. The box says why, until the result
    is declared again."""
    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    ann, bob = app.test_client(), app.test_client()
    take_seat(ann, gid, names[0])
    take_seat(bob, gid, names[1])
    play_hand(app, gid)
    assert post_result(ann, gid, "declare").status_code == 302
    assert "data-club-withdrawn" not in club_box(bob.get(f"/games/{gid}/seat").text)
    play_hand(app, gid, winner=1)  # a hand more: the declared totals are not the game's any longer
    box = club_box(bob.get(f"/games/{gid}/seat").text)
    assert "The result declared before was withdrawn: a hand changed after it." in box
    assert "data-club-confirm" not in box
    assert post_result(ann, gid, "declare").status_code == 302
    box = club_box(bob.get(f"/games/{gid}/seat").text)
    assert "data-club-withdrawn" not in box and "data-club-confirm" in box
