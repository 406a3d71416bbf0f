"""A form that starts something is taken once (scorekeeper/web/form_once.py): the same page sent
twice (a double tap, a retry, both at the same moment) starts one game or table, and the second
send is given the first's redirect and secret; two changes the database tells apart at the same
moment are a 409, not a 500."""

from __future__ import annotations

import re
import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from scorekeeper import services
from scorekeeper.rules import variants
from scorekeeper.services.tables import roster
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game
from scorekeeper.storage.table_models import Table
from scorekeeper.web import form_once
from tests.seated import seated_game

from .game_support import new_game_data, page_fields, secret_cookie
from .table_support import create_table, roster_form
from .tally import Tally, tally_registered


@pytest.fixture
def tally(app):
    with tally_registered():
        yield Tally().describe()


def _count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def _went_to(answer) -> str:
    assert answer.status_code == 302, answer.text[:2000]
    return answer.headers["Location"].rstrip("/").split("/")[-1]


def _new_game_form(client, tally, names=("Ann", "Bob")) -> dict:
    page = client.get(f"/games/new/{tally['slug']}")
    return {**new_game_data(tally, list(names)), **page_fields(page.text)}


def _same_browser(app, client, *more: str):
    """Another test client with this one's session cookie (and the cookies ``more`` names): the same
    browser sending again."""
    twin = app.test_client()
    for name in ("session", *more):
        twin.set_cookie(name, client.get_cookie(name).value)
    return twin


def test_the_new_game_form_sent_twice_starts_one_game(app, client, tally):
    data = _new_game_form(client, tally)
    first = _went_to(client.post(f"/games/new/{tally['slug']}", data=data))
    secret = secret_cookie(client, first)
    client.delete_cookie(f"sk_edit_{first}")  # the first answer was lost on the way (a double tap)
    again = client.post(f"/games/new/{tally['slug']}", data=data, follow_redirects=True)
    assert again.request.path == f"/games/{first}"
    assert "Sent twice: this is what the first one started." in again.text
    assert _count(app, Game) == 1
    assert secret_cookie(client, first) == secret  # the phone keeps score: the secret was given again


def test_the_same_page_with_other_fields_starts_another_game(app, client, tally):
    data = _new_game_form(client, tally)
    first = _went_to(client.post(f"/games/new/{tally['slug']}", data=data))
    other = _went_to(client.post(f"/games/new/{tally['slug']}", data={**data, "player_1": "Cy"}))
    assert other != first and _count(app, Game) == 2


def test_a_page_sent_again_after_the_window_starts_anew(app, client, tally, monkeypatch):
    data = _new_game_form(client, tally)
    first = _went_to(client.post(f"/games/new/{tally['slug']}", data=data))
    monkeypatch.setattr(form_once, "WINDOW", timedelta(0))
    assert _went_to(client.post(f"/games/new/{tally['slug']}", data=data)) != first


def test_another_browser_with_the_key_is_given_nothing_of_the_first(app, client, tally):
    """The key alone is not enough: the answer is kept for the browser that sent it (its session)."""
    data = _new_game_form(client, tally)
    first = _went_to(client.post(f"/games/new/{tally['slug']}", data=data))
    stranger = app.test_client()
    data = {**data, **page_fields(stranger.get(f"/games/new/{tally['slug']}").text), "once": data["once"]}
    theirs = _went_to(stranger.post(f"/games/new/{tally['slug']}", data=data))
    assert theirs != first and stranger.get_cookie(f"sk_edit_{first}") is None


def test_sent_twice_at_the_same_moment_starts_one_game(app, client, tally):
    for _ in range(3):
        data = _new_game_form(client, tally)
        senders = [client, _same_browser(app, client)]
        answers = _together(
            [lambda s=s, d=data: s.post(f"/games/new/{tally['slug']}", data=d) for s in senders]
        )
        assert len({_went_to(a) for a in answers}) == 1
    assert _count(app, Game) == 3


