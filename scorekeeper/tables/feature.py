"""The tables feature as the core sees it: one :class:`~scorekeeper.web.features.Feature`, which
``create_app`` installs (docs/features.md)."""

from __future__ import annotations

from flask import Flask

from ..services.tables.summaries import RECEIVERS
from ..web.features import Feature, install
from . import api, api_bgstats, api_house, views, views_import, views_player, views_roster, views_rulings  # noqa: F401 - the roster, import and rulings pages join views.bp, house games api.bp
from .live import CHANNEL, table_versions
from .openapi import API

FEATURE = Feature(
    "tables",
    blueprints=(views.bp, api.bp),
    api=API,
    game_starters={"table": api.start_table_game},
    live_channels={CHANNEL: table_versions},
    receivers=RECEIVERS,
    closes_hands=views.closes_hands,
)


def init_app(app: Flask) -> None:
    """Install the tables in ``app``."""
    install(app, FEATURE)
