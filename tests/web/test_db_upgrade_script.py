"""`make db` (scripts/db_upgrade.py): a new SQLite file is migrated, one at the newest revision is
left alone without loading the app, an older one is brought up, and any other database (PostgreSQL)
always goes through the full ``flask db upgrade``."""

from __future__ import annotations

import importlib.util
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "db_upgrade.py"
MIGRATIONS = ROOT / "scorekeeper" / "migrations"

_spec = importlib.util.spec_from_file_location("db_upgrade", SCRIPT)
db_upgrade = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(db_upgrade)


def _alembic_heads() -> set[str]:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return set(ScriptDirectory.from_config(config).get_heads())


def _make_db(db_file: Path, *, importtime: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db_file}", "SCOREKEEPER_SECRET_KEY": "x"}
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run(
        [sys.executable, *flags, str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def _version(db_file: Path) -> set[str]:
    with sqlite3.connect(db_file) as conn:
        return {row[0] for row in conn.execute("SELECT version_num FROM alembic_version")}


def test_the_heads_read_from_the_files_are_alembics():
    assert db_upgrade.heads() == _alembic_heads()


def test_a_new_file_is_migrated_then_left_alone_without_the_app(tmp_path):
    db_file = tmp_path / "new.sqlite3"
    first = _make_db(db_file)
    assert first.returncode == 0, first.stderr
    assert _version(db_file) == _alembic_heads()
    with sqlite3.connect(db_file) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "players", "rounds"} <= tables

    again = _make_db(db_file, importtime=True)
    assert again.returncode == 0, again.stderr
    assert "nothing to migrate" in again.stdout
    # -X importtime lists every module the run imported, one a line: "import time: self | total | name"
    imported = {line.rsplit("|", 1)[-1].strip() for line in again.stderr.splitlines()}
    assert not {name.split(".")[0] for name in imported} & {"flask", "werkzeug", "alembic", "sqlalchemy"}
    # of the package, only the revisions reader and what it needs (no app, no rules, no web)
    assert {n for n in imported if n.startswith("scorekeeper")} <= {
        "scorekeeper",
        "scorekeeper.storage",
        "scorekeeper.storage.paths",
        "scorekeeper.storage.revisions",
    }


def test_an_older_database_is_brought_up(tmp_path):
    db_file = tmp_path / "old.sqlite3"
    assert _make_db(db_file).returncode == 0
    from flask_migrate import downgrade

    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "m", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_file}"})
    with app.app_context():
        downgrade(directory=str(MIGRATIONS), revision="-1")
    assert _version(db_file) and _version(db_file) != _alembic_heads()
    assert db_upgrade.needs_upgrade(f"sqlite:///{db_file}")

    result = _make_db(db_file)
    assert result.returncode == 0, result.stderr
    assert "nothing to migrate" not in result.stdout
    assert _version(db_file) == _alembic_heads()


def test_postgresql_and_a_named_database_go_through_the_full_upgrade(tmp_path):
    assert db_upgrade.needs_upgrade("postgresql+psycopg://u:p@localhost/scorekeeper")
    assert db_upgrade.needs_upgrade(None)  # instance/config.py names the database
    (tmp_path / "config.py").write_text('SQLALCHEMY_DATABASE_URI = "postgresql://h/db"\n')
    assert db_upgrade.database_url(tmp_path) is None


def _make_db_target(db_file: Path, prefix: Path, *make_args: str) -> None:
    venv = Path(sys.executable).parent.parent
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db_file}",
        "SCOREKEEPER_SECRET_KEY": "x",
        "PYTHONDONTWRITEBYTECODE": "1",  # a container's habit
        "PYTHONPYCACHEPREFIX": str(prefix),  # the caches written here, not into the shared venv
    }
    env = {k: v for k, v in env.items() if not k.startswith(("MAKE", "MFLAGS"))}
    cmd = ["make", "-s", f"VENV={venv}", "-o", f"{venv}/.installed", *make_args, "db"]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def test_make_db_writes_the_bytecode_caches_unless_told_not_to(tmp_path):
    """The next start reads the app's compiled modules instead of compiling them in every process."""
    _make_db_target(tmp_path / "a.sqlite3", tmp_path / "pyc")
    assert list((tmp_path / "pyc").rglob("scorekeeper/storage/models.*.pyc"))
    _make_db_target(tmp_path / "b.sqlite3", tmp_path / "none", "BYTECODE=0")
    assert not (tmp_path / "none").exists()


def test_the_start_up_check_reads_the_urls_sqlalchemy_reads(tmp_path):
    """A database at the heads is never refused for how its URL is written (a second reading found
    %20 in a path, an in-memory database and a file: URI refused, and make db could not help)."""
    from scorekeeper.storage import revisions

    spaced = tmp_path / "my db.sqlite3"
    assert _make_db(spaced).returncode == 0
    assert revisions.behind(f"sqlite:///{str(spaced).replace(' ', '%20')}", tmp_path) is None
    assert revisions.behind("sqlite:///:memory:", tmp_path) is None
    assert revisions.behind("sqlite:///file:x.db?uri=true", tmp_path) is None
    assert "without the app's tables" in revisions.behind(f"sqlite:///{tmp_path / 'new.sqlite3'}", tmp_path)


def test_a_database_of_a_newer_code_is_not_sent_to_make_db(tmp_path):
    db_file = tmp_path / "newer.sqlite3"
    assert _make_db(db_file).returncode == 0
    with sqlite3.connect(db_file) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'ffff00001111'")
    from scorekeeper.storage import revisions

    said = revisions.behind(f"sqlite:///{db_file}", tmp_path)
    assert "ffff00001111, which this code does not know" in said and "make db" not in said
