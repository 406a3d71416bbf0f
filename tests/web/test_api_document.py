"""The API says what it does: the document names what is accepted, the server takes exactly that,
its links chain a new game to every operation on it, and round facts are stored as the engine reads them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from scorekeeper.api.variant_schemas import camel
from scorekeeper.profiles import profile
from scorekeeper.rules import all_variants, find_variant

from .api_support import HANDS, VARIANTS, OpenApi, call

API_PAGE = Path(__file__).resolve().parents[2] / "docs" / "api.md"  # the JSON API's documentation


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _valid(api: OpenApi, name: str, body) -> bool:
    root = {"components": api.document["components"], "$ref": f"#/components/schemas/{name}"}
    return Draft202012Validator(root).is_valid(body)


def test_the_document_names_the_variants_player_limits_and_options(api):
    schemas = api.document["components"]["schemas"]
    # one branch per variant, told apart by its "variant"
    # a question about cards only for the variants with cards (a points game has none: PG-1)
    carded = [v for v in VARIANTS if profile(v).checker is not None]
    kinds = {"NewGame": VARIANTS, "Round": VARIANTS, "Export": VARIANTS}
    kinds.update({kind: carded for kind in ("CheckRequest", "HandRequest", "SolveRequest")})
    for kind, variants in kinds.items():
        assert list(schemas[kind]["discriminator"]["mapping"]) == list(variants)
        assert [b["$ref"].rsplit("/", 1)[1] for b in schemas[kind]["oneOf"]] == [
            kind + camel(v) for v in variants
        ]
        for v in variants:
            assert schemas[kind + camel(v)]["properties"]["variant"] == {"const": v}
    for v in all_variants():
        new = schemas[f"NewGame{camel(v.slug)}"]["properties"]
        assert new["variant"] == {"const": v.slug}
        assert (new["players"]["minItems"], new["players"]["maxItems"]) == (v.min_players, v.max_players)
        assert new["players"]["items"]["minLength"] == 1
        assert set(new["options"]["properties"]) == {o.name for o in v.option_spec if o.game}
        assert new["options"]["additionalProperties"] is False
        facts = schemas[f"RoundFacts{camel(v.slug)}"]
        assert facts["additionalProperties"] is False
        if v.slug not in carded:
            assert f"CheckRequest{camel(v.slug)}" not in schemas
            continue
        check = schemas[f"CheckRequest{camel(v.slug)}"]["properties"]["options"]
        assert (
            set(check["properties"]) == {o.name for o in v.option_spec}
            and check["additionalProperties"] is False
        )


def test_every_error_answer_is_documented_as_the_one_error_body(api):
    for item in api.document["paths"].values():
        for method, op in item.items():
            if method == "parameters":
                continue
            for status, answer in op["responses"].items():
                if status.startswith("4"):
                    assert answer["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/Error"
                    }
    assert api.document["components"]["schemas"]["Error"]["required"] == ["error", "reasons"]


def test_options_of_the_import_address_do_not_advertise_get(client):
    allowed = {m.strip() for m in client.options("/api/v1/games/import").headers["Allow"].split(",")}
    assert allowed == {"POST", "OPTIONS"}
    assert client.get("/api/v1/games/import").status_code == 405


def test_crib_rummy_extend_is_documented_as_counted_from_0(api):
    meld = api.document["components"]["schemas"]["RoundFactsCribRummy"]["properties"]["turns"]["items"][
        "properties"
    ]["melds"]["items"]["properties"]["extend"]
    assert "counted from 0" in meld["description"] and "#1" in meld["description"]
    assert "counted from 0" in API_PAGE.read_text()


# -- the links -----------------------------------------------------------------------------------------
def _evaluate(expression, request_headers: dict, body: dict):
    """A link parameter: a constant, ``$response.body#/pointer``, ``$request.header.Name``, or text
    with ``{$response.body#/pointer}`` inside (OpenAPI runtime expressions)."""

    def pointer(text: str):
        value = body
        for part in text.split("/")[1:]:
            value = value[int(part) if isinstance(value, list) else part]
        return value

    if not isinstance(expression, str):
        return expression
    if expression.startswith("$response.body#"):
        return pointer(expression.split("#", 1)[1])
    if expression.startswith("$request.header."):
        return request_headers[expression.removeprefix("$request.header.")]
    return re.sub(r"\{\$response\.body#([^}]*)\}", lambda m: str(pointer(m.group(1))), expression)


def _follow(client, api, source: tuple[str, str, int], headers: dict, answer: dict, bodies: dict) -> dict:
    """Call every operation the document links ``source``'s answer to; their answers by operation id."""
    path, method, status = source
    links = api.document["paths"][path][method]["responses"][str(status)].get("links", {})
    by_id = {
        op["operationId"]: (p, m)
        for p, item in api.document["paths"].items()
        for m, op in item.items()
        if m != "parameters"
    }
    answers = {}
    for link in links.values():
        target, verb = by_id[link["operationId"]]
        values = {name: _evaluate(expr, headers, answer) for name, expr in link["parameters"].items()}
        sent = {k.removeprefix("header."): v for k, v in values.items() if k.startswith("header.")}
        url = "/api/v1" + re.sub(r"\{(\w+)\}", lambda m, values=values: str(values[m.group(1)]), target)
        response = client.open(url, method=verb.upper(), headers=sent, json=bodies.get(link["operationId"]))
        answers[link["operationId"]] = (response.status_code, response.get_json())
    return answers


def test_links_chain_a_new_game_to_every_operation_on_it(client, api):
    """POST /games -> read, export and record (with the edit secret); a recorded hand -> correct, delete."""
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": ["Ann", "Bob"]}, expect=201
    )
    hand = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5"}]}
    answers = _follow(client, api, ("/games", "post", 201), {}, created, {"recordHand": hand})
    assert {op: status for op, (status, _) in answers.items()} == {
        "getGame": 200,
        "exportGame": 200,
        "recordHand": 201,
    }
    recorded = answers["recordHand"][1]
    headers = {"Authorization": f"Bearer {created['secret']}"}
    later = _follow(
        client,
        api,
        ("/games/{public_id}/rounds", "post", 201),
        headers,
        recorded,
        {"correctHand": {**hand, "winner": 1, "players": [{"rack": "K9"}, {"rack": ""}]}},
    )
    assert {op: status for op, (status, _) in later.items()} == {
        "getGame": 200,
        "exportGame": 200,
        "correctHand": 200,
        "deleteHand": 200,
        "undoChange": 200,
    }


