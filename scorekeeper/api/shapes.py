"""Every component schema put together (the core's, each variant's, the features' parts), and a
body checked against one of them: what breaks its shape is a 400, values it refuses are a 422."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker, ValidationError

from ..web.features import ApiPart
from . import variant_schemas
from .photo_schemas import photo_schemas
from .schemas import REF, core_schemas, ref, slugs
from .solver_schemas import solver_answers


def schemas(parts: tuple[ApiPart, ...] = ()) -> dict[str, dict]:
    """Every component schema with the features' ``parts``, by name (built once per set of variants
    and parts; read, never change it)."""
    return _schemas(tuple(slugs()), parts)


@cache
def _schemas(_variants: tuple[str, ...], parts: tuple[ApiPart, ...]) -> dict[str, dict]:
    fields = {name: schema for part in parts for name, schema in part.new_game_fields.items()}
    core = core_schemas()
    return {
        **core,
        **solver_answers(core["Verdict"]),
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


@cache
def _validator(name: str, _variants: tuple[str, ...], parts: tuple[ApiPart, ...]) -> Draft202012Validator:
    return Draft202012Validator(
        {"components": {"schemas": _schemas(_variants, parts)}, **ref(name)}, format_checker=FORMATS
    )


def problems(
    name: str, body: Any, parts: tuple[ApiPart, ...] = ()
) -> tuple[list[str], list[tuple[str, str]]]:
    """Where ``body`` breaks component ``name`` (of the document with the features' ``parts``): its
    shape (``path: message`` sentences) and its values (``(path, message)`` pairs, as the rules'
    field errors are)."""
    shape, values = [], []
    name, errors = _branch(name, body, parts)
    if errors is None:
        validator = _validator(name, tuple(slugs()), parts)
        errors = [found for err in validator.iter_errors(body) for found in _in_branch(err)]
    for err in sorted(errors, key=lambda e: list(map(str, e.absolute_path))):
        where = ".".join(map(str, err.absolute_path))
        if err.validator in SHAPE:
            why = err.schema.get("description") if err.validator in ("const", "pattern") else None
            shape.append(f"{where or 'the body'}: {err.message}" + (f" ({why})" if why else ""))
        else:
            values.append((where, err.message))
    return shape, values


def _branch(name: str, body: Any, parts: tuple[ApiPart, ...]) -> tuple[str, list[ValidationError] | None]:
    """A union told apart by a ``discriminator`` judged by the one branch the body's ``variant`` names,
    without trying the others: ``oneOf`` validates the body against every branch, which for a large
    import is the variants' count times the work (seconds for 600 KB). The errors are
    :func:`_in_branch`'s, found at once when the body names no branch."""
    pick = _schemas(tuple(slugs()), parts)[name].get("discriminator")
    if not pick or not isinstance(body, dict):
        return name, None
    value = body.get(pick["propertyName"])
    if isinstance(value, str) and value in pick["mapping"]:
        return pick["mapping"][value].removeprefix(REF), None
    return name, _off_branch(pick, value, [])


def _off_branch(pick: dict, value: Any, path: list) -> list[ValidationError]:
    """The error of a body whose discriminator names no branch: missing (its shape), or unknown (a value)."""
    key = pick["propertyName"]
    if not isinstance(value, str):
        message, validator = f"{key!r} is required: one of {', '.join(pick['mapping'])}", "required"
    else:
        message, validator, path = (
            f"{value!r} is not one of {', '.join(pick['mapping'])}",
            "enum",
            [*path, key],
        )
    return [ValidationError(message, validator=validator, path=path, schema={})]


def _in_branch(err: ValidationError) -> list[ValidationError]:
    """A union told apart by a ``discriminator`` (one branch per variant): the errors of the branch
    the body's ``variant`` names, so they are judged as the branch's own. Without a variant it is
    the body's shape; with an unknown one, a value (as an unknown variant is elsewhere)."""
    pick = err.schema.get("discriminator") if err.validator == "oneOf" else None
    if not pick or not isinstance(err.instance, dict):
        return [err]
    value = err.instance.get(pick["propertyName"])
    if not isinstance(value, str) or value not in pick["mapping"]:
        return _off_branch(pick, value, list(err.absolute_path))
    branch = [b["$ref"] for b in err.schema["oneOf"]].index(pick["mapping"][value])
    return [
        found for sub in err.context if sub.relative_schema_path[0] == branch for found in _in_branch(sub)
    ]
