"""An imported change log checked before it is kept: Undo must walk it back, Redo forward again."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..rules import RoundError
from ..storage.models import AuditEntry
from .rounds import hand_facts

#: the facts each change keeps: what Undo puts back (old) and what Redo puts back (new)
NEEDS = {"record": ("new",), "edit": ("old", "new"), "delete": ("old",)}
#: what each change is called in a message
NOUN = {"record": "recorded hand", "edit": "correction", "delete": "deletion"}
#: hands before a change -> hands after it, and which hand numbers it may name then
GROWS = {"record": 1, "delete": -1, "edit": 0}
#: what a change does when Undo applies it backwards
INVERSE = {"record": "delete", "delete": "record", "edit": "edit"}


def check_walkable(variant: str, log: Sequence[AuditEntry], hands: int) -> None:
    """RoundError unless every change in ``log`` names its hand and keeps readable facts, and Undo
    (then Redo) can step through them all from a game of ``hands`` hands."""
    for i, entry in enumerate(log):
        if entry.action in NEEDS:
            _check_entry(variant, entry, f"audit.{i}")
    _walk(log, hands)


def _check_entry(variant: str, entry: AuditEntry, where: str) -> None:
    if not isinstance(entry.round_number, int):
        raise RoundError(
            [
                (
                    f"{where}.round_number",
                    f"{where}: Undo needs the hand number (round_number) of this {NOUN[entry.action]}",
                )
            ]
        )
    for key in NEEDS[entry.action]:
        facts = getattr(entry, key)
        if not isinstance(facts, dict):
            raise RoundError(
                [
                    (
                        f"{where}.{key}",
                        f"{where}: Undo and Redo need the hand's facts in {key!r} "
                        f"(an object) of this {NOUN[entry.action]}",
                    )
                ]
            )
        try:
            hand_facts(variant, facts, entry.round_number)
        except RoundError as err:
            why = [message for _, message in err.errors] or [str(err)]
            raise RoundError(
                [
                    (f"{where}.{key}", f"{where}.{key}: Undo or Redo could not put back these facts: {m}")
                    for m in why
                ]
            ) from None


def _fits(action: str, number: int, hands: int) -> bool:
    """Whether ``action`` can be done to hand ``number`` of a game of ``hands`` hands."""
    return 1 <= number <= hands + (action == "record")


def _walk(log: Sequence[AuditEntry], hands: int) -> None:
    """Undo as :func:`.undo.undo_last_change` picks (the latest change not undone) back to the first,
    then Redo as :func:`redo_chain` reads the log (the undone changes, latest undo first)."""
    count = hands
    for i in reversed(range(len(log))):
        entry = log[i]
        if entry.action in NEEDS and not entry.undone:
            action = INVERSE[entry.action]
            if not _fits(action, entry.round_number, count):
                raise RoundError(
                    [
                        (
                            f"audit.{i}",
                            f"audit.{i}: Undo could not reverse this {NOUN[entry.action]} of hand "
                            f"{entry.round_number}: the game would have {count} hands then",
                        )
                    ]
                )
            count += GROWS[action]
    count = hands
    for i, _undo, change in reversed(redo_chain(log)):
        if not _fits(change.action, change.round_number, count):
            raise RoundError(
                [
                    (
                        f"audit.{i}",
                        f"audit.{i}: Redo could not apply this {NOUN[change.action]} of hand "
                        f"{change.round_number} again: the game would have {count} hands",
                    )
                ]
            )
        count += GROWS[change.action]


def redo_chain(log: Iterable[AuditEntry]) -> list[tuple[int, AuditEntry, AuditEntry]]:
    """The undos Redo can take back, oldest first: (the change's place in the log, the undo, the change).

    The change log read in order: a change goes on the applied stack and ends
    the chain; an undo moves the top applied change onto the chain; a redo
    moves it back.
    """
    applied: list[tuple[int, AuditEntry]] = []
    chain: list[tuple[int, AuditEntry, AuditEntry]] = []
    for i, entry in enumerate(log):
        if entry.action in NEEDS:
            applied.append((i, entry))
            chain.clear()
        elif entry.action == "undo" and applied:
            chain.append((*applied[-1][:1], entry, applied.pop()[1]))
        elif entry.action == "redo" and chain:
            applied.append((chain[-1][0], chain.pop()[2]))
    return chain