# -- what the document refuses, the server refuses; what it accepts is never a 400 ----------------------
GAMES = [
    {"variant": "krazy-bee", "players": ["Ann", "Bob"]},
    {"variant": " krazy-bee", "players": ["Ann", "Bob"]},
    {"variant": "Krazy-Bee", "players": ["Ann", "Bob"]},
    {"variant": "krazy-bee", "players": ["Ann"]},
    {"variant": "krazy-bee", "players": ["Ann", "Bob", "Cy", "Di", "Ed"]},
    {"variant": "krazy-bee", "players": ["Ann", ""]},
    {"variant": "krazy-bee", "players": ["Ann", "   "]},
    {"variant": "krazy-bee", "players": ["Ann", "B\u0007b"]},
    {"variant": "krazy-bee", "players": ["Ann", "ann"]},
    {"variant": "krazy-bee", "players": ["Ann", "Bob"], "first_dealer": 1.0},
    {"variant": "krazy-bee", "players": ["Ann", "Bob"], "first_dealer": 3},
    {"variant": "krazy-bee", "players": ["Ann", "Bob"], "options": {"min": 3}},
    {"variant": "crib-rummy", "players": ["Ann", "Bob"], "options": {"target": 61}},
    {"variant": "crib-rummy", "players": ["Ann", "Bob"], "options": {"target": "61"}},
    {"variant": "crib-rummy", "players": ["Ann", "Bob"], "options": {"target": 60}},
    {"variant": "crib-rummy", "players": ["Ann", "Bob"], "options": {"ace_high": "yes"}},
    {"variant": "rummikub", "players": ["Ann", "Bob"], "options": {"scoring": "c"}},
    {"variant": "rummikub", "players": ["Ann", "Bob"], "options": {"scoring": "C", "target": None}},
    {"variant": "crazy-rummy", "players": [f"P{i}" for i in range(12)]},
]


