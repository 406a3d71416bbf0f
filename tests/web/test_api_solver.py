"""POST /api/v1/solve and /api/v1/turn (issue 12): the engine's answers, validated against the OpenAPI document."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from scorekeeper.rules import all_variants, check_turn, solve
from scorekeeper.rules.solver.batch import solve_line
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .api_support import RACKS, OpenApi, call, sentences_only


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


SOLVES = [
    pytest.param(
        {"variant": "rummikub", "rack": "R7 R8 K2", "table": "R4 R5 R6"}, "BestPlay", id="CT-3-extend-a-run"
    ),
    pytest.param(
        {"variant": "rummikub", "rack": "R10 R11 R12 B1", "initial": True}, "BestPlay", id="CT-6-initial-meld"
    ),
    pytest.param(
        {"variant": "crazy-tiles", "rack": "R12 R13 J B5", "goal": "value"}, "BestPlay", id="CT-5-most-value"
    ),
    pytest.param(
        {"variant": "runny-tiles", "rack": "R7 R8 R9", "table": "R4 R5 R6"}, "BestPlay", id="CT-9-grid"
    ),
    pytest.param(
        {"variant": "krazy-bee", "rack": "5 5 W 1 2 3 4 9", "options": {"step": 2}},
        "KrazyBeeHint",
        id="KB-3-step-2",
    ),
    pytest.param(
        {"variant": "crib-rummy", "rack": "3H 4H 5H 6H KS KD", "table": "KH KC KD"},
        "CribRummyHint",
        id="CR-5-melds-and-additions",
    ),
    pytest.param(
        # a hand as a player holds it after a draw: 12 cards (the web took at most 11 before)
        {"variant": "crib-rummy", "rack": "3H 4H 5H 6H 7H 8H 9H JK 2S 2D 2C QS", "table": "10H JH QH"},
        "CribRummyHint",
        id="CR-5-a-hand-after-a-draw",
    ),
    pytest.param(
        {"variant": "rumbugz", "rack": "1 2 3 4 6 8 10 12 5 5 5 P", "options": {"laid": "single"}},
        "RumBugzHint",
        id="RB-4-missing-kinds",
    ),
    pytest.param(
        {
            "variant": "crazy-rummy",
            "rack": "Q Q Q 7 7 5 5 9",
            "table": "5 5 5 K K K",
            "options": {"wild": "7"},
            "initial": True,
        },
        "CrazyRummyHint",
        id="CZ-3-first-play",
    ),
]


@pytest.mark.parametrize("body, schema", SOLVES)
def test_solve_answers_the_engines_to_dict(client, api, body, schema):
    _, answer = call(client, api, "POST", "/api/v1/solve", body, expect=200)
    api.validate_named(schema, answer)
    expected = solve(
        body["variant"],
        body["rack"],
        table=body.get("table"),
        goal=body.get("goal", "tiles"),
        initial=body.get("initial", False),
        **body.get("options", {}),
    ).to_dict()
    assert sentences_only(answer) == expected


def test_solve_answers_the_batch_lines_fields(client, api):
    """A tile game's answer holds every field of a ``solve --batch`` line, with the same values."""
    body = {"variant": "rummikub", "rack": "R7 R8 K2", "table": "R4 R5 R6"}
    _, answer = call(client, api, "POST", "/api/v1/solve", body, expect=200)
    line = solve_line(json.dumps(body))
    assert (
        {k: answer[k] for k in line}
        == line
        == {
            "variant": "rummikub",
            "goal": "tiles",
            "initial": False,
            "tiles_played": 2,
            "value": 15,
            "play": ["R7", "R8"],
            "table": [["R4", "R5", "R6", "R7", "R8"]],
            "optimal": True,
        }
    )


def test_a_card_games_hint_says_what_the_hand_lays(client, api):
    _, answer = call(
        client,
        api,
        "POST",
        "/api/v1/solve",
        {"variant": "krazy-bee", "rack": "5 5 W 1 2 3 4 9", "options": {"step": 2}},
        expect=200,
    )
    assert answer["can_lay"] is True and answer["melds"] == [["5", "5", "W"], ["1", "2", "3", "4"]]
    assert answer["wild_bees"] == 1