def _together(sends) -> list:
    """Each send in a thread of its own, released together; their answers in order."""
    release = threading.Barrier(len(sends))
    answers: list = [None] * len(sends)

    def send(i: int) -> None:
        release.wait()
        answers[i] = sends[i]()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(sends))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_the_new_table_form_sent_twice_starts_one_table(app, client):
    page = client.get("/tables/")
    data = {**page_fields(page.text), "name": "Thursday", "players": "Ann\nBob"}
    answers = _together(
        [lambda s=s: s.post("/tables/new", data=data) for s in (client, _same_browser(app, client))]
    )
    table_id = _went_to(answers[0])
    assert _went_to(answers[1]) == table_id and _count(app, Table) == 1
    with app.app_context():
        assert roster.secret_matches(
            roster.get_table(table_id), client.get_cookie(f"sk_table_{table_id}").value
        )


def test_a_table_s_game_form_sent_twice_starts_one_game(app, client):
    table_id = create_table(client, "Thursday", ["Ann", "Bob"])
    # a newcomer typed in too: both sends would add her to the roster (a 500 before)
    data = roster_form(client, table_id, "rummikub", ["Ann", "Bob"], newcomers=["Cy"])
    senders = (client, _same_browser(app, client, f"sk_table_{table_id}"))
    answers = _together([lambda s=s: s.post(f"/tables/{table_id}/play/rummikub", data=data) for s in senders])
    assert len({_went_to(a) for a in answers}) == 1 and _count(app, Game) == 1
    first = _went_to(answers[0])
    client.delete_cookie(f"sk_edit_{first}")  # the first answer lost: the table's secret makes it again
    again = client.post(f"/tables/{table_id}/play/rummikub", data=data)
    assert _went_to(again) == first and _count(app, Game) == 1
    with app.app_context():
        assert services.secret_matches(services.get_game(first), secret_cookie(client, first))


def test_a_write_the_database_refuses_at_the_same_moment_is_a_409(app, client, monkeypatch):
    """Two phones adding the same name to a roster at once: the database's unique name refuses the
    second, which is told so, and nothing of it is kept."""
    table_id = create_table(client, "Thursday", ["Ann", "Bob"])

    def raced(*_args, **_kwargs):
        raise IntegrityError("INSERT INTO table_members", {}, Exception("UNIQUE constraint failed"))

    monkeypatch.setattr(roster, "roster_players", raced)
    page = client.get(f"/tables/{table_id}")
    answer = client.post(f"/tables/{table_id}/players", data={**page_fields(page.text), "name": "Cy"})
    assert answer.status_code == 409
    assert "Someone else changed this at the same moment; nothing of this change was kept." in answer.text
    with app.app_context():
        assert [m.name for m in roster.get_table(table_id).members] == ["Ann", "Bob"]
        assert services.list_games() == []


def test_the_hand_form_sent_twice_records_one_hand(app, client):
    """Without the page's script a double tap on Save sent the hand twice: the second was told
    "Nothing was saved" (the first had been) and its form, filled again against the new version,
    recorded the same hand twice at one more tap. Now both land on the game with one hand."""
    rummikub = next(v for v in variants() if v["slug"] == "rummikub")
    page = client.get("/games/new/rummikub")
    game = _went_to(
        client.post(
            "/games/new/rummikub", data={**new_game_data(rummikub, ["Ann", "Bob"]), **page_fields(page.text)}
        )
    )
    for rack in ("R5", "K7"):  # one hand sent twice one after the other, then one sent twice at once
        page = client.get(f"/games/{game}/rounds/new")
        data = {
            **page_fields(page.text),
            "version": _version(page.text),
            "winner": "0",
            "players.1.rack": rack,
        }
        senders = (client, _same_browser(app, client, f"sk_edit_{game}"))
        answers = _together(
            [lambda s=s, d=data: s.post(f"/games/{game}/rounds/new", data=d) for s in senders]
        )
        assert [_went_to(a) for a in answers] == [game, game], [a.status_code for a in answers]
        again = client.post(f"/games/{game}/rounds/new", data=data, follow_redirects=True)
        assert "Sent twice: this is what the first one started." in again.text
    with app.app_context():
        racks = [r.facts["players"][1]["rack"] for r in services.get_game(game).rounds]
    assert racks == ["R5", "K7"]


