"""The house games' part of the tables' OpenAPI document (:mod:`.openapi` joins it in)."""

from __future__ import annotations

from ..api.operations import op
from ..api.schemas import INT, OPTIONS, STR, array, obj, ref, slugs
from ..api.shapes import path_param
from ..limits import HOUSE_GAME_NAME_MAX, HOUSE_GAMES_MAX, RULING_NOTE_MAX

DAY = {"type": "string", "pattern": r"^[12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"}
HOUSE_ID = path_param(
    "hid", {"type": "integer", "minimum": 1}, "the house game's id (as GET .../house-games lists it)"
)
MEANINGS = {
    401: "no table secret: send 'Authorization: Bearer <table secret>'",
    403: "that secret is not this table's",
    404: "no such table, or no such house game at it",
}


def schemas() -> dict[str, dict]:
    """The house games' component schemas."""
    house = obj(
        ("id", "name", "variant", "options", "adopted_on"),
        id=INT,
        name=STR,
        variant={"enum": slugs()},
        variant_name=STR,
        options={
            **OPTIONS,
            "description": "the options the house game sets (the others take their defaults)",
        },
        adopted_on={**DAY, "description": "the day the table adopted it (YYYY-MM-DD)"},
        note=STR,
        sentence={"type": "string", "description": "the house game in words, as the rulings page shows it"},
        start={
            "type": "string",
            "description": "the new-game page of the table with this house game's options",
        },
    )
    return {
        "HouseGame": house,
        "HouseGames": obj(("house_games",), house_games=array(ref("HouseGame"), maxItems=HOUSE_GAMES_MAX)),
        "NewHouseGame": obj(
            ("name", "variant"),
            extra=False,
            name={
                "type": "string",
                "minLength": 1,
                "description": f"what the table calls it: at most {HOUSE_GAME_NAME_MAX} characters once spaces "
                "are tidied, told apart from the table's other house games (case-insensitive)",
            },
            variant={"type": "string", "description": "a variant's slug (GET /variants)"},
            options=OPTIONS,
            note={"type": "string", "description": f"at most {RULING_NOTE_MAX} characters"},
            adopted_on={
                "type": ["string", "null"],
                "description": "the day the table adopted it (YYYY-MM-DD); today when left out",
            },
        ),
        "HouseGameDeleted": obj(("deleted", "house_games"), deleted=INT, house_games=array(ref("HouseGame"))),
    }


def paths(table_param: dict) -> dict[str, dict]:
    """The house games' endpoints (``table_param``: the table's id in the path)."""
    params = {"parameters": [table_param]}
    return {
        "/tables/{table_id}/house-games": {
            **params,
            "get": op(
                "listHouseGames",
                "A table's house games, oldest adoption first",
                ("200", "HouseGames", "the house games"),
                (404,),
                meanings=MEANINGS,
            ),
            "post": op(
                "addHouseGame",
                "Keep a named house game: a variant with its options",
                ("201", "HouseGame", "the house game kept"),
                (400, 401, 403, 404, 413, 422),
                body="NewHouseGame",
                secured="tableSecret",
                meanings=MEANINGS,
            ),
        },
        "/tables/{table_id}/house-games/{hid}": {
            "parameters": [table_param, HOUSE_ID],
            "get": op(
                "getHouseGame",
                "One house game",
                ("200", "HouseGame", "the house game"),
                (404,),
                meanings=MEANINGS,
            ),
            "delete": op(
                "deleteHouseGame",
                "Withdraw a house game (its games stay as they are)",
                ("200", "HouseGameDeleted", "the id withdrawn and the house games left"),
                (401, 403, 404),
                secured="tableSecret",
                meanings=MEANINGS,
            ),
        },
    }
