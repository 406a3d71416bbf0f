"""The schema comes only from migrations: upgrade an empty database, then compare with the models."""

from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.operations import Operations
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from scorekeeper import create_app, services
from scorekeeper.storage.extensions import db

ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS = ROOT / "scorekeeper" / "migrations"
TABLES = {"games", "players", "rounds", "audit_entries", "sent_hands"}


@pytest.fixture
def empty_app(tmp_path):
    """An app on an empty SQLite file: no ``create_all``."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "m",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'empty.sqlite3'}",
        }
    )


def test_upgrade_creates_schema_matching_the_models(empty_app):
    with empty_app.app_context():
        upgrade(directory=str(MIGRATIONS))
        tables = set(inspect(db.engine).get_table_names())
        assert TABLES <= tables and "alembic_version" in tables
        with db.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            diff = compare_metadata(context, db.metadata)
        assert diff == [], f"models and migrations disagree: {diff}"


def test_upgraded_database_works_and_downgrades(empty_app):
    with empty_app.app_context():
        upgrade(directory=str(MIGRATIONS))
        game, _secret = services.create_game("rummikub", ["Ann", "Bob"], {"target": "50"})
        db.session.commit()
        assert services.get_game(game.public_id).names == ["Ann", "Bob"]
        db.session.remove()
        downgrade(directory=str(MIGRATIONS), revision="base")
        assert set(inspect(db.engine).get_table_names()) & TABLES == set()


def test_make_run_upgrade_command_on_a_fresh_file(tmp_path):
    """Exactly what ``make run`` does: ``flask --app scorekeeper db upgrade --directory scorekeeper/migrations``."""
    db_file = tmp_path / "fresh.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db_file}", "SCOREKEEPER_SECRET_KEY": "x"}
    flask = Path(sys.executable).with_name("flask")
    result = subprocess.run(
        [str(flask), "--app", "scorekeeper", "db", "upgrade", "--directory", "scorekeeper/migrations"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    import sqlite3

    with sqlite3.connect(db_file) as conn:
        names = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    assert TABLES <= names


def test_migrations_render_for_postgresql():
    """Every migration compiles to PostgreSQL DDL (offline; no server needed)."""
    out = io.StringIO()
    context = MigrationContext.configure(
        dialect_name="postgresql", opts={"as_sql": True, "output_buffer": out}
    )
    with Operations.context(context):
        for path in sorted((MIGRATIONS / "versions").glob("*.py")):
            spec = importlib.util.spec_from_file_location(path.stem, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            module.upgrade()
    sql = out.getvalue()
    for table in TABLES:
        assert f"CREATE TABLE {table}" in sql
    assert "JSON" in sql and "ON DELETE CASCADE" in sql


def test_an_evening_kept_before_0016_counts_its_rounds_seated(empty_app):
    """Migration 0016 gives every evening kept before it the count of its rounds: a seating claims
    the next round on that count, so an evening left at 0 with two rounds could never seat again."""
    from scorekeeper.services.club import check_in, end_evening, get_event, seat_next
    from tests.web.club_support import FOUR, december_night, play_round

    with empty_app.app_context():
        upgrade(directory=str(MIGRATIONS))
        _, event, secret = december_night(FOUR, rounds=3)
        check_in(event, FOUR)
        for rule in ("draw", "standing"):
            seat_next(event, secret, rule, seed=1)
            play_round(event)
        db.session.commit()
        public_id = event.public_id
        db.session.remove()
        downgrade(directory=str(MIGRATIONS), revision="f2b8c6d41e93")  # 0015: no count kept
        upgrade(directory=str(MIGRATIONS))
        event = get_event(public_id)
        assert event.rounds_seated == 2
        assert seat_next(event, secret, "standing").number == 3
        play_round(event)
        end_evening(event, 3)
        db.session.commit()
        assert get_event(public_id).ended_at is not None
