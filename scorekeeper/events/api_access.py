"""Who may use club night's JSON API, and how it refuses: the events' API blueprint (``/api/v1``),
the club's table secret for the organiser's changes, and the evening's refusals as JSON (:mod:`.api`,
:mod:`.api_rounds` add the routes)."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask_babel import gettext

from ..api.blueprint import GameId
from ..club import ClubError
from ..services import NotEditor, SecretMissing
from ..services.club import EventRefused, get_event
from ..services.tables import roster
from ..storage.club_models import ClubEvent
from ..storage.extensions import csrf, db
from ..storage.table_models import Table
from ..web.access import bearer_secret
from ..web.errors import error_body
from ..web.guards import require_json
from ..web.languages import spoken

bp = Blueprint("events_api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # the secrets come as Bearer tokens, as a game's edit secret does
require_json(bp)
bp.record_once(lambda state: state.app.url_map.converters.setdefault("table_id", GameId))

NO_TABLE_SECRET = "%s needs the club's table secret: send the header 'Authorization: Bearer <table secret>'."
WRONG_TABLE_SECRET = "That secret does not belong to this event's club (the table it was made at)."


@bp.errorhandler(EventRefused)
def refused(err: EventRefused):
    """What the evening cannot do as asked, in the reader's language: 409 when it collides with the
    evening's state, else 422 (the body's shape was right; 400 is the document's shape)."""
    return _refusal(gettext(err.template, **err.values), 409 if err.status == 409 else 422)


@bp.errorhandler(ClubError)
def club_refused(err: ClubError):
    return _refusal(gettext(err.template, **err.values), 422)


def _refusal(message: str, status: int):
    db.session.rollback()  # a refused request leaves nothing behind
    return jsonify(spoken(error_body(message))), status, {"Vary": "Accept-Language"}


def table_secret_of(table: Table, doing: str) -> str:
    """The Bearer secret when it is ``table``'s (401 without one, 403 for another)."""
    secret = bearer_secret()
    if secret is None:
        raise SecretMissing(NO_TABLE_SECRET % doing)
    if not roster.secret_matches(table, secret):
        raise NotEditor(WRONG_TABLE_SECRET)
    return secret


def organised(event_id: str, doing: str) -> tuple[ClubEvent, str]:
    """The event and the club's secret, for an organiser's change (401 without it, 403 wrong)."""
    if bearer_secret() is None:
        raise SecretMissing(NO_TABLE_SECRET % doing)
    event = get_event(event_id)
    return event, table_secret_of(db.session.get(Table, event.table_id), doing)


def committed(body: dict, status: int = 200, headers: dict | None = None):
    db.session.commit()
    return jsonify(body), status, headers or {}
