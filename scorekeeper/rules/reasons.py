"""The engine's sentences as reasons: a rule id, a message key and its values, English by default.

A :class:`Reason` is a ``str`` (its English sentence), so everything that reads
the engine's answers as text reads it as before; the display renders the same
reason in another language from its key and values (``scorekeeper.display.reasons``).
The English templates are the catalog in :mod:`scorekeeper.rules.messages`.

>>> r = say("cr.set_one_rank", ranks="7, 8")
>>> r, r.rule, r.key, r.values
('CR-1: a set needs one rank; these are 7, 8', 'CR-1', 'cr.set_one_rank', {'ranks': '7, 8'})
>>> say("round.ruled", rule="CR-9", message=say("round.not_a_seat", value="7", last=3)).rule
'CR-9'

A sentence that points at an option (:data:`scorekeeper.rules.messages.OPTIONS`) carries it as data,
not in its words: the option's key and the value that would change the verdict (None: any value).

>>> say("cr.legal_as_run", pegs=3).option, say("cz.no_wild").option
(('kind', 'run'), ('wild', None))
>>> say("pr.also_legal", kind="run", name="run", cards="5 6 7").described()["option_value"]
'run'
>>> pointed_option(say("round.ruled", rule="CR-9", message=say("cr.aces_low")))
('ace_high', True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .messages import MESSAGES, OPTIONS

#: a rule id as RULES.md writes them (KB-3, CT-10, N-1, PG-1)
RULE_ID = re.compile(r"\b[A-Z]{1,2}-\d+\b")


class Reason(str):
    """One engine sentence: ``key`` (of :data:`MESSAGES`), ``values`` (cards, numbers, names, other reasons)."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, values: Mapping[str, Any] | None = None) -> Reason:
        values = dict(values or {})
        self = super().__new__(cls, fill(MESSAGES[key], values, str))
        self.key, self.values = key, values
        return self

    @property
    def template(self) -> str:
        """The English template (the gettext msgid of the ``engine`` domain)."""
        return MESSAGES[self.key]

    @property
    def rule(self) -> str | None:
        """The rule id the sentence names first (a ``rule`` value wins), or None."""
        if "rule" in self.values:
            return str(self.values["rule"])
        found = RULE_ID.search(self.template)
        return found.group() if found else None

    @property
    def option(self) -> tuple[str, Any] | None:
        """The option this sentence points at, as ``(key, value)``: the value that would change the
        verdict, or None where any accepted value may; None for a sentence that points at none."""
        if self.key not in OPTIONS:
            return None
        name, value = OPTIONS[self.key]
        if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
            value = _plain(self.values.get(value[1:-1]))  # the sentence's own value of that name
        return name, value

    def described(self) -> dict[str, Any]:
        """The JSON shape a client renders its own words from: rule, key, values (reasons nested), and
        for a sentence that points at an option its key (``option``) and value (``option_value``)."""
        out = {"rule": self.rule, "key": self.key, "values": {k: _plain(v) for k, v in self.values.items()}}
        if self.option:
            out["option"], value = self.option
            if value is not None:
                out["option_value"] = value
        return out

    def __reduce__(self):  # the solver's answers cross process boundaries
        return (Reason, (self.key, self.values))


def pointed_option(reason: Any) -> tuple[str, Any] | None:
    """The option ``reason`` points at, or else the first one a sentence in it does (a deck's
    reasons in a round's words); None for plain text or a sentence that points at none."""
    if not isinstance(reason, Reason):
        return None
    if reason.option:
        return reason.option
    nested = (
        v
        for value in reason.values.values()
        for v in (value if isinstance(value, (list, tuple)) else [value])
    )
    return next(filter(None, map(pointed_option, nested)), None)


def say(key: str, **values: Any) -> Reason:
    """The reason ``key`` with ``values``."""
    return Reason(key, values)


#: the most characters of a sent value a refusal quotes (its start, then "…")
QUOTED_MAX = 40


