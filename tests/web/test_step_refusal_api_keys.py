"""POST /api/v1/check with a Krazy Bee Step list the engine refuses (KB-8): the refusal's data
(``error_key``: rule, key, values) keeps the values a client that writes its own words already
used, ``size`` for "say how many books", beside the newer ``example`` (docs/api.md: a client may
render its own words from key and values, so a value it used must not vanish)."""

from __future__ import annotations

import json

import pytest

from .api_support import OpenApi, call


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _refusal_values(client, api, steps: str) -> dict:
    body = {"variant": "krazy-bee", "cards": "5H 5S 5D", "options": {"steps": steps}}
    _, refused = call(client, api, "POST", "/api/v1/check", body)
    found, stack = None, [refused["error_key"]]
    while stack:  # the Step sentence, wherever the option's refusal nests it
        reason = stack.pop()
        if isinstance(reason, dict) and str(reason.get("key", "")).startswith("kb.how_many"):
            found = reason
            break
        if isinstance(reason, dict):
            stack.extend(v for v in reason.get("values", reason).values() if isinstance(v, (dict, list)))
        elif isinstance(reason, list):
            stack.extend(reason)
    assert found is not None, refused
    return found["values"]


@pytest.mark.parametrize("steps, size", [("books of 3", 3), ("run of 7; runs of 4", 4)])
def test_a_step_refusal_keeps_its_size_for_clients_that_word_it(client, api, steps, size):
    values = _refusal_values(client, api, steps)
    assert values["size"] == size
    assert values["example"].strip("'").endswith(f" of {size}")


@pytest.mark.parametrize(
    "steps", ["9" * 5000 + " books of 3", "run of 7; " + "9" * 4000 + " books of 3", "book of " + "9" * 4400]
)
def test_a_step_of_thousands_of_digits_is_refused_in_a_few_words(client, api, steps):
    """A Step whose count or size has thousands of digits (KB-8) is refused as no requirement,
    quoted by its start: 5,000 digits were a 500 (Python reads at most 4,300), and 4,000 were
    answered with the cards that Step needs, every digit of it written out (20 KB)."""
    body = {"variant": "krazy-bee", "cards": "5H 5S 5D", "options": {"steps": steps}}
    _, refused = call(client, api, "POST", "/api/v1/check", body, expect=422)
    assert "is not a requirement" in refused["error"]
    assert len(json.dumps(refused)) < 3000, refused["error"]
