"""The seats' change-log entries in the reader's language (issue 38, docs/own-phones.md): a part
sent, sent again, confirmed, disputed, accepted or sent back, a seat taken, freed, kept or given,
each with the names of the player and of who made it (never a seat number).

The entries keep the names in ``new`` (:mod:`scorekeeper.services.seats.seat_log`); an entry whose
data is not of that shape (an imported log written by hand) is shown by its summary as written.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from ..storage.seat_models import SEAT_LOG_ACTIONS


def _part_words(action: str, own: bool, editor: bool) -> str:
    """The sentence of an entry about a part, without the hand (``%(name)s``, ``%(by)s``)."""
    if action == "part_sent":
        if own:
            return gettext("%(name)s sent their part")
        return (
            gettext("the editor entered %(name)s's part")
            if editor
            else gettext("%(by)s sent %(name)s's part")
        )
    if action == "part_resent":
        if own:
            return gettext("%(name)s sent their part again")
        if editor:
            return gettext("the editor entered %(name)s's part again")
        return gettext("%(by)s sent %(name)s's part again")
    return {
        "part_confirmed": gettext("%(by)s confirmed %(name)s's part"),
        "part_disputed": gettext("%(by)s disputed %(name)s's part"),
        "part_accepted": gettext("the editor accepted %(name)s's part as sent"),
        "part_returned": gettext("the editor sent %(name)s's part back to be entered again"),
    }[action]


def _seat_words(action: str) -> str:
    return {
        "seat_taken": gettext("%(name)s's seat taken by a phone"),
        "seat_freed": gettext("The editor freed %(name)s's seat"),
        "seat_kept": gettext("The editor keeps %(name)s's seat for a player without a phone"),
        "seat_given": gettext("The editor gave %(name)s's seat to a new phone"),
    }[action]


def seat_words(action: str, number: int | None, new: Any, round_word: str) -> str | None:
    """A seat's change-log entry in words (``round_word``: "hand" or "round", the variant's), or
    None for any other entry, or one without the names."""
    if action not in SEAT_LOG_ACTIONS or not isinstance(new, dict) or not isinstance(new.get("player"), str):
        return None
    name, by = new["player"], new.get("by")
    editor = not isinstance(by, str)
    if action.startswith("seat_"):
        return _seat_words(action) % {"name": name}
    said = _part_words(action, not editor and by == name, editor) % {"name": name, "by": by}
    reason = new.get("reason")
    if isinstance(reason, str) and reason:
        said = gettext("%(said)s: “%(reason)s”", said=said, reason=reason)
    if not isinstance(number, int):
        return said[:1].upper() + said[1:]
    word = (gettext("hand") if round_word == "hand" else gettext("round")).capitalize()
    return gettext("%(round_word)s %(number)s: %(said)s", round_word=word, number=number, said=said)


def part_facts(action: str, old: Any, new: Any) -> tuple[Any, Any] | None:
    """The part an entry names, before and after (a part sent again), for the log's detail; None
    for an entry of no part."""
    if action not in SEAT_LOG_ACTIONS or not isinstance(new, dict) or "part" not in new:
        return None
    return (old.get("part") if isinstance(old, dict) else None), new["part"]
