"""A table restored from its export (``POST /api/v1/tables/import``), a club's year too, in slices.

Each slice of :data:`SLICE_GAMES` games is judged whole (shape and rules, as the game import judges a
game), then written in bulk (:mod:`.restore_rows`) and committed: SQLite's one write lock is let go
between two slices, so the phones' hands at other games are written meanwhile (the year in one
transaction held it 102 s, and every other change waited 10 s and was refused). Until the last slice
the new table is hidden (``restoring_since``: no page, no API, not among a phone's tables); the last
one shows it, in the request's own transaction (with its kept answer, ``api/idempotency.py``). A
slice refused, or any failure, deletes what the slices before it wrote, at once; a table whose worker
died mid-import is deleted by the next import (:func:`sweep`), once its mark is older than
:data:`LEFTOVER_SECONDS` (each slice renews it). A change is kept whole or not at all.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from ...limits import RULING_NOTE_MAX
from ...storage.extensions import db
from ...storage.models import Game, utcnow
from ...storage.table_models import TABLE_RESTORING, Ruling, Table, TableGame
from ..names import look_alike_key
from ..transfer import TransferError, parse_stamp, stamps_in
from .house_games import house_decision
from .restore_rows import Restoring, read_slice, write_slice
from .roster import create_table
from .rulings import HOUSE, KINDS
from .summaries import rerate_all
from .transfer import export_lists

#: games judged and written in one transaction
SLICE_GAMES = 100
#: a hidden table whose import has not written a slice for this long is a leftover (its worker died)
LEFTOVER_SECONDS = 600


def import_table(
    doc: Any, slice_games: int | None = None, last_check: Callable[[], object] | None = None
) -> tuple[Table, str]:
    """A new table restored from an export, and its new secret (TransferError for a bad shape, the
    engine's RulesError for a game the rules refuse; nothing is kept unless all is valid). Commits
    each slice; ``last_check`` (the API's check of the values, which waits for a pool process) runs
    after the last, no write under way, and may refuse it all; the last step (the table shown) is
    left to the caller's commit, and when that fails (the same Idempotency-Key's twin answered first,
    its kept answer taken) the caller calls :func:`discard` after it."""
    players, rulings, games = export_lists(doc)
    slice_games = slice_games or SLICE_GAMES
    sweep()
    table, secret = create_table(doc.get("name"), [p.get("name") for p in players])
    table.restoring_since = utcnow()
    try:
        for member, entry in zip(table.members, players):
            if entry.get("created_at") is not None:
                member.created_at = parse_stamp(entry["created_at"], "players.created_at")
        for i, entry in enumerate(rulings):
            table.rulings.append(_ruling(entry, f"rulings.{i}"))
        # the hidden table, its roster and rulings committed: no lock held while games are judged
        _commit_slice(table.id)
        restoring = Restoring(table.id, secret, {look_alike_key(m.name): m.id for m in table.members})
        for first in range(0, len(games), slice_games):
            write_slice(restoring, read_slice(restoring, games[first : first + slice_games], first))
            _commit_slice(table.id)
        if last_check is not None:
            last_check()
        _show(table, doc, restoring, any(entry.get("result") is not None for entry in games))
    except BaseException:
        db.session.rollback()
        discard(table.id)
        raise
    return table, secret


def _commit_slice(table_id: int) -> None:
    """The slice kept (a real commit, even inside a view whose commits are held for its kept answer:
    the table is hidden until its last step, which the view commits), the mark renewed; then, under
    gevent, the worker's other requests run."""
    db.session.execute(update(Table).where(Table.id == table_id).values(restoring_since=utcnow()))
    Session.commit(db.session())
    time.sleep(0)


def _show(table: Table, doc: dict, restoring: Restoring, results: bool) -> None:
    """The last step: ratings folded again if the games did not come in the order played, the
    export's times, and the table shown."""
    if restoring.unordered or results:
        rerate_all(table.id)  # result-only games are rated where they fall
    values = {key: parse_stamp(doc[key], key) for key in ("created_at", "updated_at") if doc.get(key)}
    db.session.execute(update(Table).where(Table.id == table.id).values(restoring_since=None, **values))
    db.session.flush()
    db.session.refresh(table)


def discard(table_id: int) -> None:
    """Delete a hidden table and every game its slices wrote, committed (games first: their rows
    and summaries go with them; then the roster and rulings with the table); a table shown is kept,
    asked first with a read (the import's answer asks after every import: no write, so no wait for
    SQLite's write lock, when there is nothing to delete)."""
    hidden = select(Table.id).where(Table.id == table_id, TABLE_RESTORING)
    if db.session.scalar(hidden) is None:
        return
    games = (
        select(TableGame.game_id)
        .join(Table, Table.id == TableGame.table_id)
        .where(TableGame.table_id == table_id, TABLE_RESTORING)
    )
    db.session.execute(delete(Game).where(Game.id.in_(games)).execution_options(synchronize_session=False))
    db.session.execute(
        delete(Table)
        .where(Table.id == table_id, TABLE_RESTORING)
        .execution_options(synchronize_session=False)
    )
    Session.commit(db.session())


def sweep() -> int:
    """Delete the tables left hidden by an import whose worker died (no slice written for
    :data:`LEFTOVER_SECONDS`); how many."""
    stale = utcnow() - timedelta(seconds=LEFTOVER_SECONDS)
    ids = db.session.scalars(select(Table.id).where(Table.restoring_since < stale)).all()
    for table_id in ids:
        discard(table_id)
    return len(ids)


def _ruling(entry: dict, where: str) -> Ruling:
    if entry.get("kind") not in KINDS or not isinstance(entry.get("variant"), str):
        raise TransferError(f"{where}: a kind ({', '.join(KINDS)}) and a variant are required")
    if not isinstance(entry.get("decision"), dict) or not isinstance(entry.get("note", ""), str):
        raise TransferError(f"{where}: the decision must be an object and the note text")
    if entry["kind"] == HOUSE:  # a house game is checked again, as when it was adopted
        d = entry["decision"]
        checked = house_decision(None, d.get("name"), entry["variant"], d.get("options"))
        entry = {**entry, "variant": checked["variant"], "decision": checked["house"]}
    # a time left out (or null, as the document allows) is the time of the import, as for a new ruling
    return Ruling(
        kind=entry["kind"],
        variant=entry["variant"],
        decision=entry["decision"],
        note=entry.get("note", "")[:RULING_NOTE_MAX],
        **stamps_in(entry, where, ("decided_on", "created_at")),
    )
