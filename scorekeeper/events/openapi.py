"""Club night's part of the OpenAPI document (:data:`API`, which the events feature declares)."""

from __future__ import annotations

from functools import partial

from ..api.operations import op
from ..api.schemas import PUBLIC_ID
from ..api.shapes import path_param
from ..limits import NAME_MAX
from ..web.features import ApiPart
from .api_json import SEASON_BEST_MAX, SEASON_BONUS_MAX, SEASON_POINTS
from .openapi_schemas import schemas

EVENT_ID = path_param("event_id", PUBLIC_ID, "the event's id (as in its URL)")
TABLE_ID = path_param("table_id", PUBLIC_ID, "the club's table id (as in its URL)")
ROUND = path_param("number", {"type": "integer", "minimum": 1}, "the round's number (1 first)")
TABLE = path_param("table", {"type": "integer", "minimum": 1}, "the table's number in the round (1 the top)")
PLAYER = path_param("name", {"type": "string", "minLength": 1, "maxLength": NAME_MAX}, "the player's name")
MEANINGS = {
    401: "no secret: send 'Authorization: Bearer <table secret>' (a result: a seat's secret or the game's)",
    403: "that secret is not this event's club's (a result: nor a seat's at the table, nor its game's)",
    404: "no such event, club, round, table or entrant",
    409: "the evening's state refuses it now (a round still being played, a result already final, the "
    "player who declared it confirming it, a cut already made, an evening ended, or not ended to "
    "reopen): see error",
    422: "the shape is right but the evening refuses the values (a count of players no tables seat, a "
    "score per player missing, a blank reason, settings out of bounds): see error",
}
#: who may send a result: a seat's phone, the game's editor or the organiser (any of the secrets)
PLAYER_SECRETS = ("seatSecret", "editSecret", "tableSecret")
CHANGE = (400, 401, 403, 404, 409, 413, 422)
#: an operation of club night, with its errors' meanings
_op = partial(op, meanings=MEANINGS)