@pytest.mark.parametrize("body", GAMES, ids=lambda b: json.dumps(b)[:70])
def test_a_new_game_is_refused_exactly_when_the_document_refuses_it(client, api, body):
    status, answer = call(client, api, "POST", "/api/v1/games", body)
    if _valid(api, "NewGame", body):
        assert status in (201, 422), answer  # 422: the rules (a duplicate name, a dealer not at the table)
    else:
        assert status in (400, 422), answer


def test_check_and_hand_take_only_their_own_fields(client, api):
    assert not _valid(api, "HandRequest", {"variant": "krazy-bee", "cards": "7", "extend": None})
    call(
        client,
        api,
        "POST",
        "/api/v1/hand",
        {"variant": "krazy-bee", "cards": "7", "extend": None},
        expect=400,
    )
    call(
        client,
        api,
        "POST",
        "/api/v1/check",
        {"variant": "krazy-bee", "cards": "7", "extend": "7 7 7"},
        expect=200,
    )


# -- strict bodies and round facts as the engine reads them ----------------------------------------------
def _game(client, api, variant="krazy-bee"):
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": variant, "players": ["Ann", "Bob"]}, expect=201
    )
    return created["id"], created["secret"]


@pytest.mark.parametrize(
    "raw",
    [
        '{"players": [{"points": 3}, {"points": NaN}]}',
        '{"players": [{"points": 3}, {}], "note": NaN}',
        '{"players": [{"points": Infinity}, {}]}',
        '{"players": [{"points": 1e400}, {}]}',
    ],
)
def test_not_json_numbers_are_refused(client, api, raw):
    gid, secret = _game(client, api)
    _, answer = call(client, api, "POST", f"/api/v1/games/{gid}/rounds", raw=raw, secret=secret, expect=400)
    assert "not valid JSON" in answer["error"]
    assert client.get(f"/api/v1/games/{gid}").get_json()["rounds"] == []


@pytest.mark.parametrize(
    "facts, paths",
    [
        ({"players": [{"points": "12"}, {"points": ""}]}, ["players.0.points", "players.1.points"]),
        ({"players": [{"laid": "yes"}, {}]}, ["players.0.laid"]),
        ({"players": [{}, {}], "note": 1}, ["note"]),
        ({"players": [{"hand": "3", "colour": "red"}, {}]}, ["players.0.colour"]),
    ],
)
def test_mistyped_or_unknown_facts_are_refused_naming_them(client, api, facts, paths):
    gid, secret = _game(client, api)
    _, answer = call(client, api, "POST", f"/api/v1/games/{gid}/rounds", facts, secret=secret, expect=422)
    assert [f["field"] for f in answer["fields"]] == paths
    assert all(p in answer["error"] for p in paths) and answer["round"] == 1
    assert client.get(f"/api/v1/games/{gid}").get_json()["rounds"] == []


def test_whole_numbers_are_stored_as_whole_numbers(client, api):
    gid, secret = _game(client, api)
    _, answer = call(
        client,
        api,
        "POST",
        f"/api/v1/games/{gid}/rounds",
        {"players": [{"laid": True, "went_out": True}, {"points": 12.0}]},
        secret=secret,
        expect=201,
    )
    stored = answer["round"]["facts"]["players"][1]["points"]
    assert stored == 12 and isinstance(stored, int)


@pytest.mark.parametrize("variant", VARIANTS)
def test_what_is_read_back_matches_the_variants_own_facts_schema(client, api, variant):
    gid, secret = _game(client, api, variant)
    call(client, api, "POST", f"/api/v1/games/{gid}/rounds", HANDS[variant], secret=secret, expect=201)
    game = client.get(f"/api/v1/games/{gid}").get_json()
    export = client.get(f"/api/v1/games/{gid}/export").get_json()
    for facts in [r["facts"] for r in game["rounds"]] + [r["facts"] for r in export["rounds"]]:
        api.validate_named(f"RoundFacts{camel(variant)}", facts)
        assert facts == find_variant(variant).stored_facts(facts)