# (before, rack, after, initial, options, valid, rule ids the reasons name)
TURNS = [
    pytest.param("R5 R6 R7", "R8 K2", "R5 R6 R7 R8", False, {}, True, [], id="legal-extend"),
    pytest.param(
        "R5 R6 R7 | B9 K9 G9",
        "R8",
        "R5 R6 R7 R8 | B9 K9",
        False,
        {},
        False,
        ["CT-10"],
        id="CT-10-tile-taken-back",
    ),
    pytest.param("R5 R6 R7", "R8", "R5 R6 R7 R8 R9", False, {}, False, ["CT-6"], id="CT-6-tile-from-nowhere"),
    pytest.param("R5 R6 R7", "J J", "R5 R6 R7 | J J", False, {}, False, ["CT-1"], id="CT-1-jokers-alone"),
    pytest.param(
        "R1 R2 J",
        "J J J J J J J J",
        "R1 R2 J | J J J J J J J J",
        False,
        {},
        False,
        ["CT-1"],
        id="CT-1-more-jokers-than-the-game-has",
    ),
    pytest.param(
        "R5 R6 R7", "B5 K5", "R6 R7 | R5 B5 K5", False, {}, False, ["CT-2", "CT-3"], id="CT-3-short-run"
    ),
    pytest.param("R5 B5 K5", "R5", "R5 B5 K5 R5", False, {}, False, ["CT-2"], id="CT-2-colour-twice"),
    pytest.param("", "R1 R2 R3", "R1 R2 R3", True, {}, False, ["CT-6"], id="CT-6-initial-too-small"),
    pytest.param(
        "R5 R6 R7",
        "R8 R9 R10",
        "R5 R6 R7 R8 R9 R10",
        True,
        {},
        False,
        ["CT-6"],
        id="CT-6-initial-with-table-tiles",
    ),
    pytest.param(
        "R5 R6 J | B1 K1 G1",
        "R7",
        "R5 R6 R7 | B1 K1 G1 J",
        False,
        {},
        False,
        ["CT-10"],
        id="CT-10-joker-swap-needs-two-rack-tiles",
    ),
    pytest.param(
        "R5 R6 R7",
        "R8 R9 K2",
        "R5 R6 R7 R8",
        False,
        {"must_play": "A"},
        False,
        ["CT-11"],
        id="CT-11-could-play-more",
    ),
]


@pytest.mark.parametrize("before, rack, after, initial, options, valid, rules", TURNS)
def test_turn_judges_a_whole_turn(client, api, before, rack, after, initial, options, valid, rules):
    body = {
        "variant": "rummikub",
        "before": before,
        "rack": rack,
        "after": after,
        "initial": initial,
        "options": options,
    }
    _, answer = call(client, api, "POST", "/api/v1/turn", body, expect=200)
    assert answer["valid"] is valid
    assert {r.split(":")[0] for r in answer["reasons"]} >= set(rules)
    assert (
        sentences_only(answer)
        == check_turn("rummikub", before, rack, after, initial=initial, **options).to_dict()
    )


def test_a_grid_turn_is_judged_on_the_board(client, api):
    body = {"variant": "crazy-tiles", "before": "K5 K6 K7", "rack": "R6", "after": "K5 K6 K7 / . . . / R6"}
    _, answer = call(client, api, "POST", "/api/v1/turn", body, expect=200)
    assert answer["valid"] is False and any(r.startswith("CT-9:") for r in answer["reasons"])
    body["after"], body["rack"] = ". R6 . / K5 K6 K7 / . B6 .", "R6 B6"
    _, answer = call(client, api, "POST", "/api/v1/turn", body, expect=200)
    assert answer["valid"] is True and answer["played"] == ["B6", "R6"] and answer["value"] == 12


