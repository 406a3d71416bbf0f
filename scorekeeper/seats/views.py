"""The seat's link: opened on a phone, it keeps the seat secret in the phone's cookie for this game
and shows the game (``/games/<id>/seat/<secret>``)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, url_for
from flask_babel import gettext

from ..services import get_game
from ..services.seats import seat_of_secret
from ..web.access import keep_secret

bp = Blueprint("seats", __name__)
#: the cookie holding a phone's seat secret for one game (``seat_<game id>``)
COOKIE_PREFIX = "seat_"


def seat_cookie(public_id: str) -> str:
    """The name of the cookie holding this phone's seat secret for the game ``public_id``."""
    return COOKIE_PREFIX + public_id


@bp.get("/games/<public_id>/seat/<secret>")
def seat_link(public_id: str, secret: str):
    """Keep the seat secret on this phone and show the game; a secret that is no seat's (freed, or
    given to another phone) says so and keeps nothing."""
    game = get_game(public_id)
    seat = seat_of_secret(game, secret)
    response = redirect(url_for("games.show", public_id=game.public_id))
    if seat is None:
        flash(
            gettext(
                "This seat link no longer counts: the game's editor freed the seat or gave it to another phone."
            ),
            "error",
        )
        return response
    flash(gettext("This phone holds %(name)s's seat.", name=game.players[seat.seat].name), "success")
    return keep_secret(response, seat_cookie(game.public_id), secret)
