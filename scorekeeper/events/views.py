"""Club night's organiser pages (issue 39, docs/club-night.md): the event page."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..services.club import get_event

bp = Blueprint("events", __name__)


@bp.get("/events/<public_id>")
def show(public_id: str):
    """The event page: who is present, the round's tables, the standings and the log."""
    event = get_event(public_id)
    return render_template("events/show.html", event=event)
