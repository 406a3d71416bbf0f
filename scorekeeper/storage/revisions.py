"""Which migrations a database has had, read without the app: the head revisions from the migration
files, and a SQLite file's ``alembic_version`` with :mod:`sqlite3`.

``make db`` (scripts/db_upgrade.py) skips a database already at the heads; the server refuses to
start on a SQLite file behind them (:func:`behind`), instead of answering 500 on every page that
needs a table the file does not have yet.
"""

from __future__ import annotations

import ast
import os
import sqlite3
from pathlib import Path
from urllib.parse import unquote

from .paths import MIGRATIONS


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


def instance_path() -> Path:
    """The app's instance folder, as Flask finds it for this package (it imports Flask)."""
    from flask import Flask

    return Path(Flask("scorekeeper", instance_relative_config=True).instance_path)


def database_url(instance: Path) -> str | None:
    """The database the app opens (storage/config.py ``database_url``), or None when
    ``instance/config.py`` may name another (then only the app can tell)."""
    config = instance / "config.py"
    if config.exists() and "SQLALCHEMY_DATABASE_URI" in config.read_text(encoding="utf-8"):
        return None
    return os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'scorekeeper.sqlite3'}"


def sqlite_file(url: str | None, instance: Path) -> Path | None:
    """The file a ``sqlite:///`` URL names (relative to ``instance``, as Flask-SQLAlchemy reads it,
    its %-escapes decoded as SQLAlchemy decodes them), or None where this cannot tell without the
    app: another database (PostgreSQL), an in-memory one, or a ``file:`` URI (``?uri=true``).

    >>> sqlite_file("sqlite:////tmp/my%20db.sqlite3", Path("/i")), sqlite_file("sqlite:///t.db?x=1", Path("/i"))
    (PosixPath('/tmp/my db.sqlite3'), PosixPath('/i/t.db'))
    >>> sqlite_file("sqlite:///:memory:", Path("/i")), sqlite_file("sqlite:///file:x.db?uri=true", Path("/i"))
    (None, None)
    """
    if not url or not url.startswith("sqlite:///"):
        return None
    name, _, query = url.removeprefix("sqlite:///").partition("?")
    name = unquote(name)
    if name in ("", ":memory:") or name.startswith("file:") or "uri=true" in query.lower():
        return None
    path = Path(name)
    return path if path.is_absolute() else instance / path


def current(url: str | None, instance: Path) -> set[str] | None:
    """The SQLite database's revisions (empty for a new file), or None when this cannot read them
    without the app: another database (PostgreSQL), or an in-memory one."""
    path = sqlite_file(url, instance)
    if path is None:
        return None
    if not path.exists():
        return set()
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            return {row[0] for row in conn.execute("SELECT version_num FROM alembic_version")}
    except sqlite3.Error:  # no alembic_version table yet (or not a database: the upgrade says so)
        return set()


def behind(url: str | None, instance: Path) -> str | None:
    """Why the server should not start on this database, or None: a SQLite file whose revisions are
    not the migrations' heads (a new file, or one from before the code was updated). Another
    database is not read here (it needs the app's driver); ``make run`` migrates it."""
    have, wanted = current(url, instance), heads()
    if have is None or have == wanted:
        return None
    where = sqlite_file(url, instance)
    if have - _known():  # a revision no migration here makes: a newer code's database
        return (
            f"the database {where} is at revision {', '.join(sorted(have))}, which this code does not "
            f"know (it brings a database to {', '.join(sorted(wanted))}): it was made by a newer "
            "Scorekeeper. Run that one, or this one on another database"
        )
    state = f"at revision {', '.join(sorted(have))}" if have else "without the app's tables"
    return (
        f"the database {where} is {state}; this code needs {', '.join(sorted(wanted))}. "
        "Bring it up to date first with `make db` (or `scorekeeper init-db`): no game is lost"
    )


def _known(migrations: Path = MIGRATIONS) -> set[str]:
    """Every revision the migration files make."""
    return {_revisions(p)[0] for p in (migrations / "versions").glob("*.py")}
