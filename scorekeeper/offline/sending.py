"""Hands sent from a phone's queue: each idempotency key recorded once, a changed game a conflict."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import flash, jsonify, request
from flask_babel import gettext
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..display.words import round_word
from ..entry import Submission
from ..entry.base import HandContext
from ..rules import RoundError, RulesError, whole_number
from ..services import game_score, score_on
from ..storage.extensions import db
from ..storage.models import Game, SentHand
from ..web.errors import error_body, status_of

KEY_HEADER = "Idempotency-Key"
HAND_HEADER = "X-Scorekeeper-Hand"
REPLAYED_HEADER = "Idempotent-Replayed"
KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,64}")


def queued_send() -> bool:
    """Whether this POST comes from the phone's queue (it carries an idempotency key)."""
    return request.method == "POST" and KEY_HEADER in request.headers


def send(game: Game, entry, ctx: HandContext, parse: Callable, save: Callable, done: str, game_url: str):
    """Record the queued hand once (see the module's docstring); a JSON answer."""
    key = request.headers[KEY_HEADER].strip()
    if not KEY_SHAPE.fullmatch(key):
        return _answer(
            400, error_body(f"The {KEY_HEADER} header must be 8 to 64 letters, digits, '-' or '_'.")
        )
    stored = _stored(key)
    if stored is not None:
        return _replay(game, stored)
    expected = request.headers.get(HAND_HEADER, "").strip()
    if expected and not entry.by_turn and expected != str(ctx.number):
        return _answer(409, _conflict(game, entry, ctx, parse, expected))
    sub = Submission(request.form)
    try:
        facts = parse(sub, ctx)
        round_ = save(facts)
        answer = {"recorded": round_.number, "message": done, "game_url": game_url}
        db.session.add(SentHand(game_id=game.id, key=key, round_number=round_.number, answer=answer))
        db.session.flush()
    except RulesError as err:
        db.session.rollback()
        return _answer(status_of(err), _refusal(game, err, sub, ctx))
    except IntegrityError:  # the same key, sent twice at once: the other send recorded it
        db.session.rollback()
        stored = _stored(key)
        if stored is None:
            raise
        return _replay(game, stored)
    db.session.commit()
    flash(done, "success")
    return _answer(201, answer)


def _stored(key: str) -> SentHand | None:
    return db.session.scalar(select(SentHand).where(SentHand.key == key))


def _replay(game: Game, stored: SentHand):
    """The original answer to a key sent again (a key is one game's: another game's is refused)."""
    if stored.game_id != game.id:
        return _answer(422, error_body("This idempotency key was already used for another game."))
    return _answer(201, stored.answer, {REPLAYED_HEADER: "true"})


def _refusal(game: Game, err: RulesError, sub: Submission, ctx: HandContext) -> dict:
    """What the form would have shown, field by field, for the phone to show the editor."""
    placed = sub.place(err, ctx.number) if isinstance(err, RoundError) else {"": [str(err)]}
    reasons = [m for messages in placed.values() for m in messages]
    return error_body(
        gettext(
            "%(round_word)s %(number)s was not recorded.",
            round_word=round_word(game.variant).capitalize(),
            number=ctx.number,
        ),
        reasons,
        fields=[{"field": f, "message": m} for f, ms in placed.items() for m in ms],
    )


def _conflict(game: Game, entry, ctx: HandContext, parse: Callable, expected: str) -> dict:
    """Both versions: the hand another phone recorded as ``expected`` (if it is still there), and
    this phone's hand scored as the next one now (or why the engine refuses it there)."""
    word = round_word(game.variant)
    names = game.names
    number = max(whole_number(expected) or 0, 0)  # a header's text: "²" is a digit int() refuses
    theirs = None
    try:
        scored = game_score(game)
    except RulesError:  # stored hands that no longer score: theirs cannot be shown
        scored = None
    if scored is not None and 1 <= number <= len(scored.rounds):
        theirs = {"number": number, "changes": scored.rounds[number - 1].changes}
    mine: dict = {"number": ctx.number}
    try:
        facts = parse(Submission(request.form), ctx)
        mine["changes"] = score_on(game, ctx.before, [facts]).rounds[-1].changes
    except RulesError as err:
        mine["reasons"] = (
            [m for _, m in err.errors] if isinstance(err, RoundError) and err.errors else [str(err)]
        )
    db.session.rollback()
    # the phone shows this sentence above both versions: in its language (it was English on every phone)
    if theirs:
        message = gettext(
            "Another phone recorded %(round_word)s %(number)s meanwhile; nothing of yours was recorded yet.",
            round_word=word,
            number=number,
        )
    else:
        message = gettext(
            "The game changed meanwhile (%(round_word)s %(number)s is not the next one any more); "
            "nothing of yours was recorded yet.",
            round_word=word,
            number=number,
        )
    return error_body(
        message,
        conflict={
            "names": names,
            "word": word,
            "sent_as": number,
            "next": ctx.number,
            "theirs": theirs,
            "mine": mine,
        },
    )


def _answer(status: int, body: dict, headers: dict | None = None):
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response
