"""The tables migration keeps every existing game: a database with games from before tables is
upgraded, its games are untouched and can join a table."""

from __future__ import annotations

import json

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from scorekeeper import create_app, services
from scorekeeper.services.transfer import export_game
from scorekeeper.storage.extensions import db

from .test_migrations import MIGRATIONS

BEFORE_TABLES = "08e8a4c292f1"
NEW_TABLES = {"tables", "table_members", "table_rulings", "table_games", "table_seats", "table_figures"}


def test_upgrading_keeps_every_game_and_they_can_join_a_table(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "m",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite3'}",
        }
    )
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=BEFORE_TABLES)
        assert not NEW_TABLES & set(inspect(db.engine).get_table_names())
        public_id = _old_game()  # written as that schema has it (the models have columns added since)
        before = _rows()
        db.session.remove()

        upgrade(directory=str(MIGRATIONS))
        assert NEW_TABLES <= set(inspect(db.engine).get_table_names())
        assert _rows() == before
        game = services.get_game(public_id)
        kept = export_game(game)
        assert [r["facts"] for r in kept["rounds"]] == [FACTS] and game.status == "finished"

        from scorekeeper.services.tables import roster as tables
        from scorekeeper.services.tables.new_games import attach_game
        from scorekeeper.tables.stats import table_stats

        table, _ = tables.create_table("Old friends", ["Ann"])
        attach_game(table, game, [f"member:{table.members[0].id}", "Bob"])
        db.session.commit()
        players = {p["name"]: p for p in table_stats(tables.find_table(table.public_id))["players"]}
        assert (players["Ann"]["wins"], players["Bob"]["games"]) == (1, 1)
        db.session.remove()

        downgrade(directory=str(MIGRATIONS), revision=BEFORE_TABLES)
        assert not NEW_TABLES & set(inspect(db.engine).get_table_names())
        assert _rows() == before


FACTS = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]}


def _old_game() -> str:
    """A finished Rummikub game with one hand, written with the first schema's columns only."""
    options = json.dumps(services.game_options("rummikub", {"rounds": 1}))
    stamp = "2026-11-20 20:00:00.000000"
    game_id = db.session.execute(
        text(
            "INSERT INTO games (public_id, variant, options, first_dealer, secret_hash, status, created_at, "
            "updated_at) "
            "VALUES ('OldGame00001', 'rummikub', :options, 0, :hash, 'finished', :at, :at) RETURNING id"
        ),
        {"options": options, "hash": services.hash_secret("old"), "at": stamp},
    ).scalar_one()
    for seat, name in enumerate(["Ann", "Bob"]):
        db.session.execute(
            text("INSERT INTO players (game_id, seat, name) VALUES (:g, :s, :n)"),
            {"g": game_id, "s": seat, "n": name},
        )
    db.session.execute(
        text(
            "INSERT INTO rounds (game_id, number, facts, created_at, updated_at) VALUES (:g, 1, :f, :at, :at)"
        ),
        {"g": game_id, "f": json.dumps(FACTS), "at": stamp},
    )
    db.session.commit()
    return "OldGame00001"


def _rows() -> list:
    """The old game's rows, in the first schema's columns."""
    return [
        db.session.execute(text(query)).all()
        for query in (
            "SELECT public_id, variant, options, first_dealer, secret_hash, status, created_at, updated_at FROM games",
            "SELECT seat, name FROM players ORDER BY seat",
            "SELECT number, facts FROM rounds",
        )
    ]