def _version(html: str) -> str:
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def test_setting_up_the_evening_twice_sets_up_one_evening(app, client):
    from scorekeeper.storage.club_models import ClubEvent

    from .test_club_pages import NEW_EVENT

    table_id = create_table(client, "Thursday club", ["Ann", "Bob", "Cy", "Dee"])
    page = client.get(f"/tables/{table_id}/events/new")
    data = {**NEW_EVENT, **page_fields(page.text)}
    senders = (client, _same_browser(app, client, f"sk_table_{table_id}"))
    answers = _together([lambda s=s: s.post(f"/tables/{table_id}/events/new", data=data) for s in senders])
    assert len({_went_to(a) for a in answers}) == 1 and _count(app, ClubEvent) == 1


def test_a_seat_taken_with_a_double_tap_stays_this_phone_s(app):
    """The second tap was told "Ann's seat is already taken by another phone" and the phone held no
    seat (the browser shows the second answer and drops the first one's cookie): only the editor
    could give it back."""
    gid = seated_game(app, ["Ann", "Bob"])
    ann = app.test_client()
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    data = {**_seat_form(page, "Ann"), "name": "Ann"}
    answers = _together(
        [lambda s=s: s.post(f"/games/{gid}/seat/take", data=data) for s in (ann, _same_browser(app, ann))]
    )
    assert [_went_to(a) for a in answers] == ["seat", "seat"], [a.status_code for a in answers]
    secret = ann.get_cookie(f"seat_{gid}").value
    ann.delete_cookie(f"seat_{gid}")  # the first answer, lost on the way
    again = ann.post(f"/games/{gid}/seat/take", data=data, follow_redirects=True)
    assert ann.get_cookie(f"seat_{gid}").value == secret
    assert "<bdi>Ann</bdi>'s seat" in again.get_data(as_text=True)


def test_the_last_part_sent_with_a_double_tap_is_told_it_recorded_the_round(app):
    """The second tap on "Send my part" was told "Round 1 is already recorded: this part was not kept"
    about the part that recorded it."""
    gid = seated_game(app, ["Ann", "Bob"])
    ann, bob = app.test_client(), app.test_client()
    for phone, name in ((ann, "Ann"), (bob, "Bob")):
        page = phone.get(f"/games/{gid}/seat").get_data(as_text=True)
        assert (
            _went_to(phone.post(f"/games/{gid}/seat/take", data={**_seat_form(page, name), "name": name}))
            == "seat"
        )
    page = bob.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert _went_to(
        bob.post(f"/games/{gid}/seat", data={**page_fields(page), "hand_number": "1", "rack": "R5"})
    )
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    data = {**page_fields(page), "hand_number": "1", "went_out": "1"}
    answers = _together(
        [
            lambda s=s: s.post(f"/games/{gid}/seat", data=data)
            for s in (ann, _same_browser(app, ann, f"seat_{gid}"))
        ]
    )
    assert [_went_to(a) for a in answers] == ["seat", "seat"], [a.status_code for a in answers]
    shown = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    assert "not kept" not in shown
    with app.app_context():
        assert len(services.get_game(gid).rounds) == 1


def _seat_form(page: str, name: str) -> dict:
    """The fields of the seat page's "I am <name>" form (each free seat's form has its own key)."""
    form = re.search(rf'<form[^>]*seat/take.*?name="name" value="{name}".*?</form>', page, re.S)
    assert form, f"no form to take {name}'s seat"
    return page_fields(form.group(0))


