"""POST /api/v1/check: a sentence that points at an option carries it in its data (``option``,
``option_value`` beside ``rule``, ``key`` and ``values``), as the OpenAPI document says; its words
stay the players' words. The engine's and the command line's side: tests/rules/test_option_pointers.py."""

from __future__ import annotations

import jsonschema
import pytest

from tests.rules.test_option_pointers import CASES

from .api_support import OpenApi, call


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


@pytest.mark.parametrize(
    "key, variant, cards, options, where, option, value, hint", CASES, ids=[c[0] for c in CASES]
)
def test_a_verdict_names_the_option_a_sentence_points_at(
    client, api, key, variant, cards, options, where, option, value, hint
):
    body = {"variant": variant, "cards": cards, "options": options}
    _, verdict = call(client, api, "POST", "/api/v1/check", body, expect=200)
    described = next(d for d in verdict[f"{where}_keys"] if d and d["key"] == key)
    assert described["option"] == option
    if value is None:
        assert "option_value" not in described  # any accepted value: GET /variants says which
    else:
        assert described["option_value"] == value
    # the same request with that value set no longer points at it
    if value is not None:
        _, changed = call(
            client, api, "POST", "/api/v1/check", {**body, "options": {**options, option: value}}, expect=200
        )
        said = [(d["key"], d.get("option_value")) for d in changed.get(f"{where}_keys", []) if d]
        assert (key, value) not in said


def test_a_sentence_that_points_at_no_option_has_no_option_field(client, api):
    body = {"variant": "crib-rummy", "cards": "7H 8S 9D"}
    _, verdict = call(client, api, "POST", "/api/v1/check", body, expect=200)
    assert all("option" not in d for d in verdict["reasons_keys"])


def test_a_refusal_names_the_option_inside_its_sentence(client, api):
    body = {"variant": "rummikub", "cards": "R1 R2 R3/. . ."}
    _, refused = call(client, api, "POST", "/api/v1/check", body)
    assert refused["error_key"]["key"] == "n1.refused"
    inner = refused["error_key"]["values"]["what"]
    assert (inner["key"], inner["option"], inner["option_value"]) == ("ct.board_needs_grid", "grid", True)


def test_the_document_describes_the_option_fields(api):
    reason = api.document["components"]["schemas"]["Reason"]
    assert {"option", "option_value"} <= set(reason["properties"])
    assert "option" not in reason["required"]
    api.validate_named("Reason", {"rule": None, "key": "cr.aces_low", "values": {}, "option": "ace_high"})
    with pytest.raises(AssertionError):
        api.validate_named("Reason", {"rule": None, "key": "k", "values": {}, "option_value": ["on"]})
    jsonschema.Draft202012Validator.check_schema(reason)
