"""Template filters and globals: pure functions, registered on the app."""

from __future__ import annotations

from flask import Flask

from .rules import find_variant


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


#: Top navigation: (endpoint, label); an entry shows once its blueprint is registered.
NAV = (("games.index", "Games"), ("checker.index", "Check"), ("printing.index", "Print"),
       ("rules_pages.index", "Rules"))


def register(app: Flask) -> None:
    app.add_template_filter(signed)
    app.add_template_filter(ordinal)
    app.add_template_filter(round_word)

    @app.context_processor
    def navigation():
        return {"nav_items": [(e, label) for e, label in NAV if e in app.view_functions]}
