"""The JSON API's blueprint under ``/api/v1``, which :mod:`.routes` and :mod:`.questions` fill:
CSRF-exempt (a change needs ``Authorization: Bearer <edit secret>``), a body only as JSON, and the
``game_id`` converter of its paths."""

from __future__ import annotations

from flask import Blueprint
from werkzeug.routing import BaseConverter

from ..limits import PUBLIC_ID_PATTERN
from ..storage.extensions import csrf
from ..web.guards import require_json

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)
require_json(bp)  # 415 for a body not sent as JSON: no cross-site text/plain POST without a preflight


class GameId(BaseConverter):
    """A game's id in an API path: 12 URL-safe characters, as ``services.games`` makes them. So
    ``/games/import`` is never a game: ``GET /games/import`` is a 405 whose ``Allow`` names POST only."""

    regex = PUBLIC_ID_PATTERN


bp.record_once(lambda state: state.app.url_map.converters.setdefault("game_id", GameId))
