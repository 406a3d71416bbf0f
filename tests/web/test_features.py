"""Issue 19 section 3: one feature contract (``scorekeeper/web/features.py``), its state in ``app.extensions``.

A toy feature declares every kind of thing a feature may add; it is installed in one app and not in
another, and each app shows exactly what it installed: the API document, the fields ``POST /games``
takes, the receivers of the services' signals and the live channels.
"""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest
from flask import Blueprint

from scorekeeper import create_app, services
from scorekeeper.events.feature import FEATURE as EVENTS
from scorekeeper.live import versions
from scorekeeper.seats.feature import FEATURE as SEATS
from scorekeeper.services.events import hands_changed
from scorekeeper.storage.extensions import db
from scorekeeper.tables.feature import FEATURE as TABLES
from scorekeeper.web.features import (
    KEY,
    ApiPart,
    Feature,
    api_parts,
    games_held,
    install,
    installed,
    live_channels,
    page_parts,
)

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
KB_HAND = {"players": [{"laid": True, "went_out": True}, {"hand": "3 12"}]}

toy_api = Blueprint("toy_api", __name__, url_prefix="/api/v1")
HEARD: list[tuple[str, int]] = []


@toy_api.get("/toys")
def toys():
    return {"toys": 0}


def toy_schemas() -> dict[str, dict]:
    return {"Toys": {"type": "object", "properties": {"toys": {"type": "integer"}}}}


def toy_paths() -> dict[str, dict]:
    return {"/toys": {"get": {"operationId": "listToys", "responses": {"200": {"description": "the toys"}}}}}


def start_toy_game(fields, variant, names, options, first_dealer):
    HEARD.append(("started", len(names)))
    return services.create_game(variant, names, options, first_dealer)


def heard_hands(game, score, **_):
    HEARD.append(("hands", len(game.rounds)))


TOY = Feature(
    "toy",
    blueprints=(toy_api,),
    api=ApiPart(
        schemas=toy_schemas,
        paths=toy_paths,
        new_game_fields={"toy": {"type": "string"}},
        new_game_errors={404: "no such toy"},
    ),
    game_starters={"toy": start_toy_game},
    live_channels={"toy:": lambda executor, ids: {i: "v-" + i for i in ids if i != "gone"}},
    receivers=((hands_changed, heard_hands),),
    closes_hands=lambda game: "A toy's game takes no hands." if "Toy" in game.names else None,
    holds_game=lambda game: "A toy keeps this game." if "Kept" in game.names else None,  # no list hook
    page_parts={"game": ("toy/_game.html",)},
)


def _app(tmp_path, name: str, *features: Feature):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "features",
            "RATELIMIT_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / name}.sqlite3",
        }
    )
    for feature in features:
        install(app, feature)
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def apps(tmp_path):
    HEARD.clear()
    return _app(tmp_path, "with", TOY), _app(tmp_path, "without")


def test_each_app_keeps_its_own_features_in_its_extensions(apps):
    with_toy, without = apps
    assert installed(with_toy) == (TABLES, SEATS, EVENTS, TOY) and installed(without) == (
        TABLES,
        SEATS,
        EVENTS,
    )
    assert with_toy.extensions[KEY] == {"tables": TABLES, "seats": SEATS, "events": EVENTS, "toy": TOY}
    install(with_toy, TOY)  # again: nothing changes
    assert installed(with_toy) == (TABLES, SEATS, EVENTS, TOY)


def test_the_document_shows_a_features_part_only_where_it_is_installed(apps):
    with_toy, without = apps
    toy = with_toy.test_client().get("/api/v1/openapi.json").get_json()
    plain = without.test_client().get("/api/v1/openapi.json").get_json()
    assert "/toys" in toy["paths"] and "Toys" in toy["components"]["schemas"]
    assert "toy" in toy["components"]["schemas"]["NewGameKrazyBee"]["properties"]
    assert toy["paths"]["/games"]["post"]["responses"]["404"]["description"] == "no such toy"
    assert "/toys" not in plain["paths"] and "Toys" not in plain["components"]["schemas"]
    assert "toy" not in plain["components"]["schemas"]["NewGameKrazyBee"]["properties"]
    assert "/tables/{table_id}" in plain["paths"]  # the tables, through the same contract
    assert with_toy.test_client().get("/api/v1/toys").get_json() == {"toys": 0}
    assert without.test_client().get("/api/v1/toys").status_code == 404


def test_a_new_game_field_and_its_starter_only_where_installed(apps):
    with_toy, without = apps
    body = {"variant": "krazy-bee", "players": ["Ann", "Bob"], "toy": "blue"}
    assert with_toy.test_client().post("/api/v1/games", json=body).status_code == 201
    assert HEARD == [("started", 2)]
    refused = without.test_client().post("/api/v1/games", json=body)
    assert refused.status_code == 400 and "toy" in refused.get_json()["error"]
    assert HEARD == [("started", 2)]


def test_the_services_signals_reach_a_features_receivers_only_in_its_app(apps):
    for app in apps:
        with app.app_context():
            game, _ = services.create_game("krazy-bee", ["Ann", "Bob"], {})
            services.record_round(game, KB_HAND)
            db.session.commit()
    assert HEARD == [("hands", 1)]  # the app with the toy; the other app's hand was not heard


