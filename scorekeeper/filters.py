"""Template filters and globals: pure functions, registered on the app."""

from __future__ import annotations

from flask import Flask


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


#: Top navigation: (endpoint, label); an entry shows once its blueprint is registered.
NAV = (("games.index", "Games"), ("tables.index", "Tables"), ("checker.index", "Check"),
       ("printing.index", "Print"), ("rules_pages.index", "Rules"))


def register(app: Flask) -> None:
    app.add_template_filter(signed)
    app.add_template_filter(ordinal)

    @app.context_processor
    def navigation():
        return {"nav_items": [(e, label) for e, label in NAV if e in app.view_functions]}
