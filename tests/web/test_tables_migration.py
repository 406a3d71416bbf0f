"""The tables migration keeps every existing game: a database with games from before tables is
upgraded, its games are untouched and can join a table."""

from __future__ import annotations

from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from scorekeeper import create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import Round
from scorekeeper.services.transfer import export_game

from .test_migrations import MIGRATIONS

BEFORE_TABLES = "08e8a4c292f1"
NEW_TABLES = {"tables", "table_members", "table_rulings", "table_games", "table_seats", "table_figures"}


def test_upgrading_keeps_every_game_and_they_can_join_a_table(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "m",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite3'}"})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=BEFORE_TABLES)
        assert not NEW_TABLES & set(inspect(db.engine).get_table_names())
        game, _ = services.create_game("rummikub", ["Ann", "Bob"], {"rounds": 1})
        game.rounds.append(Round(number=1, facts={"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]}))
        game.status = "finished"
        db.session.commit()
        public_id, before = game.public_id, export_game(game)
        db.session.remove()

        upgrade(directory=str(MIGRATIONS))
        assert NEW_TABLES <= set(inspect(db.engine).get_table_names())
        game = services.get_game(public_id)
        assert export_game(game) == before

        from scorekeeper.tables import services as tables
        from scorekeeper.tables.stats import table_stats

        table, _ = tables.create_table("Old friends", ["Ann"])
        tables.attach_game(table, game, [f"member:{table.members[0].id}", "Bob"])
        db.session.commit()
        players = {p["name"]: p for p in table_stats(tables.find_table(table.public_id))["players"]}
        assert (players["Ann"]["wins"], players["Bob"]["games"]) == (1, 1)
        db.session.remove()

        downgrade(directory=str(MIGRATIONS), revision=BEFORE_TABLES)
        assert not NEW_TABLES & set(inspect(db.engine).get_table_names())
        assert export_game(services.get_game(public_id)) == before
