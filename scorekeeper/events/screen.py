"""The standings screen (issue 39): ``/events/<public_id>/screen`` for a TV or a projector at the
club. No secret is needed to view it, and it holds none: the evening's name, the round's tables
(which still play, which wait for a result to be confirmed), the standings and the round's timer.
It follows channel ``event:<public_id>`` (:mod:`.live`) and swaps in its new content after each
change (static/js/live.js)."""

from __future__ import annotations

import calendar
import functools
from dataclasses import dataclass

from flask import Blueprint, render_template
from sqlalchemy import select

from .. import live
from ..live.stream import follow
from ..printing.club_words import points_text, tie_sentence
from ..services.club import current_round, evening_over, get_event
from ..services.club.events import EventNotFound, find_event
from ..storage.club_models import ClubEvent, EventTable
from ..storage.extensions import db
from ..storage.models import utcnow
from ..storage.table_models import Member
from .api_json import standings_json
from .live import CHANNEL, event_channel, event_token, event_versions, install_hooks

bp = Blueprint("event_screen", __name__)
bp.record_once(lambda _state: install_hooks())  # a club change reaches the screen at once (.live)
#: the screen's live channel ``event:<public_id>`` (the core's ``live_channels``)
LIVE_CHANNELS = {CHANNEL: event_versions}


@dataclass(frozen=True)
class ScreenTable:
    """A table of the round as the screen shows it: its number, names in seat order, and its state
    ("playing", "declared": waiting for a second player, "final": with the scores)."""

    number: int
    names: list[str]
    state: str
    scores: list[tuple[str, int]]


@bp.get("/events/<public_id>/screen")
def screen(public_id: str):
    """The standings screen: large type, live, for everyone in the room."""
    event = get_event(public_id)
    return render_template(
        "events/screen.html",
        layout=live.layout(live.fragment_requested()),
        live_version=event_token(event.updated_at),
        **screen_content(event),
    )


@bp.get("/live/events/<public_id>")
def follow_screen(public_id: str):
    """The event's changes, for its standings screen (the page fetches its own content after each)."""
    event = find_event(public_id)
    if event is None:
        raise EventNotFound(public_id)
    return follow(event_channel(public_id), event_token(event.updated_at))


def screen_content(event: ClubEvent) -> dict:
    """What the screen shows of ``event`` now. Its standings are the API's kept answer
    (:func:`.api_json.standings_json`, computed once per change of the evening for every screen,
    phone and API reader of this process); the round's names are read for its tables alone."""
    played = current_round(event)
    seated = played.tables if played else []
    names = _names({m for t in seated for m in t.members})
    tables = [_table(t, names) for t in seated]
    said = functools.cache(points)  # each distinct number formatted once: a hundred lines share a few
    # the tiebreak that put a player below the line above with the same points, beside the name
    lines = [
        (s["rank"], s["name"], said(s["points"]), s["games"], tie_sentence(s["parted_by"]))
        for s in standings_json(event)
    ]
    return {
        "event": event,
        "over": evening_over(event),
        "played": played,
        "tables": tables,
        "waiting": [t.number for t in tables if t.state != "final"],
        "lines": lines,
        "timer": _timer(event, played, tables),
    }


def points(value: float) -> str:
    """Standings points in the reader's number format (:func:`.page.points_text`)."""
    return points_text(value)


def _names(ids: set[int]) -> dict[int, str]:
    """Roster names by id (one query)."""
    if not ids:
        return {}
    return dict(db.session.execute(select(Member.id, Member.name).where(Member.id.in_(ids))).all())


def _table(table: EventTable, names: dict[int, str]) -> ScreenTable:
    seated = [names.get(m, "?") for m in table.members]
    state = "final" if table.final else ("declared" if table.result is not None else "playing")
    scores = list(zip(seated, table.result or [], strict=False)) if table.final else []
    return ScreenTable(table.number, seated, state, scores)


def _timer(event: ClubEvent, played, tables: list[ScreenTable]) -> dict | None:
    """The round's timer: when it ends and the server's clock now (ms since the epoch, UTC), and
    the seconds left; None without a round timer, or once every table is done."""
    if not event.round_minutes or played is None or all(t.state == "final" for t in tables):
        return None
    ends = _ms(played.seated_at) + event.round_minutes * 60_000
    now = _ms(utcnow())
    return {"ends": ends, "now": now, "left": max(0, (ends - now) // 1000), "minutes": event.round_minutes}


def _ms(moment) -> int:
    return calendar.timegm(moment.utctimetuple()) * 1000 + moment.microsecond // 1000
