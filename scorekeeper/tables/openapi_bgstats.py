"""BG Stats in the tables' OpenAPI document: the backup's shape (the fields this app writes and reads),
the export's ``format`` and the import of plays (:mod:`.openapi` joins it in)."""

from __future__ import annotations

import re

from ..api.operations import op
from ..api.schemas import BOOL, INT, STAMP, STR, array, obj, ref
from ..limits import BGSTATS_ITEMS_MAX, BGSTATS_TAKEN_MAX, RESULT_TOTAL_MAX
from ..services.tables.bgstats import known_zones
from .openapi_house import MEANINGS as HOUSE_MEANINGS

REF_ID = {"type": "integer", "description": "the number the backup's lists refer to each other by"}
FORMAT = {
    "name": "format",
    "in": "query",
    "required": False,
    "schema": {"enum": ["scorekeeper", "bgstats"], "default": "scorekeeper"},
    "description": "scorekeeper: this app's table export; bgstats: the finished games as a BG Stats backup",
}
IMPORT_FORMAT = {
    "name": "format",
    "in": "query",
    "required": True,
    "schema": {"const": "bgstats"},
    "description": "the file is a BG Stats backup",
}


def enum_names(values: list[str]) -> list[str]:
    """A member name for each value, unique: "Etc/GMT+5" -> ETC_GMT_PLUS_5, "" -> NONE.

    >>> enum_names(["", "Etc/GMT+5", "Etc/GMT-5", "Europe/Berlin"])
    ['NONE', 'ETC_GMT_PLUS_5', 'ETC_GMT_MINUS_5', 'EUROPE_BERLIN']
    """
    names: list[str] = []
    for value in values:
        name = re.sub(r"\W+", "_", value.replace("+", "_PLUS_").replace("-", "_MINUS_")).strip("_").upper()
        name = re.sub(r"_+", "_", name) or "NONE"
        while name in names:
            name += "_"
        names.append(name)
    return names


ZONES = ["", *sorted(known_zones())]
TIME_ZONE = {
    "name": "tz",
    "in": "query",
    "required": False,
    # every name the server's time zone database holds, so the document allows exactly what the
    # server takes (a free string let a fuzzer send names the server refuses with 400); the names
    # for the generated clients' enum members, as theirs would clash (GMT0, GMT-0 and GMT+0 alike)
    "schema": {"enum": ZONES, "x-enum-varnames": enum_names(ZONES), "examples": ["Europe/Berlin"]},
    "description": "the phone's IANA time zone: BG Stats' play dates (wall times) are written and read in it;"
    " none or empty: UTC",
}


#: what the error answers mean for a table's import (a table's, as for its house games)
MEANINGS = {**HOUSE_MEANINGS, 404: "no such table"}


def schemas() -> dict[str, dict]:
    """The BG Stats backup as this app writes and reads it (other fields BG Stats writes are allowed)."""
    named = obj(("id", "name"), id=REF_ID, uuid=STR, name=STR)
    score = obj(
        ("playerRefId",),
        playerRefId=REF_ID,
        score={"type": ["string", "number", "null"], "description": "the final score (BG Stats writes text)"},
        winner=BOOL,
        startPlayer=BOOL,
        seatOrder=INT,
        rank=INT,
        newPlayer=BOOL,
        role=STR,
    )
    play = obj(
        ("uuid", "gameRefId", "playDate", "playerScores"),
        uuid={"type": "string", "description": "the play's id: a second import of it adds nothing"},
        gameRefId=REF_ID,
        locationRefId=REF_ID,
        playDate={"type": "string", "description": "YYYY-MM-DD HH:MM:SS"},
        durationMin=INT,
        rounds=INT,
        ignored=BOOL,
        manualWinner=BOOL,
        usesTeams=BOOL,
        board=STR,
        comments=STR,
        playerScores=array(score),
    )
    game = obj(
        ("id", "name"),
        id=REF_ID,
        uuid=STR,
        name={"type": "string", "description": "matched by name (case and spaces aside) on import"},
        highestWins=BOOL,
        noPoints=BOOL,
        cooperative=BOOL,
        usesTeams=BOOL,
        bggId=INT,
    )
    bounded = {"maxItems": BGSTATS_ITEMS_MAX}
    return {
        "BGStatsBackup": obj(
            ("games", "players", "plays"),
            games=array(game, **bounded),
            players=array(named, **bounded),
            locations=array(named, **bounded),
            plays=array(play, **bounded),
        ),
        "TableGameResult": obj(
            ("source", "played_at", "totals", "winners"),
            extra=False,
            source={"type": "string", "description": "a result-only game: the play's id it came from"},
            played_at=STAMP,
            # under a billion either way, as BG Stats' scores (2**63 was past the database: a 500)
            totals=array({**INT, "minimum": 1 - RESULT_TOTAL_MAX, "maximum": RESULT_TOTAL_MAX - 1}),
            winners=array(BOOL),
        ),
        "BGStatsImported": obj(
            ("added", "already_here", "deferred", "unknown_games", "skipped"),
            added={"type": "integer", "description": "plays taken as result-only games"},
            already_here={"type": "integer", "description": "plays the table already holds (by uuid)"},
            deferred={
                "type": "integer",
                "description": f"plays past the {BGSTATS_TAKEN_MAX} one import takes: send the file again",
            },
            unknown_games=array(obj(("name", "plays"), name=STR, plays=INT)),
            skipped=array(obj(("play", "reason"), play=INT, uuid=STR, reason=STR)),
        ),
    }


def export_answer(operation: dict) -> dict:
    """``exportTable`` with its ``format`` and either document as its answer."""
    answer = operation["responses"]["200"]["content"]["application/json"]
    answer["schema"] = {"anyOf": [ref("TableExport"), ref("BGStatsBackup")]}
    return {**operation, "parameters": [FORMAT, TIME_ZONE]}


def paths(table_param: dict) -> dict[str, dict]:
    """``POST /tables/{table_id}/import?format=bgstats``."""
    return {
        "/tables/{table_id}/import": {
            "parameters": [table_param, IMPORT_FORMAT, TIME_ZONE],
            "post": op(
                "importTablePlays",
                "Take a BG Stats backup's plays into the table as result-only games",
                ("200", "BGStatsImported", "what was added, already here, unknown and skipped"),
                (400, 401, 403, 404, 413, 422, 429, 503),
                body="BGStatsBackup",
                secured="tableSecret",
                meanings=MEANINGS,
            ),
        }
    }
