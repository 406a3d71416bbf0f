"""The turn timer's routes (of the ``games`` blueprint): where it stands, the editor's taps, its length.

The editor's phone runs the countdown (``static/js/timer.js``, offline too) and posts where it
stands after each tap; every follower's page shows it from the live stream. The work is in
:mod:`scorekeeper.services.timer`; nothing here records a hand.
"""

from __future__ import annotations

from flask import flash, jsonify, redirect, request, url_for
from flask_babel import gettext

from .. import services
from ..rules import RulesError
from ..services import timer
from ..storage.extensions import db
from ..web import access
from ..web.languages import form_sentence


def state(public_id: str):
    """Where the timer stands, with the server's clock (JSON; for any reader of the game)."""
    response = jsonify(timer.timer_of(services.get_game(public_id)))
    response.headers["Cache-Control"] = "no-store"
    return response


def tap(public_id: str):
    """The editor's phone says where the timer stands (running or paused, ms left, whose turn)."""
    game = access.editable_game(public_id)
    form = request.form
    try:
        answer = timer.set_state(game, form.get("running"), form.get("left"), form.get("turn"))
    except timer.SetupError as err:
        db.session.rollback()
        return jsonify({"error": "; ".join(message for _, message in err.errors)}), 422
    db.session.commit()
    return jsonify(answer)


def length(public_id: str):
    """Set the timer's length from the game page's form (0: off)."""
    game = access.editable_game(public_id)
    try:
        seconds = timer.set_seconds(game, request.form.get("seconds"), first=first_player(game))["seconds"]
    except timer.SetupError as err:
        db.session.rollback()
        flash(form_sentence(err.errors[0][1]), "error")  # its own sentence, in the reader's language
    else:
        db.session.commit()
        flash(
            gettext("Turn timer: %(seconds)s seconds a turn.", seconds=seconds)
            if seconds
            else gettext("Turn timer off."),
            "success",
        )
    return redirect(url_for("games.show", public_id=public_id) + "#turn-timer")


def first_player(game) -> int:
    """Who plays first in the current (or next) hand: the timer's first turn."""
    try:
        score = services.game_score(game)
    except RulesError:
        return 0
    return score.starter if score.starter is not None else 0
