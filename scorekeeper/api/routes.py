"""The JSON API under ``/api/v1``: its games (see ``openapi.json``; the questions that change nothing,
checks, best plays, whole turns and variants, are :mod:`.questions`).

CSRF-exempt: a change needs ``Authorization: Bearer <edit secret>``. Every body is held to the
document (:mod:`.bodies`); every error is the one JSON body of :mod:`scorekeeper.web.errors`.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from flask import jsonify, request

from ..checker.checking import (
    InputError,
    fields_of,
    options_field,
    variant_field,
)
from ..services import (
    create_game,
    delete_round,
    etag,
    game_score,
    get_game,
    last_logged,
    record_round,
    redo_last_undo,
    undo_last_change,
    update_round,
    version_named,
)
from ..services.transfer import export_game, import_game, logged_change, stamp
from ..storage.extensions import db
from ..web.access import can_edit, editable_game
from ..web.addresses import external_url
from ..web.features import game_starters, hands_closed, refuse_closed_hands
from ..web.languages import request_locale, spoken
from . import bodies
from .blueprint import bp
from .variant_schemas import camel


def _game_to_change(public_id: str):
    """The game a change is asked for: 404 without it, 401/403 without its edit secret (Bearer only)."""
    return editable_game(public_id, bearer_only=True)


def _if_match(game) -> int | None:
    """The version of the game a change names with ``If-Match`` (an ETag this API gave), or None
    without the header or with ``*``; InputError (400) for a tag that is not one of ours."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    named = [version_named(tag) for tag in header.split(",")]
    if None in named:
        raise InputError('If-Match must name an ETag this API gave, such as "v3" (quotes included), or *')
    return game.version if game.version in named else named[0]


def _tagged(body: dict, status: int, game, headers: dict | None = None):
    """A JSON answer about ``game`` with its ETag (the version the answer shows)."""
    return jsonify(body), status, {"ETag": etag(game, request_locale()), **(headers or {})}


# -- representation ---------------------------------------------------------------------------
def game_urls(game, secret: str | None = None) -> dict[str, str]:
    """Where a game lives: the API resource, its web page (read-only link), export, and the editor link."""
    urls = {
        "api": external_url("api.game", public_id=game.public_id),
        "page": external_url("games.show", public_id=game.public_id),
        "export": external_url("api.export", public_id=game.public_id),
    }
    if secret:
        urls["editor"] = external_url("games.join", public_id=game.public_id, secret=secret)
    return urls


#: a game id (12 URL-safe characters) that no address holds but where a game's id goes
_ID_MARK = "GAME0ID0MARK"


def games_urls() -> Callable[[str], dict[str, str]]:
    """:func:`game_urls` of many games, by id: each address is made once and the id put in its place
    (a club's year lists thousands of games, and making each address afresh took a second)."""
    made = {
        key: url.rsplit(_ID_MARK, 1) for key, url in game_urls(SimpleNamespace(public_id=_ID_MARK)).items()
    }
    return lambda public_id: {key: public_id.join(parts) for key, parts in made.items()}


def game_json(game) -> dict:
    """The game as the API shows it: players with totals and progress, every round, status, winners."""
    score = game_score(game)
    ranks = score.ranks
    return {
        "id": game.public_id,
        "variant": game.variant,
        "options": dict(game.options or {}),
        "first_dealer": game.first_dealer,
        # a game that takes no hands (an imported result) is as it was stored: the engine has no
        # hands of it to finish it by
        "status": game.status if hands_closed(game) else "finished" if score.finished else "in_progress",
        "high_wins": score.high_wins,
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "total": score.totals[p.seat],
                "rank": ranks[p.seat],
                "progress": dict(score.progress[p.seat]),
            }
            for p in game.players
        ],
        "rounds": [
            {"variant": game.variant, **spoken(r.to_dict()), "facts": row.facts}
            for r, row in zip(score.rounds, game.rounds)
        ],
        "winners": list(score.winners),
        "leaders": list(score.leaders),
        "dealer": score.dealer,
        "starter": score.starter,
        "chooser": score.chooser,
        **spoken({"notes": list(score.notes)}),
        "created_at": stamp(game.created_at),
        "updated_at": stamp(game.updated_at),
        "version": game.version,
        "urls": game_urls(game),
    }


