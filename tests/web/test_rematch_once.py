"""A game's rematch is started once: a double tap, a retry or another phone's tap on Rematch goes to
the rematch already started (scorekeeper/services/rematches.py)."""

from __future__ import annotations

import re
import threading

import pytest
from sqlalchemy import func, select

from scorekeeper import services
from scorekeeper.services.games import derived_secret
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .game_support import csrf_from, record_hands, secret_cookie, start_game
from .table_support import create_table, start_from_roster
from .tally import Tally, tally_registered


@pytest.fixture
def tally(app):
    with tally_registered():
        yield Tally().describe()


def _games(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def _rematch(client, public_id: str):
    page = client.get(f"/games/{public_id}")
    return client.post(f"/games/{public_id}/rematch", data={"csrf_token": csrf_from(page.text)})


def _went_to(response) -> str:
    assert response.status_code == 302, response.text
    return response.headers["Location"].rstrip("/").split("/")[-1]


def _phone_with_cookie(app, name: str, value: str):
    phone = app.test_client()
    phone.set_cookie(name, value)
    return phone


def test_a_second_tap_goes_to_the_rematch_already_started(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    page = client.get(f"/games/{game}")
    token = csrf_from(page.text)
    first = _went_to(client.post(f"/games/{game}/rematch", data={"csrf_token": token}))
    made = _games(app)
    second = client.post(f"/games/{game}/rematch", data={"csrf_token": token}, follow_redirects=True)
    assert second.request.path == f"/games/{first}"
    assert "This game&#39;s rematch had already started: here it is." in second.text
    assert _games(app) == made == 2  # the first game and one rematch
    # the game's page now leads to the rematch instead of offering another
    shown = client.get(f"/games/{game}").text
    assert "Go to the rematch" in shown and ">Rematch<" not in shown
    # a phone that only follows the game (no secret) is given a plain link to it
    viewer = app.test_client().get(f"/games/{game}").text
    assert f'href="/games/{first}">Go to the rematch</a>' in viewer
    assert f"/games/{game}/rematch" not in viewer


def test_another_phone_of_the_game_joins_the_same_rematch_as_its_editor(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    other = _phone_with_cookie(app, f"sk_edit_{game}", secret_cookie(client, game))
    first = _went_to(_rematch(client, game))
    assert _went_to(_rematch(other, game)) == first
    assert _games(app) == 2
    # its secret is made from the first game's, so the second phone may keep score in the rematch;
    # by the server (its own key too): an old editor link alone does not work it out
    assert secret_cookie(other, first) == secret_cookie(client, first)
    assert secret_cookie(client, first) != derived_secret(secret_cookie(client, game), first)
    with app.app_context():
        assert services.secret_matches(services.get_game(first), secret_cookie(other, first))


def test_a_table_phone_joins_the_table_s_rematch(app, client):
    table_id = create_table(client, "Thursday", ["Ann", "Bob"])
    game = start_from_roster(client, table_id, "rummikub", ["Ann", "Bob"])
    other = _phone_with_cookie(app, f"sk_table_{table_id}", client.get_cookie(f"sk_table_{table_id}").value)
    assert other.get(f"/tables/{table_id}/games/{game}/keep-score").status_code == 302  # the table's page
    first = _went_to(_rematch(client, game))
    assert _went_to(_rematch(other, game)) == first
    assert _games(app) == 2
    with app.app_context():
        assert services.secret_matches(services.get_game(first), secret_cookie(other, first))


def test_a_stranger_cannot_start_or_join_a_rematch(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    first = _went_to(_rematch(client, game))
    stranger = app.test_client()
    token = csrf_from(stranger.get(f"/games/new/{tally['slug']}").text)
    assert stranger.post(f"/games/{game}/rematch", data={"csrf_token": token}).status_code == 403
    assert stranger.get_cookie(f"sk_edit_{first}") is None


def test_deleting_the_rematch_makes_room_for_another(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    first = _went_to(_rematch(client, game))
    confirm = client.get(f"/games/{first}/delete")
    assert (
        client.post(f"/games/{first}/delete", data={"csrf_token": csrf_from(confirm.text)}).status_code == 302
    )
    assert ">Rematch<" in client.get(f"/games/{game}").text
    second = _went_to(_rematch(client, game))
    assert second != first and _games(app) == 2


def _tap_together(phones, public_id: str) -> list:
    """Every phone posts Rematch at the same moment (a thread each, released together)."""
    tokens = [csrf_from(phone.get(f"/games/{public_id}").text) for phone in phones]
    release = threading.Barrier(len(phones))
    answers: list = [None] * len(phones)

    def tap(i: int) -> None:
        release.wait()
        answers[i] = phones[i].post(f"/games/{public_id}/rematch", data={"csrf_token": tokens[i]})

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_taps_at_the_same_moment_start_one_rematch(app, client, tally):
    """Phones tapping Rematch together (threads on one SQLite file, as a server's workers): one
    game is started and every tap is sent to it."""
    games = [start_game(client, tally, ["Ann", "Bob"]) for _ in range(4)]
    for game in games:
        phones = [_phone_with_cookie(app, f"sk_edit_{game}", secret_cookie(client, game)) for _ in range(3)]
        answers = _tap_together(phones, game)
        assert len({_went_to(answer) for answer in answers}) == 1, [a.status_code for a in answers]
    assert _games(app) == 2 * len(games)


def test_another_phone_s_change_made_before_the_rematch_still_stands(app, client, tally):
    """A rematch changes nothing in the game it starts from: an Undo another phone drew before it
    is taken after it (the rematch holds the game's row, it does not take a version of it)."""
    game = start_game(client, tally, ["Ann", "Bob"])
    record_hands(app, game, {"points": [3, 1]})
    other = _phone_with_cookie(app, f"sk_edit_{game}", secret_cookie(client, game))
    drawn = other.get(f"/games/{game}").text  # its Undo carries the game's version
    _went_to(_rematch(client, game))
    version = re.search(r'name="version" value="(\d+)"', drawn).group(1)
    undone = other.post(f"/games/{game}/undo", data={"csrf_token": csrf_from(drawn), "version": version})
    assert _went_to(undone) == game
    with app.app_context():
        assert services.get_game(game).rounds == []


def test_a_table_s_game_is_rematched_from_the_table_s_phones(app, client):
    """A phone holding only the game's editor link does not start a table game's rematch outside the
    table (its hands would miss the table's figures); once a table phone has started it, that phone
    is sent to it to follow."""
    table_id = create_table(client, "Thursday", ["Ann", "Bob"])
    game = start_from_roster(client, table_id, "rummikub", ["Ann", "Bob"])
    linked = _phone_with_cookie(app, f"sk_edit_{game}", secret_cookie(client, game))
    refused = _rematch(linked, game)
    assert refused.status_code == 403
    assert "is started from one of the table&#39;s phones" in refused.text and "Thursday" in refused.text
    assert _games(app) == 1
    first = _went_to(_rematch(client, game))
    followed = _rematch(linked, game)
    assert _went_to(followed) == first and linked.get_cookie(f"sk_edit_{first}") is None
    assert "following (read-only)" in linked.get(f"/games/{first}").text


def test_deleting_the_rematch_shows_rematch_again_at_once(app, client, tally):
    """The game's page is kept rendered by its last change: deleting its rematch is one."""
    game = start_game(client, tally, ["Ann", "Bob"])
    first = _went_to(_rematch(client, game))
    viewer = app.test_client()
    assert "Go to the rematch" in viewer.get(f"/games/{game}").text
    confirm = client.get(f"/games/{first}/delete")
    client.post(f"/games/{first}/delete", data={"csrf_token": csrf_from(confirm.text)})
    assert "Go to the rematch" not in viewer.get(f"/games/{game}").text


def test_the_games_list_leads_to_the_rematch_started(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    first = _went_to(_rematch(client, game))
    listed = client.get("/games/").text
    item = listed[listed.index(f'href="/games/{game}"') :]
    item = item[: item.index("</li>")]
    assert "Go to the rematch" in item
    rematch_item = listed[listed.index(f'href="/games/{first}"') :]
    assert ">Rematch<" in rematch_item[: rematch_item.index("</li>")]
