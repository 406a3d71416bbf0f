"""Helpers for the API tests: call the API, validate answers against the OpenAPI document.

Every answer a test reads goes through :func:`call`, which checks that the
document describes that method, path and status and validates the body
against the schema it names (JSON Schema 2020-12, as OpenAPI 3.1 uses).
"""

from __future__ import annotations

import json
import re

from jsonschema import Draft202012Validator

#: One legal hand per variant for two players, in the shape each variant module documents.
HANDS = {
    "krazy-bee": {"players": [{"laid": True, "went_out": True}, {"laid": False, "hand": "3 12 W"}]},
    "rumbugz": {
        "winner": 0,
        "players": [{"kinds": ["single", "double", "triple", "match"]}, {"kinds": ["single"], "hand": "3 P"}],
    },
    "rummikub": {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]},
    "crazy-tiles": {"winner": 1, "players": [{"rack": "K13 B2"}, {"rack": ""}]},
    "runny-tiles": {"winner": None, "players": [{"rack": "K3"}, {"rack": "G9"}]},
    "crib-rummy": {
        "starter": 1,
        "turns": [{"melds": [{"cards": "3H 4H 5H"}]}, {"pegs": 2}],
        "end": {"type": "out", "player": 0, "cards_left": [0, 5]},
    },
    "crazy-rummy": {
        "face_up": ["4", "J"],
        "went_out": 0,
        "players": [{"board": "8 8 8"}, {"board": "K K K", "hand": "3 A"}],
    },
    "points": {"players": [{"points": 12}, {"points": -5}]},  # PG-2
}
#: A second legal hand per variant (used to correct the first one).
OTHER_HANDS = {
    "krazy-bee": {"players": [{"laid": False, "hand": "W"}, {"laid": True, "went_out": True}]},
    "rumbugz": {"winner": None, "players": [{"kinds": [], "hand": "5"}, {"kinds": [], "hand": "7"}]},
    "rummikub": {"winner": 1, "players": [{"rack": "K9"}, {"rack": ""}]},
    "crazy-tiles": {"winner": 0, "players": [{"rack": ""}, {"rack": "J"}]},
    "runny-tiles": {"winner": 0, "players": [{"rack": ""}, {"points": 12}]},
    "crib-rummy": {"starter": 0, "turns": [{"pegs": 4}, {"pegs": 0}], "end": {"type": "draw_pile"}},
    "crazy-rummy": {
        "face_up": ["5", "Q"],
        "went_out": 1,
        "players": [{"board": "9 9 9", "hand": "K"}, {"board": "Q Q Q"}],
    },
    "points": {"players": [{"points": 0}, {}]},  # PG-2: left empty, 0
}
VARIANTS = tuple(HANDS)


class OpenApi:
    """The served OpenAPI document, able to validate an answer to one of its operations."""

    def __init__(self, document: dict):
        self.document = document
        self._patterns = [
            (re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", p) + "$"), p) for p in document["paths"]
        ]

    def template(self, path: str) -> str:
        path = path.split("?")[0].removeprefix("/api/v1")
        for pattern, template in self._patterns:
            if pattern.match(path):
                return template
        raise AssertionError(f"the OpenAPI document has no path for {path}")

    def schema_for(self, method: str, path: str, status: int) -> dict:
        operation = self.document["paths"][self.template(path)].get(method.lower())
        assert operation, f"the OpenAPI document has no {method} {path}"
        response = operation["responses"].get(str(status))
        assert response, f"the OpenAPI document does not describe {status} for {method} {path}"
        return response["content"]["application/json"]["schema"]

    def validate(self, schema: dict, instance) -> None:
        root = {**{k: v for k, v in self.document.items() if k == "components"}, **schema}
        errors = sorted(Draft202012Validator(root).iter_errors(instance), key=str)
        assert not errors, f"answer does not match {schema}: {errors[0].message} at {list(errors[0].path)}"

    def validate_named(self, name: str, instance) -> None:
        self.validate({"$ref": f"#/components/schemas/{name}"}, instance)


def sentences_only(answer):
    """An API answer without the data it adds beside the engine's sentences (``reasons_keys``, ``error_key``
    ..., in its parts too: tests/web/test_engine_languages.py), to compare with the engine's own ``to_dict()``."""
    if isinstance(answer, list):
        return [sentences_only(a) for a in answer]
    if not isinstance(answer, dict):
        return answer
    return {k: sentences_only(v) for k, v in answer.items() if not k.endswith(("_keys", "_key"))}


def call(
    client,
    api: OpenApi,
    method: str,
    path: str,
    body=None,
    *,
    secret: str | None = None,
    raw: bytes | str | None = None,
    expect: int | None = None,
    headers: dict[str, str] | None = None,
):
    """Send a request, check the status (when ``expect``), validate the answer; returns (status, json)."""
    headers = {**(headers or {}), **({"Authorization": f"Bearer {secret}"} if secret else {})}
    data = raw if raw is not None else (json.dumps(body) if body is not None else None)
    response = client.open(path, method=method, data=data, headers=headers, content_type="application/json")
    assert response.is_json, f"{method} {path} answered {response.status_code} without JSON"
    payload = response.get_json()
    if expect is not None:
        assert response.status_code == expect, (method, path, response.status_code, payload)
    assert response.status_code < 500, (method, path, payload)
    api.validate(api.schema_for(method, path, response.status_code), payload)
    if response.status_code >= 400:
        assert payload["error"].strip(), "an error answer needs a human-readable message"
    return response.status_code, payload
