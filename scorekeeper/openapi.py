"""The OpenAPI 3.1 document of ``/api/v1`` (served at ``/api/v1/openapi.json``).

Schemas are JSON Schema 2020-12, so the tests validate real responses
against them with ``jsonschema``. Round facts follow the shapes each variant
documents in its module (``scorekeeper/rules/<variant>.py``); the schemas here
name the documented keys and allow the optional keys variants may add.
"""

from __future__ import annotations

from typing import Any

REF = "#/components/schemas/"


def _ref(name: str) -> dict:
    return {"$ref": REF + name}


def _obj(required: tuple[str, ...] = (), extra: bool = True, **props: Any) -> dict:
    schema: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        schema["required"] = list(required)
    if not extra:
        schema["additionalProperties"] = False
    return schema


def _list(items: dict) -> dict:
    return {"type": "array", "items": items}


STR, INT, BOOL = {"type": "string"}, {"type": "integer"}, {"type": "boolean"}
NULL_STR, NULL_INT = {"type": ["string", "null"]}, {"type": ["integer", "null"]}
SCALAR = {"type": ["string", "number", "boolean", "null"]}
OPTIONS = {"type": "object", "additionalProperties": SCALAR,
           "description": "Option names to values (see GET /variants); omitted options take their defaults."}
CARDS = {"type": "string", "description": "Card or tile notation (RULES.md N-1): tokens separated by "
                                          "spaces or commas; '|' between the melds of a Krazy Bee Step "
                                          "laydown; '/' or newlines between grid rows, '.' an empty cell."}
TIME = {"type": ["string", "null"], "description": "ISO 8601, UTC"}
HAND = {"type": "string", "description": "cards left in hand"}


def _round_facts() -> dict:
    """Round facts per variant (the documented keys; variants may add optional ones)."""
    seats = lambda **p: _obj(("players",), players=_list(_obj(**p)))  # noqa: E731
    krazy = seats(laid=BOOL, went_out=BOOL, hand=HAND, points=INT, step=INT, notes=STR,
                  counts=_obj(low=INT, high=INT, wild=INT))
    krazy["title"] = "krazy-bee"
    rumbugz = seats(kinds=_list({"enum": ["single", "double", "triple", "match"]}),
                    hand=HAND, points=INT, bid=STR)
    rumbugz["properties"]["winner"] = NULL_INT
    rumbugz["title"] = "rumbugz"
    tiles = seats(rack=STR, points=INT)
    tiles["properties"]["winner"] = NULL_INT
    tiles["title"] = "rummikub, crazy-tiles, runny-tiles"
    meld = _obj(("cards",), cards=STR, extend=INT, kind={"enum": ["set", "run", None]})
    crib = _obj(("turns",), starter=NULL_INT,
                turns=_list(_obj(player=INT, melds=_list(meld), pegs=INT)),
                end={"type": ["object", "null"], "properties": {
                    "type": {"enum": ["out", "draw_pile"]}, "player": INT, "cards_left": _list(INT)}})
    crib["title"] = "crib-rummy"
    crazy = seats(board=STR, hand=HAND, points=INT)
    crazy["properties"].update(face_up=_list(STR), wild=NULL_STR, went_out=NULL_INT)
    crazy["title"] = "crazy-rummy"
    return {"description": "One hand's facts in the shape the variant documents "
                           "(the engine validates them; a rejected hand answers 422 with field paths).",
            "anyOf": [krazy, rumbugz, tiles, crib, crazy]}