def test_the_last_part_queued_twice_at_once_with_one_key_is_kept_both_times(app):
    """The phone's queue sends a part again with the same key while the first send may still run:
    the second was told "Your part was not kept" (refused for good) about the part that recorded the
    round; it is given the first's answer now (api/idempotency.py)."""
    gid = seated_game(app, ["Ann", "Bob"])
    ann, bob = app.test_client(), app.test_client()
    for phone, name in ((ann, "Ann"), (bob, "Bob")):
        page = phone.get(f"/games/{gid}/seat").get_data(as_text=True)
        _went_to(phone.post(f"/games/{gid}/seat/take", data={**_seat_form(page, name), "name": name}))
    page = bob.get(f"/games/{gid}/seat").get_data(as_text=True)
    _went_to(bob.post(f"/games/{gid}/seat", data={**page_fields(page), "hand_number": "1", "rack": "R5"}))
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    data = {**page_fields(page), "hand_number": "1", "went_out": "1"}
    queued = {"Idempotency-Key": "a-queued-part-1"}
    phones = (ann, _same_browser(app, ann, f"seat_{gid}"))
    answers = _together([lambda s=s: s.post(f"/games/{gid}/seat", data=data, headers=queued) for s in phones])
    assert [a.status_code for a in answers] == [201, 201], [a.get_json() for a in answers]
    assert {a.get_json()["recorded"] for a in answers} == {1}
    with app.app_context():
        assert len(services.get_game(gid).rounds) == 1


def test_a_ruling_kept_with_a_double_tap_is_kept_once(app, client):
    from scorekeeper.storage.table_models import Ruling

    table_id = create_table(client, "Thursday", ["Ann", "Bob"])
    page = client.get(f"/tables/{table_id}/rulings").text
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*name="kind" value="reading".*?</form>', page, re.S).group(
        0
    )
    data = {
        **page_fields(form),
        "kind": "reading",
        "reading-variant": "rummikub",
        "reading-question": "May a joker be taken back?",
        "reading-answer": "Only with the tile it stands for.",
    }
    senders = (client, _same_browser(app, client, f"sk_table_{table_id}"))
    answers = _together([lambda s=s: s.post(f"/tables/{table_id}/rulings", data=data) for s in senders])
    assert [a.status_code for a in answers] == [302, 302], [a.status_code for a in answers]
    assert _went_to(client.post(f"/tables/{table_id}/rulings", data=data))
    assert _count(app, Ruling) == 1


@pytest.mark.parametrize(("cause", "status"), [("database is locked", 503), ("no such table: games", 500)])
def test_a_database_locked_past_its_wait_is_busy_not_a_fault(app, client, monkeypatch, cause, status):
    """Two BG Stats imports at once: the second waited past SQLite's busy timeout for the first's
    write lock and answered 500; it is told to send again (503, Retry-After), nothing kept. Another
    database error is still the unexpected 500."""
    import sqlite3

    from sqlalchemy.exc import OperationalError

    table_id = create_table(client, "Thursday", ["Ann", "Bob"])

    def locked(*_args, **_kwargs):
        raise OperationalError("INSERT INTO table_members", {}, sqlite3.OperationalError(cause))

    monkeypatch.setattr(roster, "roster_players", locked)
    page = client.get(f"/tables/{table_id}")
    answer = client.post(f"/tables/{table_id}/players", data={**page_fields(page.text), "name": "Cy"})
    assert answer.status_code == status
    if status == 503:
        assert answer.headers["Retry-After"] == "2"
        assert "The server is busy with another change; nothing of this one was kept." in answer.text


def test_a_seat_key_read_off_a_phone_takes_nothing_of_that_phone(app):
    """Ann's "I am Ann" key, sent from another browser: it neither takes Ann's seat nor is given her
    secret; taking Bob's seat with it gives that browser a secret of its own, which is not Ann's."""
    gid = seated_game(app, ["Ann", "Bob"])
    ann, other = app.test_client(), app.test_client()
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    key = _seat_form(page, "Ann")["once"]
    _went_to(ann.post(f"/games/{gid}/seat/take", data={**_seat_form(page, "Ann"), "name": "Ann"}))
    theirs = other.get(f"/games/{gid}/seat").get_data(as_text=True)
    stolen = {**_seat_form(theirs, "Bob"), "once": key}
    assert other.post(f"/games/{gid}/seat/take", data={**stolen, "name": "Ann"}).status_code == 409
    assert other.get_cookie(f"seat_{gid}") is None
    _went_to(other.post(f"/games/{gid}/seat/take", data={**stolen, "name": "Bob"}))
    assert other.get_cookie(f"seat_{gid}").value != ann.get_cookie(f"seat_{gid}").value


