"""Every component schema put together (the core's, each variant's, the features' parts), and a
body checked against one of them: what breaks its shape is a 400, values it refuses are a 422."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker, ValidationError, _keywords, validators

from ..web.features import ApiPart
from . import variant_schemas
from .photo_schemas import photo_schemas
from .schemas import core_schemas, ref, slugs
from .shape_words import place, sentence
from .solver_schemas import solver_answers
from .verdict_schemas import verdict_schema


def path_param(name: str, schema: dict, description: str) -> dict:
    """An operation's parameter in its path (``/games/{public_id}``), required: the core's and the
    features' alike."""
    return {"name": name, "in": "path", "required": True, "schema": schema, "description": description}


def bearer(description: str) -> dict:
    """A security scheme: a secret sent as ``Authorization: Bearer <secret>`` (``description``: whose)."""
    return {"type": "http", "scheme": "bearer", "description": description}


def dict_of(values: dict, description: str | None = None) -> dict:
    """An object of any keys (seats by number, links by name), each value ``values``."""
    shape = {"type": "object", "additionalProperties": values}
    return {**shape, "description": description} if description else shape


def schemas(parts: tuple[ApiPart, ...] = ()) -> dict[str, dict]:
    """Every component schema with the features' ``parts``, by name (built once per set of variants
    and parts; read, never change it)."""
    return _schemas(tuple(slugs()), parts)


@cache
def _schemas(_variants: tuple[str, ...], parts: tuple[ApiPart, ...]) -> dict[str, dict]:
    fields = {name: schema for part in parts for name, schema in part.new_game_fields.items()}
    verdict = verdict_schema()
    return {
        **core_schemas(),
        "Verdict": verdict,
        **solver_answers(verdict),
        **photo_schemas(),
        **variant_schemas.schemas(fields),
        **{name: schema for part in parts if part.schemas for name, schema in part.schemas().items()},
    }


#: keywords about a body's shape (a 400); the others (enum, limits) are values the services judge (a 422)
SHAPE = frozenset({"type", "required", "additionalProperties", "const", "pattern", "maxLength", "format"})
#: the formats the document names, checked as it says (a date-time is a real one: no 2024-02-31)
FORMATS = FormatChecker(formats=())


@FORMATS.checks("date-time", raises=ValueError)
def _date_time(text: Any) -> bool:
    return not isinstance(text, str) or datetime.fromisoformat(text) is not None


def _discriminated(validator, branches: list, instance: Any, schema: dict):
    """``oneOf`` judged by the one branch the instance's discriminator names (its ``variant``), without
    trying the others: JSON Schema's own ``oneOf`` validates every branch and keeps every error of each,
    which for a large import is the variants' count times the work (25 s of CPU for 700 KB). Without
    the discriminator, or without a branch named, one error says so (its shape, or an unknown value)."""
    pick = schema.get("discriminator")
    if not pick:
        yield from _keywords.oneOf(validator, branches, instance, schema)
        return
    if not isinstance(instance, dict):
        yield ValidationError("not an object", validator="type", validator_value="object")
        return
    key, value = pick["propertyName"], instance.get(pick["propertyName"])
    if isinstance(value, str) and value in pick["mapping"]:
        index = [b["$ref"] for b in branches].index(pick["mapping"][value])
        yield from validator.descend(instance, branches[index], schema_path=index)
    elif key not in instance:
        yield ValidationError(f"{key} is missing", validator="required", validator_value=[key])
    elif not isinstance(value, str):
        yield ValidationError(
            "not text", validator="type", validator_value="string", path=[key], instance=value
        )
    else:
        yield ValidationError(
            "unknown", validator="enum", validator_value=list(pick["mapping"]), path=[key], instance=value
        )


#: the document's validator: 2020-12 with the discriminator read as the document means it
Validator = validators.extend(Draft202012Validator, {"oneOf": _discriminated})
#: a body's shape errors past this many are not looked for: the answer names the first ones, and a large
#: malformed import would otherwise be judged to its end (issue 36)
SHAPE_ERRORS_MAX = 10
#: nor values errors past this many (each is a field error of the 422)
VALUE_ERRORS_MAX = 100


@cache
def _validator(name: str, _variants: tuple[str, ...], parts: tuple[ApiPart, ...]) -> Draft202012Validator:
    return Validator(
        {"components": {"schemas": _schemas(_variants, parts)}, **ref(name)}, format_checker=FORMATS
    )


def problems(
    name: str, body: Any, parts: tuple[ApiPart, ...] = ()
) -> tuple[list[str], list[tuple[str, str]]]:
    """Where ``body`` breaks component ``name`` (of the document with the features' ``parts``): its
    shape (``path: sentence``, the first :data:`SHAPE_ERRORS_MAX` places) and its values (``(path,
    sentence)`` pairs, as the rules' field errors are), in words for people (:mod:`.shape_words`)."""
    shape: dict[str, str] = {}
    values: list[tuple[str, str]] = []
    for err in _validator(name, tuple(slugs()), parts).iter_errors(body):
        where = place(err)
        if err.validator in SHAPE:
            shape.setdefault(where, f"{where}: {sentence(err)}")  # one sentence a place
        elif (where, sentence(err)) not in values:
            values.append((where, sentence(err)))
        if len(shape) >= SHAPE_ERRORS_MAX or len(values) >= VALUE_ERRORS_MAX:
            break
    return [shape[k] for k in sorted(shape)], sorted(values)
