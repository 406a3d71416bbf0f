"""An imported change log played through with the engine before anything is written (issue 36).

Undo and Redo move along one line of changes: the changes applied (oldest first), then the undone
ones Redo takes back (the next one first). :func:`.change_log.check_walkable` checks that each change
names a hand that is there; this module checks the rest a doctored export can get wrong:

- every change's ``undone`` flag says what the log says of it (applied: not undone; undone or
  dropped by a later change: undone), since Undo picks the latest change not undone and Redo reads
  the log, and the two must agree or hands end up numbered with gaps;
- every game Undo or Redo can reach scores under the rules: the hands after each step are folded by
  the engine (from the first hand the step changes, the hands before it kept), so a change whose
  facts the rules refuse is refused at the import, never at a Redo.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules import GameScore, RoundError, RulesError, find_variant, score_more
from ..storage.models import AuditEntry
from .change_log import INVERSE, NEEDS, NOUN, redo_chain


def check_replay(
    variant: str,
    log: Sequence[AuditEntry],
    hands: list[Mapping[str, Any]],
    start: GameScore,
    options: Mapping,
) -> None:
    """RoundError (naming the change) unless the log's flags agree with it and every game Undo and
    Redo can reach from ``hands`` (scored from ``start``, the game before any hand) scores."""
    applied = _applied(log)
    for i, entry in enumerate(log):
        if entry.action in NEEDS and bool(entry.undone) == (i in applied):
            state = "undone" if entry.undone else "applied"
            raise RoundError(
                [
                    (
                        f"audit.{i}.undone",
                        f"audit.{i}: this {NOUN[entry.action]} is marked {state}, but the log says otherwise",
                    )
                ]
            )
    stored = find_variant(variant).stored_facts
    line = Line(variant, [dict(h) for h in hands], start, options)
    for i in sorted(applied, reverse=True):  # Undo, back to the first change
        entry = log[i]
        line.check_there(i, entry, "new", stored)
        line.step(i, INVERSE[entry.action], entry.round_number, _facts(stored, entry.old), "Undo")
    # Redo, from the first change to the last one Redo can take back: with each Undo the exact
    # inverse of its change (checked above and here), these are every game the two can reach
    chain = [(i, change) for i, _undo, change in reversed(redo_chain(log))]
    for i, change in [*((i, log[i]) for i in sorted(applied)), *chain]:
        line.check_there(i, change, "old", stored)
        line.step(i, change.action, change.round_number, _facts(stored, change.new), "Redo")


def _facts(stored, facts: Any) -> Any:
    return None if facts is None else stored(dict(facts))


def _applied(log: Sequence[AuditEntry]) -> set[int]:
    """The places in the log of the changes applied now, as Redo reads the log (:func:`redo_chain`)."""
    applied: list[int] = []
    chain: list[int] = []
    for i, entry in enumerate(log):
        if entry.action in NEEDS:
            applied.append(i)
            chain.clear()
        elif entry.action == "undo" and applied:
            chain.append(applied.pop())
        elif entry.action == "redo" and chain:
            applied.append(chain.pop())
    return set(applied)


class Line:
    """A game's hands with the engine's score after each of them, changed one step at a time."""

    def __init__(self, variant: str, hands: list, start: GameScore, options: Mapping):
        self.variant, self.hands, self.options = variant, hands, options
        self.scores = [start]
        self._fold(0, "", -1)

    def _fold(self, first: int, verb: str, where: int) -> None:
        """Score the hands from index ``first`` on, the scores before it kept."""
        del self.scores[first + 1 :]
        for k in range(first, len(self.hands)):
            try:
                self.scores.append(
                    score_more(self.variant, self.scores[k], [self.hands[k]], options=self.options)
                )
            except RulesError as err:
                if where < 0:
                    raise
                why = [m for _, m in getattr(err, "errors", [])] or [str(err)]
                raise RoundError(
                    [
                        (f"audit.{where}", f"audit.{where}: {verb} could not put this change back: {m}")
                        for m in why
                    ]
                ) from None

    def check_there(self, where: int, entry: AuditEntry, key: str, stored) -> None:
        """The hand a step takes away or replaces is the one the change says (``key``: ``new`` as
        Undo meets a record or a correction, ``old`` as Redo meets a correction or a deletion)."""
        takes = entry.action in (("record", "edit") if key == "new" else ("edit", "delete"))
        if takes and self.hands[entry.round_number - 1] != _facts(stored, getattr(entry, key)):
            raise RoundError(
                [
                    (
                        f"audit.{where}.{key}",
                        f"audit.{where}: the facts of this {NOUN[entry.action]} ({key!r}) are not hand "
                        f"{entry.round_number} as the game holds it there, so Undo and Redo would not agree",
                    )
                ]
            )

    def step(self, where: int, action: str, number: int, facts: Any, verb: str) -> None:
        """Do ``action`` to hand ``number`` as Undo and Redo do (:func:`.undo._apply`), then score."""
        j = number - 1
        if action == "record":
            self.hands.insert(j, facts)
        elif action == "edit":
            self.hands[j] = facts
        else:
            del self.hands[j]
        self._fold(j, verb, where)
