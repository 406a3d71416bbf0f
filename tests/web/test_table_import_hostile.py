"""A table's import sent by a hostile or broken client (docs/tables.md, "A club's year"): each value
past what the database holds is refused with its reason, and nothing of the table is kept."""

from __future__ import annotations

import pytest

from .api_support import HANDS, call
from .test_api_tables import _game, _table, api  # noqa: F401 (api: the OpenAPI fixture)
from .test_table_import_slices import IMPORT, _rows


def _result_only_export(client, api, totals) -> dict:  # noqa: F811
    """A table's export whose one game is a result-only game with these ``totals``."""
    table = _table(client, api, "Results")
    _game(client, api, table, "rummikub", ["Ann", "Bob"])
    export = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    export["games"][0]["game"]["status"] = "finished"
    export["games"][0]["result"] = {
        "source": "bgstats",
        "played_at": "2026-01-01T20:00:00Z",
        "totals": totals,
        "winners": [True, False],
    }
    return export


@pytest.mark.parametrize("total", [10**9, -(10**9), 2**63, 10**30])
def test_a_result_total_past_a_billion_is_refused_with_its_reason(app, client, api, total):  # noqa: F811
    """A result-only game's total of 2**63 or more was a 500 (SQLite's integers end there): it is
    refused as BG Stats' scores are, at a billion either way, naming the game's total."""
    export = _result_only_export(client, api, [total, 0])
    before = _rows(app)
    answer = client.post(IMPORT, json=export)
    assert answer.status_code == 422, answer.get_json()
    assert "games.0.result.totals.0" in answer.get_json()["error"]
    assert _rows(app) == before


def test_a_result_total_under_a_billion_comes_back(app, client, api):  # noqa: F811
    export = _result_only_export(client, api, [999_999_999, -999_999_999])
    answer = client.post(IMPORT, json=export)
    assert answer.status_code == 201, answer.get_json()
    copy = client.get(f"/api/v1/tables/{answer.get_json()['id']}/export").get_json()
    assert copy["games"][0]["result"]["totals"] == [999_999_999, -999_999_999]


def _games_export(client, api, count: int) -> dict:  # noqa: F811
    """A table's export of ``count`` Rummikub games, a hand each."""
    table = _table(client, api, "Many")
    for _ in range(count):
        game = _game(client, api, table, "rummikub", ["Ann", "Bob"])
        call(
            client,
            api,
            "POST",
            f"/api/v1/games/{game['id']}/rounds",
            HANDS["rummikub"],
            secret=game["secret"],
        )
    return client.get(f"/api/v1/tables/{table['id']}/export").get_json()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda game: game["rounds"][0]["facts"]["players"][0].update(rack="ZZ9"),  # no such tile
        lambda game: game["rounds"][0].update(number=3),  # a hand numbered out of turn
        lambda game: game.update(first_dealer=1, options={**game["options"], "initial_meld": -5}),
    ],
    ids=["tile", "number", "option"],
)
def test_a_game_the_rules_refuse_is_named_in_the_answer(app, client, api, spoil):  # noqa: F811
    """Of a club's year, the game the rules refuse is named (``game``: games.N): the answer's fields
    and hand are that game's own (its rounds.0, its hand 1), which any of 6,000 games could hold."""
    export = _games_export(client, api, 5)
    spoil(export["games"][3]["game"])
    before = _rows(app)
    status, answer = call(client, api, "POST", IMPORT, export)
    assert status == 422, answer
    assert answer["game"] == "games.3"
    assert _rows(app) == before
