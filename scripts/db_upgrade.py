"""`make db`: the database migrated to the newest revision, without loading the app when it
already is.

``flask db upgrade`` imports the whole app (and Alembic) before it can find there is nothing to
do. This reads the head revision(s) from ``scorekeeper/migrations/versions/`` (each file's
``revision`` and ``down_revision``) and, for a SQLite file, the database's ``alembic_version``
with :mod:`sqlite3`; when they agree it says so and stops. Otherwise (a new or older file, another
database such as PostgreSQL, an ``instance/config.py`` naming the database) it runs the full
``flask --app scorekeeper db upgrade``.

    .venv/bin/python scripts/db_upgrade.py
"""

from __future__ import annotations

import ast
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = ROOT / "scorekeeper" / "migrations"
INSTANCE = ROOT / "instance"


def _revisions(path: Path) -> tuple[str, tuple[str, ...]]:
    """A migration file's ``revision`` and the revisions it follows (``down_revision``)."""
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8"), filename=str(path)).body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id in ("revision", "down_revision") and node.value:
            found[target.id] = ast.literal_eval(node.value)
    down = found.get("down_revision") or ()
    return str(found["revision"]), (down,) if isinstance(down, str) else tuple(down)


def heads(migrations: Path = MIGRATIONS) -> set[str]:
    """The revisions no other migration follows: what ``db upgrade`` brings a database to."""
    revisions = [_revisions(p) for p in sorted((migrations / "versions").glob("*.py"))]
    followed = {down for _, downs in revisions for down in downs}
    return {rev for rev, _ in revisions} - followed


def database_url(instance: Path = INSTANCE) -> str | None:
    """The database the app opens (storage/config.py ``database_url``), or None when
    ``instance/config.py`` may name another (then only the app can tell)."""
    config = instance / "config.py"
    if config.exists() and "SQLALCHEMY_DATABASE_URI" in config.read_text(encoding="utf-8"):
        return None
    return os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'scorekeeper.sqlite3'}"


def current(url: str | None) -> set[str] | None:
    """The SQLite database's revisions (empty for a new file), or None when this cannot read them
    without the app: another database (PostgreSQL), or an in-memory one."""
    if not url or not url.startswith("sqlite:///"):
        return None
    path = Path(url.removeprefix("sqlite:///").split("?", 1)[0])
    path = path if path.is_absolute() else INSTANCE / path  # Flask-SQLAlchemy's reading of it
    if not path.exists():
        return set()
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            return {row[0] for row in conn.execute("SELECT version_num FROM alembic_version")}
    except sqlite3.Error:  # no alembic_version table yet (or not a database: the upgrade says so)
        return set()


def needs_upgrade(url: str | None, migrations: Path = MIGRATIONS) -> bool:
    return current(url) != heads(migrations)


def main() -> int:
    url = database_url()
    if not needs_upgrade(url):
        print(f"database is up to date ({', '.join(sorted(heads()))}): nothing to migrate")
        return 0
    flask = Path(sys.executable).with_name("flask")
    upgrade = [str(flask), "--app", "scorekeeper", "db", "upgrade", "--directory", str(MIGRATIONS)]
    return subprocess.run(upgrade, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
