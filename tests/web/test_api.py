"""The JSON API: checks, hands and variants, with every answer validated against the OpenAPI document."""

from __future__ import annotations

import contextlib
import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openapi_spec_validator import validate as validate_spec

from scorekeeper import cli
from scorekeeper.rules import check, hand, variants

from .api_support import VARIANTS, OpenApi, call, sentences_only


@pytest.fixture
def api(client) -> OpenApi:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return OpenApi(response.get_json())


def test_openapi_document_is_a_valid_openapi_3_1_document(api):
    validate_spec(api.document)
    assert api.document["openapi"].startswith("3.1")


def test_openapi_describes_every_api_route(app, api):
    routes = {
        (re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule.removeprefix("/api/v1")), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    routes -= {("/", "get"), ("/openapi.json", "get")}
    documented = {
        (path, method)
        for path, item in api.document["paths"].items()
        for method in item
        if method != "parameters"
    }
    assert routes == documented


def test_variants_lists_every_variant_with_options(client, api):
    _, body = call(client, api, "GET", "/api/v1/variants", expect=200)
    assert [v["slug"] for v in body["variants"]] == [v["slug"] for v in variants()]
    assert set(VARIANTS) == {v["slug"] for v in body["variants"]}
    krazy = next(v for v in body["variants"] if v["slug"] == "krazy-bee")
    assert (krazy["min_players"], krazy["max_players"], krazy["high_wins"]) == (2, 4, False)
    steps = next(o for o in krazy["options"] if o["name"] == "steps")
    assert steps["default"].startswith("2 books of 3")


CHECKS = [
    pytest.param("krazy-bee", "7 7 W", {}, None, True, "book", id="KB-2-book-with-a-wild-bee"),
    pytest.param("krazy-bee", "7 W W", {}, None, False, None, id="KB-2-more-wild-bees-than-numbers"),
    pytest.param("krazy-bee", "7 7 7 | 3 4 5 6", {"step": 2}, None, True, "step", id="KB-3-step-laydown"),
    pytest.param(
        "krazy-bee",
        "3 4 5 6 | 7 8 9 10",
        {"step": "run of 4 + run of 4"},
        None,
        False,
        None,
        id="KB-5-runs-continue-each-other",
    ),
    pytest.param("krazy-bee", "8", {}, "5 6 7", True, "run", id="KB-6-lay-off-onto-a-run"),
    pytest.param("rumbugz", "1 2 P 4", {}, None, True, "single", id="RB-2-single-with-a-plyt"),
    pytest.param("rumbugz", "1 2 3", {}, None, False, None, id="RB-1-three-bugz-too-few"),
    pytest.param("rumbugz", "9", {"kind": "single"}, "1 2 3 4", False, None, id="RB-5-change-breaks-kind"),
    pytest.param("rummikub", "R13 R1 R2", {}, None, False, None, id="CT-3-no-wrap-in-rummikub"),
    pytest.param("crazy-tiles", "R12 R13 J", {}, None, True, "run", id="CT-4-joker-as-red-zero"),
    pytest.param("crazy-tiles", "R11 K1", {}, None, False, None, id="CT-2-red-eleven-black-one"),
    pytest.param(
        "crazy-tiles",
        "K4 K5 K9 / . . K10 / . . K11",
        {},
        None,
        True,
        "board",
        id="CT-9-nine-read-as-six-across",
    ),
    pytest.param("runny-tiles", "B9 K10 G11 R12", {}, None, True, "run", id="CT-3-runny-colours"),
    pytest.param("runny-tiles", "R7 R8 B9", {}, None, False, None, id="CT-3-runny-mix-refused"),
    pytest.param("crib-rummy", "3H 4H 5H", {}, None, True, "run", id="CR-5-run-of-three-pegs-3"),
    pytest.param("crib-rummy", "6H", {}, "3H 4H 5H", True, "run", id="CR-5-fourth-card-pegs-3"),
    pytest.param("crib-rummy", "3H 4S 5H", {}, None, False, None, id="CR-2-run-needs-one-suit"),
    pytest.param("crazy-rummy", "8 7 7", {"wild": "7"}, None, False, None, id="CZ-3-two-wildcards-later"),
    pytest.param(
        "crazy-rummy",
        "8 7 7",
        {"wild": "7", "first_play": True},
        None,
        True,
        "set",
        id="CZ-3-first-play-any-wildcards",
    ),
    pytest.param("crazy-rummy", "8 7", {"wild": "7"}, "8 8 8", False, None, id="CZ-4-no-wildcard-bottom-fed"),
]


@pytest.mark.parametrize("variant, cards, options, extend, valid, kind", CHECKS)
def test_check_answers_the_engines_verdict(client, api, variant, cards, options, extend, valid, kind):
    body = {"variant": variant, "cards": cards, "options": options, "extend": extend}
    _, verdict = call(client, api, "POST", "/api/v1/check", body, expect=200)
    assert sentences_only(verdict) == check(variant, cards, extend=extend, options=options).to_dict()
    assert (verdict["valid"], verdict["kind"]) == (valid, kind)
    if not valid:
        assert verdict["reasons"] and all(r.split(":")[0].count("-") == 1 for r in verdict["reasons"])


@pytest.mark.parametrize(
    "variant, cards, options",
    [
        ("krazy-bee", "7 7 W", {"min": "3"}),
        ("crazy-tiles", "R12 R13 J", {}),
        ("crib-rummy", "7H JK JK", {"kind": "set"}),
    ],
)
def test_check_is_the_same_as_the_command_lines_json(client, api, variant, cards, options):
    out = io.StringIO()
    argv = ["check", variant, cards, "--json"] + [f"--option={k}={v}" for k, v in options.items()]
    with contextlib.redirect_stdout(out):
        cli.main(argv)
    _, verdict = call(
        client,
        api,
        "POST",
        "/api/v1/check",
        {"variant": variant, "cards": cards, "options": options},
        expect=200,
    )
    assert sentences_only(verdict) == json.loads(out.getvalue())


def test_crib_rummy_pegs_for_laying_and_for_extending(client, api):
    """CR-5: a run of 3 pegs 3; the 5th card pegs 4 whoever adds it."""
    _, laid = call(client, api, "POST", "/api/v1/check", {"variant": "crib-rummy", "cards": "3H 4H 5H"})
    _, added = call(
        client,
        api,
        "POST",
        "/api/v1/check",
        {"variant": "crib-rummy", "cards": "7H", "extend": "3H 4H 5H 6H"},
    )
    assert (laid["points"], added["points"]) == (3, 4)


@pytest.mark.parametrize(
    "variant, cards, options, key, value",
    [
        ("krazy-bee", "3 12 W", {}, "points", 30),  # KB-7
        ("rumbugz", "3 P", {"plyt_value": 20}, "points", 23),  # RB-6
        ("rummikub", "R5 J", {}, "points", 35),  # CT-7
        ("crazy-tiles", "K13", {}, "points", 13),
        ("runny-tiles", "", {}, "points", 0),
        ("crib-rummy", "3H 4H JK", {}, "cards", 3),
        ("crazy-rummy", "A 7 3", {"wild": "7"}, "points", 205),  # CZ-5
    ],
)
def test_hand_values_cards_left(client, api, variant, cards, options, key, value):
    _, body = call(
        client,
        api,
        "POST",
        "/api/v1/hand",
        {"variant": variant, "cards": cards, "options": options},
        expect=200,
    )
    assert body[key] == value
    assert body == hand(variant, cards, options=options).to_dict()


MALFORMED = [
    pytest.param("{not json", "not valid JSON", id="bad-json"),
    pytest.param("", "empty", id="empty-body"),
    pytest.param('["krazy-bee", "7 7 7"]', "JSON object", id="a-list"),
    pytest.param('{"cards": "7 7 7"}', "variant", id="no-variant"),
    pytest.param('{"variant": 7, "cards": "7 7 7"}', "variant", id="variant-a-number"),
    pytest.param('{"variant": "krazy-bee", "cards": ["7", "7"]}', "cards", id="cards-a-list"),
    pytest.param('{"variant": "krazy-bee", "cards": "7", "extend": 5}', "extend", id="extend-a-number"),
    pytest.param(
        '{"variant": "krazy-bee", "cards": "7", "options": "min=3"}', "options", id="options-a-string"
    ),
    pytest.param(
        '{"variant": "krazy-bee", "cards": "7", "options": {"min": [3]}}', "min", id="option-a-list"
    ),
    pytest.param('{"variant": "krazy-bee", "cards": "7", "colour": "red"}', "colour", id="unknown-field"),
    # each variant's option names are in the document (another variant's are unknown here too)
    pytest.param(
        '{"variant": "krazy-bee", "cards": "7", "options": {"colour": "red"}}', "colour", id="unknown-option"
    ),
    pytest.param(
        '{"variant": "krazy-bee", "cards": "7", "options": {"wild": "7"}}', "wild", id="another-variants"
    ),
    pytest.param(json.dumps({"variant": "krazy-bee", "cards": "7 " * 3000}), "too many", id="too-long"),
]


@pytest.mark.parametrize("path", ["/api/v1/check", "/api/v1/hand"])
@pytest.mark.parametrize("raw, words", MALFORMED)
def test_malformed_requests_answer_400_with_a_message(client, api, path, raw, words):
    _, body = call(client, api, "POST", path, raw=raw, expect=400)
    assert words.lower() in body["error"].lower()


@pytest.mark.parametrize("cards", ["", "  ", " , \n"])
def test_a_check_needs_a_card_while_an_empty_hand_is_worth_nothing(client, api, cards):
    """The document says so (minLength and a pattern): no card to check is the body's shape, a 400."""
    _, body = call(client, api, "POST", "/api/v1/check", {"variant": "krazy-bee", "cards": cards}, expect=400)
    assert "at least one card" in body["error"].lower()
    with pytest.raises(AssertionError):
        api.validate_named("CheckRequest", {"variant": "krazy-bee", "cards": cards})
    assert (
        call(client, api, "POST", "/api/v1/hand", {"variant": "krazy-bee", "cards": cards}, expect=200)[1][
            "points"
        ]
        == 0
    )


REJECTED = [
    pytest.param({"variant": "no-such-variant", "cards": "7 7 7"}, "unknown variant", id="unknown-variant"),
    pytest.param(
        {"variant": "krazy-bee", "cards": "7 7 7", "options": {"min": "lots"}},
        "whole number",
        id="bad-option-value",
    ),
    pytest.param(
        {"variant": "crazy-tiles", "cards": "R1", "options": {"zero": "maybe"}}, "on or off", id="bad-switch"
    ),
    pytest.param({"variant": "krazy-bee", "cards": "7 7 14"}, "N-1", id="N-1-unknown-token"),
    pytest.param({"variant": "crazy-rummy", "cards": "2 2 2"}, "N-1", id="N-1-no-twos-in-crazy-rummy"),
    pytest.param({"variant": "rummikub", "cards": "R1 R2 / R3"}, "CT-9", id="CT-9-board-needs-grid"),
]


@pytest.mark.parametrize("body, words", REJECTED)
def test_input_the_rules_reject_answers_422_with_reasons(client, api, body, words):
    _, answer = call(client, api, "POST", "/api/v1/check", body, expect=422)
    assert words.lower() in answer["error"].lower()
    assert answer["reasons"] and words.lower() in answer["reasons"][0].lower()


def test_wrong_method_unknown_path_and_huge_body(app, client, api):
    status, body = client.get("/api/v1/check").status_code, client.get("/api/v1/check").get_json()
    assert status == 405 and body["error"]
    missing = client.get("/api/v1/no-such-thing")
    assert missing.status_code == 404 and missing.get_json()["error"]
    huge = "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)
    _, answer = call(client, api, "POST", "/api/v1/check", raw=huge, expect=413)
    assert answer["error"]


def test_the_api_needs_no_csrf_token(client, api):
    """The app enforces CSRF on forms; the API is exempt (it changes games only with a Bearer secret)."""
    assert client.application.config["WTF_CSRF_ENABLED"]
    call(client, api, "POST", "/api/v1/check", {"variant": "krazy-bee", "cards": "7 7 7"}, expect=200)


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_bodies = st.one_of(
    _json_values,
    st.fixed_dictionaries(
        {"variant": st.sampled_from(VARIANTS) | st.text(max_size=10)},
        optional={
            "cards": st.text(max_size=40) | _json_values,
            "options": st.dictionaries(
                st.sampled_from(["min", "step", "kind", "wild", "zero", "target", "x"]), _json_values
            ),
            "extend": st.text(max_size=20) | _json_values,
            "players": st.lists(st.text(max_size=6), max_size=5) | _json_values,
        },
    ),
)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    path=st.sampled_from(["/api/v1/check", "/api/v1/hand", "/api/v1/games", "/api/v1/games/import"]),
    body=_bodies,
)
def test_no_body_makes_the_api_fail(client, api, path, body):
    """Whatever JSON arrives, the answer is a documented 2xx or 4xx JSON body, never a 500."""
    status, answer = call(client, api, "POST", path, raw=json.dumps(body))
    assert status in (200, 201, 400, 422), answer
