"""A table's import while the rest of the server goes on (docs/tables.md, "A club's year"): the
games lists neither list nor refresh for the hidden slices, and two sends of one Idempotency-Key at
once leave one table. Slices of two games, as in test_table_import_slices.py."""

from __future__ import annotations

import re
import threading

from sqlalchemy import select

from scorekeeper.services.tables import restore
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .test_api_tables import _evening, api  # noqa: F401 (api: the OpenAPI fixture)
from .test_table_import_slices import IMPORT, _rows, slices_of_two  # noqa: F401 (the slices' size)


def _list_version(phone) -> str:
    page = phone.get("/games/").get_data(as_text=True)
    return re.search(r'data-live-version="([^"]+)"', page).group(1)


def test_an_open_games_list_is_refreshed_once_the_table_is_shown(app, client, api, monkeypatch):  # noqa: F811
    """A games list open during the import is told nothing by the hidden slices (its live version
    unchanged: no reload per slice), and is told to refresh when the table is shown: its version was
    the games' count and latest change, which the last step moves neither of, so a list loaded after
    the last slice never showed the restored games."""
    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    before, seen = _list_version(client), {}
    shown = restore._show

    def show(*args):
        phone = threading.Thread(target=lambda: seen.setdefault("last", _list_version(app.test_client())))
        phone.start()
        phone.join()
        shown(*args)

    monkeypatch.setattr(restore, "_show", show)
    assert client.post(IMPORT, json=export).status_code == 201
    assert seen["last"] == before  # every slice written, the table still hidden
    assert _list_version(client) != before  # shown: the open list refreshes


def test_a_games_page_past_the_last_mid_import_is_the_last_shown(app, client, api, monkeypatch):  # noqa: F811
    """A games list page past the last (a link drawn before games were deleted) is the last page; mid-
    import the last was worked out from every game, the hidden slices' too, and came out empty."""
    monkeypatch.setattr("scorekeeper.views.games.GAMES_PAGE", 2)
    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    with app.app_context():
        listed = db.session.scalars(select(Game.public_id)).all()
    seen, calls, written = [], [], restore.write_slice

    def look(restoring, reads):
        calls.append(written(restoring, reads))
        if len(calls) == 2:  # the first slice committed, the table hidden
            page = {}
            phone = threading.Thread(
                target=lambda: page.update(html=app.test_client().get("/games/?page=99"))
            )
            phone.start()
            phone.join()
            seen.extend(g for g in listed if g in page["html"].get_data(as_text=True))

    monkeypatch.setattr(restore, "write_slice", look)
    assert client.post(IMPORT, json=export).status_code == 201
    assert seen  # the last page of the games shown


def test_two_sends_of_one_key_at_once_leave_one_table(app, client, api, monkeypatch):  # noqa: F811
    """The same import sent twice with one Idempotency-Key, the second while the first is between its
    last slice and its answer (its slices commit, so the key's hold is let go): both are answered with
    the table the second made, and the first's hidden table and games are deleted at once, not left
    for the next import's sweep ten minutes on."""
    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    before, shown, other = _rows(app), restore._show, {}
    key = {"Idempotency-Key": "year-2"}

    def show(*args):
        if not other:  # the first send, whole but not shown: the second comes now
            other["answer"] = None
            phone = threading.Thread(
                target=lambda: other.update(answer=app.test_client().post(IMPORT, json=export, headers=key))
            )
            phone.start()
            phone.join()
        shown(*args)

    monkeypatch.setattr(restore, "_show", show)
    first = client.post(IMPORT, json=export, headers=key)
    second = other["answer"]
    assert [first.status_code, second.status_code] == [201, 201]
    assert first.get_json()["id"] == second.get_json()["id"]
    assert _rows(app) == (before[0] + 1, 0, before[2] * 2)


def test_an_import_shown_asks_after_its_table_with_a_read_only(app, client, api, monkeypatch):  # noqa: F811
    """After the import's answer is committed, its clean-up (for a twin's answer kept first) finds the
    table shown with one read, and writes nothing: a DELETE would wait for SQLite's write lock again
    on a busy server, and a failure there would turn the table made into a 500."""
    from .statements_support import statements

    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    seen, kept = [], restore.discard

    def discard(table_id):
        with statements(app) as ran:
            kept(table_id)
        seen.extend(ran)

    monkeypatch.setattr("scorekeeper.tables.api.discard", discard)
    assert client.post(IMPORT, json=export).status_code == 201
    writes = [s for s in seen if s.lstrip().upper().startswith(("DELETE", "UPDATE", "INSERT"))]
    assert seen and not writes, seen


def test_a_failed_clean_up_after_the_answer_keeps_the_answer(app, client, api, monkeypatch):  # noqa: F811
    """The clean-up after the answer failing (the database gone for a moment): the table was made
    and committed, so its 201 stands; a 500 would send the client to import it a second time."""

    def failing(table_id):
        raise OSError("database gone")

    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    monkeypatch.setattr("scorekeeper.tables.api.discard", failing)
    answer = client.post(IMPORT, json=export)
    assert answer.status_code == 201, answer.get_data(as_text=True)[:300]
    assert client.get(f"/api/v1/tables/{answer.get_json()['id']}").status_code == 200
