"""What the engine says about a hand form as it is filled in (``POST .../rounds/preview``): a hand's
value, cards counted by class, a meld's verdict, or the whole hand scored. Nothing is saved.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from werkzeug.datastructures import MultiDict

from ..api import bodies
from ..checker.checking import InputError
from ..display.reasons import reason_of
from ..entry import Submission, context_for
from ..entry.base import HandContext
from ..profiles import entry_for
from ..rules import RoundError, RulesError, counted, find_variant
from ..rules import check as check_meld
from ..rules import hand as hand_value
from ..services import game_score, score_on
from ..web.access import editable_game
from ..web.described import described
from ..web.errors import error_body
from ..web.filters import reason_markup
from ..web.guards import NOT_JSON, is_json

bp = Blueprint("previews", __name__, url_prefix="/games/<public_id>/rounds")


@bp.post("/preview")
def preview(public_id: str):
    """What the engine says about cards being entered: a hand's value, a meld's pegs, a round.

    JSON in (``what``: ``hand``, ``counts`` (cards per class), ``check`` or ``round``),
    JSON out; nothing is saved.
    For the game's editors (it serves their hand form) and CSRF-protected like
    every POST (send the token in ``X-CSRFToken``).
    """
    game = editable_game(public_id)
    if not is_json(request.mimetype):  # a JSON endpoint: no cross-site text/plain (CSRF holds as well)
        return jsonify(error_body(NOT_JSON)), 415
    try:
        body = bodies.body()  # the API's one strict reading: UTF-8 only, each key once, JSON's numbers
        return _previewed(game, body if isinstance(body, dict) else {})
    except InputError as err:  # not JSON as the API takes it: UTF-16, a key twice, NaN ...
        return jsonify(error_body(str(err))), 400
    except RoundError as err:
        return jsonify({"error": str(err), "errors": err.errors, "said": _said(game, [reason_of(err)])}), 422
    except RulesError as err:
        return jsonify({"error": str(err), "said": _said(game, [reason_of(err)])}), 422


def _previewed(game, body: dict):
    """The answer to one preview's ``body`` (RulesError when the engine refuses what it holds)."""
    what = body.get("what")
    if what == "round":
        form = body.get("form") or {}
        if not isinstance(form, dict):
            return jsonify({"error": "'form' must be an object of field names to values"}), 400
        return jsonify(_round_preview(game, form))
    options = _lone_options(game, body)
    cards = str(body.get("cards") or "")
    if what == "hand":
        return jsonify(hand_value(game.variant, cards, options=options).to_dict())
    if what == "counts":
        counts = body.get("counts")
        if not isinstance(counts, dict):
            return jsonify({"error": "'counts' must be an object of card classes to numbers"}), 400
        return jsonify(counted(game.variant, counts, options=options).to_dict())
    if what == "check":
        extend = str(body.get("extend") or "") or None
        verdict = check_meld(game.variant, cards, extend=extend, options=options).to_dict()
        kind_said = described(verdict.get("kind"))  # the meld's kind in the reader's language
        return jsonify({**verdict, "kind_said": kind_said, "said": _said(game, verdict["reasons"])})
    return jsonify({"error": "say what to preview: hand, counts, check or round"}), 400


def _said(game, messages: list[str]) -> list[str]:
    """The engine's messages as the form shows them (HTML: the sentence, then the rule id linked)."""
    return [str(reason_markup(m, game.variant)) for m in messages]


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
    pairs = [
        (name, str(v))
        for name, values in form.items()
        for v in (values if isinstance(values, list) else [values])
    ]
    facts = entry.parse(Submission(MultiDict(pairs)), ctx)
    scored = scored_hand(game, ctx, facts)
    return {**scored.to_dict(), "shown": entry.shown(scored.details)}


def scored_hand(game, ctx: HandContext, facts: dict):
    """The engine's score of the hand in ``facts`` after the hands before it (nothing saved)."""
    return score_on(game, ctx.before, [facts]).rounds[-1]
