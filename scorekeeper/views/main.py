"""Home page and health check."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..rules import variants

bp = Blueprint("main", __name__)


@bp.get("/")
def index():
    """The home page: start a game, resume one, check a meld, print a sheet."""
    return render_template("main/index.html", variants=variants())


@bp.get("/healthz")
def healthz():
    """A bare endpoint for load balancers and the web benchmark."""
    return {"ok": True}
