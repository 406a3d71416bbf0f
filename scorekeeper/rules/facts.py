"""Round facts as a variant reads them: each value's declared shape, read strictly or as stored.

The one-value kinds are here (:class:`Flag`, :class:`Count`, :class:`Seat`, :class:`Text`,
:class:`Choice`); the kinds that hold other facts, and a whole hand's facts read with them, are
:mod:`.records`.

>>> Count(high=10).strict(12, "points", errors := [])
12
>>> errors
[('points', 'give at most 10')]
>>> Flag().stored("no"), Count().stored("12")
(False, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .options import whole_number
from .reasons import quoted, say

#: a key normalised away (an empty spelling of "not given")
GONE = object()
_YES, _NO = {"true", "yes", "on", "1"}, {"false", "no", "off", "0"}


class Unread(Exception):
    """A stored value the engine cannot read either: :func:`.records.normalised` keeps it as it is."""


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


@dataclass(frozen=True)
class Fact:
    """One value's shape. ``nullable``: null is a value with a meaning (nobody, not ended).

    Each kind fills in three hooks: ``check(value, path, errors)`` (a value sent in: the
    canonical value, or an error appended), ``read(value)`` (a stored value as the engine
    reads it: the canonical value, GONE, or Unread raised) and ``json()`` (its schema).
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
        errors.append((path, say("fact.not_bool", value=quoted(value))))

    def read(self, value):
        if value == "":
            return GONE
        answer = yes_no(value)
        if answer is None:
            raise Unread
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
                    say("opt.not_whole", value=quoted(value)) if value != "" else say("fact.whole_or_out"),
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
            raise Unread
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
            raise Unread
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
        errors.append((path, say("kb.not_text", value=quoted(value))))

    def read(self, value):
        if not self.note:
            if not isinstance(value, str):
                raise Unread  # cards must be text (N-1)
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
        errors.append((path, say("fact.not_one_of", value=quoted(value), accepted=", ".join(self.values))))

    def read(self, value):
        if value == "":
            return None if self.nullable else GONE
        text = str(value).strip().lower() if self.fold else value
        if text not in self.values:
            raise Unread
        return text

    def json(self):
        return {"enum": list(self.values)}


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