def schemas() -> dict[str, dict]:
    """Every component schema, by name."""
    option = _obj(("name", "type", "default"), name=STR, type={"enum": ["int", "bool", "choice", "text"]},
                  default=SCALAR, help=STR, rule=STR, choices=_list(SCALAR), low=NULL_INT, high=NULL_INT,
                  optional=BOOL, game=BOOL, check=BOOL)
    variant = _obj(("slug", "name", "min_players", "max_players", "options"), slug=STR, name=STR,
                   summary=STR, min_players=INT, max_players=INT, high_wins=BOOL,
                   round_word={"enum": ["hand", "round"], "description": "what the variant calls a round"},
                   options=_list(_ref("Option")))
    verdict = _obj(("variant", "valid", "kind", "kinds", "points", "reading", "reasons"),
                   variant=STR, valid=BOOL, kind=NULL_STR, kinds=_list(STR), points=NULL_INT,
                   reading={"type": "array", "description": "one entry per input card: what it stands for"},
                   reasons=_list({"type": "string", "description": "starts with the failing rule id"}),
                   readings=_list({"type": "array"}), readings_truncated=BOOL,
                   alternatives=_list(STR), parts=_list({"type": "object"}), notes=_list(STR))
    round_ = _obj(("number", "dealer", "changes", "totals", "progress", "complete", "facts"),
                  number=INT, dealer=INT, starter=NULL_INT, changes=_list(INT), totals=_list(INT),
                  progress=_list({"type": "object"}), details={"type": "object"}, complete=BOOL,
                  facts=_ref("RoundFacts"))
    player = _obj(("seat", "name", "total", "rank", "progress"), seat=INT, name=STR, total=INT,
                  rank={"type": "integer", "minimum": 1,
                        "description": "place by the variant's end rule (KB-10, RB-8, CT-8, CR-8, CZ-8); "
                                       "ties share a rank; the winners are ranked 1"},
                  progress={"type": "object"})
    urls = _obj(("api", "page", "export"), api=STR, page=STR, export=STR, editor=STR)
    game = _obj(("id", "variant", "options", "players", "rounds", "status", "winners"),
                id=STR, variant=STR, options=OPTIONS, first_dealer=INT,
                status={"enum": ["in_progress", "finished"]}, high_wins=BOOL,
                players=_list(_ref("Player")), rounds=_list(_ref("Round")),
                winners=_list(INT), leaders=_list(INT), dealer=INT, starter=NULL_INT,
                chooser=NULL_INT, notes=_list(STR), created_at=TIME, updated_at=TIME, urls=_ref("Urls"))
    audit = _obj(("at", "action"), at=STR, action={"enum": ["create", "record", "edit", "delete", "undo"]},
                 round_number=NULL_INT, old={"type": ["object", "array", "null"]},
                 new={"type": ["object", "array", "null"]}, summary=STR, undone=BOOL)
    export = _obj(("format", "version", "variant", "players"),
                  format={"const": "scorekeeper-game"}, version={"const": 1}, id=STR, variant=STR,
                  options=OPTIONS, first_dealer=INT, status={"enum": ["in_progress", "finished"]},
                  created_at=TIME, updated_at=TIME,
                  players=_list(_obj(("seat", "name"), seat=INT, name=STR)),
                  rounds=_list(_obj(("number", "facts"), number=INT, facts=_ref("RoundFacts"),
                                    created_at=TIME, updated_at=TIME)),
                  audit=_list(_ref("AuditEntry")))
    return {
        "Error": _obj(("error",), error=STR, reasons=_list(STR), round=NULL_INT,
                      fields=_list(_obj(("field", "message"), field=STR, message=STR))),
        "CheckRequest": _obj(("variant",), extra=False, variant=STR, cards=CARDS, options=OPTIONS,
                             extend={"type": ["string", "null"],
                                     "description": "the meld already on the table that cards are added to"}),
        "Verdict": verdict,
        "HandValue": _obj(("variant",), variant=STR, points=INT, cards=INT,
                          breakdown=_list(_obj(("card", "points"), card=STR, points=INT))),
        "Option": option, "Variant": variant,
        "VariantList": _obj(("variants",), variants=_list(_ref("Variant"))),
        "NewGame": _obj(("variant", "players"), extra=False, variant=STR,
                        players=_list({"type": "string", "description": "names in seat order"}),
                        options=OPTIONS, first_dealer={"type": "integer", "minimum": 0},
                        table={"type": "string", "description": "a table's id: the players are roster names "
                               "(new names join the roster); send the table's secret as the Bearer token"}),
        "Created": _obj(("id", "secret", "urls", "game"), id=STR,
                        secret={"type": "string", "description": "the edit secret: send it as a Bearer token"},
                        urls=_ref("Urls"), game=_ref("Game")),
        "Urls": urls, "Player": player, "Round": round_, "Game": game,
        "RoundFacts": _round_facts(),
        "RoundAnswer": _obj(("round", "game"), round=_ref("Round"), game=_ref("Game")),
        "Deleted": _obj(("deleted", "game"), deleted=INT, game=_ref("Game")),
        "AuditEntry": audit, "Export": export,
        **_tables().schemas(),
    }


