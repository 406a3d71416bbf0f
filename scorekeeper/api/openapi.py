"""The OpenAPI 3.1 document of ``/api/v1`` (served at ``/api/v1/openapi.json``): operations, answers
and links, with the features' parts (:class:`~scorekeeper.web.features.ApiPart`).
"""

from __future__ import annotations

from typing import Any

from ..web.features import ApiPart
from .idempotency import with_keys
from .links import game_links, hand_links, step_links
from .photo_schemas import photo_operation
from .schemas import PUBLIC_ID, STR, ref
from .shapes import bearer, path_param, schemas

#: what each error status means, as the document says it
ERRORS = {
    400: "the body is not the shape this document gives (not JSON, wrong types, unknown fields)",
    401: "no edit secret: send 'Authorization: Bearer <edit secret>'",
    403: "that edit secret is not this game's",
    404: "no such game or hand",
    409: "another change to this game got there first; nothing of this one was kept",
    413: "request too large",
    415: "the body was not sent as 'Content-Type: application/json'",
    422: "the shape is right but the rules (or the game's setup) refuse the values: see reasons",
    429: "too many such requests from this address: wait Retry-After seconds (docs, Limits)",
    503: "every worker process is busy, or the work ran too long: try again after Retry-After seconds",
}
GAME_ID = path_param("public_id", PUBLIC_ID, "the game's id (as in its URL)")
NUMBER = path_param("number", {"type": "integer", "minimum": 1}, "hand number, 1-based")
#: a change names the game's version it was made against (optional): a stale one is a 409
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "description": 'the ETag of the game this change was made against ("v3"; "v3-de" as a German answer '
    "names it), or *; when the game has changed since, nothing is kept: 409 with both versions",
    "schema": {"type": "string", "pattern": '^(\\*|"v[0-9]{1,9}(-[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})?)?")$'},
}
#: the game's version that an answer shows
ETAG = {
    "description": 'the game\'s version this answer shows ("v3", "v3-de" for an answer in German); '
    "send it back as If-Match",
    "schema": STR,
}
#: the reader's language for the engine's sentences (reasons, notes, alternatives, error messages)
ACCEPT_LANGUAGE = {
    "name": "Accept-Language",
    "in": "header",
    "required": False,
    "description": "the language of the engine's sentences (and of GET /variants' summaries, option help "
    "and choice words): 'de' answers in German; English by default. "
    "Every list of sentences has, beside it, each one as data (reasons_keys, notes_keys ...: rule, "
    "key, values) for a client's own words; rule ids and card notation never change. Any value is "
    "taken: only its first 600 characters are read",
    "schema": {"type": "string"},
}


def json_answer(name: str, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": ref(name)}}}


#: a refusal that says when to try again: the rate limit (429) and the busy worker pool (503)
RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before sending it again",
        "required": True,
        "schema": {"type": "string", "pattern": "^[0-9]{1,9}$"},
    }
}


def _error_answer(status: int, meaning: str) -> dict:
    """An error answer (the Error body), with Retry-After where the status carries it."""
    answer = json_answer("Error", meaning)
    if status in (429, 503):
        answer["headers"] = RETRY_AFTER
    return answer


def op(
    op_id: str,
    summary: str,
    ok: tuple[str, str, str],
    errors: tuple[int, ...],
    body: str | None = None,
    secured: bool | str | tuple[str, ...] = False,
    links: dict | None = None,
    meanings: dict[int, str] | None = None,
) -> dict:
    """One operation: its id, summary, answer (``(status, schema, description)``), error answers
    (what each means: :data:`ERRORS`, or ``meanings``), body schema, security (True: the edit
    secret; a scheme's name; several names: any one of them) and links."""
    status, schema, description = ok
    meanings = {**ERRORS, **(meanings or {})}
    answer = json_answer(schema, description)
    if links:
        answer["links"] = links
    if status == "201":
        answer["headers"] = {
            "Location": {"description": "the API address of what was created", "schema": STR}
        }
    operation: dict[str, Any] = {
        "operationId": op_id,
        "summary": summary,
        "responses": {status: answer, **{str(c): _error_answer(c, meanings[c]) for c in errors}},
        "parameters": [ACCEPT_LANGUAGE],
    }
    if body:
        operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": ref(body)}}}
        operation["responses"]["415"] = json_answer("Error", meanings[415])
    if secured:
        schemes = ("editSecret",) if secured is True else (secured,) if isinstance(secured, str) else secured
        operation["security"] = [{name: []} for name in schemes]
    return operation


def tagged(operation: dict, *parameters: dict) -> dict:
    """``operation`` with the game's ETag on its answer, taking ``parameters`` (If-Match)."""
    for status, answer in operation["responses"].items():
        if status.startswith("2"):
            answer.setdefault("headers", {})["ETag"] = ETAG
    if parameters:
        operation["parameters"] = [*operation.get("parameters", []), *parameters]
    return operation