def _query(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


def _created_links() -> dict[str, dict]:
    event = {"event_id": "$response.body#/id"}
    return {
        name: {"operationId": op_id, "parameters": event}
        for name, op_id in (
            ("GetClubEvent", "getClubEvent"),
            ("GetClubStandings", "getClubStandings"),
            ("CheckInPlayers", "checkInPlayers"),
            ("SeatClubRound", "seatClubRound"),
        )
    }


def _result(
    op_id: str, summary: str, who: str | tuple[str, ...] = PLAYER_SECRETS, body: str | None = None
) -> dict:
    errors = (400, 401, 403, 404, 409, 413, 422) if body else (401, 403, 404, 409, 422)
    return _op(
        op_id,
        summary,
        ("200", "ClubTableResult", "the table with its result"),
        errors,
        body=body,
        secured=who,
    )


def paths() -> dict[str, dict]:
    """Club night's endpoints."""
    event = {"parameters": [EVENT_ID]}
    at_table = {"parameters": [EVENT_ID, ROUND, TABLE]}
    seated = ("201", "ClubRound", "the round seated: its tables, each a game of the club")
    return {
        "/tables/{table_id}/events": {
            "parameters": [TABLE_ID],
            "post": _op(
                "createClubEvent",
                "A new club night of the table (the club): its name, day, game, rounds and ranking",
                ("201", "ClubEvent", "the new event"),
                (400, 401, 403, 404, 413, 422),
                body="NewClubEvent",
                links=_created_links(),
                secured="tableSecret",
            ),
        },
        "/tables/{table_id}/season": {
            "parameters": [TABLE_ID],
            "get": _with_query(
                _op(
                    "getClubSeason",
                    "The club's league table: its evenings (of a year) added up",
                    ("200", "ClubSeason", "the league table, best first"),
                    (400, 404),
                )
            ),
        },
        "/events/{event_id}": {
            **event,
            "get": _op(
                "getClubEvent",
                "An event: settings, entrants, rounds with their tables and results, standings",
                ("200", "ClubEvent", "the event"),
                (404,),
            ),
            "delete": _op(
                "deleteClubEvent",
                "Delete an evening: its entrants, rounds, results and log (the games played at its "
                "tables stay among the club's games)",
                ("200", "ClubEventDeleted", "the evening deleted, and the games kept"),
                (401, 403, 404),
                secured="tableSecret",
            ),
        },
        "/events/{event_id}/standings": {
            **event,
            "get": _op(
                "getClubStandings",
                "The evening's standings from its final results, best first",
                ("200", "ClubStandings", "the standings"),
                (404,),
            ),
        },
        "/events/{event_id}/entrants": {
            **event,
            "post": _op(
                "checkInPlayers",
                "Check players in by name: seated from the next round on",
                ("200", "ClubEntrants", "everyone checked in"),
                (400, 401, 403, 404, 413, 422),
                body="ClubCheckIn",
                secured="tableSecret",
            ),
        },
        "/events/{event_id}/entrants/{name}": {
            "parameters": [EVENT_ID, PLAYER],
            "delete": _op(
                "checkOutPlayer",
                "A player leaves after the round being played (their line is kept)",
                ("200", "ClubEntrants", "everyone checked in"),
                (401, 403, 404, 422),
                secured="tableSecret",
            ),
        },
        "/events/{event_id}/rounds": {
            **event,
            "post": _op(
                "seatClubRound",
                "Seat the next round",
                seated,
                CHANGE,
                body="ClubSeatRound",
                secured="tableSecret",
            ),
        },
        "/events/{event_id}/cut": {
            **event,
            "post": _op(
                "cutClubEvent",
                "Cut to a final (or semi-finals)",
                seated,
                CHANGE,
                body="ClubCut",
                secured="tableSecret",
            ),
        },
        "/events/{event_id}/end": {
            **event,
            "post": _op(
                "endClubEvent",
                "End an evening without a final: its standings as they are are final (once)",
                ("200", "ClubEvent", "the event, over"),
                CHANGE,
                body="ClubEnd",
                secured="tableSecret",
            ),
        },
        "/events/{event_id}/reopen": {
            **event,
            "post": _op(
                "reopenClubEvent",
                "Reopen an evening ended by mistake: it seats, cuts and checks in again (once)",
                ("200", "ClubEvent", "the event, no longer over"),
                CHANGE,
                body="ClubReopen",
                secured="tableSecret",
            ),
        },
        "/events/{event_id}/rounds/{number}": {
            "parameters": [EVENT_ID, ROUND],
            "get": _op(
                "getClubRound",
                "A round's seating: its tables with players in seat order, games and results",
                ("200", "ClubRound", "the round"),
                (404,),
            ),
        },
        "/events/{event_id}/rounds/{number}/tables/{table}/declaration": {
            **at_table,
            "post": _result(
                "declareClubResult",
                "Declare the table's result (its game's totals now), by the seat whose secret this is",
            ),
        },
        "/events/{event_id}/rounds/{number}/tables/{table}/confirmation": {
            **at_table,
            "post": _result(
                "confirmClubResult", "A second player at the table confirms the declared result: it counts"
            ),
        },
        "/events/{event_id}/rounds/{number}/tables/{table}/result": {
            **at_table,
            "put": _result(
                "overrideClubResult",
                "The organiser sets the table's result, with the reason (kept in the event's log)",
                "tableSecret",
                body="ClubOverride",
            ),
        },
    }


def _with_query(operation: dict) -> dict:
    """The season's operation with its query: which year, how many evenings count, the bonus."""
    operation["parameters"] = [
        *operation["parameters"],
        _query(
            "year",
            {"type": "integer", "minimum": 1000, "maximum": 2999},
            "only the evenings of this year (default: every evening)",
        ),
        _query(
            "best", {"type": "integer", "minimum": 1, "maximum": SEASON_BEST_MAX}, "best evenings counted"
        ),
        _query(
            "bonus",
            {"type": "integer", "minimum": 0, "maximum": SEASON_BONUS_MAX},
            "league points per evening attended (0)",
        ),
        _query("points", {"enum": list(SEASON_POINTS)}, "how an evening counts (places)"),
    ]
    return operation


#: club night's part of the document: its schemas and paths (the table, seat and edit secrets it names
#: are the tables', seats' and core's schemes)
API = ApiPart(schemas=schemas, paths=paths)
