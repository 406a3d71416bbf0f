"""Every number a hand takes is bounded (issue 36): typed points, pegs and counts beyond what a real
hand can score are refused with a sentence, in the form and the API alike, on a table's game too,
and the game is left as it was. The bounds are the engine's (``scorekeeper.rules.bounds``); the
OpenAPI document says them."""

from __future__ import annotations

import pytest

from scorekeeper.rules import bounds

from .api_support import HANDS, OpenApi, call
from .rounds_support import error_at, rounds_url, submit

NINETEEN_DIGITS = 9_999_999_999_999_999_999
HUGE = 10**308


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _table_game(client, api, variant: str) -> dict:
    _, table = call(
        client, api, "POST", "/api/v1/tables", {"name": "Night", "players": ["Ann", "Bob"]}, expect=201
    )
    body = {"variant": variant, "players": ["Ann", "Bob"], "table": table["id"]}
    _, game = call(client, api, "POST", "/api/v1/games", body, secret=table["secret"], expect=201)
    return game


#: each typed number of the card and tile games, too big, as the API takes it
TOO_BIG = {
    "rummikub (CT-7)": ("rummikub", {"winner": 0, "players": [{"rack": ""}, {"points": NINETEEN_DIGITS}]}),
    "rummikub 309 digits": ("rummikub", {"winner": 0, "players": [{"rack": ""}, {"points": HUGE}]}),
    "krazy-bee (KB-7)": ("krazy-bee", {"players": [{"laid": True, "went_out": True}, {"points": HUGE}]}),
    "rumbugz (RB-6)": ("rumbugz", {"winner": 0, "players": [{"kinds": []}, {"points": NINETEEN_DIGITS}]}),
    "crazy-rummy board (CZ-5)": (
        "crazy-rummy",
        {
            "face_up": ["4", "J"],
            "went_out": 0,
            "players": [{"board_points": NINETEEN_DIGITS}, {"board": "K K K"}],
        },
    ),
    "crib-rummy pegs (CR-5)": (
        "crib-rummy",
        {"starter": 1, "turns": [{"pegs": NINETEEN_DIGITS}, {"pegs": 2}], "end": {"type": "draw_pile"}},
    ),
}


@pytest.mark.parametrize("variant, facts", TOO_BIG.values(), ids=TOO_BIG.keys())
def test_the_api_refuses_a_number_no_hand_can_score_and_the_game_stays_readable(client, api, variant, facts):
    game = _table_game(client, api, variant)
    path = f"/api/v1/games/{game['id']}/rounds"
    status, answer = call(client, api, "POST", path, facts, secret=game["secret"])
    assert status == 422, answer
    assert "at most" in answer["error"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rounds"] == []
    assert client.get(f"/games/{game['id']}").status_code == 200
    # a real hand still goes in
    call(client, api, "POST", path, HANDS[variant], secret=game["secret"], expect=201)


def test_the_document_bounds_every_typed_number_as_the_engine_does(api):
    schemas = api.document["components"]["schemas"]
    rack = schemas["RoundFactsRummikub"]["properties"]["players"]["items"]["properties"]["points"]
    assert rack["maximum"] == bounds.CT_MOST_RACK_POINTS
    pegs = schemas["RoundFactsCribRummy"]["properties"]["turns"]["items"]["properties"]["pegs"]
    assert pegs["maximum"] == bounds.CR_MOST_TURN_PEGS

    def unbounded(node, path):
        if isinstance(node, dict):
            if node.get("type") in ("integer", ["integer", "null"]) and "maximum" not in node:
                yield path
            for key, value in node.items():
                yield from unbounded(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from unbounded(value, f"{path}.{i}")

    facts = {k: v for k, v in schemas.items() if k.startswith("RoundFacts")}
    assert list(unbounded(facts, "")) == []


def test_the_form_refuses_nineteen_digits_on_a_tables_game_and_keeps_the_hand(client, api):
    game = _table_game(client, api, "rummikub")
    client.set_cookie(f"sk_edit_{game['id']}", game["secret"])
    url = rounds_url(game["id"])
    answer = submit(client, url, {"winner": "0", "players.1.points": str(NINETEEN_DIGITS)}, follow=False)
    assert answer.status_code == 422
    assert "at most 788" in error_at(answer, "players.1.points")
    assert str(NINETEEN_DIGITS) in answer.get_data(as_text=True)  # the typed hand is shown again
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["rounds"] == []