class Quoted(str):
    """A value a player or a client sent (or an example of what to type), as a sentence quotes it:
    as a ``str``, its quotation as :func:`quoted` writes it (``'run of 0'``), so the English sentence,
    the command line and the API say it so; ``typed`` is the value as it came, for whoever words the
    sentence to quote it in its own marks (``fill``'s ``quote``: a form in the reader's quotation marks).

    >>> q = Quoted("run of 0")
    >>> q, q.typed, fill("{part} is not a requirement", {"part": q}, str, quote=lambda t: f"<{t}>")
    ("'run of 0'", 'run of 0', '<run of 0> is not a requirement')

    Text longer than :data:`QUOTED_MAX` characters is quoted by its start (a sender's 4,000
    characters were echoed whole, several times in one answer):

    >>> Quoted("x" * 500), len(Quoted("x" * 500).typed), Quoted(10**60)
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'", 40, '100000000000000000000000000000000000000…')

    ``whole``: a text of the engine's own, bounded where it is made (a Step as the engine writes it),
    quoted whole, as its sentence always wrote it.

    >>> len(Quoted("book of 3 + " * 3 + "run of 4", whole=True).typed)
    44
    """

    typed: Any
    whole: bool

    def __new__(cls, typed: Any, whole: bool = False) -> Quoted:
        if isinstance(typed, str) and len(typed) > QUOTED_MAX and not whole:
            typed = typed[: QUOTED_MAX - 1] + "…"
        json_word = typed is None or isinstance(typed, bool)  # a client sent null, true or false
        text = {None: "null", True: "true", False: "false"}[typed] if json_word else repr(typed)
        if not isinstance(typed, str) and len(text) > QUOTED_MAX + 2:  # a number or a list: its start
            text = text[: QUOTED_MAX - 1] + "…"
        self = super().__new__(cls, text)
        self.typed, self.whole = typed, whole
        return self

    def __reduce__(self):  # within a Reason's values, across process boundaries
        return (Quoted, (self.typed, self.whole))


def quoted(value: Any) -> Quoted:
    """A value a player or a client sent, as a refusal quotes it: text and numbers as Python writes
    them (``'R14'``, ``30.5``), and JSON's own ``null``, ``true`` and ``false`` as JSON writes them
    (a client sent those, never Python's ``None`` or ``True``); the value itself stays ``typed``.

    >>> quoted("soon"), quoted(None), quoted(True), quoted(2.5), quoted("soon").typed
    ("'soon'", 'null', 'true', '2.5', 'soon')
    """
    return Quoted(value)


def counted(count: int, one: str, other: str) -> Reason:
    """``count`` things as words: the key ``one`` for 1, ``other`` for any other count (``{count}``)."""
    return say(one if count == 1 else other, count=count)


#: numbers from here up are written in groups of three ("1,000,000"); below it (a year, a score of a
#: hand, a count of tiles) as they are
GROUPED_FROM = 10_000


def fill(template: str, values: Mapping[str, Any], word, number=None, quote=None) -> str:
    """``template`` with each value written by ``word`` (a reason: its sentence; a tuple of sentences
    joined by "; ", a list of words by ", "); a whole number of :data:`GROUPED_FROM` or more by
    ``number`` (English's "1,000,000" unless a language's writer is given); a :class:`Quoted` value
    by ``quote`` (its ``typed`` value in the marks of whoever words it), else as Python quotes it.

    >>> fill("at most {most}, not {n} in {year}", {"most": 1_000_000, "n": 12, "year": 2026}, str)
    'at most 1,000,000, not 12 in 2026'
    """
    writers = (word, number or "{:,}".format, quote)
    return template.format_map({k: _written(v, *writers) for k, v in values.items()})


def _written(value: Any, word, number, quote) -> str:
    if isinstance(value, Reason):
        return word(value)
    if isinstance(value, tuple):  # sentences
        return "; ".join(_written(v, word, number, quote) for v in value)
    if isinstance(value, list):  # words
        return ", ".join(_written(v, word, number, quote) for v in value)
    if isinstance(value, Quoted) and quote is not None:
        return quote(value.typed)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= GROUPED_FROM:
        return number(value)
    return str(value)


def _plain(value: Any) -> Any:
    if isinstance(value, Reason):
        return value.described()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
