"""A roster player's page (their games at the table across every kind, newest first, and everyone
they played with) and every head-to-head pair of the table, a page at a time."""

from __future__ import annotations

from flask import render_template, request
from flask_babel import gettext

from ..limits import last_page
from ..services import NotFound
from ..services.tables import roster as services
from ..services.tables.player_games import player_games
from ..web.paging import Pages, asked_page
from .pairs import PAIRS_PAGE, opponents
from .stats import table_stats
from .views import bp


@bp.get("/<table_id>/player")
def player(table_id: str):
    """``?name=<roster name>``: the player's games, newest first, and their opponents (404 for a name
    not on the roster)."""
    table = services.get_table(table_id)
    member = services.member_named(table, request.args.get("name", ""))
    if member is None:
        raise PlayerNotFound(gettext("That name is not on this table's roster."))
    games, count = player_games(table, member)
    return render_template(
        "tables/player.html",
        table=table,
        member=member,
        games=games,
        count=count,
        opponents=opponents(table, member),
    )


@bp.get("/<table_id>/pairs")
def pairs(table_id: str):
    """Every pair who sat at a game together, most games together first, ``PAIRS_PAGE`` a page
    (``?page=N``; a page past the last shows the last)."""
    table = services.get_table(table_id)
    every = table_stats(table)["head_to_head"]
    page = min(asked_page(), last_page(len(every), PAIRS_PAGE))
    start = (page - 1) * PAIRS_PAGE
    return render_template(
        "tables/pairs.html",
        table=table,
        pairs=every[start : start + PAIRS_PAGE],
        first=start + 1,
        total=len(every),
        pages=Pages(page, len(every) > start + PAIRS_PAGE),
    )


class PlayerNotFound(NotFound):
    """No such player on the table's roster (404)."""
