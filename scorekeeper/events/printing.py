"""Club night's PDFs (issue 39, docs/printing.md "Club night"): a round's table cards and score
slips, the final standings, and the organiser's event sheet, under ``/events/<public_id>/print/``.

Who may print what: the cards, slips and standings carry what the room sees anyway (names, tables,
the game pages' public addresses, never a secret), so the event's address is enough, as a game's
sheet needs only the game's. The event sheet holds the organiser's record (the check-in list, every
override with its reason): it needs the club's table secret (its cookie, or ``Bearer``), a 403
without. Every PDF comes through the print pipeline: laid out in the worker pool, a waiting page
when it is slow (202), ``Cache-Control: no-store``.
"""

from __future__ import annotations

from flask import Blueprint, abort, request
from flask_babel import gettext

from ..printing import club as sheets
from ..printing import options as choices
from ..services.club import get_event
from ..storage.extensions import db
from ..storage.table_models import Table
from ..views.print_waiting import pdf_answer
from ..web.table_access import changeable_table

bp = Blueprint("event_print", __name__, url_prefix="/events/<public_id>/print")


def _paper() -> str:
    try:
        return choices.paper_choice(request.args.get("paper"))
    except choices.PrintInputError:
        abort(400, description=gettext("Paper must be a4 or letter."))


def _round(event):
    """The round asked for (``?round=N``), else the latest; a 404 naming why otherwise."""
    raw = request.args.get("round")
    # ASCII digits only: str.isdigit() also takes "²" and "①", which int() refuses (a 500)
    if raw is not None and not (raw.isascii() and raw.isdigit()):
        abort(400, description=gettext("The round is a number, like 2."))
    found = sheets.round_of(event, int(raw) if raw else None)
    if found is None:
        if not event.event_rounds:
            abort(404, description=gettext("No round of this evening has been seated yet."))
        abort(404, description=gettext("This evening has no round %(number)s.", number=raw))
    return found


@bp.get("/cards.pdf")
def cards(public_id: str):
    """A round's table cards: the table's number, its players in seat order, the game's QR code."""
    return _round_pdf(public_id, sheets.table_cards_pdf, "cards")


@bp.get("/slips.pdf")
def slips(public_id: str):
    """A round's score slips, one per table, to fill in by hand."""
    return _round_pdf(public_id, sheets.score_slips_pdf, "slips")


def _round_pdf(public_id: str, make, kind: str):
    event = get_event(public_id)
    event_round, paper = _round(event), _paper()
    return pdf_answer(
        lambda: make(event, event_round, paper), f"{event.public_id}-round-{event_round.number}-{kind}.pdf"
    )


@bp.get("/standings.pdf")
def standings(public_id: str):
    """The evening's standings (the final's order first when there was a cut)."""
    event = get_event(public_id)
    paper = _paper()
    return pdf_answer(lambda: sheets.standings_pdf(event, paper), f"{event.public_id}-standings.pdf")


@bp.get("/event.pdf")
def event_sheet(public_id: str):
    """The organiser's event sheet: only with the club's table secret (403 otherwise)."""
    event = get_event(public_id)
    changeable_table(db.session.get(Table, event.table_id).public_id)
    paper = _paper()
    return pdf_answer(lambda: sheets.event_sheet_pdf(event, paper), f"{event.public_id}-event.pdf")