# -- the document says each rule JSON Schema can (issue 17, section 5) -----------------------------------
def _export_with(client, api, **changes) -> dict:
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": ["Ann", "Bob"]}, expect=201
    )
    return {**call(client, api, "GET", f"/api/v1/games/{created['id']}/export", expect=200)[1], **changes}


@pytest.mark.parametrize(
    "name, body, answer",
    [
        (
            "NewGame",
            {"variant": "rummikub", "players": ["Ann", "Ann"]},
            422,
        ),  # uniqueItems (the services say it)
        ("NewTable", {"name": "Sunday", "players": ["Ann", "Ann"]}, 422),
        ("CheckRequest", {"variant": "rummikub", "cards": ""}, 400),  # minLength, and a card in the pattern
        # blanks to Python's str.split() but not to ECMA-262's \s (schemathesis sent "\x1c")
        ("CheckRequest", {"variant": "runny-tiles", "cards": "\x1c\x1f"}, 400),
        ("CheckRequest", {"variant": "rummikub", "cards": "\x85"}, 400),
        (
            "CheckRequest",
            {"variant": "rummikub", "cards": "R5", "options": {"steps": "x"}},
            400,
        ),  # another's option
        ("SolveRequest", {"variant": "rummikub", "rack": "R5", "options": {"zzz": 1}}, 400),
        ("TurnRequest", {"variant": "rummikub", "rack": "R5", "after": "", "options": {"zzz": 1}}, 400),
    ],
)
def test_what_json_schema_can_say_the_document_says(client, api, name, body, answer):
    """Each was schema-valid and refused by the server: the document now refuses it too."""
    assert not _valid(api, name, body)
    path = {
        "NewGame": "/games",
        "NewTable": "/tables",
        "CheckRequest": "/check",
        "SolveRequest": "/solve",
        "TurnRequest": "/turn",
    }[name]
    call(client, api, "POST", f"/api/v1{path}", body, expect=answer)


@pytest.mark.parametrize(
    "stamp", ["0000-00-00T00:00:00Z", "0001-01-01T00:00:00+01:00", "2024-13-01T00:00:00Z"]
)
def test_an_export_time_is_a_real_date_time_the_server_can_store(client, api, stamp):
    export = _export_with(client, api, created_at=stamp)
    assert not _valid(api, "Export", export)
    assert (
        api.document["components"]["schemas"]["ExportRummikub"]["properties"]["created_at"]["format"]
        == "date-time"
    )
    assert call(client, api, "POST", "/api/v1/games/import", export)[0] in (400, 422)
    assert _valid(api, "Export", _export_with(client, api, created_at="2024-05-01T22:30:00.5+02:00"))


def test_a_table_import_whose_game_has_no_players_is_refused_by_the_document(client, api):
    game = _export_with(client, api, players=[], rounds=[], audit=[])
    table = {
        "format": "scorekeeper-table",
        "version": 1,
        "name": "Sunday",
        "players": [{"name": "Ann"}],
        "games": [{"players": [], "game": game}],
    }
    assert not _valid(api, "TableExport", table)
    assert call(client, api, "POST", "/api/v1/tables/import", table)[0] in (400, 422)


def test_the_document_is_plain_json_as_built(app):
    """What the server serves is the same document Schemathesis and the client generator read in
    process: every value in it is JSON's own (a text, a number, a list, a mapping), not an object of the
    engine's that only turns into text when served (KB-8's Step list help is an engine sentence)."""
    from scorekeeper.api.openapi import document
    from scorekeeper.web.features import api_parts

    built = document(parts=api_parts(app))
    json.dumps(built, allow_nan=False)

    def texts(node):
        if isinstance(node, dict):
            assert all(type(k) is str for k in node), node
            for value in node.values():
                yield from texts(value)
        elif isinstance(node, list):
            for value in node:
                yield from texts(value)
        else:
            assert node is None or type(node) in (str, int, float, bool), (type(node), node)
            yield node

    assert "The Step list, one Step per ';', requirements joined by '+'" in set(texts(built))
