"""A table's import written in slices (docs/tables.md, "A club's year"): each slice its own
transaction, so another game's hand is written while a big import runs; the new table hidden until
its last slice; a failure at any slice, or a worker that died, leaving nothing of it.

The slices are made small here (two games; the real ones are restore.SLICE_GAMES, 100).
"""

from __future__ import annotations

import json
import threading
import time
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from scorekeeper import create_app
from scorekeeper.services.tables import restore
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game, utcnow
from scorekeeper.storage.table_models import Table, TableGame

from .api_support import HANDS, VARIANTS, call
from .test_api_tables import _evening, _game, _table, api  # noqa: F401 (api: the OpenAPI fixture)

IMPORT = "/api/v1/tables/import"


@pytest.fixture(autouse=True)
def slices_of_two(monkeypatch):
    monkeypatch.setattr(restore, "SLICE_GAMES", 2)


def _ids_dropped(value, keys=("id", "import_refused")):
    """An export without its ids (the import gives new ones) and its note."""
    if isinstance(value, dict):
        return {k: _ids_dropped(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_ids_dropped(v, keys) for v in value]
    return value


def _rows(app) -> tuple[int, int, int]:
    """Tables shown, tables hidden, games, in the database."""
    with app.app_context():
        shown = db.session.scalar(select(func.count(Table.id)).where(Table.restoring_since.is_(None)))
        hidden = db.session.scalar(select(func.count(Table.id)).where(Table.restoring_since.is_not(None)))
        return shown, hidden, db.session.scalar(select(func.count(Game.id)))


def test_an_export_comes_back_exactly_written_in_slices(app, client, api, monkeypatch):  # noqa: F811
    """Every game, hand, change-log entry, ruling, rating and figure as the original's, slice by slice."""
    table = _evening(client, api)
    commits = []
    kept = restore._commit_slice
    monkeypatch.setattr(restore, "_commit_slice", lambda table_id: commits.append(table_id) or kept(table_id))
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    answer = client.post(IMPORT, json=export)
    assert answer.status_code == 201, answer.get_json()
    copy = answer.get_json()["id"]
    assert _ids_dropped(client.get(f"/api/v1/tables/{copy}/export").get_json()) == _ids_dropped(export)
    stats = [client.get(f"/api/v1/tables/{t}/stats").get_json() for t in (table["id"], copy)]
    assert stats[0]["players"] and _ids_dropped(stats[0], ("game", "id")) == _ids_dropped(
        stats[1], ("game", "id")
    )
    assert len(commits) == 1 + (len(VARIANTS) + 1) // 2  # the table, then a commit per slice of two games


def test_while_an_import_runs_its_table_is_hidden_and_another_game_is_written(app, client, api, monkeypatch):  # noqa: F811
    """Mid-import (a pause between two games), the new table has no page and no API, and a hand at
    another table's game is written at once: the import held SQLite's write lock from its first
    game to its last, so that hand waited 10 s and was refused."""
    table = _evening(client, api)
    other = _game(client, api, _table(client, api, "Next door"), "rummikub", ["Ann", "Bob"])
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    seen, pauses, sleep = {}, [], time.sleep

    def pause(seconds):
        if seconds == 0:
            pauses.append(seconds)
            if len(pauses) == 4 and not seen:  # mid-import: games of the second slice judged
                _look_meanwhile(app, other, seen)
        else:
            sleep(seconds)

    monkeypatch.setattr(time, "sleep", pause)
    answer = client.post(IMPORT, json=export)
    monkeypatch.setattr(time, "sleep", sleep)
    assert answer.status_code == 201, answer.get_json()
    assert seen["page"] == seen["api"] == 404
    assert seen["games"] and seen["listed"] == []  # its games written so far are in no games list
    assert seen["hand"] == 201 and seen["hand_seconds"] < 2, seen
    assert client.get(f"/tables/{answer.get_json()['id']}").status_code == 200  # shown once whole


def _look_meanwhile(app, other: dict, seen: dict) -> None:
    """What another phone gets while the import is under way (in a thread of its own: its own
    app context, session and connection to the database, as another request of the server has)."""
    hidden = db.session.scalar(select(Table.public_id).order_by(Table.id.desc()))
    seen["games"] = db.session.scalars(
        select(Game.public_id)
        .join(TableGame, TableGame.game_id == Game.id)
        .join(Table)
        .where(Table.public_id == hidden)
    ).all()
    phone = threading.Thread(target=_phone, args=(app, hidden, other, seen))
    phone.start()
    phone.join()


def _phone(app, hidden: str, other: dict, seen: dict) -> None:
    phone = app.test_client()
    seen["page"] = phone.get(f"/tables/{hidden}").status_code
    seen["api"] = phone.get(f"/api/v1/tables/{hidden}").status_code
    seen["listed"] = [g for g in seen["games"] if g in phone.get("/games/").get_data(as_text=True)]
    started = time.monotonic()
    hand = phone.post(
        f"/api/v1/games/{other['id']}/rounds",
        json=HANDS["rummikub"],
        headers={"Authorization": f"Bearer {other['secret']}"},
    )
    seen["hand"], seen["hand_seconds"] = hand.status_code, time.monotonic() - started


def test_a_game_refused_in_a_later_slice_leaves_nothing(app, client, api):  # noqa: F811
    """The fifth game's hands numbered wrong (third slice): a 422 naming it, and nothing of the
    first four games, already committed, is left."""
    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    export["games"][4]["game"]["rounds"][1]["number"] = 7
    before = _rows(app)
    status, refused = call(client, api, "POST", IMPORT, export)
    assert status == 422 and "rounds.1.number" in str(refused), refused
    assert _rows(app) == before


def test_a_failure_mid_slice_leaves_nothing(app, client, api, monkeypatch):  # noqa: F811
    """The database failing in the second slice, after its games were written: a 500, and the
    table and the games of the first slice are deleted at once."""
    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    before, written = _rows(app), restore.write_slice

    def failing(restoring, reads):
        written(restoring, reads)
        if restoring.table_id and _hidden_games(restoring.table_id) > 2:
            raise OSError("disk full")

    monkeypatch.setattr(restore, "write_slice", failing)
    assert client.post(IMPORT, json=export).status_code == 500
    assert _rows(app) == before


def _hidden_games(table_id: int) -> int:
    return db.session.scalar(select(func.count()).where(TableGame.table_id == table_id))


def test_a_table_left_by_a_dead_worker_is_deleted_by_the_next_import(app, client, api, monkeypatch):  # noqa: F811
    """A worker killed mid-import leaves its hidden table (made here by a failure whose clean-up
    never runs): the next import deletes it once its mark is older than LEFTOVER_SECONDS, not before
    (an import under way on another worker renews its mark each slice)."""
    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    before, written = _rows(app), restore.write_slice

    def dying(restoring, reads):
        written(restoring, reads)
        if _hidden_games(restoring.table_id) > 2:  # in the second slice
            raise SystemExit("killed")

    monkeypatch.setattr(restore, "write_slice", dying)
    monkeypatch.setattr(restore, "discard", lambda table_id: None)  # the process is gone: no clean-up
    with pytest.raises(SystemExit):
        client.post(IMPORT, json=export)
    monkeypatch.undo()
    monkeypatch.setattr(restore, "SLICE_GAMES", 2)
    shown, hidden, games = _rows(app)
    assert (shown, hidden) == (before[0], 1) and games > before[2]
    small = {**export, "games": export["games"][:1]}
    assert client.post(IMPORT, json=small).status_code == 201  # the mark is fresh: kept
    assert _rows(app)[1] == 1
    with app.app_context():
        old = utcnow() - timedelta(seconds=restore.LEFTOVER_SECONDS + 1)
        db.session.execute(
            update(Table).where(Table.restoring_since.is_not(None)).values(restoring_since=old)
        )
        db.session.commit()
    assert client.post(IMPORT, json=small).status_code == 201
    assert _rows(app) == (before[0] + 2, 0, before[2] + 2)


def test_a_body_past_the_apps_bound_is_taken_by_the_import_only(app, client, api):  # noqa: F811
    """The import's address takes 16 MiB (a club's year exports 8.3 MB); every other keeps 2 MiB."""
    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    body = json.dumps(export) + " " * (app.config["MAX_CONTENT_LENGTH"] + 1)
    answer = client.post(IMPORT, data=body, content_type="application/json")
    assert answer.status_code == 201, answer.get_json()
    padded = json.dumps({"name": "Big", "players": ["Ann"]}) + " " * app.config["MAX_CONTENT_LENGTH"]
    assert client.post("/api/v1/tables", data=padded, content_type="application/json").status_code == 413


def test_a_year_sized_body_passes_the_rate_budget_too(tmp_path):
    """With the rate budgets on (as every server runs), the budget asked a POST whether it was a form
    sent again, reading its form under the app's 2 MiB bound before the import's view raised it: a
    club's year (8.3 MB) was refused 413 on the real server though the tests took it."""
    limited = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "RATELIMIT_ENABLED": True,
            "POOL_PROCESSES": 0,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 't.sqlite3'}",
        }
    )
    with limited.app_context():
        db.create_all()
    client = limited.test_client()
    doc = {
        "format": "scorekeeper-table",
        "version": 1,
        "name": "Club",
        "players": [{"name": "Ann"}],
        "rulings": [],
        "games": [],
    }
    body = json.dumps(doc) + " " * (limited.config["MAX_CONTENT_LENGTH"] + 1)
    answer = client.post(IMPORT, data=body, content_type="application/json")
    assert answer.status_code == 201, answer.get_json()


def test_an_import_sent_again_with_its_key_is_answered_once(app, client, api):  # noqa: F811
    """With an Idempotency-Key the slices are still committed one by one, and the table shown with its
    kept answer: the same request again gets the same table and secret, and no second table."""
    table = _evening(client, api)
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    before = _rows(app)
    sent = [client.post(IMPORT, json=export, headers={"Idempotency-Key": "year-1"}) for _ in range(2)]
    assert [a.status_code for a in sent] == [201, 201]
    assert sent[1].headers.get("Idempotent-Replayed") == "true"
    assert sent[0].get_json()["secret"] == sent[1].get_json()["secret"]
    assert _rows(app) == (before[0] + 1, 0, before[2] * 2)
