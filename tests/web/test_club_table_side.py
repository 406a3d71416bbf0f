"""A club night table's result on its seated phones (issue 39, docs/club-night.md): one seat's
phone declares the game's totals, another seat's phone confirms them; the declarer cannot confirm,
a phone without a seat cannot do either, and the game's editor may declare from the game page."""

from __future__ import annotations

import re

from scorekeeper.services.club import current_round, get_event
from scorekeeper.services.club.results import EDITOR

from .club_support import play_hand, post_result, seated_evening, take_seat
from .game_support import csrf_from


def _table(app, public_id: str):
    with app.app_context():
        t = current_round(get_event(public_id)).tables[0]
        return {
            "result": t.result,
            "declared_by": t.declared_by,
            "confirmed_by": t.confirmed_by,
            "final": t.final,
        }


def test_one_seat_declares_another_confirms_and_the_result_counts(app):
    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    first, second = app.test_client(), app.test_client()
    take_seat(first, gid, names[0]), take_seat(second, gid, names[1])
    page = first.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "Club night: table 1 of" in page and "<bdi>December night</bdi>" in page and ", round 1" in page
    assert "Declare the result" in page
    play_hand(app, gid, winner=0)
    declared = post_result(first, gid, "declare")
    assert declared.status_code == 302 and declared.headers["Location"].endswith(f"/games/{gid}/seat")
    assert _table(app, night["event"])["declared_by"] == 0
    # the other seat's phone: "Confirm the result: <declarer> declared <scores with names>"
    other = second.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert f"Confirm the result: <bdi>{names[0]}</bdi> declared <bdi>{names[0]}</bdi>" in other
    assert "data-club-confirm" in other
    # the declarer's own phone offers no Confirm, and a confirm from it is refused with the sentence
    own = first.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "data-club-confirm" not in own and "confirms it on their own phone" in own
    refused = post_result(first, gid, "confirm")
    assert refused.status_code == 409
    assert f"A second player confirms the result: <bdi>{names[0]}</bdi> declared it." in refused.get_data(
        as_text=True
    )
    assert not _table(app, night["event"])["final"]
    confirmed = post_result(second, gid, "confirm")
    assert confirmed.status_code == 302
    row = _table(app, night["event"])
    assert row["final"] and row["confirmed_by"] == 1 and row["result"][0] > row["result"][1]
    done = second.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "The result is final:" in done and "data-club-declare" not in done
    again = post_result(second, gid, "confirm", token=csrf_from(other))  # a form left open
    assert again.status_code == 409 and "Table 1&#39;s result is already final." in again.get_data(
        as_text=True
    )


def test_without_a_seat_or_a_secret_a_phone_is_refused(app):
    night = seated_evening(app)
    gid = night["games"][0]
    play_hand(app, gid)
    stranger = app.test_client()
    token = csrf_from(stranger.get(f"/games/{gid}/seat").get_data(as_text=True))
    for action in ("declare", "confirm"):
        assert post_result(stranger, gid, action, token=token).status_code == 403
    assert post_result(stranger, gid, "declare", page="game", token=token).status_code == 403
    assert _table(app, night["event"])["result"] is None


def _one_phone(app, seat: int):
    """An evening seated, and a phone holding ``seat`` of its table's game."""
    night = seated_evening(app)
    gid = night["games"][0]
    phone = app.test_client()
    take_seat(phone, gid, night["names"][0][seat])
    return night, gid, phone


def test_without_the_csrf_token_nothing_is_kept(app):
    night, gid, phone = _one_phone(app, 0)
    play_hand(app, gid)
    assert phone.post(f"/games/{gid}/club/declare", data={"from": "seat"}).status_code == 400
    assert _table(app, night["event"])["result"] is None


def test_a_hand_must_be_played_before_a_result_is_declared(app):
    _night, gid, phone = _one_phone(app, 2)
    refused = post_result(phone, gid, "declare")
    assert refused.status_code == 409 and "Table 1 has played no hand yet." in refused.get_data(as_text=True)


