"""Template filters and globals, registered on the app (the filters themselves: :mod:`scorekeeper.words`)."""

from __future__ import annotations

from flask import Flask

from .display.card_faces import key_labels
from .words import FILTERS

#: Top navigation: (endpoint, label); an entry shows once its blueprint is registered.
NAV = (("games.index", "Games"), ("tables.index", "Tables"), ("checker.index", "Check"),
       ("printing.index", "Print"), ("rules_pages.index", "Rules"))


def register(app: Flask) -> None:
    for name, function in FILTERS.items():
        app.add_template_filter(function, name)
    app.add_template_filter(key_labels)  # a variant's keypad labels, from the one card-face table

    @app.context_processor
    def navigation():
        return {"nav_items": [(e, label) for e, label in NAV if e in app.view_functions]}
