"""Tables through the JSON API: create, start games with the table's Bearer secret, read the table and
its statistics, export and import back exactly (JSON), and the CSV for spreadsheets.

Every answer is validated against the OpenAPI document (``call``).
"""

from __future__ import annotations

import csv
import io

import pytest

from .api_support import HANDS, OTHER_HANDS, VARIANTS, OpenApi, call

#: options that end each variant's game after the two hands above, where a variant can (else left open)
SHORT = {
    "rumbugz": {"rounds": 2},
    "rummikub": {"rounds": 2},
    "crazy-tiles": {"rounds": 2},
    "runny-tiles": {"rounds": 2},
}


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _table(client, api, name="API night", players=("Ann", "Bob")) -> dict:
    _, created = call(
        client, api, "POST", "/api/v1/tables", {"name": name, "players": list(players)}, expect=201
    )
    return created


def _game(client, api, table: dict, variant: str, players: list[str], **extra) -> dict:
    body = {"variant": variant, "players": players, "table": table["id"], **extra}
    _, created = call(client, api, "POST", "/api/v1/games", body, secret=table["secret"], expect=201)
    return created


def _without(value, keys=("id", "game", "urls", "api", "page", "export", "editor", "join", "stats")):
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(v, keys) for v in value]
    return value


def test_create_a_table_and_start_its_games_with_its_secret(client, api):
    table = _table(client, api)
    assert set(table["urls"]) >= {"api", "page", "stats", "export", "join"}
    created = _game(client, api, table, "rummikub", ["ann", "Cy"], options={"rounds": 1})
    assert [p["name"] for p in created["game"]["players"]] == ["Ann", "Cy"]  # roster spelling; Cy joins
    call(
        client,
        api,
        "POST",
        f"/api/v1/games/{created['id']}/rounds",
        HANDS["rummikub"],
        secret=created["secret"],
        expect=201,
    )
    _, body = call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)
    assert [p["name"] for p in body["players"]] == ["Ann", "Bob", "Cy"]
    assert [(p["name"], p["games"]) for p in body["players"]] == [("Ann", 1), ("Bob", 0), ("Cy", 1)]
    assert [(g["id"], g["status"], g["players"], g["winners"]) for g in body["games"]] == [
        (created["id"], "finished", ["Ann", "Cy"], ["Ann"])
    ]
    _, stats = call(client, api, "GET", f"/api/v1/tables/{table['id']}/stats", expect=200)
    ann = next(p for p in stats["players"] if p["name"] == "Ann")
    assert (ann["games"], ann["wins"], ann["win_rate"]) == (1, 1, 1.0)
    assert (
        ann["ratings"]["rummikub"]["mu"]
        > 25
        > next(p for p in stats["players"] if p["name"] == "Cy")["ratings"]["rummikub"]["mu"]
    )


def test_a_table_game_needs_the_tables_secret(client, api):
    table = _table(client, api)
    body = {"variant": "rummikub", "players": ["Ann", "Bob"], "table": table["id"]}
    assert call(client, api, "POST", "/api/v1/games", body)[0] == 401
    assert call(client, api, "POST", "/api/v1/games", body, secret="not-it")[0] == 403
    assert (
        call(client, api, "POST", "/api/v1/games", {**body, "table": "nope"}, secret=table["secret"])[0]
        == 404
    )
    assert call(client, api, "POST", "/api/v1/games", {**body, "table": 7}, secret=table["secret"])[0] == 400
    status, refused = call(
        client, api, "POST", "/api/v1/games", {**body, "players": ["Ann", "ann"]}, secret=table["secret"]
    )
    assert status == 422 and "two players are called" in refused["error"]
    _, after = call(client, api, "GET", f"/api/v1/tables/{table['id']}", expect=200)
    assert after["games"] == [] and len(after["players"]) == 2


def test_new_games_start_with_the_tables_option_choices(app, client, api):
    from scorekeeper.services.tables import roster as services
    from scorekeeper.services.tables import rulings
    from scorekeeper.storage.extensions import db

    table = _table(client, api)
    with app.app_context():
        rulings.choose_option(
            services.find_table(table["id"]), "rummikub", "initial_meld", "25", "house rule"
        )
        db.session.commit()
    created = _game(client, api, table, "rummikub", ["Ann", "Bob"])
    assert created["game"]["options"]["initial_meld"] == 25
    given = _game(client, api, table, "rummikub", ["Ann", "Bob"], options={"initial_meld": 40})
    assert given["game"]["options"]["initial_meld"] == 40  # what the request says wins


@pytest.mark.parametrize(
    "bad, where",
    [
        ({"players": ["Ann"]}, "'name' is required"),
        ({"name": "X", "players": "Ann"}, "'players' must be"),
        ({"name": "", "players": []}, "give the table a name"),
        ({"name": "X", "colour": 1}, "unknown field"),
    ],
)
def test_bad_tables_are_refused_with_the_reason(client, api, bad, where):
    status, answer = call(client, api, "POST", "/api/v1/tables", bad)
    assert status in (400, 422) and where in answer["error"] + " ".join(answer.get("reasons", []))


def _evening(client, api) -> dict:
    """A table with a game of every variant (two hands each, one corrected), a ruling of each kind."""
    from scorekeeper.services.tables import rulings  # noqa: F401 (the rulings go through the page below)

    table = _table(client, api, "Everything", ["Ann", "Bob", "Zoë O'Brien"])
    for variant in VARIANTS:
        created = _game(client, api, table, variant, ["Ann", "Zoë O'Brien"], options=SHORT.get(variant, {}))
        for facts in (HANDS[variant], OTHER_HANDS[variant]):
            call(
                client,
                api,
                "POST",
                f"/api/v1/games/{created['id']}/rounds",
                facts,
                secret=created["secret"],
                expect=201,
            )
        call(
            client,
            api,
            "PUT",
            f"/api/v1/games/{created['id']}/rounds/1",
            HANDS[variant],
            secret=created["secret"],
            expect=200,
        )
    return table


