"""A club night table's result on its seated phones and its game page (issue 39): the box "Club
night: table N of <event>, round R" (the seats' and the game page's ``page_parts``), "Declare the
result" (the game's totals now) and, on another seat's phone, "Confirm the result"."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext

from ..display.isolates import isolated
from ..seats.views import seat_cookie
from ..services import NotEditor, game_score, get_game
from ..services.club import EventRefused, confirm, declare
from ..services.club.results import (  # noqa: F401 - RECEIVERS: feature.py
    EDITOR,
    RECEIVERS,
    table_of_game,
    tables_of_games,
    withdrawn,
)
from ..services.seats import seat_of_secret, seating_of
from ..storage.club_models import ClubEvent, EventTable
from ..storage.extensions import db
from ..web.access import can_edit, require_editor
from .refusals import said

bp = Blueprint("event_table", __name__)
#: a declare or confirm from a phone that holds no seat of this game
NO_SEAT = lazy_gettext("Only a phone holding a seat at this table declares or confirms its result.")
#: where a form came from, and so where it goes back to
PAGES = {"seat": "seats.seat_page", "game": "games.show"}
#: the box on the seats' page and the game page (the core's ``page_parts``, docs/features.md)
PAGE_PARTS = {"seat": ("events/_table_result_seat.html",), "game": ("events/_table_result_game.html",)}


@dataclass(frozen=True)
class ClubTable:
    """What the box shows of a game's table: the event, the round and table, its names, the result
    declared (scores in seat order) and by whom, whether it is final, and what this phone may do."""

    event: ClubEvent
    table: EventTable
    round: int
    names: list[str]
    declarer: str | None  # a name, or None for the game's editor
    can_declare: bool
    can_confirm: bool
    seatable: bool = False  # its game is open for seats: the players' phones take them
    withdrawn: bool = False  # a declared result was withdrawn by a hand changed after it
    replaces_totals: bool = False  # the organiser's result differs from the game's totals

    @property
    def scores(self) -> list[tuple[str, int]]:
        return list(zip(self.names, self.table.result or [], strict=False))


def closes_hands(game) -> str | None:
    """Why a club night table's game takes no more hands: its result for the evening is final
    (confirmed, or set by the organiser). Club night's answer to
    :attr:`~scorekeeper.web.features.Feature.closes_hands`."""
    table = table_of_game(game)
    if table is None or not table.final:
        return None
    return gettext("This table's result for the evening is final: it takes no more hands.")


def holds_game(game) -> str | None:
    """Why a club night table's game is not its players' to rematch or delete: the evening seats
    the next game, and the game is the record of the table's result. Club night's answer to
    :attr:`~scorekeeper.web.features.Feature.holds_game` (a deleted evening lets its games go)."""
    table = table_of_game(game)
    return None if table is None else _held_reason(table)


def holds_games(games) -> dict[str, str]:
    """:func:`holds_game` for a list of games, one query for all (the games list):
    ``{public_id: reason}`` for those at a club night's table."""
    tables = tables_of_games(games)
    return {g.public_id: _held_reason(tables[g.id]) for g in games if g.id in tables}


def _held_reason(table: EventTable) -> str:
    return gettext(
        "This game is table %(table)s of the club night %(event)s: the evening seats the next game, and "
        "the game stays as the record of the table's result (deleting the evening lets it go).",
        table=table.number,
        event=isolated(table.event_round.event.name),  # a Latin name keeps its place in a Hebrew sentence
    )


@bp.app_context_processor
def _box_helpers():
    return {"club_table": club_table}


def club_table(game, page: str, seat: int | None = None, editor: bool = False) -> ClubTable | None:
    """The box of ``game`` on ``page`` ("seat": the phone holding ``seat``; "game": the game page,
    whose forms are the editor's only: it is kept rendered per editor or not); None when the game is
    no club night table's."""
    table = table_of_game(game)
    if table is None:
        return None
    final, declared = table.final, table.result is not None
    names = list(game.names)
    who = table.declared_by
    return ClubTable(
        event=table.event_round.event,
        table=table,
        round=table.event_round.number,
        names=names,
        declarer=names[who] if declared and who is not None and 0 <= who < len(names) else None,
        can_declare=not final and (seat is not None if page == "seat" else editor),
        can_confirm=declared
        and not final
        and (seat is not None and seat != who if page == "seat" else editor and who != EDITOR),
        seatable=page == "game" and not final and seating_of(game) is not None,
        withdrawn=withdrawn(table),
        replaces_totals=table.overridden and list(game_score(game).totals) != list(table.result or []),
    )


@bp.post("/games/<public_id>/club/declare")
def declare_result(public_id: str):
    """Declare the table's result (the game's totals now) from a seat's phone, or the game page's
    editor; it waits for a second player to confirm it."""
    return _act(public_id, declare)


@bp.post("/games/<public_id>/club/confirm")
def confirm_result(public_id: str):
    """A second player at the table confirms the declared result: it counts from now on."""
    return _act(public_id, confirm)


def _act(public_id: str, action):
    """Who acts: the seat this phone holds (from either page: one phone is one player), else the
    game's editor (a phone without a seat that holds the edit secret); anybody else is refused. A
    phone holding both may not confirm what either declared."""
    game = get_game(public_id)
    page = request.form.get("from")
    held = seat_of_secret(game, request.cookies.get(seat_cookie(game.public_id)))
    editor = can_edit(game)
    if held is not None:
        by, also = held.seat, (EDITOR,) if editor else ()
    elif page == "game" or editor:
        require_editor(game)
        by, also = EDITOR, ()
    else:
        raise NotEditor(str(NO_SEAT))
    page = "game" if page == "game" else "seat" if held is not None else "game"
    table = table_of_game(game)
    try:
        if table is None:
            raise EventRefused("This game is not a club night table's.", 409)
        if action is declare:
            declare(table.event_round.event, table, by)
        else:
            confirm(table.event_round.event, table, by, _seen(), also)
    except EventRefused as err:
        db.session.rollback()
        game = get_game(public_id)
        box = club_table(game, page, by if by != EDITOR else None, editor)
        body = render_template("events/table_refused.html", game=game, box=box, page=page, refusal=said(err))
        return body, err.status
    db.session.commit()
    if action is declare:
        flash(gettext("The result is declared: another player at the table confirms it."), "success")
    else:
        flash(gettext("The result is confirmed: it counts in the evening's standings."), "success")
    return redirect(url_for(PAGES[page], public_id=public_id))


def _seen() -> list[int] | None:
    """The scores the Confirm form showed (None: a form without them)."""
    sent = request.form.get("seen")
    if sent is None:
        return None
    try:
        return [int(s) for s in sent.split(",")] if sent else []
    except ValueError:
        return []
