"""Scorekeeper: a table companion for rummy games played with real cards and tiles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .storage.paths import MIGRATIONS, STATIC, TEMPLATES

if TYPE_CHECKING:  # Flask is imported by create_app: the `scorekeeper` command starts without it
    from flask import Flask


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: defaults, then ``instance/config.py`` and the environment, then ``test_config``."""
    from flask import Flask

    app = Flask(
        __name__, instance_relative_config=True, template_folder=str(TEMPLATES), static_folder=str(STATIC)
    )
    _configure(app, test_config)
    _register_extensions(app)
    _register_languages(app)
    _register_pool(app)
    _register_delivery(app)
    _register_features(app)
    _register_blueprints(app)
    _register_live(app)
    _register_offline(app)
    _register_errorhandlers(app)
    _register_template_helpers(app)
    _register_protections(app)
    _register_idempotency(app)
    _register_throttle(app)
    return app


def _configure(app: Flask, test_config: dict | None) -> None:
    from .storage.config import Defaults, database_url, private_database, private_instance, secret_key
    from .web import paths

    paths.register(app)
    private_instance(app.instance_path)
    app.config.from_object(Defaults)
    app.json.sort_keys = False  # keep the engine's key order (RULES.md section 6)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.update(test_config)
    app.config.setdefault("SQLALCHEMY_DATABASE_URI", database_url(app.instance_path))
    private_database(app.config["SQLALCHEMY_DATABASE_URI"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(app.instance_path)


def _register_extensions(app: Flask) -> None:
    from .storage.extensions import csrf, db, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    csrf.init_app(app)


def _register_languages(app: Flask) -> None:
    from .web import described, languages

    languages.init_app(app)
    described.init_app(app)


#: modules a pool process imports as it warms (the jobs' own: the engine's solver, the PDF renderer, the
#: rack photo's reading); the web process never imports them for the pool. Not the shape check of an
#: import over 64 KiB (scorekeeper.api.bodies, jsonschema): a rare job, which imports it itself, and
#: 0.53 s of CPU of a warm-up of 1.7 s that every start paid (issue 35's small box)
POOL_PRELOAD = (
    "scorekeeper.checker.solving",
    "scorekeeper.printing.documents",
    "scorekeeper.printing.pdf",
    "weasyprint",
    "scorekeeper.photo.photo",
)


def _register_pool(app: Flask) -> None:
    """The worker pool's bounds, and what each of its processes warms before its first job: the
    printing floor's steps (a tiny solve, WeasyPrint, a tiny PDF), then the jobs' modules imported."""
    from .limits import pool
    from .printing.warm_up import STEPS

    pool.configure(
        int(app.config["POOL_PROCESSES"]),
        float(app.config["POOL_TIMEOUT"]),
        int(app.config["POOL_RETRY_AFTER"]),
        int(app.config["POOL_QUEUE"]),
        warm_up=pool.WarmUp(tuple(STEPS.items()), POOL_PRELOAD),
    )


def _register_delivery(app: Flask) -> None:
    from .web import delivery

    delivery.register(app)


def _register_features(app: Flask) -> None:
    """Install each feature package's :class:`~scorekeeper.web.features.Feature` (docs/features.md)."""
    from .events.feature import init_app as events
    from .seats.feature import init_app as seats
    from .tables.feature import init_app as tables

    tables(app)
    seats(app)
    events(app)


def _register_blueprints(app: Flask) -> None:
    from .api import questions, routes  # noqa: F401 (each adds its routes to the API blueprint)
    from .api.blueprint import bp as api
    from .api.photo_route import bp as photo_api
    from .views import register_blueprints

    register_blueprints(app)
    app.register_blueprint(api)
    app.register_blueprint(photo_api)


def _register_live(app: Flask) -> None:
    from . import live

    live.init_app(app)


def _register_offline(app: Flask) -> None:
    from . import offline

    offline.init_app(app)


def _register_errorhandlers(app: Flask) -> None:
    from .web.errors import register_errorhandlers

    register_errorhandlers(app)


def _register_template_helpers(app: Flask) -> None:
    from .web import filters

    filters.register(app)


def _register_idempotency(app: Flask) -> None:
    from .api import idempotency

    idempotency.init_app(app)  # after every API route is registered: it wraps their views


def _register_throttle(app: Flask) -> None:
    from .web import throttle

    throttle.init_app(app)  # after every page is registered: it wraps their views


def _register_protections(app: Flask) -> None:
    from .web.access import protect
    from .web.form_once import field

    protect(app)
    app.jinja_env.globals["once_field"] = field  # a form that starts something is taken once