def test_the_editor_declares_from_the_game_page_and_a_seat_confirms(app):
    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    editor, seat = app.test_client(), app.test_client()
    editor.get(f"/games/{gid}/join/{night['edit'][0]}")
    take_seat(seat, gid, names[3])
    play_hand(app, gid, winner=2)
    page = editor.get(f"/games/{gid}").get_data(as_text=True)
    assert "Club night: table 1 of" in page and "data-club-declare" in page
    declared = post_result(editor, gid, "declare", page="game")
    assert declared.status_code == 302 and declared.headers["Location"].endswith(f"/games/{gid}")
    assert _table(app, night["event"])["declared_by"] == EDITOR
    # the game page (kept rendered per change) shows the declared result at once
    after = editor.get(f"/games/{gid}").get_data(as_text=True)
    assert "The game's editor declared" in after and "data-club-declare" in after
    reader = app.test_client().get(f"/games/{gid}").get_data(as_text=True)
    assert (
        "The game's editor declared" in reader
        and "<form" not in reader.split("data-club-table")[1].split("</section>")[0]
    )
    confirm_page = seat.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "Confirm the result: the game's editor declared" in confirm_page
    assert post_result(seat, gid, "confirm").status_code == 302
    assert _table(app, night["event"])["final"]


def test_a_game_of_no_evening_has_no_box(app):
    from scorekeeper import services
    from scorekeeper.services.seats import open_seats
    from scorekeeper.storage.extensions import db

    with app.app_context():
        game, _ = services.create_game("rummikub", ["Ann", "Bob"], {})
        open_seats(game)
        db.session.commit()
        gid = game.public_id
    client = app.test_client()
    assert "data-club-table" not in client.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "data-club-table" not in client.get(f"/games/{gid}").get_data(as_text=True)


def test_the_editor_confirms_a_seats_result_from_the_game_page(app):
    night, gid, phone = _one_phone(app, 1)
    editor = app.test_client()
    editor.get(f"/games/{gid}/join/{night['edit'][0]}")
    play_hand(app, gid, winner=1)
    assert post_result(phone, gid, "declare").status_code == 302
    page = editor.get(f"/games/{gid}").get_data(as_text=True)
    assert (
        f"Confirm the result: <bdi>{night['names'][0][1]}</bdi> declared" in page
        and "data-club-confirm" in page
    )
    assert post_result(editor, gid, "confirm", page="game").status_code == 302
    row = _table(app, night["event"])
    assert row["final"] and row["confirmed_by"] == EDITOR


def test_a_final_table_takes_no_more_hands_on_its_phones_or_its_hand_form(app):
    """Once the table's result is final, the seat page says so instead of offering the next hand,
    a part sent anyway is refused (422) and the editor's hand form sends back to the game page."""
    night = seated_evening(app)
    gid, names, edit = night["games"][0], night["names"][0], night["edit"][0]
    first, second = app.test_client(), app.test_client()
    take_seat(first, gid, names[0]), take_seat(second, gid, names[1])
    play_hand(app, gid, winner=0)
    open_page = first.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "Send my part" in open_page  # hand 2 is open
    post_result(first, gid, "declare"), post_result(second, gid, "confirm")
    page = first.get(f"/games/{gid}/seat").get_data(as_text=True)
    closed = "This table&#39;s result for the evening is final: it takes no more hands."
    assert closed in page and "Send my part" not in page
    sent = first.post(
        f"/games/{gid}/seat",
        data={"csrf_token": csrf_from(open_page), "hand_number": "2", "rack": "R5"},  # a form left open
    )
    assert sent.status_code == 422 and closed in sent.get_data(as_text=True)
    editor = app.test_client()
    form = editor.get(f"/games/{gid}/rounds/new", headers={"Authorization": f"Bearer {edit}"})
    assert form.status_code == 302 and form.headers["Location"].endswith(f"/games/{gid}")
    with app.app_context():
        from scorekeeper import services

        assert len(services.get_game(gid).rounds) == 1


