"""Club night as the core sees it: one :class:`~scorekeeper.web.features.Feature`, which
``create_app`` installs (docs/features.md)."""

from __future__ import annotations

from flask import Flask

from ..storage import club_models  # noqa: F401 - the rows join the metadata (migrations compare them)
from ..web.features import Feature, install
from . import printing, screen, table_views, views, views_round, views_season  # noqa: F401 - their routes join views.bp
from .api import with_api

FEATURE = Feature(
    "events",
    blueprints=(views.bp, printing.bp, screen.bp, table_views.bp),
    live_channels=screen.LIVE_CHANNELS,
    page_parts=table_views.PAGE_PARTS,
    receivers=table_views.RECEIVERS,
    closes_hands=table_views.closes_hands,
    holds_game=table_views.holds_game,
    holds_games=table_views.holds_games,
)
FEATURE = with_api(FEATURE)  # the events' JSON API (api.py) and its part of the document (openapi.py)


def init_app(app: Flask) -> None:
    """Install club night in ``app``."""
    install(app, FEATURE)
