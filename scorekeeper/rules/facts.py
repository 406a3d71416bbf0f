"""Round facts as a variant reads them: a declared shape, read strictly or as stored.

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
from .options import whole_number
from .reasons import say

#: a key normalised away (an empty spelling of "not given")
GONE = object()
_YES, _NO = {"true", "yes", "on", "1"}, {"false", "no", "off", "0"}


class _Unread(Exception):
    """A stored value the engine cannot read either: :func:`normalised` keeps it as it is."""


def yes_no(value: Any) -> bool | None:
    """A yes/no fact as the engine reads it (true/false, 1/0, "yes"/"no", "on"/"off"), else None.

    >>> yes_no("No"), yes_no(1), yes_no("maybe")
    (False, True, None)
    """
    if isinstance(value, bool) or value in (0, 1):
        return bool(value)
    text = str(value).strip().lower()
    return text in _YES if text in _YES | _NO else None


def entered(value: Any) -> bool:
    """Whether facts hold anything a player entered: a number (0 too: seat 0, no points), a yes,
    some text; not only nulls, noes, empty texts and empty lists.

    >>> entered({"winner": None, "players": [{}, {"rack": ""}]}), entered({"winner": 0})
    (False, True)
    """
    if isinstance(value, Mapping):
        return any(entered(v) for v in value.values())
    if isinstance(value, list):
        return any(entered(v) for v in value)
    if isinstance(value, bool):
        return value
    return isinstance(value, (int, float)) or (isinstance(value, str) and value.strip() != "")


def _where(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


@dataclass(frozen=True)
class Fact:
    """One value's shape. ``nullable``: null is a value with a meaning (nobody, not ended).

    Each kind fills in three hooks: ``check(value, path, errors)`` (a value sent in: the
    canonical value, or an error appended), ``read(value)`` (a stored value as the engine
    reads it: the canonical value, GONE, or _Unread raised) and ``json()`` (its schema).
    """

    description: str = ""
    nullable: bool = False

    def strict(self, value: Any, path: str, errors: list) -> Any:
        if value is None and self.nullable:
            return None
        return self.check(value, path, errors)

    def stored(self, value: Any) -> Any:
        if value is None:
            return None if self.nullable else GONE
        return self.read(value)

    def schema(self) -> dict:
        own = self.json()
        if self.nullable:
            own = (
                {**own, "enum": [*own["enum"], None]}
                if "enum" in own
                else {**own, "type": [own["type"], "null"]}
            )
        return {**own, "description": self.description} if self.description else own


@dataclass(frozen=True)
class Flag(Fact):
    """Yes or no (``laid``, ``went_out``); stored spellings like ``"no"`` read as the engine reads them."""

    def check(self, value, path, errors):
        if isinstance(value, bool):
            return value
        errors.append((path, say("fact.not_bool", value=repr(value))))

    def read(self, value):
        if value == "":
            return GONE
        answer = yes_no(value)
        if answer is None:
            raise _Unread
        return answer

    def json(self):
        return {"type": "boolean"}


@dataclass(frozen=True)
class Count(Fact):
    """A whole number from ``low`` (up to ``high``): points, pegs, a seat in a turn, a table meld.
    ``rule``: the rule whose most a hand can score is ``high`` (:mod:`.bounds`), named when refused."""

    low: int = 0
    high: int | None = None
    rule: str = ""

    def check(self, value, path, errors):
        number = _whole(value)
        if number is None:
            errors.append(
                (
                    path,
                    say("opt.not_whole", value=repr(value)) if value != "" else say("fact.whole_or_out"),
                )
            )
        elif number < self.low:
            errors.append((path, say("round.below", what=number, low=self.low)))
        elif self.high is not None and number > self.high:
            errors.append((path, too_big(self.high, self.rule)))
        return number

    def read(self, value):
        if value == "":
            return GONE
        number = whole_number(value) if isinstance(value, str) else _whole(value)
        if number is None:
            raise _Unread
        return number

    def json(self):
        bounds = {"maximum": self.high} if self.high is not None else {}
        return {"type": "integer", "minimum": self.low, **bounds}


@dataclass(frozen=True)
class Seat(Count):
    """A player's seat (0 = the first player) where null means nobody; the engine checks the range."""

    nullable: bool = True

    def read(self, value):
        if value == "":
            return None
        if _whole(value) is None:
            raise _Unread
        return _whole(value)


@dataclass(frozen=True)
class Text(Fact):
    """Text: cards in the variant's notation (RULES.md N-1) or a note.

    ``note``: the engine reads any stored value as text, and an empty one as none.
    """

    note: bool = False

    def check(self, value, path, errors):
        if isinstance(value, str):
            return value
        errors.append((path, say("kb.not_text", value=repr(value))))

    def read(self, value):
        if not self.note:
            if not isinstance(value, str):
                raise _Unread  # cards must be text (N-1)
            return value
        return str(value) if value not in ("", 0, False) else GONE

    def json(self):
        return {"type": "string"}


@dataclass(frozen=True)
class Choice(Fact):
    """One of ``values`` (``fold``: the engine reads any case and spaces)."""

    values: tuple[str, ...] = ()
    fold: bool = False

    def check(self, value, path, errors):
        if value in self.values:
            return value
        errors.append((path, say("fact.not_one_of", value=repr(value), accepted=", ".join(self.values))))

    def read(self, value):
        if value == "":
            return None if self.nullable else GONE
        text = str(value).strip().lower() if self.fold else value
        if text not in self.values:
            raise _Unread
        return text

    def json(self):
        return {"enum": list(self.values)}


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
            raise _Unread
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
            raise _Unread
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


def too_big(high: int, rule: str = "") -> str:
    """The sentence for a number above what a hand can hold (issue 36), the rule after it.

    >>> too_big(788, "CT-7")
    'no hand counts this much: at most 788 (CT-7)'
    """
    return say("fact.too_big", high=high, rule=rule) if rule else say("fact.at_most", high=high)


def _whole(value: Any) -> int | None:
    """A JSON whole number (``12`` or ``12.0``; never a boolean), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _stored(fact: Fact, value: Any) -> Any:
    try:
        return fact.stored(value)
    except _Unread:
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
