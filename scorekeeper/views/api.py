"""The JSON API under ``/api/v1``: checks, variants and games (documented in ``/api/v1/openapi.json``).

CSRF-exempt (registered with ``csrf.exempt``): changes to a game need
``Authorization: Bearer <edit secret>`` instead of a cookie, so a page on
another site cannot act for a browser. Every error is a JSON body with a
human-readable ``error`` (and the engine's ``reasons`` where it spoke):
400 malformed, 401 no secret, 403 wrong secret, 404, 405, 413, 422 rules.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, jsonify, request, url_for
from werkzeug.exceptions import HTTPException

from ..checking import InputError, fields_of, from_json, json_object, options_field, run, variant_field
from ..extensions import csrf, db
from ..openapi import document
from ..rules import RoundError, RulesError, variants
from ..services import (
    create_game,
    delete_round,
    game_score,
    get_game_or_404,
    record_round,
    secret_matches,
    update_round,
)
from ..services.transfer import TransferError, export_game, import_game, stamp

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)


class AuthError(Exception):
    """401 (no Bearer secret) or 403 (a wrong one)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


# -- errors ---------------------------------------------------------------------------
def _error(status: int, message: str, reasons: list[str] | None = None, **extra: Any):
    db.session.rollback()  # a refused request leaves nothing behind
    body: dict[str, Any] = {"error": message}
    if reasons:
        body["reasons"] = reasons
    body.update(extra)
    return jsonify(body), status


@bp.errorhandler(InputError)
@bp.errorhandler(TransferError)
def _malformed(err: ValueError):
    return _error(400, str(err))


@bp.errorhandler(AuthError)
def _auth(err: AuthError):
    response, status = _error(err.status, str(err))
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response, status


@bp.errorhandler(RoundError)
def _round_rejected(err: RoundError):
    fields = [{"field": f, "message": m} for f, m in err.errors]
    return _error(422, str(err), [m for _, m in err.errors], fields=fields, round=err.round)


@bp.errorhandler(RulesError)
def _rules_rejected(err: RulesError):
    return _error(422, str(err), [str(err)])


@bp.errorhandler(HTTPException)
def _http(err: HTTPException):
    return _error(err.code or 400, err.description or err.name)


# -- reading the request ------------------------------------------------------------------
def _body() -> Any:
    """The request body parsed as JSON (any content type); InputError when it is not JSON."""
    raw = request.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
    if not raw.strip():
        raise InputError("the request body is empty; send a JSON object")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise InputError(f"the request body is not valid JSON ({err})") from None


def _object() -> dict:
    return json_object(_body())


def _game_to_change(public_id: str):
    """The game a change is asked for: 404 without it, 401/403 without its edit secret."""
    game = get_game_or_404(public_id)
    _require_secret(game)
    return game


def _require_secret(game) -> None:
    """401 without ``Authorization: Bearer <secret>``, 403 with a wrong secret."""
    scheme, _, secret = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise AuthError(401, "Changing a game needs its edit secret: "
                             "send the header 'Authorization: Bearer <edit secret>'.")
    if not secret_matches(game, secret.strip()):
        raise AuthError(403, "That edit secret does not belong to this game.")


# -- representation ---------------------------------------------------------------------------
def game_urls(game, secret: str | None = None) -> dict[str, str]:
    """Where a game lives: the API resource, its web page (read-only link), export, and the editor link."""
    urls = {"api": url_for("api.game", public_id=game.public_id, _external=True),
            "page": url_for("games.show", public_id=game.public_id, _external=True),
            "export": url_for("api.export", public_id=game.public_id, _external=True)}
    if secret:
        urls["editor"] = url_for("games.join", public_id=game.public_id, secret=secret, _external=True)
    return urls


def game_json(game) -> dict:
    """The game as the API shows it: players with totals and progress, every round, status, winners."""
    score = game_score(game)
    ranks = score.ranks
    return {
        "id": game.public_id, "variant": game.variant, "options": dict(game.options or {}),
        "first_dealer": game.first_dealer,
        "status": "finished" if score.finished else "in_progress",
        "high_wins": score.high_wins,
        "players": [{"seat": p.seat, "name": p.name, "total": score.totals[p.seat],
                     "rank": ranks[p.seat], "progress": dict(score.progress[p.seat])}
                    for p in game.players],
        "rounds": [{**r.to_dict(), "facts": row.facts} for r, row in zip(score.rounds, game.rounds)],
        "winners": list(score.winners), "leaders": list(score.leaders),
        "dealer": score.dealer, "starter": score.starter, "chooser": score.chooser,
        "notes": list(score.notes),
        "created_at": stamp(game.created_at), "updated_at": stamp(game.updated_at),
        "urls": game_urls(game),
    }


