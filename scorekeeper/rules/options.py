"""Per-game options (every **(option)** of RULES.md) with defaults and validation.

>>> spec = (Option("min", "int", 3, "Smallest meld size for a lone check", rule="KB-1", low=1, high=13),
...         Option("wrap", "bool", False, "Runs continue past 13", rule="CT-3"))
>>> resolve(spec, {"min": "4", "wrap": "on"})
{'min': 4, 'wrap': True}
>>> resolve(spec, {"colour": "red"})
Traceback (most recent call last):
...
scorekeeper.rules.errors.OptionError: option 'colour': unknown option; accepted: min, wrap
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError
from .reasons import quoted, say

_TRUE = {"1", "true", "yes", "on", "y", "t"}
_FALSE = {"0", "false", "no", "off", "n", "f", ""}
#: Longest run of digits read as a number (far past any score; Python refuses past 4,300).
MAX_DIGITS = 30


def whole_number(text: str) -> int | None:
    """``text`` read as a whole number (an optional minus, then digits), else None.

    Unlike a bare ``isdigit()`` test before ``int()``, this refuses what ``int``
    cannot read (superscripts) and digit runs too long to be a count.

    >>> whole_number("12"), whole_number("-3"), whole_number(" 7 "), whole_number("1.5")
    (12, -3, 7, None)
    >>> whole_number("²"), whole_number("9" * 5000), whole_number("-"), whole_number("+4")
    (None, None, None, None)
    """
    digits = _digits(text)
    if not digits.isdecimal() or len(digits) > MAX_DIGITS:
        return None
    return int(text)


def _digits(text: str) -> str:
    """``text`` without its spaces around and its minus sign: the digits a whole number is written in."""
    return text.strip().removeprefix("-")


def _too_long(raw: Any) -> bool:
    """Whether ``raw`` is a whole number of more than :data:`MAX_DIGITS` digits (sent as a number or
    typed).

    >>> _too_long(10**30), _too_long(-(10**29)), _too_long(" " + "9" * 31), _too_long("9" * 30 + "x")
    (True, False, True, False)
    """
    if isinstance(raw, int) and not isinstance(raw, bool):
        return abs(raw) >= 10**MAX_DIGITS
    digits = _digits(str(raw))
    return digits.isdecimal() and len(digits) > MAX_DIGITS


@dataclass(frozen=True)
class Option:
    """One option: its name, type, default, one-line help and the rule it comes from.

    ``type`` is ``"int"``, ``"bool"``, ``"choice"`` (one of ``choices``) or
    ``"text"``. ``parser`` (for ``"text"``) turns the raw text into the stored
    value and raises :class:`OptionError` (or any ``RulesError``) on bad input.
    ``optional`` allows ``None`` (no value, e.g. no target score).
    ``game`` / ``check``: whether the option matters for a game, a lone check, or both.
    ``choice_words``: what each choice means, in a few words, where the choice alone
    is a letter (scoring A, B, C). ``aliases``: other words accepted for a choice.
    """

    name: str
    type: str
    default: Any
    help: str
    rule: str = ""
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False
    parser: Callable[[Any], Any] | None = None
    game: bool = True
    check: bool = True
    choice_words: tuple[tuple[Any, str], ...] = ()
    #: other words for a choice, as the notation has them (Crazy Rummy's ``T`` for the rank 10)
    aliases: tuple[tuple[str, Any], ...] = ()

    def accepted(self) -> str:
        """A short human description of the accepted values."""
        if self.type == "bool":
            return say("opt.on_off")
        if self.type == "choice" or self.choices:
            base = ", ".join(str(c) for c in self.choices)
        elif self.type == "int" and self.low is not None and self.high is not None:
            base = say("opt.whole_within", low=self.low, high=self.high)
        elif self.type == "int" and self.low is not None:
            base = say("opt.whole_from", low=self.low)
        else:
            base = say("opt.whole" if self.type == "int" else "opt.text")
        return say("opt.or_none", accepted=base) if self.optional else base

    def parse(self, raw: Any) -> Any:
        """Validate one raw value and return it typed."""
        if raw is None or (isinstance(raw, str) and raw.strip() == "" and self.type != "bool"):
            if self.optional:
                return None
            if raw is None:
                return self.default
            raise OptionError(self.name, say("opt.required"), self.accepted())
        if self.type == "bool":
            return self._parse_bool(raw)
        if self.type == "int":
            return self._parse_int(raw)
        if self.type == "choice":
            return self._parse_choice(raw)
        return self.parser(raw) if self.parser else str(raw)

    def _parse_bool(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise OptionError(self.name, say("opt.not_on_off", value=quoted(raw)), self.accepted())

    def _parse_int(self, raw: Any) -> int:
        if isinstance(raw, bool):
            raise OptionError(self.name, say("opt.not_number", value=quoted(raw)), self.accepted())
        if isinstance(raw, float) and raw.is_integer():
            raw = int(raw)  # 30.0 is a whole number (JSON Schema's integer too, as the hand's facts take it)
        if _too_long(raw):  # a JSON client's 4,300 digits, or a form's 31
            raise OptionError(
                self.name, say("opt.too_long", value=quoted(raw), digits=MAX_DIGITS), self.accepted()
            )
        value = raw if isinstance(raw, int) else whole_number(str(raw))  # not int()'s "1_0" or "+5"
        if value is None:
            raise OptionError(self.name, say("opt.not_whole", value=quoted(raw)), self.accepted())
        if self.choices and value not in self.choices:
            raise OptionError(self.name, say("opt.not_allowed", value=value), self.accepted())
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise OptionError(self.name, say("option.out_of_range", value=value), self.accepted())
        return value

    def _parse_choice(self, raw: Any) -> Any:
        if isinstance(raw, float) and raw.is_integer():
            raw = int(raw)  # a JSON client's 4.0 is the rank 4, as it is a whole number above
        text = str(raw).strip()
        for choice in self.choices:
            if text.lower() == str(choice).lower():
                return choice
        for alias, choice in self.aliases:
            if text.lower() == alias.lower():
                return choice
        raise OptionError(self.name, say("opt.not_a_choice", value=quoted(raw)), self.accepted())

    def describe(self) -> dict:
        """JSON-ready description (for ``variants()``, forms and the API)."""
        return {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "help": self.help,
            "rule": self.rule,
            "choices": list(self.choices),
            "low": self.low,
            "high": self.high,
            "optional": self.optional,
            "game": self.game,
            "check": self.check,
            "choice_words": {str(c): w for c, w in self.choice_words},
        }


def target_option(rule: str, words: str) -> Option:
    """The target that ends a game instead of its rounds (the tile games' CT-8, RumBugz's RB-8): no
    target by default, a whole number from 1 when set; ``words`` its help, in the game's words."""
    return Option("target", "int", None, words, rule=rule, low=1, optional=True, check=False)


def rounds_option(default: int, rule: str) -> Option:
    """A game of a set number of rounds, unless a target is set (the tile games' CT-8, RumBugz's
    RB-8): the one option both offer alike."""
    return Option(
        "rounds",
        "int",
        default,
        "Rounds in a game (when no target is set)",
        rule=rule,
        low=1,
        high=100,
        check=False,
    )


def resolve(spec: Iterable[Option], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """All options of ``spec`` with defaults filled and ``raw`` validated."""
    spec = tuple(spec)
    by_name = {o.name: o for o in spec}
    raw = dict(raw or {})
    for name in raw:
        if name not in by_name:
            raise OptionError(name, say("opt.unknown"), ", ".join(by_name) or say("opt.none"))
    return {o.name: (o.parse(raw[o.name]) if o.name in raw else o.default) for o in spec}
