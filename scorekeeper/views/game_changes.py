"""A game's changes: the change log in words, undo and redo (routes of the ``games`` blueprint).

:mod:`.games` mounts these views; the work is in :mod:`scorekeeper.services.undo`.
"""

from __future__ import annotations

from datetime import datetime

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext

from .. import services
from ..display.change_words import change_label
from ..display.change_words import change_words as words_of
from ..display.seat_words import part_facts, seat_words
from ..display.words import name_list, signed
from ..rules import RulesError, find_variant
from ..services.seats.seat_log import shown_to, unrecorded
from ..storage.extensions import db
from ..storage.seat_models import SEAT_LOG_ACTIONS
from ..web import access
from ..web.described import variant_name
from ..web.languages import page_rtl


def history(public_id: str):
    """The change log: every change in words with names and the time, newest first (facts in a detail)."""
    game = services.get_game(public_id)
    word = find_variant(game.variant).round_word
    # without the edit secret, no dispute's reason and no part of the hand still open (own phones)
    hidden = None if access.can_edit(game) else unrecorded(game)
    entries = [logged(e, word, hidden) for e in reversed(game.audit_entries)]
    return render_template("games/history.html", game=game, entries=entries)


def logged(entry, round_word: str = "hand", hidden: int | None = None) -> dict:
    """One change as the log shows it: when (UTC for the page's script to localise), what, and its
    state; a seat's entry (a part, a confirmation, a seat) in words with names and its part.
    ``hidden``: the hand not recorded yet, for a reader without the edit secret (None: the editor)."""
    tag = None
    if entry.undone:
        tag = "redone" if entry.action == "undo" else "undone"
    old, new, summary = shown_to(entry, hidden)
    seated = seat_words(entry.action, entry.round_number, new, round_word)
    return {
        "entry": entry,
        "iso": entry.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "shown": _when(entry.at),
        "words": seated or change_words(summary),
        "tag": tag,
        "part": part_facts(entry.action, old, new),
        "seated": entry.action in SEAT_LOG_ACTIONS,
    }


def _when(at: datetime) -> str:
    """The server's wording of a UTC time (the page's script replaces it with local time).

    >>> _when(datetime(2026, 11, 23, 21, 4))
    '23 Nov 21:04 UTC'
    """
    return f"{at.day} {at.strftime('%b %H:%M')} UTC"


def step_labels(game) -> dict:
    """What Undo and Redo would do, short enough for their buttons ("Hand 2 recorded"; a correction
    with its first change, "Hand 1 corrected: Margarethe missed Step 1"), or None each."""
    undo = services.last_undoable(game)
    redo = services.last_redoable(game)
    rtl = page_rtl()
    return {
        "undo": change_label(undo.summary, variant_name, rtl) if undo else None,
        "redo": change_label(redo.summary.removeprefix("Undid: "), variant_name, rtl) if redo else None,
    }


def undo(public_id: str):
    """Reverse the last change to the hands (Redo takes it back)."""
    return _step(public_id, services.undo_last_change, gettext("Nothing undone"))


def redo(public_id: str):
    """Apply again the change the last Undo reversed (until a new change is made)."""
    return _step(public_id, services.redo_last_undo, gettext("Nothing redone"))


def _step(public_id: str, service, refused: str):
    game = access.editable_game(public_id)
    try:
        flash(
            change_words(service(game, version=services.version_from(request.form.get("version")))), "success"
        )
        db.session.commit()
    except RulesError as err:
        db.session.rollback()
        flash(f"{refused}: {err}", "error")
    return redirect(url_for("games.show", public_id=public_id))


def announcement(game, score, names: list[str]) -> dict | None:
    """The last change in words for a screen reader on the other phones (``static/js/announce.js``):
    "Hand 4 recorded: Ann +25, total 70; Bob +0, total 45", or a change's own summary and the
    totals after it; the winners when it ended the game. None before any change to the hands."""
    entry = services.last_logged(game)
    if entry is None or entry.action == "create" or score is None:
        return None
    totals = score.totals
    if entry.action == "record" and entry.round_number and entry.round_number <= len(score.rounds):
        scored = score.rounds[entry.round_number - 1]
        words = (
            change_words(entry.summary).split(":", 1)[0]
            + ": "
            + "; ".join(
                gettext("%(name)s %(change)s, total %(total)s", name=name, change=signed(change), total=total)
                for name, change, total in zip(names, scored.changes, scored.totals)
            )
        )
    else:
        words = gettext(
            "%(change)s. Totals: %(totals)s",
            change=change_words(entry.summary),
            totals=", ".join(f"{n} {t}" for n, t in zip(names, totals)),
        )
    if score.finished:
        winners = [names[s] for s in score.winners]
        over = gettext("Game over: %(names)s win", names=name_list(winners))
        words += ". " + (over if len(winners) > 1 else gettext("Game over: %(name)s wins", name=winners[0]))
    return {"id": entry.id, "words": words + "."}


def change_words(summary: str) -> str:
    """A change-log summary in the reader's language, a variant named in words translated too."""
    return words_of(summary, variant_name, page_rtl())
