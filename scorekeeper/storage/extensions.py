"""Unbound Flask extensions, bound to the app in ``create_app``.

Flask-Migrate (and with it Alembic, Mako and Pygments) is loaded only when a migration runs:
:class:`LazyMigrate` puts what Flask-Migrate reads into ``app.extensions["migrate"]`` and a
``db`` command that loads the real one when called, so a web worker starts without them.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import cached_property

import click
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect

#: Flask-Migrate's own defaults for the migration context (its ``Migrate.__init__``)
CONTEXT_ARGS = {"compare_type": True, "render_as_batch": True}


class MigrateConfig:
    """What ``flask_migrate`` and ``migrations/env.py`` read from ``app.extensions["migrate"]``
    (Flask-Migrate's ``_MigrateConfig``); the ``Migrate`` itself is made when first asked for."""

    def __init__(self, db: SQLAlchemy, directory: str) -> None:
        self.db = db
        self.directory = directory
        self.configure_args = dict(CONTEXT_ARGS)

    @cached_property
    def migrate(self):
        from flask_migrate import Migrate

        return Migrate(db=self.db, directory=self.directory, **self.configure_args)

    @property
    def metadata(self):
        return self.db.metadata


@click.command(
    "db",
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []},
)
@click.pass_context
def db_command(ctx: click.Context) -> None:
    """Perform database migrations (Flask-Migrate's commands; `flask db --help` lists them)."""
    from flask_migrate.cli import db as migrations

    migrations.main(args=ctx.args, prog_name=ctx.command_path, standalone_mode=False, obj=ctx.obj)


class LazyMigrate:
    """``Migrate().init_app(app, db, directory=...)`` without importing Flask-Migrate."""

    def init_app(self, app, db: SQLAlchemy, directory: str) -> None:
        app.extensions["migrate"] = MigrateConfig(db, str(directory))
        app.cli.add_command(db_command)


db = SQLAlchemy()
migrate = LazyMigrate()
csrf = CSRFProtect()


@contextmanager
def commits_held():
    """``db.session.commit()`` held as a flush while inside, so what a view does and what is written
    after it (a kept answer: ``api/idempotency.py``, ``web/form_once.py``) are committed together by
    the caller; a refused change is rolled back by the error handler."""
    session = db.session()
    if "commit" in vars(session):  # held already (one wrapper inside another): the outer one commits
        yield
        return
    session.commit = session.flush  # an instance attribute, in front of Session.commit
    try:
        yield
    finally:
        del session.commit
