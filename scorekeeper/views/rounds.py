"""Recording hands: new, edit, delete, and Crib Rummy's turn-by-turn log.

Views are thin: read the form through the variant's entry module
(:mod:`scorekeeper.entry`), call a service, commit once, redirect to the
game page with a flash. Bad input re-renders the form (422) with each
message at its field and nothing saved. Every mutating route requires the
game's edit secret (403) and a CSRF token (400, Flask-WTF).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from ..access import editable_game
from ..entry import Submission, context_for, keypad
from ..entry.base import HandContext
from ..extensions import db
from ..profiles import entry_for
from ..rules import RoundError, RulesError, find_variant
from ..rules import check as check_meld
from ..rules import hand as hand_value
from ..services import delete_round, game_score, get_round, record_round, score_on, update_round
from ..words import round_word

bp = Blueprint("rounds", __name__, url_prefix="/games/<public_id>/rounds")


def _game_page(game):
    return url_for("games.show", public_id=game.public_id)


def _hand_in_progress(game):
    """The game scored in one pass: (the last round when it is a hand still being played, else None;
    the game before the hand being entered; the whole game).

    The hands before the last are scored, then the last one on top of them,
    so the score before a Crib Rummy hand in play comes for free.
    """
    rounds = game.rounds
    if not rounds:
        score = game_score(game)
        return None, score, score
    before_last = game_score(game, upto=len(rounds) - 1)
    score = score_on(game, before_last, [rounds[-1].facts])
    if score.in_progress_round is not None:
        return rounds[-1], before_last, score
    return None, score, score


@bp.route("/new", methods=["GET", "POST"])
def new(public_id: str):
    """Record the next hand (Crib Rummy: the next turn of the hand being played)."""
    game = editable_game(public_id)
    entry = entry_for(game.variant)
    playing, before, score = _hand_in_progress(game)
    word = round_word(game.variant)
    if score.finished:
        flash(f"The game is over: no more {word}s can be recorded.", "error")
        return redirect(_game_page(game))
    if playing is not None:
        ctx = context_for(game, playing.number, facts=playing.facts, before=before)
        save = lambda facts: update_round(game, playing.number, facts, before=before)  # noqa: E731
    else:
        ctx = context_for(game, before=before)
        save = lambda facts: record_round(game, facts, before=before)  # noqa: E731
    parse = getattr(entry, "parse_turn", entry.parse)
    done = "Turn recorded." if hasattr(entry, "parse_turn") else f"{word.capitalize()} {ctx.number} recorded."
    return _form_or_save(game, entry, ctx, parse, save, done, mode="new")


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
def edit(public_id: str, number: int):
    """Correct a recorded hand; every later total, Step and peg is recomputed."""
    game = editable_game(public_id)
    round_ = get_round(game, number)
    entry = entry_for(game.variant)
    ctx = context_for(game, number, facts=round_.facts, before=game_score(game, upto=number - 1))
    word = round_word(game.variant).capitalize()
    return _form_or_save(game, entry, ctx, entry.parse,
                         lambda facts: update_round(game, number, facts, before=ctx.before),
                         f"{word} {number} corrected; totals recomputed.", mode="edit")


@bp.route("/<int:number>/delete", methods=["GET", "POST"])
def delete(public_id: str, number: int):
    """Ask to confirm (GET), then delete a hand (POST); later hands move up one."""
    game = editable_game(public_id)
    round_ = get_round(game, number)
    if request.method == "GET":
        return render_template("rounds/delete.html", game=game, round=round_,
                               score=game_score(game), game_url=_game_page(game))
    word = round_word(game.variant).capitalize()
    try:
        delete_round(game, number)
    except RulesError as err:
        db.session.rollback()
        flash(f"{word} {number} cannot be deleted: {err}", "error")
        return redirect(_game_page(game))
    db.session.commit()
    flash(f"{word} {number} deleted; totals recomputed.", "success")
    return redirect(_game_page(game))


@bp.post("/end")
def end(public_id: str):
    """Crib Rummy: end the hand being played without another turn (draw pile ran out, or out)."""
    game = editable_game(public_id)
    entry = entry_for(game.variant)
    playing, before, _ = _hand_in_progress(game)
    if not hasattr(entry, "parse_end") or playing is None:
        flash(f"No {round_word(game.variant)} is being played.", "error")
        return redirect(_game_page(game))
    ctx = context_for(game, playing.number, facts=playing.facts, before=before)
    return _form_or_save(game, entry, ctx, entry.parse_end,
                         lambda facts: update_round(game, playing.number, facts, before=before),
                         f"{round_word(game.variant).capitalize()} {playing.number} ended.",
                         mode="new", force_post=True)


@bp.post("/preview")
def preview(public_id: str):
    """What the engine says about cards being entered: a hand's value, a meld's pegs, a round.

    JSON in (``what``: ``hand``, ``check`` or ``round``), JSON out; nothing is saved.
    For the game's editors (it serves their hand form) and CSRF-protected like
    every POST (send the token in ``X-CSRFToken``).
    """
    game = editable_game(public_id)
    body = request.get_json(silent=True)
    body = body if isinstance(body, dict) else {}
    what = body.get("what")
    try:
        if what == "round":
            form = body.get("form") or {}
            if not isinstance(form, dict):
                return jsonify({"error": "'form' must be an object of field names to values"}), 400
            return jsonify(_round_preview(game, form))
        options = _lone_options(game, body)
        cards = str(body.get("cards") or "")
        if what == "hand":
            return jsonify(hand_value(game.variant, cards, options=options).to_dict())
        if what == "check":
            extend = str(body.get("extend") or "") or None
            return jsonify(check_meld(game.variant, cards, extend=extend, options=options).to_dict())
    except RoundError as err:
        return jsonify({"error": str(err), "errors": err.errors}), 422
    except RulesError as err:
        return jsonify({"error": str(err)}), 422
    return jsonify({"error": "say what to preview: hand, check or round"}), 400


# -- helpers -------------------------------------------------------------------------

def _lone_options(game, body: dict) -> dict[str, Any]:
    """The game's options plus what a lone hand/check needs (players; Crazy Rummy's wild rank)."""
    names = {o.name for o in find_variant(game.variant).option_spec}
    options = dict(game.options or {})
    if "players" in names:
        options["players"] = len(game.players)
    if "wild" in names and body.get("wild"):
        options["wild"] = str(body["wild"])
    return options


def _round_preview(game, form: dict) -> dict:
    """Score a hand's form without saving: each player's change, the round details and
    (``shown``) what the form shows of them in words."""
    entry = entry_for(game.variant)
    ctx = context_for(game, before=game_score(game))
    pairs = [(name, str(v)) for name, values in form.items()
             for v in (values if isinstance(values, list) else [values])]
    facts = entry.parse(Submission(MultiDict(pairs)), ctx)
    scored = _scored(game, ctx, facts)
    shown = getattr(entry, "shown", None)
    return {**scored.to_dict(), "shown": shown(scored.details) if shown else {}}


def _form_or_save(game, entry, ctx: HandContext, parse: Callable, save: Callable, done: str,
                  *, mode: str, force_post: bool = False):
    """GET: the form. POST: parse, save through the service, commit, redirect; or the form with errors."""
    if request.method != "POST" and not force_post:
        values = entry.from_facts(ctx.facts, ctx) if mode == "edit" else entry.blank(ctx)
        return _render(game, entry, ctx, values, {}, mode)
    sub = Submission(request.form)
    try:
        facts = parse(sub, ctx)
        if request.form.get("action") == "preview":
            return _render(game, entry, ctx, request.form.to_dict(flat=False), {}, mode,
                           scored=_scored(game, ctx, facts))
        save(facts)
    except RulesError as err:
        db.session.rollback()
        errors = sub.place(err, ctx.number) if isinstance(err, RoundError) else {"": [str(err)]}
        return _render(game, entry, ctx, request.form.to_dict(flat=False), errors, mode), 422
    db.session.commit()
    flash(done, "success")
    return redirect(_game_page(game))


def _scored(game, ctx: HandContext, facts: dict):
    """The engine's score of the hand in ``facts`` after the hands before it (nothing saved)."""
    return score_on(game, ctx.before, [facts]).rounds[-1]


def _render(game, entry, ctx: HandContext, values: dict, errors: dict, mode: str, scored=None):
    return render_template(entry.TEMPLATE, game=game, ctx=ctx, entry=entry, values=_single(values),
                           multi=values, errors=errors, mode=mode, scored=scored,
                           keypad=keypad(game.variant), game_url=_game_page(game))


def _single(values: dict) -> dict:
    """Form values with one value per field, the last one sent (checkbox groups read ``multi``)."""
    return {name: (value[-1] if value else "") if isinstance(value, list) else value
            for name, value in values.items()}
