"""How numbers are written for players: a score change with its sign, a place as an ordinal."""

from __future__ import annotations

from ..rules import find_variant


def signed(value: int | None) -> str:
    """A score change with its sign: ``+5``, ``-3``, ``0``.

    >>> signed(5), signed(-3), signed(0)
    ('+5', '-3', '0')
    """
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th`` ...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def round_word(slug: str, count: int | None = None) -> str:
    """What the variant ``slug`` calls one deal-and-play (``Variant.round_word``): "hand" or
    "round", plural for a ``count`` other than 1.

    >>> round_word("krazy-bee"), round_word("rummikub", 2), round_word("rumbugz", 1)
    ('hand', 'rounds', 'round')
    """
    word = find_variant(slug).round_word
    return word if count is None or count == 1 else f"{word}s"


#: the template filters every page and printed document can use, by name
FILTERS = {"signed": signed, "ordinal": ordinal, "round_word": round_word}