def test_a_game_a_feature_closes_takes_no_hands_in_its_app_only(apps):
    """``closes_hands``: the game page offers no hand and the API refuses one with the feature's reason."""
    for app, closed in zip(apps, (True, False)):
        client = app.test_client()
        body = {"variant": "krazy-bee", "players": ["Toy", "Bob"]}
        created = client.post("/api/v1/games", json=body).get_json()
        page = client.get(f"/games/{created['id']}", headers={"Authorization": f"Bearer {created['secret']}"})
        assert (f"/games/{created['id']}/rounds/new" in page.get_data(as_text=True)) is not closed
        hand = client.post(
            f"/api/v1/games/{created['id']}/rounds",
            json=KB_HAND,
            headers={"Authorization": f"Bearer {created['secret']}"},
        )
        assert hand.status_code == (422 if closed else 201)
        if closed:
            assert hand.get_json()["error"] == "A toy's game takes no hands."


def test_a_game_a_feature_holds_one_game_at_a_time_is_held_on_the_games_list_too(apps):
    """``holds_game`` without ``holds_games``: the games list asks it game by game, and shows the
    game it holds without Rematch and Delete game, in its app only."""
    for app, held in zip(apps, (True, False)):
        client = app.test_client()
        made = [
            client.post("/api/v1/games", json={"variant": "krazy-bee", "players": [name, "Bob"]})
            for name in ("Kept", "Ann")
        ]
        ids = [m.get_json()["id"] for m in made]
        for m in made:
            client.get(f"/games/{m.get_json()['id']}/join/{m.get_json()['secret']}")
        listed = client.get("/games/").get_data(as_text=True)
        assert (f"/games/{ids[0]}/rematch" in listed) is not held and f"/games/{ids[1]}/rematch" in listed
        with app.app_context():
            games = [services.get_game(i) for i in ids]
            assert games_held(games) == ({ids[0]: "A toy keeps this game."} if held else {})


def test_a_features_live_channels_are_read_in_its_app_only(apps):
    with_toy, without = apps
    assert set(live_channels(with_toy)) == {"table:", "event:", "toy:"}
    assert set(live_channels(without)) == {"table:", "event:"}
    with with_toy.app_context():
        found = versions.read(db.session, ["toy:a", "toy:gone"], live_channels(with_toy))
    assert found == {"toy:a": "v-a", "toy:gone": None}
    assert versions.follows_every_game("toy:a", live_channels(with_toy))
    assert not versions.follows_every_game("toy:a", live_channels(without))


def test_a_features_page_parts_are_offered_in_its_app_only(apps):
    with_toy, without = apps
    assert page_parts("game", with_toy)[-1] == "toy/_game.html" and "toy/_game.html" not in page_parts(
        "game", without
    )
    assert page_parts("seat", with_toy) == page_parts("seat", without)  # the toy adds nothing there
    assert with_toy.jinja_env.globals["feature_parts"] is page_parts  # what the core's pages call


def test_an_api_part_reaches_a_worker_process_as_the_same_part(apps):
    """Big bodies are checked in a worker process: the parts go with the job, and arrive equal (so
    the worker's schemas, built once per set of parts, are built once)."""
    parts = api_parts(apps[0])
    again = pickle.loads(pickle.dumps(parts))
    assert again == parts and hash(again) == hash(parts)


def test_the_tables_have_their_own_api_blueprint(apps):
    rules = {r.rule: r.endpoint for r in apps[1].url_map.iter_rules()}
    tables = {rule: endpoint for rule, endpoint in rules.items() if rule.startswith("/api/v1/tables")}
    # club night's own blueprint answers for a table's events and season (scorekeeper/events/api.py)
    assert tables and all(endpoint.startswith(("tables_api.", "events_api.")) for endpoint in tables.values())
    assert {e for r, e in tables.items() if "/events" in r or "/season" in r} <= {
        "events_api.create",
        "events_api.season",
    }


def _private_imports(path: Path) -> list[str]:
    """``from <another package> import _name`` in the module at ``path``."""
    here = path.relative_to(PACKAGE).parent.parts
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level and node.module:
            target = [*here[: len(here) - node.level + 1], *node.module.split(".")]
            if target[0] != here[0]:
                found += [
                    f"{path.relative_to(PACKAGE)}: {node.module}.{a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    return found


def test_no_package_borrows_another_packages_private_names():
    """What a feature (or any package) uses of another package is that package's public surface."""
    modules = [
        p for p in sorted(PACKAGE.rglob("*.py")) if "migrations" not in p.parts and p.parent != PACKAGE
    ]
    assert [found for path in modules for found in _private_imports(path)] == []


def test_a_big_table_import_is_checked_in_a_worker_process_with_the_tables_part(client, monkeypatch):
    """A body past ``POOLED_BYTES`` is held to the document in a worker process: the tables' part of
    it (``TableExport``) goes there with the job."""
    from scorekeeper.api import bodies

    created = client.post("/api/v1/tables", json={"name": "Big", "players": ["Ann", "Bob"]}).get_json()
    export = client.get(f"/api/v1/tables/{created['id']}/export").get_json()
    monkeypatch.setattr(bodies, "POOLED_BYTES", 0)
    assert client.post("/api/v1/tables/import", json=export).status_code == 201
    # its format and counts right (the import counts games and hands first, in the request), its shape not
    refused = client.post("/api/v1/tables/import", json={**export, "name": 5})
    assert refused.status_code == 400 and "TableExport" in refused.get_json()["error"]
