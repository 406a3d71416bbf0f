"""Facts that hold facts, and a whole hand's facts read with them.

A hand's facts are a :class:`Record` of named facts (some of them :class:`ListOf` a kind of
:mod:`.facts`): :func:`canonical` checks what is sent in, :func:`normalised` reads what is stored.

>>> from scorekeeper.rules.facts import Count, Flag
>>> shape = Record(fields={"laid": Flag(), "points": Count()})
>>> canonical(shape, {"laid": True, "points": 12.0})
{'laid': True, 'points': 12}
>>> canonical(shape, {"points": "12", "note": float("nan")})
Traceback (most recent call last):
...
scorekeeper.rules.errors.RoundError: note: unknown key; accepted: laid, points; points: '12' is not a whole number
>>> normalised(shape, {"laid": "no", "points": "12", "note": 1})
{'laid': False, 'points': 12}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RoundError
from .facts import GONE, Fact, Text, Unread
from .reasons import say


def _where(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


@dataclass(frozen=True)
class ListOf(Fact):
    """A list of ``item``. ``order``: a set of choices, kept once each in this order;
    ``words``: a stored text of words separated by spaces or commas reads as the list."""

    item: Fact = field(default_factory=Text)
    order: tuple[str, ...] = ()
    words: bool = False
    min_items: int | None = None
    max_items: int | None = None

    def check(self, value, path, errors):
        if not isinstance(value, list):
            errors.append((path, say("fact.list")))
            return value
        items = [self.item.strict(v, _where(path, i), errors) for i, v in enumerate(value)]
        if self.order and len(set(items)) != len(items):
            errors.append((path, say("fact.once")))
        return [o for o in self.order if o in items] if self.order else items

    def read(self, value):
        if isinstance(value, str) and self.words:
            value = value.replace(",", " ").split()
        if value == "":
            return GONE
        if not isinstance(value, list):
            raise Unread
        items = [_stored(self.item, v) for v in value]
        return [o for o in self.order if o in items] if self.order else items

    def json(self):
        bounds = {
            k: b for k, b in (("minItems", self.min_items), ("maxItems", self.max_items)) if b is not None
        }
        return {
            "type": "array",
            "items": self.item.schema(),
            **({"uniqueItems": True} if self.order else {}),
            **bounds,
        }


@dataclass(frozen=True)
class Record(Fact):
    """An object of named facts; no other key (``required``: keys that must be given;
    ``empty_is_null``: a stored ``{}`` reads as null, as the engine reads it)."""

    fields: Mapping[str, Fact] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    empty_is_null: bool = False

    def check(self, value, path, errors):
        if not isinstance(value, Mapping):
            errors.append((path, say("fact.object")))
            return value
        accepted = ", ".join(self.fields)
        for key in value:
            if key not in self.fields:
                errors.append((_where(path, key), say("fact.unknown_key", accepted=accepted)))
        for key in self.required:
            if key not in value:
                errors.append((_where(path, key), say("fact.required")))
        return {
            k: self.fields[k].strict(v, _where(path, k), errors) for k, v in value.items() if k in self.fields
        }

    def read(self, value):
        if value in ("", {}) and self.empty_is_null:
            return None
        if not isinstance(value, Mapping):
            raise Unread
        kept = {k: _stored(self.fields[k], v) for k, v in value.items() if k in self.fields}
        return {k: v for k, v in kept.items() if v is not GONE}

    def json(self):
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {k: f.schema() for k, f in self.fields.items()},
            "additionalProperties": False,
        }
        if self.required:
            schema["required"] = list(self.required)
        return schema


def _stored(fact: Fact, value: Any) -> Any:
    try:
        return fact.stored(value)
    except Unread:
        return value


def canonical(shape: Record, facts: Any) -> dict:
    """Facts sent in, checked against ``shape`` and written the canonical way; RoundError per bad path."""
    errors: list[tuple[str, str]] = []
    if not isinstance(facts, Mapping):
        raise RoundError([("", say("round.object"))])
    kept = shape.strict(facts, "", errors)
    if errors:
        raise RoundError(errors)
    return kept


def normalised(shape: Record, facts: Any) -> Any:
    """Stored facts as the engine reads them, written the canonical way (unreadable values kept)."""
    return _stored(shape, facts)
