"""Recording hands: new, edit, delete, and Crib Rummy's turn-by-turn log."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup

from ..display import charts, standings
from ..display.words import round_word
from ..entry import HandEntry, Submission, context_for, keypad
from ..entry.base import HandContext
from ..offline import sending
from ..profiles import entry_for
from ..rules import RoundError, RulesError
from ..services import (
    StaleVersion,
    delete_round,
    game_score,
    get_round,
    record_round,
    update_round,
    version_from,
)
from ..storage.extensions import db
from ..web.access import editable_game
from ..web.errors import status_of
from ..web.features import HandsClosed, hands_closed
from ..web.form_once import taken_once
from .previews import scored_hand

bp = Blueprint("rounds", __name__, url_prefix="/games/<public_id>/rounds")


def _game_page(game):
    return url_for("games.show", public_id=game.public_id)


def _hand_in_progress(game):
    """The game scored: (the last round when it is a hand still being played, else None;
    the game before the hand being entered; the whole game).

    The whole game's score usually comes kept from the last change; the hands
    before the last are scored only when the last is a Crib Rummy hand in play.
    """
    rounds = game.rounds
    score = game_score(game)
    if not rounds or score.in_progress_round is None:
        return None, score, score
    return rounds[-1], game_score(game, upto=len(rounds) - 1), score


def _no_more_hands(game, why: str):
    """The game takes no hand (``why``): a phone's queue is refused for good in JSON with the reason
    (a redirect to the game page reads as "try again", and was sent for ever); a page goes there."""
    if sending.queued_send():
        raise HandsClosed([("", why)])
    flash(why, "error")
    return redirect(_game_page(game))


@bp.route("/new", methods=["GET", "POST"])
@taken_once  # the same page sent twice: the second is given the first's answer
def new(public_id: str):
    """Record the next hand (Crib Rummy: the next turn of the hand being played)."""
    game = editable_game(public_id)
    closed = hands_closed(game)  # a result imported without hands keeps its result
    if closed:
        return _no_more_hands(game, closed)
    entry = entry_for(game.variant)
    playing, before, score = _hand_in_progress(game)
    word = round_word(game.variant)
    if score.finished:
        over = gettext(
            "The game is over: no more %(round_word)s can be recorded.",
            round_word=round_word(game.variant, 2),
        )
        return _no_more_hands(game, over)  # (a hand queued offline while another phone ended the game)
    if playing is not None:
        ctx = context_for(game, playing.number, facts=playing.facts, before=before)
        save = partial(update_round, game, playing.number, before=before)
    else:
        ctx = context_for(game, before=before)
        save = partial(record_round, game, before=before)
    turn = len(entry.turns_of(ctx)) + 1 if entry.by_turn else None
    save = partial(save, turn=turn)
    said = {"round_word": word.capitalize(), "number": ctx.number, "turn": turn}
    done = (
        gettext("%(round_word)s %(number)s, turn %(turn)s recorded.", **said)
        if turn
        else gettext("%(round_word)s %(number)s recorded.", **said)
    )
    return _form_or_save(game, entry, ctx, entry.parse_turn, save, done, mode="new", score=score)


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
@taken_once  # the same page sent twice: the second is given the first's answer
def edit(public_id: str, number: int):
    """Correct a recorded hand; every later total, Step and peg is recomputed."""
    game = editable_game(public_id)
    round_ = get_round(game, number)
    entry = entry_for(game.variant)
    ctx = context_for(game, number, facts=round_.facts, before=game_score(game, upto=number - 1))
    word = round_word(game.variant).capitalize()
    return _form_or_save(
        game,
        entry,
        ctx,
        entry.parse,
        partial(update_round, game, number, before=ctx.before),
        gettext("%(round_word)s %(number)s corrected; totals recomputed.", round_word=word, number=number),
        mode="edit",
    )


@bp.route("/<int:number>/delete", methods=["GET", "POST"])
@taken_once  # the same page sent twice: the second is given the first's answer
def delete(public_id: str, number: int):
    """Ask to confirm (GET), then delete a hand (POST); later hands move up one."""
    game = editable_game(public_id)
    round_ = get_round(game, number)
    if request.method == "GET":
        return render_template(
            "rounds/delete.html", game=game, round=round_, score=game_score(game), game_url=_game_page(game)
        )
    word = round_word(game.variant).capitalize()
    try:
        delete_round(game, number, version=version_from(request.form.get("version")))
    except RulesError as err:
        db.session.rollback()
        flash(
            gettext(
                "%(round_word)s %(number)s cannot be deleted: %(reason)s",
                round_word=word,
                number=number,
                reason=err,
            ),
            "error",
        )
        return redirect(_game_page(game))
    db.session.commit()
    flash(
        gettext("%(round_word)s %(number)s deleted; totals recomputed.", round_word=word, number=number),
        "success",
    )
    return redirect(_game_page(game))


@bp.post("/end")
@taken_once  # the same page sent twice: the second is given the first's answer
def end(public_id: str):
    """Crib Rummy: end the hand being played without another turn (draw pile ran out, or out)."""
    game = editable_game(public_id)
    entry = entry_for(game.variant)
    playing, before, score = _hand_in_progress(game)
    if not entry.by_turn or playing is None:
        flash(gettext("No %(round_word)s is being played.", round_word=round_word(game.variant)), "error")
        return redirect(_game_page(game))
    ctx = context_for(game, playing.number, facts=playing.facts, before=before)
    turn = len(entry.turns_of(ctx))
    return _form_or_save(
        game,
        entry,
        ctx,
        entry.parse_end,
        partial(update_round, game, playing.number, before=before, turn=turn),
        gettext(
            "%(round_word)s %(number)s ended.",
            round_word=round_word(game.variant).capitalize(),
            number=playing.number,
        ),
        mode="new",
        force_post=True,
        score=score,
    )


# -- helpers -------------------------------------------------------------------------


def _form_or_save(
    game,
    entry: HandEntry,
    ctx: HandContext,
    parse: Callable,
    save: Callable,
    done: str,
    *,
    mode: str,
    force_post: bool = False,
    score=None,
):
    """GET: the form. POST: parse, save through the service, commit, redirect; or the form with errors.

    A hand recorded turn by turn comes back to its own page while it is being played
    (one post per turn; entry.js swaps the page in place), and to the game when it ends.
    ``score`` is the game so far (the live board of a hand played turn by turn).
    """
    if request.method != "POST" and not force_post:
        values = entry.from_facts(ctx.facts, ctx) if mode == "edit" else entry.blank(ctx)
        return _render(game, entry, ctx, values, {}, mode, score=score)
    if mode == "new" and sending.queued_send():  # from the phone's queue of hands: JSON, recorded once
        return sending.send(game, entry, ctx, parse, save, done, _game_page(game))
    sub = Submission(request.form)
    version = version_from(request.form.get("version"))  # what the form was filled against
    try:
        facts = parse(sub, ctx)
        if request.form.get("action") == "preview":
            return _render(
                game,
                entry,
                ctx,
                request.form.to_dict(flat=False),
                {},
                mode,
                scored=scored_hand(game, ctx, facts),
                score=score,
                version=version,
            )
        save(facts, version=version)
    except RulesError as err:
        db.session.rollback()
        errors = sub.place(err, ctx.number) if isinstance(err, RoundError) else {"": [str(err)]}
        # after a clash the form is filled against the game as it is now: saving again is deliberate
        shown = None if isinstance(err, StaleVersion) else version
        return _render(
            game, entry, ctx, request.form.to_dict(flat=False), errors, mode, score=score, version=shown
        ), status_of(err)
    db.session.commit()
    playing = _hand_in_progress(game)[0] if entry.by_turn and mode == "new" else None
    if entry.by_turn and mode == "new" and playing is None:  # the turn ended the hand
        done = gettext(
            "%(round_word)s %(number)s ended.",
            round_word=round_word(game.variant).capitalize(),
            number=ctx.number,
        )
    flash(" ".join([done, *sub.notes]), "success")
    if playing is not None:
        return redirect(url_for("rounds.new", public_id=game.public_id))
    return redirect(_game_page(game))


def _render(
    game,
    entry: HandEntry,
    ctx: HandContext,
    values: dict,
    errors: dict,
    mode: str,
    scored=None,
    score=None,
    version: int | None = None,
):
    board = None
    if entry.live_board and score is not None:
        board = Markup(charts.cribbage_board_svg(ctx.names, standings.pegs(score), game.options["target"]))
    return render_template(
        entry.template,
        game=game,
        ctx=ctx,
        entry=entry,
        values=_single(values),
        multi=values,
        errors=errors,
        mode=mode,
        scored=scored,
        board=board,
        score=score,
        keypad=keypad(game.variant),
        game_url=_game_page(game),
        version=game.version if version is None else version,
    )


def _single(values: dict) -> dict:
    """Form values with one value per field, the last one sent (checkbox groups read ``multi``)."""
    return {
        name: (value[-1] if value else "") if isinstance(value, list) else value
        for name, value in values.items()
    }
