"""Live pages: a change reaches every phone following a game (or the games list) within a second.

A following page includes ``live/_follow.html`` and renders its content alone for ``?fragment=live``
(:func:`layout`), which ``static/js/live.js`` fetches after each change and swaps in.
"""

from __future__ import annotations

from flask import Flask, request

from .fragments import FRAGMENT
from .versions import game_token, list_token


def init_app(app: Flask) -> None:
    """Mount the event streams and let every change to a game signal its followers."""
    from .signals import install_writer_hooks
    from .stream import bp

    app.register_blueprint(bp)
    install_writer_hooks()


def fragment_requested() -> bool:
    """Whether this request asks for the page's live content only (no head, no top bar)."""
    return request.args.get("fragment") == FRAGMENT


def layout(fragment: bool) -> str:
    """The template a following page extends: the whole page, or its content alone."""
    return "live/fragment.html" if fragment else "base.html"


def game_version(stamp) -> str:
    """The live version of a game from its change stamp (``services.game_stamp``)."""
    return game_token(stamp.updated_at, stamp.status)


__all__ = ["FRAGMENT", "fragment_requested", "game_version", "init_app", "layout", "list_token"]
