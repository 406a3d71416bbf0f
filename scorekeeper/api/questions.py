"""The JSON API's questions that change nothing: what it offers, its document, the variants, a check,
a hand's count, a best play and a whole turn (on the blueprint of :mod:`.blueprint`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import jsonify, request, url_for

from ..checker.checking import from_json, run
from ..checker.solving import best_play, judge_turn, solve_from_json, turn_from_json
from ..limits import pool
from ..rules import variants
from ..web.described import api_variant_words
from ..web.features import api_parts
from ..web.languages import spoken
from . import bodies
from .blueprint import bp
from .openapi import document


@bp.get("/")
def index():
    """What this API offers, with links."""
    return {
        "name": "Scorekeeper API",
        "version": "v1",
        "openapi": url_for("api.openapi", _external=True),
        "variants": url_for("api.list_variants", _external=True),
    }


@bp.get("/openapi.json")
def openapi():
    """The OpenAPI 3 document describing every endpoint and body."""
    return jsonify(document(request.host_url.rstrip("/"), api_parts()))


@bp.get("/variants")
def list_variants():
    """Every variant: slug, name, player limits, who wins, and options with defaults; the summaries,
    options' help and choice words in the reader's language (``Accept-Language: de``)."""
    return jsonify({"variants": [api_variant_words(v) for v in variants()]}), 200, {"Vary": "Accept-Language"}


@bp.post("/check")
def check_cards():
    """Judge a meld, a Step laydown, an extension or a grid: the verdict of RULES.md section 6."""
    return _answered("CheckRequest", lambda body: from_json(body, "check"), run)


@bp.post("/hand")
def count_hand():
    """The value of the cards left in a hand (crib-rummy: the card count)."""
    return _answered("HandRequest", lambda body: from_json(body, "hand"), run)


def _answered(schema: str, read: Callable[[Any], Any], ask: Callable[[Any], dict]):
    """The engine's answer to a question that changes nothing: the body read (``read``: InputError on
    wrong types), held to the document's ``schema`` (its shape), asked (``ask``), then its values."""
    body = bodies.body()
    question = read(body)
    bodies.shaped(schema, body)
    answer = ask(question)
    bodies.shaped(schema, body, values=True)
    return jsonify(spoken(answer)), 200, {"Vary": "Accept-Language"}


@bp.post("/solve")
def solve():
    """The best play for a rack on a table (tile games), or what a hand can lay (card games); stores nothing,
    bounded in time (:func:`scorekeeper.checker.solving.bounded`)."""
    return _answered("SolveRequest", solve_from_json, lambda ask: pool.run(best_play, ask))


@bp.post("/turn")
def turn():
    """Judge a whole tile turn: the table before, the rack, the table after (stores nothing)."""
    return _answered("TurnRequest", turn_from_json, lambda ask: pool.run(judge_turn, ask))