def paths(parts: tuple[ApiPart, ...] = ()) -> dict[str, dict]:
    """Every endpoint with its body, answers and links, the features' ``parts`` included."""
    new_game_errors = {status: why for part in parts for status, why in part.new_game_errors.items()}
    game_params = {"parameters": [GAME_ID]}
    change = (400, 401, 403, 404, 409, 413, 422)
    return {
        "/variants": {
            "get": op(
                "listVariants",
                "Variants with names, player limits and options",
                ("200", "VariantList", "every variant"),
                (),
            )
        },
        "/check": {
            "post": op(
                "checkCards",
                "Judge a meld, Step laydown, extension or tile grid",
                ("200", "Verdict", "the verdict (valid may be false)"),
                (400, 413, 422),
                body="CheckRequest",
            )
        },
        "/hand": {
            "post": op(
                "countHand",
                "Value the cards left in a hand",
                ("200", "HandValue", "points (crib-rummy: cards)"),
                (400, 413, 422),
                body="HandRequest",
            )
        },
        "/solve": {
            "post": op(
                "solve",
                "Best play: the legal turn laying the most rack tiles (or value), or what "
                "a card game's hand can lay (changes nothing)",
                ("200", "SolveAnswer", "the best play, proved best unless 'optimal' is false"),
                (400, 413, 422, 429, 503),
                body="SolveRequest",
            )
        },
        "/turn": {
            "post": op(
                "checkTurn",
                "Judge a whole tile turn: table before, rack, table after (changes nothing)",
                ("200", "TurnVerdict", "the verdict with the tiles played and their value"),
                (400, 413, 422, 429, 503),
                body="TurnRequest",
            )
        },
        "/rack-photo": {"post": photo_operation(op)},
        "/games": {
            "post": op(
                "createGame",
                "Start a game",
                ("201", "Created", "the new game, its edit secret and URLs"),
                tuple(sorted({400, 413, 422, 429, *new_game_errors})),
                body="NewGame",
                links=game_links(),
                meanings=new_game_errors,
            )
        },
        "/games/import": {
            "post": op(
                "importGame",
                "Restore an exported game as a new game",
                ("201", "Created", "the restored game with a new id and secret"),
                (400, 413, 422, 429, 503),
                body="Export",
                links=game_links(),
            )
        },
        "/games/{public_id}": {
            **game_params,
            "get": tagged(
                op(
                    "getGame",
                    "A game: players, totals, progress, rounds, status, winners",
                    ("200", "Game", "the game"),
                    (404, 422),
                )
            ),
        },
        "/games/{public_id}/export": {
            **game_params,
            "get": op(
                "exportGame", "The whole game as JSON", ("200", "Export", "the export document"), (404,)
            ),
        },
        "/games/{public_id}/rounds": {
            **game_params,
            "post": tagged(
                op(
                    "recordHand",
                    "Record the next hand (Crib Rummy: the hand being played, turn by turn)",
                    ("201", "RoundAnswer", "the scored hand and the game"),
                    change,
                    body="RoundFacts",
                    secured=True,
                    links=hand_links(),
                ),
                IF_MATCH,
            ),
        },
        "/games/{public_id}/rounds/{number}": {
            "parameters": [GAME_ID, NUMBER],
            "put": tagged(
                op(
                    "correctHand",
                    "Correct a hand",
                    ("200", "RoundAnswer", "the corrected hand and the game"),
                    change,
                    body="RoundFacts",
                    secured=True,
                    links=hand_links(),
                ),
                IF_MATCH,
            ),
            "delete": tagged(
                op(
                    "deleteHand",
                    "Delete a hand (later hands move up one)",
                    ("200", "Deleted", "the game without the hand"),
                    (400, 401, 403, 404, 409, 422),
                    secured=True,
                ),
                IF_MATCH,
            ),
        },
        **{
            f"/games/{{public_id}}/{step}": {
                **game_params,
                "post": tagged(
                    op(
                        f"{step}Change",
                        summary,
                        ("200", "Stepped", f"the change log entry of the {step} and the game"),
                        (400, 401, 403, 404, 409, 422),
                        secured=True,
                        links=step_links(),
                        meanings={422: f"nothing to {step}"},
                    ),
                    IF_MATCH,
                ),
            }
            for step, summary in (
                ("undo", "Undo the latest record, correction or deletion not yet undone"),
                ("redo", "Redo the change the latest undo reversed (until a new change)"),
            )
        },
        **{path: item for part in parts if part.paths for path, item in part.paths().items()},
    }


def document(server: str = "", parts: tuple[ApiPart, ...] = ()) -> dict:
    """The whole OpenAPI 3.1 document with the features' ``parts``; ``server`` is the site's root URL."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper API",
            "version": "1.0.0",
            "description": "Check melds and keep games of five rummy variants. Rules and rule ids: /rules/. "
            'Every error is JSON: {"error": a sentence, "reasons": [...]}, with the '
            "field paths and hand number where the rules refused a hand.",
        },
        "servers": [{"url": f"{server}/api/v1"}],
        "paths": with_keys(paths(parts)),
        "components": {
            "schemas": schemas(parts),
            "securitySchemes": {
                "editSecret": bearer("the game's edit secret"),
                **{k: v for part in parts for k, v in part.security.items()},
            },
        },
    }