BAD = [
    pytest.param(
        "/api/v1/solve", {"variant": "rummikub", "rack": "R7 X9"}, 422, "'X9'", id="N-1-bad-rack-token"
    ),
    pytest.param(
        "/api/v1/solve",
        {"variant": "rummikub", "rack": "R7", "table": "R1 R2 Q3"},
        422,
        "'Q3'",
        id="N-1-bad-table-token",
    ),
    pytest.param(
        "/api/v1/turn",
        {"variant": "rummikub", "rack": "R8", "after": "R8 ZZ"},
        422,
        "'ZZ'",
        id="N-1-bad-after-token",
    ),
    pytest.param(
        "/api/v1/solve",
        {"variant": "rummikub", "rack": "R7", "goal": "most"},
        422,
        "goal 'most'",
        id="goal-not-tiles-or-value",
    ),
    pytest.param(
        "/api/v1/solve",
        {"variant": "rummikub", "rack": "R7", "options": {"time_limit": 60}},
        422,
        "time_limit",
        id="time-limit-past-the-servers-bound",
    ),
    pytest.param(
        "/api/v1/solve",
        {"variant": "rummikub", "rack": "R7", "options": {"time_limit": "soon"}},
        422,
        "'soon'",
        id="time-limit-not-a-number",
    ),
    pytest.param(
        "/api/v1/solve",
        {
            "variant": "crib-rummy",
            "rack": " ".join(["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"] * 2 + ["AS 2S 3S 4S JK"]),
        },
        422,
        "at most 30 cards",
        id="card-hand-too-long",
    ),
    pytest.param(
        "/api/v1/solve",
        {"variant": "crib-rummy", "rack": "8H 8H 8H 9H", "table": "10H JH QH"},
        422,
        "CR-1: two packs hold 2 of each card; 8H is here 3 times",
        id="CR-1-more-copies-than-the-packs-hold",
    ),
    pytest.param(
        "/api/v1/solve",
        {
            "variant": "crib-rummy",
            "rack": " ".join(["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"] * 2 + ["JK"] * 4),
            "options": {"jokers": 4},
        },
        422,
        "more ways than the best-play finder weighs",
        id="crib-hand-of-too-many-ways",
    ),
    pytest.param(
        "/api/v1/solve", {"variant": "crazy-rummy", "rack": "Q Q Q"}, 400, "CZ-1", id="CZ-1-no-wild-rank"
    ),
    pytest.param("/api/v1/solve", {"variant": "chess", "rack": "R7"}, 422, "'chess'", id="unknown-variant"),
    pytest.param(
        "/api/v1/turn",
        {"variant": "krazy-bee", "rack": "1", "after": "1 2 3"},
        422,
        "krazy-bee",
        id="turn-of-a-card-game",
    ),
    pytest.param("/api/v1/solve", {"variant": "rummikub"}, 400, "'rack'", id="no-rack"),
    pytest.param("/api/v1/turn", {"variant": "rummikub", "rack": "R8"}, 400, "'after'", id="no-table-after"),
    pytest.param("/api/v1/solve", {"variant": "rummikub", "rack": 7}, 400, "'rack'", id="rack-not-text"),
    pytest.param(
        "/api/v1/solve",
        {"variant": "rummikub", "rack": "R7", "initial": "yes"},
        400,
        "'initial'",
        id="initial-not-a-boolean",
    ),
    pytest.param(
        "/api/v1/turn",
        {"variant": "rummikub", "rack": "R8", "after": "R8", "colour": 1},
        400,
        "'colour'",
        id="unknown-field",
    ),
    pytest.param(
        "/api/v1/solve",
        {"variant": "crib-rummy", "rack": "5H 6H 9C", "table": "5S 5D 5C | | 2H 3H 4H"},
        422,
        "N-1: an empty meld between '|' separators",
        id="N-1-empty-table-meld",
    ),
]


@pytest.mark.parametrize("path, body, status, named", BAD)
def test_bad_input_is_a_4xx_naming_the_offending_token(client, api, path, body, status, named):
    _, answer = call(client, api, "POST", path, body, expect=status)
    assert named in answer["error"], answer


def test_not_json_is_a_400(client, api):
    _, answer = call(client, api, "POST", "/api/v1/solve", raw="{rack: R7", expect=400)
    assert "not valid JSON" in answer["error"]


