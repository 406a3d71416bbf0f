"""The OpenAPI 3.1 document of ``/api/v1`` (served at ``/api/v1/openapi.json``): operations, answers
and links, with the features' parts (:class:`~scorekeeper.web.features.ApiPart`).
"""

from __future__ import annotations

from ..web.features import ApiPart
from .idempotency import with_keys
from .links import game_links, hand_links, step_links
from .operations import GAME_ID, IF_MATCH, NUMBER, op, tagged
from .photo_schemas import photo_operation
from .shapes import bearer, schemas


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
