"""The tables' part of the OpenAPI document (:mod:`scorekeeper.openapi` merges it in)."""

from __future__ import annotations

from ..openapi import BOOL, INT, NULL_INT, STR, TIME, _json, _list, _obj, _op, _ref

NUM = {"type": "number"}
RATE = {"type": ["number", "null"], "description": "a share from 0 to 1; null when there is nothing to divide"}
AVERAGE = {"type": ["number", "null"]}
TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": STR,
            "description": "the table's id (as in its URL)"}


def schemas() -> dict[str, dict]:
    """The tables' component schemas, by name."""
    urls = _obj(("api", "page", "stats", "export"), api=STR, page=STR, stats=STR, export=STR,
                join={"type": "string", "description": "the table link: gives a phone the table's secret"})
    game = _obj(("id", "variant", "status", "players", "winners"), id=STR, variant=STR,
                status={"enum": ["in_progress", "finished"]}, hands=INT, players=_list(STR), winners=_list(STR),
                created_at=TIME, urls=_ref("Urls"))
    per_variant = _obj(("games", "finished", "wins"), games=INT, finished=INT, wins=INT, win_rate=RATE,
                       average_total=AVERAGE, best_total=NULL_INT, hands=INT, average_per_hand=AVERAGE)
    result = _obj(("game", "variant", "rank", "won", "total"), game=STR, variant=STR, played_at=TIME,
                  rank=INT, won=BOOL, total=INT)
    player = _obj(("name", "games", "wins", "win_rate", "ratings"), name=STR, games=INT, finished=INT,
                  wins=INT, win_rate=RATE, current_streak=INT, longest_streak=INT,
                  ratings={"type": "object", "description": "variant slug -> openskill rating after the "
                                                            "player's last finished game of it",
                           "additionalProperties": _obj(("mu", "sigma"), mu=NUM, sigma=NUM, games=INT)},
                  variants={"type": "object", "additionalProperties": per_variant},
                  last_results=_list(result))
    pair = _obj(("a", "b", "games", "a_ahead", "b_ahead"), a=STR, b=STR, games=INT, finished=INT,
                a_ahead=INT, b_ahead=INT, level=INT)
    variant = {"type": "object", "required": ["name", "games"],
               "description": "games, finished games and hands of the variant, with what only this app can "
                              "know (krazy-bee: steps, hardest_step; crib-rummy: extend_share; rumbugz: "
                              "kind_laid_last; tile games: average_rack, nobody_out; crazy-rummy: "
                              "average_board, wild_ranks), for the table and under players by name",
               "properties": {"name": STR, "games": INT, "finished": INT, "hands": INT,
                              "players": {"type": "object", "additionalProperties": {"type": "object"}}}}
    export = _obj(("format", "version", "name", "players", "games"), format={"const": "scorekeeper-table"},
                  version={"const": 1}, id=STR, name=STR, created_at=TIME, updated_at=TIME,
                  players=_list(_obj(("name",), name=STR, created_at=TIME)),
                  rulings=_list(_obj(("kind", "variant", "decision"), kind={"enum": ["verdict", "option", "reading"]},
                                     variant=STR, decision={"type": "object"}, note=STR, decided_on=TIME,
                                     created_at=TIME)),
                  games=_list(_obj(("players", "game"), players=_list(STR), game=_ref("Export"))))
    return {
        "NewTable": _obj(("name",), extra=False, name=STR, players=_list({"type": "string"})),
        "TableCreated": _obj(("id", "secret", "urls"), id=STR,
                             secret={"type": "string", "description": "the table's secret: a Bearer token for "
                                                                      "starting its games"},
                             urls=_ref("TableUrls")),
        "TableUrls": urls, "TableGame": game,
        "Table": _obj(("id", "name", "players", "games"), id=STR, name=STR, created_at=TIME, updated_at=TIME,
                      players=_list(_obj(("name", "games"), name=STR, games=INT)), games=_list(_ref("TableGame")),
                      urls=_ref("TableUrls")),
        "TableStats": _obj(("players", "head_to_head", "variants"), table=_obj(id=STR, name=STR), games=INT,
                           finished=INT, players=_list(player), head_to_head=_list(pair),
                           variants={"type": "object", "additionalProperties": variant}),
        "TableExport": export,
    }


def paths() -> dict[str, dict]:
    """The tables' endpoints."""
    params = {"parameters": [TABLE_ID]}
    csv = {"description": "CSV (RFC 4180, a header line)", "content": {"text/csv": {"schema": STR}}}
    return {
        "/tables": {"post": _op("Start a table", ("201", "TableCreated", "the new table, its secret and URLs"),
                                (400, 413, 422), body="NewTable")},
        "/tables/import": {"post": _op("Restore an exported table as a new table",
                                       ("201", "TableCreated", "the restored table with a new id and secret"),
                                       (400, 413, 422), body="TableExport")},
        "/tables/{table_id}": {**params, "get": _op("A table: its roster and games", ("200", "Table", "the table"),
                                                    (404,))},
        "/tables/{table_id}/stats": {**params, "get": _op(
            "A table's statistics", ("200", "TableStats", "players, head-to-head and variants"), (404,))},
        "/tables/{table_id}/export": {**params, "get": _op(
            "The table's whole history as JSON", ("200", "TableExport", "the export document"), (404,))},
        "/tables/{table_id}/export/games.csv": {**params, "get": {
            "summary": "One line per player per game",
            "responses": {"200": csv, "404": _json("Error", "no such table")}}},
        "/tables/{table_id}/export/hands.csv": {**params, "get": {
            "summary": "One line per player per hand",
            "responses": {"200": csv, "404": _json("Error", "no such table")}}},
    }
