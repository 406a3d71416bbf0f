"""Club night live: the standings screen follows channel ``event:<public id>``, whose version is the
event's change stamp (``ClubEvent.updated_at``, bumped by every change the services log).

Two session hooks make a change reach its followers at once, on SQLite and on PostgreSQL alike:
a changed event notes its channel (NOTIFY, and the commit pokes this process's hub), and a table
whose result is declared, confirmed or set changes its game's stamp too, so the game page and the
seated phones (which follow the game) show the result's state live.
"""

from __future__ import annotations

from sqlalchemy import event as sa_event
from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from ..live.signals import note_changed
from ..live.versions import token
from ..services.club.results import touch_game
from ..storage.club_models import ClubEvent, EventTable

#: the channel prefix of an event
CHANNEL = "event:"
#: a table's columns whose change its game's followers see (the result box)
RESULT_COLUMNS = ("result", "declared_by", "confirmed_by", "overridden")


def event_channel(public_id: str) -> str:
    """The channel of one event.

    >>> event_channel("AbC")
    'event:AbC'
    """
    return CHANNEL + public_id


def event_token(updated_at) -> str:
    """The live version of an event with this change stamp."""
    return token("event", updated_at)


def event_versions(executor, ids: list[str]) -> dict[str, str]:
    """The version of each event among ``ids`` that exists (one query)."""
    rows = executor.execute(
        select(ClubEvent.public_id, ClubEvent.updated_at).where(ClubEvent.public_id.in_(ids))
    )
    return {public_id: event_token(updated_at) for public_id, updated_at in rows}


def install_hooks() -> None:
    """Once per process: the two session hooks above."""
    if not sa_event.contains(Session, "before_flush", _results_touch_games):
        sa_event.listen(Session, "before_flush", _results_touch_games)
        sa_event.listen(Session, "after_flush", _events_changed)


def _results_touch_games(session: Session, flush_context, instances) -> None:
    for obj in list(session.dirty):
        if isinstance(obj, EventTable) and obj.game_id and _result_changed(obj):
            touch_game(session, obj.game_id)


def _result_changed(table: EventTable) -> bool:
    state = inspect(table)
    return any(state.attrs[c].history.has_changes() for c in RESULT_COLUMNS)


def _events_changed(session: Session, flush_context) -> None:
    changed = {
        event_channel(obj.public_id)
        for obj in (*session.new, *session.dirty)
        if isinstance(obj, ClubEvent)
        and (obj not in session.dirty or session.is_modified(obj, include_collections=False))
    }
    if changed:
        note_changed(session, changed)
