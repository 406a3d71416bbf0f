"""The seats feature as the core sees it: one :class:`~scorekeeper.web.features.Feature`, which
``create_app`` installs (docs/features.md)."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import select

from .. import services
from ..rules import find_variant
from ..services.seats import part_seen, seat_of_secret
from ..storage.extensions import db
from ..storage.models import Game
from ..web.access import made_secret
from ..web.cookie_room import GAME_COOKIE_PREFIXES
from ..web.features import Feature, install
from ..web.form_once import REMADE
from . import api, editor_views, turn_views  # noqa: F401 (both add their routes to views.bp)
from .openapi import API
from .views import COOKIE_PREFIX, seat_cookie

FEATURE = Feature("seats", blueprints=(turn_views.bp, api.bp), api=API)


def init_app(app: Flask) -> None:
    """Install the seats in ``app``, with the confirm forms' ``part_seen`` filter and the part forms'
    ``step_now``; a seat taken by a form sent twice is given to the second send too (``web/form_once.py``)."""
    install(app, FEATURE)
    app.add_template_filter(part_seen, "part_seen")
    app.add_template_global(step_now)
    REMADE[COOKIE_PREFIX] = seat_secret
    GAME_COOKIE_PREFIXES.add(COOKIE_PREFIX)


def step_now(game: Game, seat: int) -> dict | None:
    """The Step a player's part is about (KB-8: the Step they are on, ``step`` and ``step_text``), for a
    game laid in Steps; None otherwise, or once every Step is done."""
    if not find_variant(game.variant).laid_in_steps:
        return None
    progress = services.game_score(game).progress
    return progress[seat] if seat < len(progress) and not progress[seat]["done"] else None


def seat_secret(public_id: str, held: str) -> str | None:
    """The seat secret a form's answer gave for the game ``public_id``, made again from the form's key
    and the browser (``held``: ``web/form_once.py``)."""
    made = made_secret(held, seat_cookie(public_id))
    game = db.session.scalar(select(Game).where(Game.public_id == public_id))
    return made if game is not None and seat_of_secret(game, made) is not None else None