@bp.post("/games")
def create():
    """Start a game: 201 with its id, edit secret and URLs."""
    starters = game_starters()
    body = fields_of(bodies.body(), ("variant", "players", "options", "first_dealer", *starters))
    variant, players = variant_field(body), body.get("players")
    if not isinstance(players, list) or not all(isinstance(n, str) for n in players):
        raise InputError("'players' must be a list of names (strings) in seat order")
    options = options_field(body)
    first_dealer = body.get("first_dealer", 0)
    if (
        isinstance(first_dealer, bool)
        or not isinstance(first_dealer, (int, float))
        or first_dealer != int(first_dealer)
    ):
        raise InputError("'first_dealer' must be a seat number (0 = the first player)")
    starter = next((starters[field] for field in starters if field in body), None)
    if starter is None:
        game, secret = create_game(variant, players, options, int(first_dealer))
    else:  # a feature's game (a table's: roster names, the table's Bearer secret and option choices)
        game, secret = starter(body, variant, players, options, int(first_dealer))
    bodies.shaped(f"NewGame{camel(variant)}", body, values=True)
    db.session.commit()
    return _created(game, secret)


def _created(game, secret: str):
    body = {"id": game.public_id, "secret": secret, "urls": game_urls(game, secret), "game": game_json(game)}
    return _tagged(body, 201, game, {"Location": body["urls"]["api"]})


@bp.get("/games/<game_id:public_id>")
def game(public_id: str):
    """A game: players with totals and progress, every round, status and winners (``ETag``: its version)."""
    game = get_game(public_id)
    return _tagged(game_json(game), 200, game)


# Each change names the version it was made against with If-Match (optional), and its answer is
# worked out before the commit: the game as this change left it, even when another change follows
# at once (:mod:`scorekeeper.services.versions`).
@bp.post("/games/<game_id:public_id>/rounds")
def record(public_id: str):
    """Record the next hand (body: the variant's round facts); needs the edit secret."""
    game = _game_to_change(public_id)
    refuse_closed_hands(game)  # a result imported without hands keeps its result
    round_ = record_round(game, bodies.object_body(), version=_if_match(game))
    return _round_answer(game, round_.number, 201)


@bp.put("/games/<game_id:public_id>/rounds/<int:number>")
def correct(public_id: str, number: int):
    """Replace hand ``number``'s facts; every total recomputes. Needs the edit secret."""
    game = _game_to_change(public_id)
    update_round(game, number, bodies.object_body(), version=_if_match(game))
    return _round_answer(game, number, 200)


@bp.delete("/games/<game_id:public_id>/rounds/<int:number>")
def remove(public_id: str, number: int):
    """Delete hand ``number`` (later hands move up one). Needs the edit secret."""
    game = _game_to_change(public_id)
    delete_round(game, number, version=_if_match(game))
    return _committed({"deleted": number, "game": game_json(game)}, 200, game)


@bp.post("/games/<game_id:public_id>/undo")
def undo(public_id: str):
    """Reverse the latest record, correction or deletion not yet undone, as the page's Undo does."""
    return _stepped(public_id, undo_last_change)


@bp.post("/games/<game_id:public_id>/redo")
def redo(public_id: str):
    """Apply again the change the latest undo reversed (until a new change is made), as the page's Redo."""
    return _stepped(public_id, redo_last_undo)


def _stepped(public_id: str, step: Callable[[Any], str]):
    """Undo or redo with the edit secret: the change log entry it added (what it reversed or applied
    again, in words and facts) and the game. Nothing left to take back is a 422, the game unchanged."""
    game = _game_to_change(public_id)
    step(game, version=_if_match(game))
    db.session.flush()
    return _committed({"change": logged_change(last_logged(game)), "game": game_json(game)}, 200, game)


def _round_answer(game, number: int, status: int):
    body = game_json(game)
    return _committed({"round": body["rounds"][number - 1], "game": body}, status, game)


def _committed(body: dict, status: int, game):
    """Commit the change, then answer ``body`` (worked out before) with the version it made."""
    answer = _tagged(body, status, game)  # before the commit, which expires the game's version
    db.session.commit()
    return answer


@bp.get("/games/<game_id:public_id>/export")
def export(public_id: str):
    """The whole game as JSON (players, options, hands, audit trail), for ``/games/import``."""
    game = get_game(public_id)
    # without the edit secret, no dispute's reason and no part of the hand still open (own phones)
    response = jsonify(export_game(game, editor=can_edit(game)))
    response.headers["Content-Disposition"] = f'inline; filename="scorekeeper-{game.public_id}.json"'
    return response


@bp.post("/games/import")
def import_():
    """Restore an export as a new game: 201 with the new id, edit secret and URLs."""
    # its body bound, IMPORT_BODY_MAX (a long seated game's change log), is set by web/guards.py
    body = bodies.shaped("Export", bodies.object_body())
    variant_field(body)  # the canonical slug, as for a new game
    game, secret = import_game(body)
    bodies.shaped("Export", body, values=True)
    db.session.commit()
    return _created(game, secret)