def _tables():
    from .tables import openapi as tables  # the tables' part of the document

    return tables


def _json(name: str, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": _ref(name)}}}


def _errors(*codes: int) -> dict:
    words = {400: "malformed request (bad JSON, wrong types)", 401: "no edit secret",
             403: "wrong edit secret", 404: "no such game or hand", 405: "method not allowed",
             413: "request too large", 422: "the rules reject the input (see reasons)"}
    return {str(c): _json("Error", words[c]) for c in codes}


def _op(summary: str, ok: tuple[str, str, str], errors: tuple[int, ...], body: str | None = None,
        secured: bool = False, **extra: Any) -> dict:
    status, schema, description = ok
    op: dict[str, Any] = {"summary": summary, "responses": {status: _json(schema, description),
                                                            **_errors(*errors)}}
    if body:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": _ref(body)}}}
    if secured:
        op["security"] = [{"editSecret": []}]
    op.update(extra)
    return op


GAME_ID = {"name": "public_id", "in": "path", "required": True, "schema": STR,
           "description": "the game's id (as in its URL)"}
NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
          "description": "hand number, 1-based"}


def paths() -> dict[str, dict]:
    """Every endpoint with its body and answers."""
    game_params = {"parameters": [GAME_ID]}
    return {
        "/variants": {"get": _op("Variants with names, player limits and options",
                                 ("200", "VariantList", "every variant"), (405,))},
        "/check": {"post": _op("Judge a meld, Step laydown, extension or tile grid",
                               ("200", "Verdict", "the verdict (valid may be false)"), (400, 413, 422),
                               body="CheckRequest")},
        "/hand": {"post": _op("Value the cards left in a hand",
                              ("200", "HandValue", "points (crib-rummy: cards)"), (400, 413, 422),
                              body="CheckRequest")},
        "/games": {"post": _op("Start a game", ("201", "Created", "the new game, its edit secret and URLs"),
                               (400, 401, 403, 404, 413, 422), body="NewGame")},
        "/games/import": {"post": _op("Restore an exported game as a new game",
                                      ("201", "Created", "the restored game with a new id and secret"),
                                      (400, 413, 422), body="Export")},
        "/games/{public_id}": {**game_params, "get": _op(
            "A game: players, totals, progress, rounds, status, winners", ("200", "Game", "the game"), (404,))},
        "/games/{public_id}/export": {**game_params, "get": _op(
            "The whole game as JSON", ("200", "Export", "the export document"), (404,))},
        "/games/{public_id}/rounds": {**game_params, "post": _op(
            "Record the next hand", ("201", "RoundAnswer", "the scored hand and the game"),
            (400, 401, 403, 404, 413, 422), body="RoundFacts", secured=True)},
        "/games/{public_id}/rounds/{number}": {
            "parameters": [GAME_ID, NUMBER],
            "put": _op("Correct a hand", ("200", "RoundAnswer", "the corrected hand and the game"),
                       (400, 401, 403, 404, 413, 422), body="RoundFacts", secured=True),
            "delete": _op("Delete a hand (later hands move up one)",
                          ("200", "Deleted", "the game without the hand"), (401, 403, 404, 422),
                          secured=True)},
        **_tables().paths(),
    }


def document(server: str = "") -> dict:
    """The whole OpenAPI 3.1 document; ``server`` is the site's root URL."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "Scorekeeper API", "version": "1.0.0",
                 "description": "Check melds and keep games of five rummy variants. "
                                "Rules and rule ids: /rules/. Errors are JSON with an 'error' message."},
        "servers": [{"url": f"{server}/api/v1"}],
        "paths": paths(),
        "components": {"schemas": schemas(),
                       "securitySchemes": {"editSecret": {"type": "http", "scheme": "bearer",
                                                          "description": "the game's edit secret"}}},
    }
