"""A BG Stats backup taken into a table from its page: a file picker, then what was added, what the
table already held, what waits for the next import and what was skipped (the service is
:func:`~scorekeeper.services.tables.bgstats_import.import_bgstats`, the API ``api_bgstats.py``)."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import gettext, lazy_gettext
from werkzeug.exceptions import RequestEntityTooLarge

from ..api import bodies
from ..checker import json_text
from ..checker.checking import InputError
from ..limits import BGSTATS_ITEMS_MAX, BODY_MAX, TooMany
from ..rules import RoundError
from ..services.tables import bgstats_import
from ..services.tables import roster as services
from ..services.tables.bgstats import time_zone
from ..services.tables.bgstats_import import (
    NO_NAME,
    NO_SCORES,
    NO_UUID,
    NOT_A_DATE,
    OUT_OF_RANGE,
    SAME_PLAYER,
    import_bgstats,
)
from ..services.tables.transfer import TransferError
from ..storage.extensions import db
from ..web import table_access as access
from ..web.forms import ConfirmForm
from .views import bp as tables_bp

#: the service's reasons for a skipped play, as the page says them (any other is shown as given)
SKIPPED = {
    NO_UUID: lazy_gettext("it has no uuid"),
    NO_SCORES: lazy_gettext("it has no players' scores"),
    NO_NAME: lazy_gettext("a player of it has no name in the file's list of players"),
    NOT_A_DATE: lazy_gettext("its date is not in BG Stats' form (YYYY-MM-DD HH:MM:SS)"),
    SAME_PLAYER: lazy_gettext("one player sits in two seats"),
    OUT_OF_RANGE: lazy_gettext("its date is before 1970 or after tomorrow"),
}

#: the import's own blueprint inside the tables' (``tables.bgstats_import.*``): its 413 is its page's
bp = Blueprint("bgstats_import", __name__)


@bp.get("/<table_id>/import")
def import_page(table_id: str):
    """The file picker: a BG Stats backup (``BGStatsExport.json``) for this table."""
    table = services.get_table(table_id)
    return _page(table)


@bp.post("/<table_id>/import")
def import_plays(table_id: str):
    """The backup's plays whose games the table knows, as result-only games; the page says what
    became of each (a file that is not a backup: the reason, and nothing changed)."""
    table, secret = access.changeable_table(table_id)
    try:
        report = _take(table, secret)
    except _Refused as refused:
        db.session.rollback()
        return _page(table, error=refused.args[0], detail=refused.detail), refused.status
    db.session.commit()
    return _page(table, report=report)


def _take(table, secret: str) -> dict:
    """The uploaded backup taken into ``table``: the service's report (:class:`_Refused` for a file
    that is not a backup, or is past the bounds)."""
    doc = _backup()
    lists = doc.values() if isinstance(doc, dict) else ()
    try:
        if any(isinstance(v, list) and len(v) > BGSTATS_ITEMS_MAX for v in lists):
            raise TooMany([])  # before the shape: the bound says more than "not a backup"
        return import_bgstats(table, secret, bodies.shaped("BGStatsBackup", doc), _phone_zone())
    except (InputError, TransferError) as err:
        raise _Refused(_not_a_backup(), detail=str(err)) from None
    except TooMany:
        raise _Refused(
            gettext(
                "This backup has more than %(most)s items in one of its lists: a table takes at most that many.",
                most=f"{BGSTATS_ITEMS_MAX:,}",
            ),
            413,
        ) from None


class _Refused(Exception):
    """A file this page cannot take, with the sentence that says why (422, as a form sent back; 413 past
    the bounds)."""

    def __init__(self, message: str, status: int = 422, detail: str | None = None):
        super().__init__(message)
        self.status, self.detail = status, detail


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_err):
    """A body past the bound (refused as the form is read, before its CSRF token is checked): the
    import page with the reason, for the table's phones and the others alike."""
    try:
        table = services.get_table((request.view_args or {}).get("table_id", ""))
    except services.TableNotFound:
        message = _too_large()
        return render_template("errors/error.html", status=413, message=message, reasons=[]), 413
    return _page(table, error=_too_large()), 413


def _backup():
    """The uploaded file read as JSON, within the size bound (:class:`_Refused` otherwise)."""
    upload = request.files.get("backup")
    if upload is None or not upload.filename:
        raise _Refused(gettext("Choose the backup file first (BGStatsExport.json, from BG Stats' backup)."))
    data = upload.stream.read(BODY_MAX + 1)
    if len(data) > BODY_MAX:
        raise _Refused(_too_large(), 413)
    try:
        return json_text.parsed(data, "the file")  # the API's one reading of JSON (UTF-8 only, keys once)
    except InputError as err:
        raise _Refused(
            gettext("This file is not a BG Stats backup: it is not JSON. Choose BGStatsExport.json."),
            detail=str(err),
        ) from None
    except RoundError as err:  # a text no page or database takes (half a character), as the API refuses it
        raise _Refused(_not_a_backup(), detail=str(err)) from None


def _not_a_backup() -> str:
    return gettext(
        "This file is not a BG Stats backup: its games, players and plays are not in BG Stats' form."
    )


def _phone_zone():
    """The phone's time zone, which its script sends (static/js/tables.js): BG Stats' play dates are
    wall times in it; none, or a name that is none: UTC."""
    try:
        return time_zone(request.form.get("tz"))
    except ValueError:
        return None


def _too_large() -> str:
    return gettext(
        "This file is larger than %(most)s MiB: a table takes a backup of at most that.",
        most=BODY_MAX // 2**20,
    )


def _page(table, report: dict | None = None, error: str | None = None, detail: str | None = None) -> str:
    if report:
        said = [{**s, "reason": str(SKIPPED.get(s["reason"], s["reason"]))} for s in report["skipped"]]
        report = {**report, "skipped": said}
    return render_template(
        "tables/import.html",
        table=table,
        editor=access.can_change(table),
        form=ConfirmForm(formdata=None),  # the request's body is never read here (it may be past the bound)
        report=report,
        error=error,
        detail=detail,
        taken_max=bgstats_import.BGSTATS_TAKEN_MAX,  # the service's bound (a test may lower it)
        items_max=BGSTATS_ITEMS_MAX,
    )


tables_bp.register_blueprint(bp)
