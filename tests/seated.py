"""A game open for seats (docs/own-phones.md): made by the services, as the editor's "Open the
seats" makes it, for the tests of the seat pages (tests/browser/test_seat*.py) and of a seat's
form sent twice (tests/web/test_form_once.py)."""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db


def seated_game(app, names, variant: str = "rummikub") -> str:
    """A new ``variant`` game of ``names`` with its seats open; its public id."""
    with app.app_context():
        game, _ = services.create_game(variant, list(names), {})
        open_seats(game)
        db.session.commit()
        return game.public_id
