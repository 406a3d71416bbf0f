"""Undo and redo: the change log read backwards and forwards again.

A change's ``undone`` flag says it is reversed now, an undo entry's that it has been redone; which
change a redo applies is read from the log itself (:func:`_redo_chain`), so no column links them.
"""

from __future__ import annotations

import copy

from sqlalchemy import select

from ..rules import RulesError, find_variant
from ..storage.extensions import db
from ..storage.models import AuditEntry, Game, utcnow
from ..storage.seat_models import SEAT_LOG_ACTIONS
from .change_log import INVERSE, NEEDS, redo_chain
from .rounds import _audit, _insert_round, _remove_round, _settle, get_round
from .scores import _score
from .versions import claim

#: Audit actions that :func:`undo_last_change` can reverse (the changes a player makes).
UNDOABLE = tuple(NEEDS)


class NothingToUndo(RulesError):
    """Undo was asked for a game with no change left to reverse."""

    def __init__(self):
        super().__init__("there is no change left to undo")


class NothingToRedo(RulesError):
    """Redo was asked for with no undo to take back (none yet, or a new change since)."""

    def __init__(self):
        super().__init__("there is nothing to redo: redo takes back an undo until a new change is made")


def last_undoable(game: Game) -> AuditEntry | None:
    """The change :func:`undo_last_change` would reverse, or None."""
    return db.session.execute(
        select(AuditEntry)
        .where(AuditEntry.game_id == game.id, AuditEntry.undone.is_(False), AuditEntry.action.in_(UNDOABLE))
        .order_by(AuditEntry.id.desc())
        .limit(1)
    ).scalar_one_or_none()


def last_logged(game: Game) -> AuditEntry | None:
    """The game's latest change-log entry of its hands (what an undo or redo just logged; never a
    seat's part or confirmation, which moves no total), without loading the whole log."""
    return db.session.scalar(
        select(AuditEntry)
        .where(AuditEntry.game_id == game.id, AuditEntry.action.notin_(SEAT_LOG_ACTIONS))
        .order_by(AuditEntry.id.desc())
        .limit(1)
    )


def last_redoable(game: Game) -> AuditEntry | None:
    """The undo :func:`redo_last_undo` would take back (its change applied again), or None."""
    found = _redo_chain(game)
    return found[-1][0] if found else None


def _redo_chain(game: Game) -> list[tuple[AuditEntry, AuditEntry]]:
    """The undos redo can take back, oldest first, each with the change it reversed (:func:`.change_log.redo_chain`)."""
    log = db.session.execute(
        select(AuditEntry).where(AuditEntry.game_id == game.id).order_by(AuditEntry.id)
    ).scalars()
    return [(undo, change) for _, undo, change in redo_chain(log)]


def undo_last_change(game: Game, *, version: int | None = None) -> str:
    """Reverse the latest record/edit/delete not yet undone; returns what was undone.

    ``version``: the game's version the undo was asked against (:func:`.versions.claim`).
    """
    claim(game, version)
    entry = last_undoable(game)
    if entry is None:
        raise NothingToUndo()
    _apply(game, INVERSE[entry.action], entry.round_number, entry.old)
    entry.undone = True
    what = f"Undid: {entry.summary}"
    _audit(game, "undo", entry.round_number, entry.new, entry.old, what)
    _settle(game, _score(game, [r.facts for r in game.rounds]))
    return what


def redo_last_undo(game: Game, *, version: int | None = None) -> str:
    """Apply again the change the latest undo reversed; returns what was redone."""
    claim(game, version)
    chain = _redo_chain(game)
    if not chain:
        raise NothingToRedo()
    undo, change = chain[-1]
    _apply(game, change.action, change.round_number, change.new)
    change.undone, undo.undone = False, True
    what = f"Redid: {change.summary}"
    _audit(game, "redo", change.round_number, change.old, change.new, what)
    _settle(game, _score(game, [r.facts for r in game.rounds]))
    return what


def _apply(game: Game, action: str, number: int, facts: dict | None) -> None:
    """Do ``action`` to hand ``number`` (record: put ``facts`` there; edit: make them its facts;
    delete: remove it), after checking the whole game still scores (RulesError: nothing changed)."""
    stored = None if facts is None else find_variant(game.variant).stored_facts(copy.deepcopy(facts))
    hands = [r.facts for r in game.rounds]
    if action == "record":
        hands = [*hands[: number - 1], stored, *hands[number - 1 :]]
    elif action == "edit":
        hands = [*hands[: number - 1], stored, *hands[number:]]
    else:
        hands = hands[: number - 1] + hands[number:]
    _score(game, hands)  # raises before any row changes
    if action == "record":
        _insert_round(game, number, stored)
    elif action == "edit":
        round_ = get_round(game, number)
        round_.facts = stored
        round_.updated_at = utcnow()
    else:
        _remove_round(game, get_round(game, number))
