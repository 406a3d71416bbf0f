"""The tables' part of the OpenAPI document (:data:`API`, which their feature declares)."""

from __future__ import annotations

from ..api.operations import json_answer, op
from ..api.schemas import (
    INT,
    NAME,
    PUBLIC_ID,
    STAMP,
    STATUS,
    STR,
    TIME,
    array,
    obj,
    ref,
    slugs,
)
from ..api.shapes import bearer, path_param
from ..limits import (
    GAMES_PAGE,
    GAMES_PAGES_MAX,
    ROSTER_MAX,
    RULINGS_MAX,
    TABLE_GAMES_MAX,
    TABLE_GAMES_WHOLE_MAX,
)
from ..web.features import ApiPart
from . import openapi_bgstats, openapi_house
from .openapi_stats import table_stats

TABLE_ID = path_param("table_id", PUBLIC_ID, "the table's id (as in its URL)")
#: the field a new game of a table adds to ``NewGame<Variant>``
TABLE_FIELD = {
    "table": {
        **PUBLIC_ID,
        "description": "a table's id: the players are roster names (new names join the "
        "roster); send the table's secret as the Bearer token",
    }
}
#: what the error answers mean for a table
MEANINGS = {
    401: "no table secret: send 'Authorization: Bearer <table secret>'",
    403: "that secret is not this table's",
    404: "no such table",
}
SECURITY = {"tableSecret": bearer('the table\'s secret (POST /games with "table")')}


def schemas() -> dict[str, dict]:
    """The tables' component schemas, by name."""
    urls = obj(
        ("api", "page", "stats", "export"),
        api=STR,
        page=STR,
        stats=STR,
        export=STR,
        join={"type": "string", "description": "the table link: gives a phone the table's secret"},
    )
    game = obj(
        ("id", "variant", "status", "players", "winners"),
        id=STR,
        variant=STR,
        status=STATUS,
        hands=INT,
        players=array(STR),
        winners=array(STR),
        created_at=TIME,
        urls=ref("Urls"),
    )
    ruling = obj(
        ("kind", "variant", "decision"),
        extra=False,
        kind={"enum": ["verdict", "option", "reading", "house"]},
        variant={"enum": slugs()},
        decision={"type": "object"},
        note=STR,
        decided_on=TIME,
        created_at=TIME,
    )
    export = obj(
        ("format", "version", "name", "players", "games"),
        extra=False,
        format={"const": "scorekeeper-table", "description": "otherwise it is not a table export"},
        version={"const": 1, "description": "otherwise it is not a table export this server reads"},
        import_refused={
            "type": "string",
            "description": "only in an export past the import's bounds (games, hands, bytes): why it "
            "cannot be restored by import; move such a table with a copy of the database",
        },
        id=STR,
        name=STR,
        created_at=TIME,
        updated_at=TIME,
        players=array(
            obj(("name",), extra=False, name=NAME, created_at=TIME), uniqueItems=True, maxItems=ROSTER_MAX
        ),
        rulings=array(ruling, maxItems=RULINGS_MAX),
        games=array(
            obj(
                ("players", "game"),
                extra=False,
                game=ref("Export"),
                result=ref("TableGameResult"),
                players=array(
                    NAME,
                    minItems=1,
                    uniqueItems=True,
                    description="the roster's names, in the game's seat order",
                ),
            ),
            maxItems=TABLE_GAMES_MAX,
        ),
    )
    return {
        "NewTable": obj(
            ("name",), extra=False, name=NAME, players=array(NAME, uniqueItems=True, maxItems=ROSTER_MAX)
        ),
        "TableCreated": obj(
            ("id", "secret", "urls"),
            id=STR,
            secret={
                "type": "string",
                "description": "the table's secret: a Bearer token for starting its games",
            },
            urls=ref("TableUrls"),
        ),
        "TableUrls": urls,
        "TableGame": game,
        "Table": obj(
            ("id", "name", "players", "games"),
            id=STR,
            name=STR,
            created_at=STAMP,
            updated_at=STAMP,
            players=array(obj(("name", "games"), name=STR, games=INT)),
            games=array(ref("TableGame")),
            urls=ref("TableUrls"),
            paged={
                "type": "boolean",
                "description": "true: `games` is one page of the table's games (asked with ?page=, or "
                f"the first page of a table of more than {TABLE_GAMES_WHOLE_MAX} games asked without); "
                "false: every game",
            },
            next={
                "type": ["string", "null"],
                "description": f"on a page only: the next page's address ({GAMES_PAGE} games a page; "
                "null: the last page)",
            },
        ),
        "TableStats": table_stats(),
        "TableExport": export,
        **openapi_house.schemas(),
        **openapi_bgstats.schemas(),
    }


