"""The files that hold the games and the secrets are this user's alone, from the moment they exist.

The SQLite database is created 0600 (it used to be 0644 under the usual umask 022), the
instance folder is 0700, and the generated secret key is written 0600 from the start.
"""

from __future__ import annotations

import os
import stat

from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.storage import config
from scorekeeper.storage.extensions import db
from scorekeeper.storage.paths import MIGRATIONS


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_database_file_is_0600_and_the_instance_folder_0700(tmp_path, umask_022):
    database = tmp_path / "games.sqlite3"
    app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        assert db.session.execute(db.text("select count(*) from games")).scalar() == 0
    assert _mode(database) == 0o600
    assert _mode(app.instance_path) == 0o700


def test_an_older_open_database_is_narrowed_and_kept(tmp_path, umask_022):
    database = tmp_path / "old.sqlite3"
    app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
    database.chmod(0o644)
    app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    assert _mode(database) == 0o600
    with app.app_context():
        assert db.session.execute(db.text("select count(*) from games")).scalar() == 0


def test_the_instance_folder_and_the_secret_key_are_private_from_the_start(tmp_path, umask_022, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    folder = tmp_path / "instance"
    config.private_instance(str(folder))
    assert _mode(folder) == 0o700
    key = config.secret_key(str(folder))
    assert len(key) == 64 and _mode(folder / "secret_key") == 0o600