def test_a_final_table_takes_no_part_from_its_editor_either(app):
    """The editor's "fill in a part" and "close the hand" on the seat page recorded hand 2 at a
    table whose result was final (a hostile probe found it, 6 December): the game's totals moved
    and the evening's result did not. Now both are refused as a seat's own part is."""
    night = seated_evening(app)
    gid, names, edit = night["games"][0], night["names"][0], night["edit"][0]
    first, second = app.test_client(), app.test_client()
    take_seat(first, gid, names[0]), take_seat(second, gid, names[1])
    play_hand(app, gid, winner=0)
    post_result(first, gid, "declare"), post_result(second, gid, "confirm")
    editor = app.test_client()
    editor.set_cookie(f"sk_edit_{gid}", edit)
    token = csrf_from(editor.get(f"/games/{gid}/seat").get_data(as_text=True))
    closed = "This table&#39;s result for the evening is final: it takes no more hands."
    for seat, fields in enumerate([{"went_out": "y"}, {"rack": "R5"}, {"rack": "B6"}, {"rack": "K7"}]):
        data = {"csrf_token": token, "seat": str(seat), "hand_number": "2", **fields}
        sent = editor.post(f"/games/{gid}/seat/fill", data=data)
        assert sent.status_code == 422 and closed in sent.get_data(as_text=True), seat
    shut = editor.post(f"/games/{gid}/seat/close", data={"csrf_token": token, "hand_number": "2"})
    assert shut.status_code == 422 and closed in shut.get_data(as_text=True)
    with app.app_context():
        from scorekeeper import services

        assert len(services.get_game(gid).rounds) == 1


def test_one_phone_holding_a_seat_and_the_edit_secret_is_one_player(app):
    """A phone with a seat acts as its seat from either page: it cannot declare as the game's editor
    and confirm as its seat."""
    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    phone, other = app.test_client(), app.test_client()
    take_seat(phone, gid, names[0]), take_seat(other, gid, names[1])
    phone.get(f"/games/{gid}/join/{night['edit'][0]}")
    play_hand(app, gid, winner=0)
    assert post_result(phone, gid, "declare", page="game").status_code == 302
    assert _table(app, night["event"])["declared_by"] == 0
    for page in ("seat", "game"):
        assert post_result(phone, gid, "confirm", page=page).status_code == 409
    assert not _table(app, night["event"])["final"]
    assert post_result(other, gid, "confirm").status_code == 302


def test_a_confirm_form_left_open_over_a_new_declaration_is_refused(app):
    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    first, second = app.test_client(), app.test_client()
    take_seat(first, gid, names[0]), take_seat(second, gid, names[1])
    play_hand(app, gid, winner=0)
    assert post_result(first, gid, "declare").status_code == 302
    shown = second.get(f"/games/{gid}/seat").get_data(as_text=True)
    seen = re.search(r'name="seen" value="([^"]*)"', shown).group(1)
    play_hand(app, gid, winner=1)  # a hand after the declaration withdraws it
    assert _table(app, night["event"])["result"] is None
    assert post_result(first, gid, "declare").status_code == 302
    sent = {"csrf_token": csrf_from(shown), "from": "seat", "seen": seen}
    refused = second.post(f"/games/{gid}/club/confirm", data=sent)
    assert refused.status_code == 409 and "has changed since the page showed it" in refused.get_data(
        as_text=True
    )
    assert not _table(app, night["event"])["final"]


def test_declaring_and_confirming_touch_the_games_live_version(app):
    """The table's other phones follow the game's live version: a declare and a confirm (conditional
    UPDATEs, which pass the session's change tracking by) each move it, so Confirm shows up there."""
    from scorekeeper.services.games import game_stamp

    night = seated_evening(app)
    gid, names = night["games"][0], night["names"][0]
    first, second = app.test_client(), app.test_client()
    take_seat(first, gid, names[0]), take_seat(second, gid, names[1])
    play_hand(app, gid, winner=0)
    with app.app_context():
        before = game_stamp(gid)
    assert post_result(first, gid, "declare").status_code == 302
    with app.app_context():
        declared = game_stamp(gid)
    assert declared != before
    assert post_result(second, gid, "confirm").status_code == 302
    with app.app_context():
        assert game_stamp(gid) not in (before, declared)