def test_the_routes_store_nothing_and_need_neither_secret_nor_csrf_token(app, client, api):
    """The app enforces CSRF on its forms; these API routes change nothing, so neither is asked."""
    assert client.application.config["WTF_CSRF_ENABLED"]
    call(
        client,
        api,
        "POST",
        "/api/v1/turn",
        {"variant": "rummikub", "rack": "R8", "before": "R5 R6 R7", "after": "R5 R6 R7 R8"},
        expect=200,
    )
    call(client, api, "POST", "/api/v1/solve", {"variant": "rummikub", "rack": "R8 R9 R10"}, expect=200)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0
    response = client.get("/api/v1/solve")
    assert response.status_code == 405 and response.is_json and "POST" in response.headers["Allow"]


def test_the_document_names_the_variants_goals_and_required_fields(api):
    schemas = api.document["components"]["schemas"]
    # one body per variant with cards (SolveRequestKrazyBee ...: each has a rack sample), each with its
    # variant's option names and no other (a points game has no best play; Crazy Rummy's needs the
    # hand's wild rank, CZ-1); a whole turn is checked in the tile games
    assert list(schemas["SolveRequest"]["discriminator"]["mapping"]) == list(RACKS)
    assert schemas["SolveRequestCrazyRummy"]["properties"]["options"]["required"] == ["wild"]
    tiles = [v.slug for v in all_variants() if v.deck_look == "tiles"]
    assert list(schemas["TurnRequest"]["discriminator"]["mapping"]) == tiles
    assert {"rummikub", "crazy-tiles", "runny-tiles"} <= set(tiles)
    solve_body, turn_body = schemas["SolveRequestKrazyBee"], schemas["TurnRequestRummikub"]
    assert solve_body["required"] == ["variant", "rack"] and turn_body["required"] == [
        "variant",
        "rack",
        "after",
    ]
    assert solve_body["properties"]["goal"]["enum"] == ["tiles", "value"]
    assert solve_body["properties"]["variant"] == {"const": "krazy-bee"}
    assert set(solve_body["properties"]["options"]["properties"]) == {
        "steps",
        "min",
        "step",
        "kind",
        "time_limit",
    }
    assert "laid" in schemas["SolveRequestRumbugz"]["properties"]["options"]["properties"]
    assert turn_body["properties"]["options"]["additionalProperties"] is False
    assert api.document["paths"]["/solve"]["post"]["operationId"] == "solve"
    assert api.document["paths"]["/turn"]["post"]["operationId"] == "checkTurn"


@pytest.mark.parametrize("time_limit", [1e-9, 1e-5])
@pytest.mark.parametrize(
    "body", [{"rack": "R7 R8", "table": "R4 R5 R6"}, {"rack": "R7 R8 R9", "goal": "value"}]
)
def test_a_search_out_of_time_that_highs_proves_answers_json(client, api, body, time_limit):
    """The own search ran out of time and HiGHS proved the play: ``optimal`` was NumPy's True, which
    JSON cannot write (a 500)."""
    sent = {"variant": "rummikub", **body, "options": {"time_limit": time_limit}}
    _, answer = call(client, api, "POST", "/api/v1/solve", sent, expect=200)
    assert answer["optimal"] in (True, False)  # (proved by HiGHS, unless a busy machine left it no time)
    assert (
        type(solve("rummikub", body["rack"], table=body.get("table"), time_limit=time_limit).optimal) is bool
    )


@pytest.mark.parametrize(
    ("seconds", "says"),
    [
        (61, "61 is more than this server allows"),  # said "at most 60", then 6 to 60 were refused too
        (6, "6 is more than this server allows"),
        ("soon", "'soon' is not a number of seconds"),
        (0, "0 is out of range"),
    ],
)
def test_a_time_limit_refused_names_the_bound_this_server_keeps(client, api, seconds, says):
    sent = {"variant": "rummikub", "rack": "R7 R8", "options": {"time_limit": seconds}}
    _, answer = call(client, api, "POST", "/api/v1/solve", sent, expect=422)
    assert says in answer["error"] and answer["error"].endswith("more than 0 and at most 5"), answer
