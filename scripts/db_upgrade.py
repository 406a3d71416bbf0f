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

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's package, whatever the venv holds

from scorekeeper.storage.revisions import current, database_url, heads  # noqa: E402  (stdlib only: no Flask)

MIGRATIONS = ROOT / "scorekeeper" / "migrations"
INSTANCE = ROOT / "instance"


def needs_upgrade(url: str | None, migrations: Path = MIGRATIONS) -> bool:
    return current(url, INSTANCE) != heads(migrations)


def main() -> int:
    url = database_url(INSTANCE)
    if not needs_upgrade(url):
        print(f"database is up to date ({', '.join(sorted(heads()))}): nothing to migrate")
        return 0
    flask = Path(sys.executable).with_name("flask")
    upgrade = [str(flask), "--app", "scorekeeper", "db", "upgrade", "--directory", str(MIGRATIONS)]
    return subprocess.run(upgrade, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
