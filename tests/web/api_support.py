"""Helpers for the API tests: call the API, validate answers against the OpenAPI document.

Every answer a test reads goes through :func:`call`, which checks that the
document describes that method, path and status and validates the body
against the schema it names (JSON Schema 2020-12, as OpenAPI 3.1 uses).
"""

from __future__ import annotations

import json
import os
import re
from copy import deepcopy

from jsonschema import Draft202012Validator

from scorekeeper.rules import all_variants

try:  # Schemathesis's own validator (a dependency of it): the same draft, compiled, in Rust
    import jsonschema_rs
except ImportError:  # pragma: no cover - without it every answer is judged by jsonschema alone
    jsonschema_rs = None

#: One legal hand per variant for two players, and a second (used to correct the first): each
#: variant's own samples, found through the registry (scorekeeper/rules/samples.py)
HANDS = {v.slug: deepcopy(v.samples.hand) for v in all_variants() if v.samples}
OTHER_HANDS = {v.slug: deepcopy(v.samples.other_hand) for v in all_variants() if v.samples}
VARIANTS = tuple(HANDS)
#: the variants with cards, by their rack sample: each answers Best play (a points game does not)
RACKS = {v.slug: v.samples.rack for v in all_variants() if v.samples and v.samples.rack}


class OpenApi:
    """The served OpenAPI document, able to validate an answer to one of its operations."""

    def __init__(self, document: dict):
        self.document = document
        self._components = json.dumps(document.get("components"), sort_keys=True)
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
        """``instance`` against ``schema`` (with the document's components), JSON Schema 2020-12,
        formats not asserted. Judged by jsonschema-rs, each schema compiled once a process; an
        answer it refuses is judged again by jsonschema, whose first error the failure names."""
        root = {**{k: v for k, v in self.document.items() if k == "components"}, **schema}
        fast = _compiled(self._components, json.dumps(schema, sort_keys=True), root)
        if fast is not None and fast.is_valid(instance) and not CROSS_CHECK:
            return
        errors = sorted(Draft202012Validator(root).iter_errors(instance), key=str)
        assert not errors, f"answer does not match {schema}: {errors[0].message} at {list(errors[0].path)}"
        assert fast is None or fast.is_valid(instance), (
            f"jsonschema-rs refused what jsonschema took: {schema}"
        )

    def validate_named(self, name: str, instance) -> None:
        self.validate({"$ref": f"#/components/schemas/{name}"}, instance)


#: SCOREKEEPER_SCHEMA_CROSS_CHECK=1: every answer judged by both validators, which must agree
CROSS_CHECK = bool(os.environ.get("SCOREKEEPER_SCHEMA_CROSS_CHECK"))
_COMPILED: dict[tuple[str, str], object] = {}


def _compiled(components: str, schema: str, root: dict):
    """The jsonschema-rs validator of ``root`` (None without jsonschema-rs), made once a process for
    each schema and set of components (the document is the same in every test of a run)."""
    if jsonschema_rs is None:
        return None
    key = (components, schema)
    if key not in _COMPILED:
        _COMPILED[key] = jsonschema_rs.Draft202012Validator(root, validate_formats=False)
    return _COMPILED[key]


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
