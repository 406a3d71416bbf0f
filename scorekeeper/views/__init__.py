"""The game pages: one blueprint per feature; ``register_blueprints`` mounts them all."""

from __future__ import annotations

from importlib import import_module

from flask import Flask

# Module names under scorekeeper.views, each exposing ``bp``.
BLUEPRINTS = (
    "main",
    "games",
    "rounds",
    "previews",
    "rules_pages",
    "checker",
    "solver_pages",
    "printing",
    "print_waiting",
    "kept_photos",
)


def register_blueprints(app: Flask) -> None:
    for name in BLUEPRINTS:
        app.register_blueprint(import_module(f"{__name__}.{name}").bp)
