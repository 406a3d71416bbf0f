"""Home page and health check."""

from __future__ import annotations

from flask import Blueprint, render_template

from .. import services
from ..rules import variants
from ..web.described import variant_name

bp = Blueprint("main", __name__)

#: How many games in progress the home page lists.
HOME_GAMES = 5


@bp.get("/")
def index():
    """The home page: start a game, resume one, check a meld, print a sheet, read the rules."""
    playing = services.list_games(status="in_progress", limit=HOME_GAMES + 1)  # one more: is there more?
    all_variants = variants()
    return render_template(
        "main/index.html",
        variants=all_variants,
        playing=playing[:HOME_GAMES],
        more_playing=len(playing) > HOME_GAMES,
        variant_names={v["slug"]: variant_name(v["name"]) for v in all_variants},
    )


@bp.get("/healthz")
def healthz():
    """A bare endpoint for load balancers and the web benchmark; ``pool``: whether this server
    process's worker pool is warm, how busy, how long its queue (docs/limits.md)."""
    from ..limits import pool

    return {"ok": True, "pool": pool.status()}
