"""A form that starts something is taken once (scorekeeper/web/form_once.py): the same page sent
twice (a double tap, a retry, both at the same moment) starts one game or table, and the second
send is given the first's redirect and secret; two changes the database tells apart at the same
moment are a 409, not a 500."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from scorekeeper import services
from scorekeeper.services.tables import roster
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game
from scorekeeper.storage.table_models import Table
from scorekeeper.web import form_once

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
    again = client.post(f"/tables/{table_id}/play/rummikub", data=data)
    assert _went_to(again) == _went_to(answers[0]) and _count(app, Game) == 1


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
