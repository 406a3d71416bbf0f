"""The tables feature joins the app: ``create_app`` calls :func:`init_app` before mounting the core's pages.

The core never imports the tables; each lower module exposes a registry and
this module fills it:

- the rows (:mod:`.models`) join the games' metadata (``create_all``, migrations);
- the statistics follow every hand change (:mod:`.summaries` connects to
  :mod:`scorekeeper.services.events`);
- the OpenAPI document takes the tables' schemas and paths, and ``NewGame`` its
  ``table`` field (:func:`.openapi.register`);
- ``POST /api/v1/games`` with ``"table"`` starts a table's game
  (:func:`scorekeeper.api.routes.register_game_starter`); the tables' API routes
  join the API blueprint (:mod:`.api`);
- a table page follows its games live (channel ``table:<id>``,
  :func:`scorekeeper.live.versions.register`);
- the pages (:mod:`.views`, :mod:`.views_roster`, :mod:`.views_rulings`) are mounted.
"""

from __future__ import annotations

from flask import Flask

from ..api.routes import register_game_starter
from ..live.versions import register as register_channel
from ..services.tables import summaries  # noqa: F401 - signal receivers
from . import api, views, views_roster, views_rulings  # noqa: F401 - routes
from .live import CHANNEL, table_versions
from .openapi import register as register_document


def init_app(app: Flask) -> None:
    """Register the tables into the core's registries and mount their pages (idempotent per process)."""
    register_document()
    register_game_starter("table", api.start_table_game)
    register_channel(CHANNEL, table_versions)
    app.register_blueprint(views.bp)
