"""A roster player's page: their games at the table across every kind, newest first."""

from __future__ import annotations

from flask import render_template, request
from flask_babel import gettext

from ..services import NotFound
from ..services.tables import roster as services
from ..services.tables.player_games import player_games
from .views import bp


@bp.get("/<table_id>/player")
def player(table_id: str):
    """``?name=<roster name>``: the player's games, newest first (404 for a name not on the roster)."""
    table = services.get_table(table_id)
    member = services.member_named(table, request.args.get("name", ""))
    if member is None:
        raise PlayerNotFound(gettext("That name is not on this table's roster."))
    games, count = player_games(table, member)
    return render_template("tables/player.html", table=table, member=member, games=games, count=count)


class PlayerNotFound(NotFound):
    """No such player on the table's roster (404)."""
