"""What a body that breaks the API document's shape is told, in sentences for people: the field's path,
then what it must be (``rounds.0.number: must be a whole number, not text``), never the JSON Schema
library's own wording (``'x' is not of type 'integer'``) or a Python repr of the value."""

from __future__ import annotations

import json
from typing import Any

from jsonschema import ValidationError
from jsonschema.exceptions import best_match

#: a JSON type as a sentence names it
KINDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "null",
}
#: at most this many characters of a value are quoted
QUOTED_MAX = 40
#: a missing field's description is said with it when it is at most this long (a line)
DESCRIBED_MAX = 160


def quoted(value: Any) -> str:
    """``value`` as JSON writes it (double quotes, true, null), cut short when long."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= QUOTED_MAX else text[: QUOTED_MAX - 1] + "…"


def kind(value: Any) -> str:
    """What JSON value ``value`` is, in words (a whole number, text, a list ...)."""
    if isinstance(value, bool):
        return KINDS["boolean"]
    if isinstance(value, int):
        return KINDS["integer"]
    if isinstance(value, float):
        return KINDS["number"]
    return {str: KINDS["string"], list: KINDS["array"], dict: KINDS["object"]}.get(type(value), KINDS["null"])


def one_of(words: list[str], last: str = "or") -> str:
    """``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}{'' if n == 1 else 's'}"


def _type(err: ValidationError) -> str:
    wanted = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
    return f"must be {one_of([KINDS.get(t, t) for t in wanted])}, not {kind(err.instance)}"


def _required(err: ValidationError) -> str:
    missing = [k for k in err.validator_value if isinstance(err.instance, dict) and k not in err.instance]
    said = f"{one_of([quoted(k) for k in missing], 'and')} {'is' if len(missing) == 1 else 'are'} missing"
    # what the one missing field is, where the document says it in a line
    field = err.schema.get("properties", {}).get(missing[0], {}) if len(missing) == 1 else {}
    why = field.get("description") if isinstance(field, dict) else None
    return said + (f" ({why})" if why and len(why) <= DESCRIBED_MAX else "")


def _additional(err: ValidationError) -> str:
    known = list(err.schema.get("properties", {}))
    extra = [k for k in err.instance if k not in known] if isinstance(err.instance, dict) else []
    fields = "is not a field" if len(extra) == 1 else "are not fields"
    said = f"{one_of([quoted(k) for k in extra[:5]], 'and')} {fields} it takes"
    return said + (f" (it takes {one_of([quoted(k) for k in known], 'and')})" if known else "")


def _enum(err: ValidationError) -> str:
    return f"must be one of {one_of([quoted(v) for v in err.validator_value])}, not {quoted(err.instance)}"


def _unique(err: ValidationError) -> str:
    seen: list = []
    for item in err.instance:
        if item in seen:
            return f"holds {quoted(item)} twice: each item may appear once"
        seen.append(item)
    return "holds an item twice: each item may appear once"


def _not(err: ValidationError) -> str:
    why = err.validator_value.get("description") if isinstance(err.validator_value, dict) else None
    return f"{quoted(err.instance)} is refused" + (f": {why}" if why else "")


def _any(err: ValidationError) -> str:
    """A value matching none of the forms it may take: what the closest one says."""
    inner = best_match(err.context) if err.context else None
    return sentence(inner) if inner is not None else "does not have any of the forms it may take"


SAYS = {
    "type": _type,
    "required": _required,
    "additionalProperties": _additional,
    "enum": _enum,
    "uniqueItems": _unique,
    "not": _not,
    "anyOf": _any,
    "oneOf": _any,
    "const": lambda e: f"must be {quoted(e.validator_value)}, not {quoted(e.instance)}",
    "pattern": lambda e: f"{quoted(e.instance)} is not in the form this field takes",
    "format": lambda e: f"{quoted(e.instance)} is not a real {e.validator_value.replace('-', ' and ')}",
    "maxLength": lambda e: f"at most {_count(e.validator_value, 'character')}, not {len(e.instance):,}",
    "minLength": lambda e: (
        "must not be empty"
        if e.validator_value == 1
        else f"at least {_count(e.validator_value, 'character')}, not {len(e.instance):,}"
    ),
    "maxItems": lambda e: f"at most {_count(e.validator_value, 'item')}, not {len(e.instance):,}",
    "minItems": lambda e: f"at least {_count(e.validator_value, 'item')}, not {len(e.instance):,}",
    "maximum": lambda e: f"at most {e.validator_value:,}, not {quoted(e.instance)}",
    "minimum": lambda e: f"at least {e.validator_value:,}, not {quoted(e.instance)}",
    "exclusiveMaximum": lambda e: f"less than {e.validator_value:,}, not {quoted(e.instance)}",
    "exclusiveMinimum": lambda e: f"more than {e.validator_value:,}, not {quoted(e.instance)}",
}


def sentence(err: ValidationError) -> str:
    """What ``err`` says about its value, in words (the field's path is the caller's), with the
    schema's description of a ``const`` or ``pattern``."""
    say = SAYS.get(err.validator)
    said = say(err) if say else f"{quoted(err.instance)} is not what this field takes"
    why = err.schema.get("description") if err.validator in ("const", "pattern", "format") else None
    return said + (f" ({why})" if why else "")


def place(err: ValidationError) -> str:
    """The field's path in the body (``rounds.0.facts``), or ``the body`` itself."""
    return ".".join(map(str, err.absolute_path)) or "the body"