# -- routes: checks and variants -----------------------------------------------------------------
@bp.get("/")
def index():
    """What this API offers, with links."""
    return {"name": "Scorekeeper API", "version": "v1",
            "openapi": url_for("api.openapi", _external=True),
            "variants": url_for("api.list_variants", _external=True)}


@bp.get("/openapi.json")
def openapi():
    """The OpenAPI 3 document describing every endpoint and body."""
    return jsonify(document(request.host_url.rstrip("/")))


@bp.get("/variants")
def list_variants():
    """Every variant: slug, name, player limits, who wins, and options with defaults."""
    return jsonify({"variants": variants()})


@bp.post("/check")
def check_cards():
    """Judge a meld, a Step laydown, an extension or a grid: the verdict of RULES.md section 6."""
    return jsonify(run(from_json(_body(), "check")))


@bp.post("/hand")
def count_hand():
    """The value of the cards left in a hand (crib-rummy: the card count)."""
    return jsonify(run(from_json(_body(), "hand")))


# -- routes: games -----------------------------------------------------------------------------------
@bp.post("/games")
def create():
    """Start a game: 201 with its id, edit secret and URLs."""
    body = fields_of(_body(), ("variant", "players", "options", "first_dealer", "table"))
    variant, players = variant_field(body), body.get("players")
    if not isinstance(players, list) or not all(isinstance(n, str) for n in players):
        raise InputError("'players' must be a list of names (strings) in seat order")
    options = options_field(body)
    first_dealer = body.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
        raise InputError("'first_dealer' must be a seat number (0 = the first player)")
    if "table" in body:  # a table's game: roster names, the table's Bearer secret and option choices
        from ..tables.api import start_table_game

        game, secret = start_table_game(body["table"], variant, players, options, first_dealer)
    else:
        game, secret = create_game(variant, players, options, first_dealer)
    db.session.commit()
    return _created(game, secret)


def _created(game, secret: str):
    body = {"id": game.public_id, "secret": secret, "urls": game_urls(game, secret),
            "game": game_json(game)}
    return jsonify(body), 201, {"Location": body["urls"]["api"]}


@bp.get("/games/<public_id>")
def game(public_id: str):
    """A game: players with totals and progress, every round, status and winners."""
    return jsonify(game_json(get_game_or_404(public_id)))


@bp.post("/games/<public_id>/rounds")
def record(public_id: str):
    """Record the next hand (body: the variant's round facts); needs the edit secret."""
    game = _game_to_change(public_id)
    round_ = record_round(game, _object())
    db.session.commit()
    return _round_answer(game, round_.number, 201)


@bp.put("/games/<public_id>/rounds/<int:number>")
def correct(public_id: str, number: int):
    """Replace hand ``number``'s facts; every total recomputes. Needs the edit secret."""
    game = _game_to_change(public_id)
    update_round(game, number, _object())
    db.session.commit()
    return _round_answer(game, number, 200)


@bp.delete("/games/<public_id>/rounds/<int:number>")
def remove(public_id: str, number: int):
    """Delete hand ``number`` (later hands move up one). Needs the edit secret."""
    game = _game_to_change(public_id)
    delete_round(game, number)
    db.session.commit()
    return jsonify({"deleted": number, "game": game_json(game)})


def _round_answer(game, number: int, status: int):
    body = game_json(game)
    return jsonify({"round": body["rounds"][number - 1], "game": body}), status


@bp.get("/games/<public_id>/export")
def export(public_id: str):
    """The whole game as JSON (players, options, hands, audit trail), for ``/games/import``."""
    game = get_game_or_404(public_id)
    response = jsonify(export_game(game))
    response.headers["Content-Disposition"] = f'inline; filename="scorekeeper-{game.public_id}.json"'
    return response


@bp.post("/games/import")
def import_():
    """Restore an export as a new game: 201 with the new id, edit secret and URLs."""
    game, secret = import_game(_object())
    db.session.commit()
    return _created(game, secret)