def _rule(app, table_id: str) -> None:
    from scorekeeper.services.tables import roster as services
    from scorekeeper.services.tables import rulings
    from scorekeeper.storage.extensions import db

    with app.app_context():
        table = services.find_table(table_id)
        rulings.adopt_verdict(table, "crib-rummy", {"cards": "7H JK JK"}, "asked by Bob", "2026-01-02")
        rulings.choose_option(table, "krazy-bee", "steps", "2 books of 3; run of 7")
        rulings.record_reading(table, "rumbugz", "Does a PLYT count 12 in hand?", "Yes, always.")
        db.session.commit()


def test_export_then_import_restores_the_table_exactly(app, client, api):
    table = _evening(client, api)
    _rule(app, table["id"])
    _, export = call(client, api, "GET", f"/api/v1/tables/{table['id']}/export", expect=200)
    assert len(export["games"]) == len(VARIANTS) and len(export["rulings"]) == 3
    _, copy = call(client, api, "POST", "/api/v1/tables/import", export, expect=201)
    assert copy["id"] != table["id"] and copy["secret"] != table["secret"]
    _, again = call(client, api, "GET", f"/api/v1/tables/{copy['id']}/export", expect=200)
    assert _without(again) == _without(export)
    assert [g["game"]["rounds"] for g in again["games"]] == [g["game"]["rounds"] for g in export["games"]]
    _, first = call(client, api, "GET", f"/api/v1/tables/{table['id']}/stats", expect=200)
    _, second = call(client, api, "GET", f"/api/v1/tables/{copy['id']}/stats", expect=200)
    assert _without(second, ("id", "game", "played_at")) == _without(first, ("id", "game", "played_at"))
    # the imported table's secret starts its games and keeps score in the imported ones
    restored = again["games"][0]["game"]["id"]
    client.set_cookie(f"sk_table_{copy['id']}", copy["secret"])
    assert client.get(f"/tables/{copy['id']}/games/{restored}/keep-score").status_code == 302


@pytest.mark.parametrize(
    "damage, status",
    [
        (lambda e: e.update(format="other"), 400),
        (lambda e: e["games"][0].update(players=["Nobody", "Ann"]), 422),
        # facts not in the variant's shape (the document gives each variant's), then facts the rules refuse
        (lambda e: e["games"][0]["game"]["rounds"][0].update(facts={"players": "x"}), 400),
        (lambda e: e["games"][0]["game"]["rounds"][0].update(facts={"players": []}), 422),
        (lambda e: e["rulings"].append({"kind": "law", "variant": "x", "decision": {}}), 400),
    ],
)
def test_a_damaged_table_export_is_refused_and_leaves_nothing(app, client, api, damage, status):
    table = _evening(client, api)
    _rule(app, table["id"])
    _, export = call(client, api, "GET", f"/api/v1/tables/{table['id']}/export", expect=200)
    damage(export)
    assert call(client, api, "POST", "/api/v1/tables/import", export)[0] == status
    from scorekeeper.storage.extensions import db
    from scorekeeper.storage.models import Game
    from scorekeeper.storage.table_models import Table

    with app.app_context():
        assert db.session.query(Table).count() == 1 and db.session.query(Game).count() == len(VARIANTS)


def test_csv_of_games_and_hands(client, api):
    table = _evening(client, api)
    games = client.get(f"/api/v1/tables/{table['id']}/export/games.csv")
    assert games.status_code == 200 and games.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(games.get_data(as_text=True))))
    assert len(rows) == 2 * len(VARIANTS) and {r["player"] for r in rows} == {"Ann", "Zoë O'Brien"}
    rummikub = [r for r in rows if r["variant"] == "rummikub"]
    # HANDS then OTHER_HANDS (rummikub): Ann +35 then -9 = 26, Zoë -26; Ann wins
    assert [(r["player"], r["total"], r["won"]) for r in rummikub] == [
        ("Ann", "26", "yes"),
        ("Zoë O'Brien", "-26", "no"),
    ]
    hands = list(
        csv.DictReader(
            io.StringIO(client.get(f"/api/v1/tables/{table['id']}/export/hands.csv").get_data(as_text=True))
        )
    )
    assert [
        (r["hand"], r["player"], r["change"], r["total"]) for r in hands if r["variant"] == "rummikub"
    ] == [
        ("1", "Ann", "35", "35"),
        ("1", "Zoë O'Brien", "-35", "-35"),
        ("2", "Ann", "-9", "26"),
        ("2", "Zoë O'Brien", "9", "-26"),
    ]


def test_a_ruling_without_its_times_imports_as_the_document_allows(app, client, api):
    """The document lets a ruling's times be null or left out (Schemathesis found them refused): now stamped."""
    table = _evening(client, api)
    _rule(app, table["id"])
    _, export = call(client, api, "GET", f"/api/v1/tables/{table['id']}/export", expect=200)
    export["rulings"][0]["decided_on"] = None
    del export["rulings"][0]["created_at"]
    _, copy = call(client, api, "POST", "/api/v1/tables/import", export, expect=201)
    _, again = call(client, api, "GET", f"/api/v1/tables/{copy['id']}/export", expect=200)
    assert again["rulings"][0]["decided_on"] and again["rulings"][0]["created_at"]
