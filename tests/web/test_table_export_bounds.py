"""A table's export and its import agree (docs/tables.md, "A table too big to import"): an export
within the import's bounds (games, hands, bytes) comes back exactly; one past them says so itself,
and on the table's page, before the operator relies on it, and the import refuses it plainly.

The bounds are made small here (a few games); the real ones are limits.TABLE_GAMES_MAX and
TABLE_HANDS_MAX, and the app's MAX_CONTENT_LENGTH for the body.
"""

from __future__ import annotations

import re
import time

import pytest
from sqlalchemy import func, select

from scorekeeper.services.tables import restorable, transfer
from scorekeeper.storage.extensions import db
from scorekeeper.storage.table_models import Table
from scorekeeper.web import guards

from .api_support import VARIANTS, call
from .test_api_tables import _evening, _table, _without, api  # noqa: F401 (api: the OpenAPI fixture)

IMPORT = "/api/v1/tables/import"
#: each game of ``_evening`` keeps two hands
HANDS = 2 * len(VARIANTS)


def _bounds(monkeypatch, games: int, hands: int) -> None:
    for module in (restorable, transfer):
        monkeypatch.setattr(module, "TABLE_GAMES_MAX", games)
        monkeypatch.setattr(module, "TABLE_HANDS_MAX", hands)


def _export(client, api, table) -> dict:  # noqa: F811
    return call(client, api, "GET", f"/api/v1/tables/{table['id']}/export", expect=200)[1]


def test_an_export_at_the_bounds_imports_back_exactly(app, client, api, monkeypatch):  # noqa: F811
    table = _evening(client, api)
    _bounds(monkeypatch, len(VARIANTS), HANDS)
    downloaded = client.get(f"/api/v1/tables/{table['id']}/export").data  # the file the operator keeps
    monkeypatch.setitem(guards.LARGER_BODIES, IMPORT, len(downloaded))  # the body bound too: exactly at it
    app.config["MAX_CONTENT_LENGTH"] = 1024  # every other address's own, smaller
    export = _export(client, api, table)
    assert "import_refused" not in export
    assert "export-too-big" not in client.get(f"/tables/{table['id']}").get_data(as_text=True)
    answer = client.post("/api/v1/tables/import", data=downloaded, content_type="application/json")
    assert answer.status_code == 201, answer.get_json()
    assert _without(_export(client, api, answer.get_json())) == _without(export)


@pytest.mark.parametrize(
    "games, hands, past",
    [(len(VARIANTS) - 1, HANDS, "games (at most"), (len(VARIANTS), HANDS - 1, "hands (at most")],
)
def test_an_export_past_the_bounds_says_so_and_is_refused(app, client, api, monkeypatch, games, hands, past):  # noqa: F811
    table = _evening(client, api)
    _bounds(monkeypatch, games, hands)
    export = _export(client, api, table)
    note = export["import_refused"]
    assert past in note and "cannot be restored" in note and "Backing up" in note
    page = re.sub(r"<[^>]+>", "", client.get(f"/tables/{table['id']}").get_data(as_text=True))
    # the page says so in a sentence (the bounds and the counts are the export's note, above)
    assert "cannot be restored by import" in page and "copy the database" in page
    status, refused = call(client, api, "POST", "/api/v1/tables/import", export)
    assert status == 422 and "Backing up" in str(refused)
    from scorekeeper.storage.extensions import db
    from scorekeeper.storage.table_models import Table

    with app.app_context():
        assert db.session.query(Table).count() == 1


def test_an_export_past_the_body_bound_says_so_and_is_refused(app, client, api, monkeypatch):  # noqa: F811
    """The import's address has a body bound of its own (16 MiB, a club's year is 8.3 MB), past
    ``MAX_CONTENT_LENGTH``: the export is judged by it."""
    table = _evening(client, api)
    size = len(client.get(f"/api/v1/tables/{table['id']}/export").data)
    monkeypatch.setitem(guards.LARGER_BODIES, IMPORT, size - 1)
    app.config["MAX_CONTENT_LENGTH"] = 1024
    export = _export(client, api, table)
    assert f"bytes (at most {size - 1:,})" in export["import_refused"]
    answer = client.post(
        "/api/v1/tables/import", json={k: v for k, v in export.items() if k != "import_refused"}
    )
    assert answer.status_code == 413


def test_an_export_past_the_bounds_is_refused_before_its_shape_is_judged(client, api, monkeypatch):  # noqa: F811
    """The year's export of 501 games within 2 MiB waited 17.4 s for its shape check (a pool
    process) before the count refused it: now the count comes first."""
    table = _evening(client, api)
    _bounds(monkeypatch, len(VARIANTS) - 1, HANDS)
    export = _export(client, api, table)

    def judged(*args, **kwargs):
        raise AssertionError("the shape was judged before the bounds")

    monkeypatch.setattr("scorekeeper.tables.api.bodies.shaped", judged)
    answer = client.post("/api/v1/tables/import", json=export)
    assert answer.status_code == 422 and "Backing up" in answer.get_json()["error"]


def test_an_import_lets_other_requests_run_between_the_games_it_writes(client, api, monkeypatch):  # noqa: F811
    """A table's import wrote every game in one stretch (a club's games have a hand or three, and the
    game import yields every 100 hands): 500 games held the worker 10 to 30 s. It yields after each game."""
    table = _evening(client, api)
    downloaded = client.get(f"/api/v1/tables/{table['id']}/export").data
    yields = []
    sleep = time.sleep
    monkeypatch.setattr(time, "sleep", lambda s: yields.append(s) if s == 0 else sleep(s))
    answer = client.post("/api/v1/tables/import", data=downloaded, content_type="application/json")
    assert answer.status_code == 201, answer.get_json()
    assert len(yields) >= len(VARIANTS)


@pytest.mark.parametrize(
    ("games", "status", "said"),
    [
        ("every game", 400, "games: must be a list of objects"),
        ({"game": {}}, 400, "games: must be a list of objects"),
        ([0] * 3, 400, "games: must be a list of objects"),
        ([{"game": {"rounds": [0] * 120_001}}], 422, "not 1 and 120,001"),  # hands that are no objects
        ([{}] * 500_000, 422, "not 500,000 and 0"),  # just under the 2 MiB body bound
    ],
)
def test_a_hostile_export_is_refused_by_its_count_before_its_shape(
    app, client, monkeypatch, games, status, said
):
    """An import whose games are no list of objects, or too many games or hands of any shape, is
    refused by the count (docs/tables.md), its shape never judged, nothing kept."""

    def judged(*args, **kwargs):
        raise AssertionError("the shape was judged before the bounds")

    monkeypatch.setattr("scorekeeper.tables.api.bodies.shaped", judged)
    doc = {"format": transfer.FORMAT, "version": transfer.VERSION, "name": "Club", "games": games}
    answer = client.post("/api/v1/tables/import", json=doc)
    assert answer.status_code == status and said in answer.get_json()["error"], answer.get_json()
    with app.app_context():
        assert db.session.scalar(select(func.count(Table.id))) == 0


def test_an_export_format_of_thousands_of_characters_is_quoted_by_its_start(client, api):  # noqa: F811
    """``?format=`` that is no export format is refused (400) quoting its first 40 characters, as
    every refusal does: 3,000 characters were quoted whole, twice (error and reasons)."""
    table = _table(client, api)["id"]
    answer = client.get(f"/api/v1/tables/{table}/export?format={'x' * 3000}")
    assert answer.status_code == 400 and "'format' is one of" in answer.get_json()["error"]
    assert len(answer.get_data()) < 600, len(answer.get_data())
