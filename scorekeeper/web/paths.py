"""Numbers in the app's paths: ``<int:n>`` (a hand, a round, a seat, a page) is written in ASCII
digits with no leading zero, one spelling per number. Werkzeug's own reads any Unicode digit and
leading zeros, so ``/rounds/01`` and ``/rounds/`` with an Arabic-Indic or a full-width one
changed hand 1: a client that sent one by mistake got a change it did not name. Now such a path
is no page (404)."""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import IntegerConverter


class WholeNumber(IntegerConverter):
    """``<int:...>`` in ASCII digits, ``0`` or without a leading zero (the pattern alone: ``[0-9]``,
    never ``\\d``, which matches every script's digits)."""

    regex = r"(?:0|[1-9][0-9]*)"


def register(app: Flask) -> None:
    """Before any route is added: a rule reads its converters when it is added."""
    app.url_map.converters["int"] = WholeNumber