def _table_links() -> dict[str, dict]:
    """From a new (or restored) table to reading it, its statistics and its export."""
    table = {"table_id": "$response.body#/id"}
    return {
        name: {"operationId": op_id, "parameters": table}
        for name, op_id in (
            ("GetTable", "getTable"),
            ("GetTableStats", "getTableStats"),
            ("ExportTable", "exportTable"),
        )
    }


def _with_page(operation: dict) -> dict:
    """A table's operation with its optional ``page``: without it, every game of the table (as before)."""
    page = {"type": "integer", "minimum": 1, "maximum": GAMES_PAGES_MAX}
    description = (
        f"only this page of the games, {GAMES_PAGE} a page, newest first (default: every game, or the "
        f"first page past {TABLE_GAMES_WHOLE_MAX} games); a page past the last is a 404 naming the last"
    )
    operation["parameters"].append(
        {"name": "page", "in": "query", "required": False, "schema": page, "description": description}
    )
    return operation


def paths() -> dict[str, dict]:
    """The tables' endpoints."""
    params = {"parameters": [TABLE_ID]}
    csv = {"description": "CSV (RFC 4180, a header line)", "content": {"text/csv": {"schema": STR}}}
    missing = json_answer("Error", MEANINGS[404])
    return {
        "/tables": {
            "post": op(
                "createTable",
                "Start a table: its name and roster",
                ("201", "TableCreated", "the new table, its secret and URLs"),
                (400, 413, 422, 429),
                body="NewTable",
                links=_table_links(),
            )
        },
        "/tables/import": {
            "post": op(
                "importTable",
                "Restore an exported table as a new table",
                ("201", "TableCreated", "the restored table with a new id and secret"),
                (400, 413, 422, 429, 503),
                body="TableExport",
                links=_table_links(),
            )
        },
        "/tables/{table_id}": {
            **params,
            "get": _with_page(
                op(
                    "getTable",
                    "A table: its roster and games (every one, or a page of them)",
                    ("200", "Table", "the table"),
                    (400, 404),
                    meanings=MEANINGS,
                )
            ),
        },
        "/tables/{table_id}/stats": {
            **params,
            "get": op(
                "getTableStats",
                "A table's statistics",
                ("200", "TableStats", "players, head-to-head and variants"),
                (404,),
                meanings=MEANINGS,
            ),
        },
        "/tables/{table_id}/export": {
            **params,
            "get": openapi_bgstats.export_answer(
                op(
                    "exportTable",
                    "The table's whole history as JSON, or its finished games as a BG Stats backup",
                    ("200", "TableExport", "the export document"),
                    (400, 404),
                    meanings=MEANINGS,
                )
            ),
        },
        "/tables/{table_id}/export/games.csv": {
            **params,
            "get": {
                "operationId": "exportTableGames",
                "summary": "One line per player per game",
                "responses": {"200": csv, "404": missing},
            },
        },
        "/tables/{table_id}/export/hands.csv": {
            **params,
            "get": {
                "operationId": "exportTableHands",
                "summary": "One line per player per hand",
                "responses": {"200": csv, "404": missing},
            },
        },
        **openapi_house.paths(TABLE_ID),
        **openapi_bgstats.paths(TABLE_ID),
    }


#: the tables' part of the document: their schemas and paths, the table secret, and a new game's ``table``
API = ApiPart(
    schemas=schemas,
    paths=paths,
    security=SECURITY,
    new_game_fields=TABLE_FIELD,
    new_game_errors={
        401: "a new game of a table without the table's secret: send 'Authorization: Bearer <table secret>'",
        403: "that secret is not the table's",
        404: "no such table",
    },
)