def test_a_seat_freed_meanwhile_is_not_given_back_by_a_second_send(app, client):
    """A second send of "I am Ann" after the editor freed her seat is given no secret that no longer
    counts (the secret made again is checked against the seats as they are)."""
    from scorekeeper.services.seats import free_seat

    gid = seated_game(app, ["Ann", "Bob"])
    ann = app.test_client()
    page = ann.get(f"/games/{gid}/seat").get_data(as_text=True)
    data = {**_seat_form(page, "Ann"), "name": "Ann"}
    _went_to(ann.post(f"/games/{gid}/seat/take", data=data))
    with app.app_context():
        free_seat(services.get_game(gid), 0)
        db.session.commit()
    ann.delete_cookie(f"seat_{gid}")
    ann.post(f"/games/{gid}/seat/take", data=data)
    assert ann.get_cookie(f"seat_{gid}") is None


def test_a_correction_sent_again_from_an_older_page_is_not_a_second_tap(app, client):
    """Hand 1 corrected to K7, then to K9, then the K7 page sent again: it was answered "Sent twice"
    and the hand stayed K9 without a word; the game moved since that page's first send, so it is the
    old page's own refusal (the game changed: nothing saved), as before pages had keys."""
    rummikub = next(v for v in variants() if v["slug"] == "rummikub")
    page = client.get("/games/new/rummikub")
    form = {**new_game_data(rummikub, ["Ann", "Bob"]), **page_fields(page.text)}
    game = _went_to(client.post("/games/new/rummikub", data=form))
    page = client.get(f"/games/{game}/rounds/new").text
    _went_to(
        client.post(
            f"/games/{game}/rounds/new",
            data={**page_fields(page), "version": _version(page), "winner": "0", "players.1.rack": "R5"},
        )
    )
    sent = []
    for rack in ("K7", "K9"):
        page = client.get(f"/games/{game}/rounds/1/edit").text
        sent.append({**page_fields(page), "version": _version(page), "winner": "0", "players.1.rack": rack})
        _went_to(client.post(f"/games/{game}/rounds/1/edit", data=sent[-1]))
    again = client.post(f"/games/{game}/rounds/1/edit", data=sent[0])
    assert again.status_code == 409 and "Sent twice" not in again.text
    with app.app_context():
        assert services.get_game(game).rounds[0].facts["players"][1]["rack"] == "K9"


def test_a_refusal_answered_with_a_redirect_is_not_kept_as_a_first_send(app, client):
    """A hand sent twice to a game that ended meanwhile: each send is told the game is over, neither
    "Sent twice" (a refusal is no first send to give again)."""
    rummikub = next(v for v in variants() if v["slug"] == "rummikub")
    page = client.get("/games/new/rummikub")
    form = {**new_game_data(rummikub, ["Ann", "Bob"], opt_rounds="1"), **page_fields(page.text)}
    game = _went_to(client.post("/games/new/rummikub", data=form))
    page = client.get(f"/games/{game}/rounds/new").text
    data = {**page_fields(page), "version": _version(page), "winner": "0", "players.1.rack": "R5"}
    with app.app_context():  # another phone's hand ends the one-round game
        services.record_round(
            services.get_game(game), {"winner": 1, "players": [{"rack": "K3"}, {"rack": ""}]}
        )
        db.session.commit()
    for _ in range(2):
        told = client.post(f"/games/{game}/rounds/new", data=data, follow_redirects=True).text
        assert "The game is over" in told and "Sent twice" not in told
