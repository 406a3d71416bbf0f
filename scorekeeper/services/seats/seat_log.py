"""The seats' entries in the game's change log (issue 38, docs/own-phones.md): every part sent or
sent again, every confirmation and dispute, the editor's settlement, and every seat taken, freed,
kept or given, each with the name of the player (or "the editor") who made it.

An entry keeps its English summary (the export's reader sees it as it is) and, in ``new``, the names
and the part as data: the change log page words it in the reader's language from these
(:mod:`scorekeeper.display.seat_words`). These entries change no hand: Undo and Redo pass them by
(``AuditEntry.action`` in :data:`~scorekeeper.storage.seat_models.SEAT_LOG_ACTIONS`).
"""

from __future__ import annotations

import copy
from typing import Any

from ...rules import find_variant
from ...storage.extensions import db
from ...storage.models import AuditEntry, Game, utcnow
from ...storage.seat_models import SEAT_LOG_ACTIONS

#: the English summary of each entry: {who} made it, {name}'s part or seat
SUMMARY = {
    "part_sent": "{who} sent {whose} part",
    "part_resent": "{who} sent {whose} part again",
    "part_confirmed": "{who} confirmed {name}'s part",
    "part_disputed": "{who} disputed {name}'s part",
    "part_accepted": "{who} accepted {name}'s part as sent",
    "part_returned": "{who} sent {name}'s part back to be entered again",
    "seat_taken": "{name}'s seat taken by a phone",
    "seat_freed": "{who} freed {name}'s seat",
    "seat_kept": "{who} keeps {name}'s seat for a player without a phone",
    "seat_given": "{who} gave {name}'s seat to a new phone",
}


def log_seat(
    game: Game,
    action: str,
    seat: int,
    *,
    by: int | None,
    hand: int | None = None,
    part: dict | None = None,
    old: dict | None = None,
    reason: str | None = None,
) -> None:
    """Log ``action`` on ``seat``'s part of hand ``hand`` (or on the seat itself, ``hand`` None),
    made by seat ``by`` (None: the game's editor); ``old``: the part it replaced. A seat taken,
    freed, kept or given moves the game's change stamp, so every phone's seat page (and the game's
    other live pages) follows it at once, whichever page or API call made it."""
    if action.startswith("seat_"):
        game.updated_at = utcnow()
    assert action in SEAT_LOG_ACTIONS, action
    name = game.players[seat].name
    who = "the editor" if by is None else game.players[by].name
    whose = "their" if by == seat else f"{name}'s"
    said = SUMMARY[action].format(who=who, whose=whose, name=name)
    if hand is not None:
        said = f"{find_variant(game.variant).round_word.capitalize()} {hand}: {said}"
    if reason:
        said += f": “{reason}”"
    new: dict[str, Any] = {"player": name, "seat": seat, "by": None if by is None else who, "by_seat": by}
    if part is not None:
        new["part"] = copy.deepcopy(part)
    if reason:
        new["reason"] = reason
    db.session.add(
        AuditEntry(
            game=game,
            action=action,
            round_number=hand,
            old=None if old is None else {"part": copy.deepcopy(old)},
            new=new,
            summary=(said[0].upper() + said[1:])[:300],
        )
    )


def shown_to(entry, open_hand: int | None) -> tuple[Any, Any, str]:
    """``(old, new, summary)`` of change log entry ``entry`` as its reader sees it. ``open_hand``:
    the number of the hand not recorded yet, for a reader without the game's edit secret (the
    public change log page and export), None for the editor, who sees everything. Without the
    secret a dispute's reason is left out (it is for the part's player, the one who disputed it
    and the editor), and so is a part of a hand not recorded yet (for its player and the ones who
    confirm it: docs/own-phones.md). A recorded hand's parts are its facts, public like every hand's."""
    old, new, summary = entry.old, entry.new, entry.summary
    if open_hand is None or entry.action not in SEAT_LOG_ACTIONS:
        return old, new, summary
    # an imported entry's value may be any object or list (the document's LOGGED): one of another
    # shape than log_seat writes is not shown to a reader it might not be for
    new = dict(new) if isinstance(new, dict) else {}
    if new.pop("reason", None):  # the summary ends with it, quoted (log_seat)
        summary = summary.split(": “", 1)[0]
    if entry.round_number is not None and entry.round_number >= open_hand:
        new.pop("part", None)
        old = None
    return old, new, summary


def unrecorded(game: Game) -> int:
    """The number of the game's first hand not recorded yet (what :func:`shown_to` hides of)."""
    return len(game.rounds) + 1
