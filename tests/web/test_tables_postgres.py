"""Tables on a real PostgreSQL server give the same answers as on SQLite.

Uses the throwaway cluster of ``test_postgres`` (skipped with a NOTICE without the PostgreSQL
binaries, failed under ``CI=true``). The same table life is played on both databases through the
pages and the API; statistics (ratings included), the table page's figures and the export must match.
"""

from __future__ import annotations

import re
import uuid

import pytest
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.storage.extensions import db

from . import test_api_tables
from .api_support import OpenApi, call
from .game_support import csrf_from
from .rounds_support import text
from .table_support import create_table, play_small_table
from .test_postgres import MIGRATIONS, _pg_app, _without, app, cluster, database  # noqa: F401 (fixtures)


def _life(app) -> list:  # noqa: F811 - a parameter, not the fixture
    """A table's life on ``app``: the small table, a corrected old hand, a merge, the API evening,
    an export and import; what the players and API clients see after each step."""
    client = app.test_client()
    api = OpenApi(client.get("/api/v1/openapi.json").get_json())
    seen: list = []

    def look(table_id: str) -> None:
        _, stats = call(client, api, "GET", f"/api/v1/tables/{table_id}/stats", expect=200)
        seen.append(_without(stats, ("id", "game", "played_at")))
        page = text(client.get(f"/tables/{table_id}/stats")).split("<h1>Statistics of", 1)[1]
        page = re.sub(
            r"/tables/[\w-]{12}/", "/tables/…/", page
        )  # table and game ids differ, all else the same
        seen.append(re.sub(r"/games/[\w-]+", "/games/…", page))

    table_id = create_table(client, "Zoë's table ✓", ["Ann", "Bob", "Cy", "Bobby"])
    games = play_small_table(client, table_id)
    look(table_id)
    page = client.get(f"/games/{games[0]}/rounds/1/edit")
    client.post(
        f"/games/{games[0]}/rounds/1/edit",
        data={
            "csrf_token": csrf_from(page.text),
            "winner": "1",
            "players.0.rack": "K2",
            "players.2.rack": "K9",
        },
    )
    look(table_id)
    evening = test_api_tables._evening(client, api)
    test_api_tables._rule(app, evening["id"])
    look(evening["id"])
    _, export = call(client, api, "GET", f"/api/v1/tables/{evening['id']}/export", expect=200)
    _, copy = call(client, api, "POST", "/api/v1/tables/import", export, expect=201)
    _, again = call(client, api, "GET", f"/api/v1/tables/{copy['id']}/export", expect=200)
    assert _without(again) == _without(export)
    seen.append(_without(again))
    look(copy["id"])
    return seen


@pytest.mark.parametrize("sorting", ["on", "off"])
def test_a_tables_life_gives_the_same_answers_as_on_sqlite(
    app,  # noqa: F811 - the fixtures, imported above
    cluster,  # noqa: F811
    database,  # noqa: F811
    tmp_path,
    monkeypatch,
    sorting,
):
    """``sorting`` off: PostgreSQL groups by hashing wherever it can, so a list whose order only came
    from SQLite's grouping (sorted by the group's key) shows up in another order."""
    from scorekeeper.services.tables import restore

    monkeypatch.setattr(restore, "SLICE_GAMES", 3)  # the import in slices, a transaction each, on both
    if sorting == "off":
        with cluster.connect(autocommit=True) as conn:
            conn.execute(f'ALTER DATABASE "{database}" SET enable_sort = off')
        with app.app_context():
            db.engine.dispose()  # the next connections take the setting
    on_postgres = _life(app)
    side = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'side.sqlite3'}",
        }
    )
    with side.app_context():
        upgrade(directory=str(MIGRATIONS))
    on_sqlite = _life(side)
    assert on_postgres == on_sqlite
    # and the figures are real: the corrected first game moved the ratings
    ratings = [{p["name"]: p["ratings"].get("rummikub") for p in s["players"]} for s in on_postgres[:3:2]]
    assert ratings[0]["Bob"] != ratings[1]["Bob"] and ratings[1]["Bob"]["mu"] is not None


@pytest.mark.parametrize("collation", ["C", "en-US"])
def test_a_phones_tables_are_listed_by_name_whatever_the_databases_collation(cluster, collation):  # noqa: F811
    """The tables page lists the tables this phone holds by name, case set aside, on every database:
    it listed them in the database's order (ORDER BY name), so SQLite and a C-collated PostgreSQL put
    "Bob" and "Zed club" before "anna" while a PostgreSQL made with en-US put "anna" first."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    icu = "" if collation == "C" else f" LOCALE_PROVIDER icu ICU_LOCALE '{collation}'"
    with cluster.connect(autocommit=True) as conn:
        try:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0{icu}')
        except Exception as err:  # a PostgreSQL built without ICU
            pytest.skip(f"NOTICE no {collation} collation on this PostgreSQL: {err}")
    club_app = _pg_app(cluster.url(name))
    try:
        with club_app.app_context():
            db.create_all()
        client = club_app.test_client()
        for table in ("Zed club", "anna", "Bob"):
            create_table(client, table, ["Ann", "Cy"])
        listed = re.findall(r'<span class="game-variant"><bdi>([^<]*)</bdi>', client.get("/tables/").text)
        assert listed == ["anna", "Bob", "Zed club"]
    finally:
        with club_app.app_context():
            db.engine.dispose()
        with cluster.connect(autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
