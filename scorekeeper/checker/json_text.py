"""JSON sent to the app, read one way wherever it comes from: an API request's body
(:mod:`scorekeeper.api.bodies`), the hand form's preview, a BG Stats backup picked on a page, a
kept photo's tiles and a line of ``scorekeeper check --batch``. Strict: UTF-8 only, each key once,
JSON's own numbers (see :func:`parsed`)."""

from __future__ import annotations

import codecs
import json
import math
import re
from typing import Any

from ..rules import RoundError
from .checking import InputError


def parsed(raw: bytes, what: str = "the request body", one_line: bool = False) -> Any:
    """``raw`` parsed as strict JSON: the one reading of JSON sent to the app (``what``: the words
    naming it in a refusal; ``one_line``: it is one line of several, so where it stops is a column
    alone); InputError when it is not JSON as RFC 8259 has it, RoundError (422) for a text holding
    half a character.

    Strict: ``NaN``, ``Infinity`` and numbers too large for a float (``1e400``)
    are not JSON (RFC 8259), and strict parsers (browsers, jq) would refuse an
    answer that echoed them, so they are refused here. An object naming one key
    twice (``{"winner": 0, "winner": 1}``) is refused too: RFC 8259 leaves which
    one counts to each reader (Python took the last, others the first), so a
    proxy or a log could read another change than the one made.

    >>> parsed(b'{"a": 1}')
    {'a': 1}
    >>> parsed(b'{"a": 1, "a": 2}', "the line")
    Traceback (most recent call last):
    ...
    scorekeeper.checker.checking.InputError: the line gives the key "a" twice in one object; give each key once
    """
    if not raw.strip():
        raise InputError(f"{what} is empty; send a JSON object")
    text = _utf8_text(raw, what)
    try:
        value = json.loads(
            text,
            parse_constant=_not_json,
            parse_float=_finite,
            parse_int=_whole,
            object_pairs_hook=_once_each,
        )
    except _TwiceGiven as err:  # which of the two counts is a guess each reader makes its own way
        raise InputError(f"{what} gives the key {err} twice in one object; give each key once") from None
    except json.JSONDecodeError as err:  # Python's wording aside: where it stopped reading
        at = f"column {err.colno}" if one_line else f"line {err.lineno}, column {err.colno}"
        raise InputError(f"{what} is not valid JSON (at {at})") from None
    except RecursionError:
        raise InputError(f"{what} is nested too deeply to be read") from None
    except ValueError as err:  # ours: a number JSON does not have
        raise InputError(f"{what} is not valid JSON ({err})") from None
    if _LONE_ESCAPE.search(raw):  # only an escape (\\ud800) makes half a character: then look for one
        where = _broken_text(value)
        if where is not None:  # a value no text may hold: a 422, as a name holding one always was
            raise RoundError([(where, _BROKEN)])
    return value


#: the byte-order marks of UTF-32 and UTF-16 (UTF-32's first: its little-endian one begins as UTF-16's)
_WIDE_MARKS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def _utf8_text(raw: bytes, what: str = "the request body") -> str:
    """``raw`` read as UTF-8, the only encoding of JSON exchanged between systems (RFC 8259, 8.1); a
    UTF-8 byte-order mark is ignored, as the RFC allows. UTF-16 and UTF-32, which Python's ``json``
    would have detected and read, are refused by name: a byte-order mark of theirs, or a zero byte
    among the first four (JSON begins with an ASCII character, which they write with zero bytes:
    RFC 4627, 3); any other byte that is not UTF-8 is refused naming it.

    >>> _utf8_text(codecs.BOM_UTF8 + '{"a": "é"}'.encode())
    '{"a": "é"}'
    >>> _utf8_text('{"a": 1}'.encode("utf-16-le"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.checker.checking.InputError: the request body is UTF-16 or UTF-32 text; JSON is sent as UTF-8 ...
    """
    if raw.startswith(_WIDE_MARKS) or b"\0" in raw[:4]:
        raise InputError(
            f"{what} is UTF-16 or UTF-32 text; JSON is sent as UTF-8 (RFC 8259, 8.1): send it as UTF-8"
        )
    skipped = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0
    try:
        return raw[skipped:].decode("utf-8")
    except UnicodeDecodeError as err:  # Python's codec words aside: which byte
        raise InputError(
            f"{what} is not UTF-8 text (byte {skipped + err.start + 1:,} cannot be read); send it as UTF-8"
        ) from None


#: a JSON escape of half a UTF-16 surrogate pair (\\uD800 .. \\uDFFF), the only way JSON text holds one
_LONE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
#: what a text holding half a surrogate pair is told
_BROKEN = "a broken character (a lone surrogate: \\uD800 to \\uDFFF without its other half)"
#: the most digits of a whole number Python reads (sys.get_int_max_str_digits())
_DIGITS_MAX = 4300


def _broken_text(value: Any) -> str | None:
    """Where ``value`` holds a text (a key or a value) with half a surrogate pair, which no page,
    database or UTF-8 encoder takes (``players.1.name``; ``""`` the body itself), or None."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                place = f"{where}.{key}" if where else str(key)
                if _broken(key):
                    return where or "a key"
                stack.append((place, child))
        elif isinstance(item, list):
            stack.extend((f"{where}.{n}" if where else str(n), child) for n, child in enumerate(item))
        elif isinstance(item, str) and _broken(item):
            return where
    return None


def _broken(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


class _TwiceGiven(ValueError):
    """An object of the body names one key twice (the key, as JSON text)."""


def _once_each(pairs: list[tuple[str, Any]]) -> dict:
    """A JSON object's pairs as a dict; :class:`_TwiceGiven` when a key comes twice."""
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise _TwiceGiven(json.dumps(twice)[:60])
    return value


def _whole(text: str) -> int:
    """A JSON whole number, refused in our words past the digits Python reads (not its own message)."""
    if len(text) - text.startswith("-") > _DIGITS_MAX:
        raise ValueError(f"a number of {len(text.lstrip('-')):,} digits; at most {_DIGITS_MAX:,}")
    return int(text)


def _not_json(token: str):
    raise ValueError(f"{token} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if math.isinf(number):
        raise ValueError(f"{text} is too large a number")
    return number
