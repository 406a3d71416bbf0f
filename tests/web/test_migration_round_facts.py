"""Migration 0002 rewrites stored round facts the canonical way the engine reads them, scoring unchanged."""

from __future__ import annotations

import json
import math
import sqlite3

import pytest
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.api.variant_schemas import camel
from scorekeeper.rules import find_variant, score_game

from .api_support import OpenApi
from .test_migrations import MIGRATIONS

BEFORE = "08e8a4c292f1"  # the first migration: games, players, rounds, audit trail
#: facts as an older version stored them (strings for numbers and yes/no, "" for none, unknown keys,
#: a NaN), and the same facts written the canonical way
STORED = {
    "krazy-bee": (
        {
            "players": [
                {"points": "12", "laid": "no", "note": math.nan},
                {"points": "", "laid": "yes", "went_out": "true"},
            ]
        },
        {"players": [{"points": 12, "laid": False}, {"laid": True, "went_out": True}]},
    ),
    "rumbugz": (
        {"winner": "", "players": [{"kinds": "single, Double", "hand": "3"}, {"points": "7", "bid": 5}]},
        {
            "winner": None,
            "players": [{"kinds": ["single", "double"], "hand": "3"}, {"points": 7, "bid": "5"}],
        },
    ),
    "rummikub": (
        {"winner": 0, "players": [{"rack": ""}, {"points": "12"}], "extra": [1]},
        {"winner": 0, "players": [{"rack": ""}, {"points": 12}]},
    ),
    "crib-rummy": (
        {
            "starter": "",
            "turns": [
                {"player": "1", "melds": [{"cards": "3H 4H 5H", "kind": "RUN", "extend": ""}]},
                {"pegs": "2"},
            ],
            "end": {},
        },
        {
            "starter": None,
            "turns": [{"player": 1, "melds": [{"cards": "3H 4H 5H", "kind": "run"}]}, {"pegs": 2}],
            "end": None,
        },
    ),
    "crazy-rummy": (
        {
            "face_up": "4 J",
            "wild": "",
            "went_out": 0,
            "players": [{"board": "8 8 8"}, {"board": "K K K", "points": "7"}],
        },
        {
            "face_up": ["4", "J"],
            "went_out": 0,
            "players": [{"board": "8 8 8"}, {"board": "K K K", "points": 7}],
        },
    ),
}


@pytest.fixture
def old_database(tmp_path):
    """An app on a database at the first migration, holding one game per variant with old-style facts."""
    path = tmp_path / "old.sqlite3"
    app = create_app({"TESTING": True, "SECRET_KEY": "m", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=BEFORE)
    with sqlite3.connect(path) as conn:
        for i, (slug, (facts, _)) in enumerate(STORED.items()):
            conn.execute(
                "INSERT INTO games (id, public_id, variant, options, first_dealer, secret_hash, status, "
                "created_at, updated_at) VALUES (?, ?, ?, '{}', 0, 'x', 'in_progress', "
                "'2024-05-01 20:00:00', '2024-05-01 20:00:00')",
                (i + 1, f"old-game-{i:03d}", slug),
            )
            for seat, name in enumerate(("Ann", "Bob")):
                conn.execute(
                    "INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)", (i + 1, seat, name)
                )
            conn.execute(
                "INSERT INTO rounds (game_id, number, facts, created_at, updated_at) VALUES "
                "(?, 1, ?, '2024-05-01 20:00:00', '2024-05-01 20:00:00')",
                (i + 1, json.dumps(facts)),
            )
    return app, path


def _stored(path) -> dict[str, dict]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT g.variant, r.facts FROM rounds r JOIN games g ON g.id = r.game_id"
        ).fetchall()
    return {slug: json.loads(facts) for slug, facts in rows}


def test_stored_facts_are_rewritten_the_canonical_way_and_score_the_same(old_database):
    app, path = old_database
    before = {slug: score_game(slug, [facts], players=2) for slug, facts in _stored(path).items()}
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
    after = _stored(path)
    for slug, (_, canonical) in STORED.items():
        assert after[slug] == canonical, slug
        assert (
            find_variant(slug).canonical_facts(after[slug]) == canonical
        )  # the API would take them as they are
        assert score_game(slug, [after[slug]], players=2) == before[slug], slug


def test_after_the_migration_the_api_reads_back_what_its_document_says(old_database):
    app, _ = old_database
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
    client = app.test_client()
    api = OpenApi(client.get("/api/v1/openapi.json").get_json())
    for i, slug in enumerate(STORED):
        for path in (f"/api/v1/games/old-game-{i:03d}", f"/api/v1/games/old-game-{i:03d}/export"):
            response = client.get(path)
            assert response.status_code == 200, response.get_json()
            api.validate(api.schema_for("GET", path, 200), response.get_json())
            assert "NaN" not in response.get_data(as_text=True)
            facts = response.get_json()["rounds"][0]["facts"]
            api.validate_named(f"RoundFacts{camel(slug)}", facts)
