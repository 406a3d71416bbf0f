"""The seats feature as the core sees it: one :class:`~scorekeeper.web.features.Feature`, which
``create_app`` installs (docs/features.md)."""

from __future__ import annotations

from flask import Flask

from ..services.seats import part_seen
from ..web.features import Feature, install
from . import api, editor_views, turn_views  # noqa: F401 (both add their routes to views.bp)
from .openapi import API

FEATURE = Feature("seats", blueprints=(turn_views.bp, api.bp), api=API)


def init_app(app: Flask) -> None:
    """Install the seats in ``app``, with the confirm forms' ``part_seen`` filter."""
    install(app, FEATURE)
    app.add_template_filter(part_seen, "part_seen")
