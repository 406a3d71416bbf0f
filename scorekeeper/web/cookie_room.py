"""Room in a browser's Cookie header for one more game's cookie (docs/limits.md, "Cookies").

A browser keeps a cookie for each game it edits (``sk_edit_<id>``, :mod:`.access`) and each seat it
takes (``seat_<id>``, the seats feature), for a year. A phone that kept score for about 150 games
sent a Cookie header past the 8,190 bytes gunicorn reads of a header (nginx reads 8 KiB), and every
request of it, the home page included, was refused 431 until its owner cleared the site's cookies.
So a browser holds at most :data:`~scorekeeper.limits.GAME_COOKIES_MAX` of them: giving it one more
drops, in the same answer, the cookies of games that are gone, then of those changed longest ago.
The game's editor link (its Share page) gives the rights back to a phone that still wants them.
"""

from __future__ import annotations

import re
from datetime import datetime

from flask import Response, request
from sqlalchemy import select

from ..limits import GAME_COOKIES_MAX, PUBLIC_ID_PATTERN
from ..storage.extensions import db
from ..storage.models import Game

#: the prefixes of cookies kept one a game, followed by the game's public id: ``sk_edit_`` (added by
#: :mod:`.access`) and each feature's own (the seats' ``seat_``, added when the feature is installed)
GAME_COOKIE_PREFIXES: set[str] = set()
_PUBLIC_ID = re.compile(PUBLIC_ID_PATTERN)


def _game_of(name: str) -> str | None:
    """The public id a game cookie's ``name`` is for; None for any other cookie."""
    for prefix in GAME_COOKIE_PREFIXES:
        if name.startswith(prefix) and _PUBLIC_ID.fullmatch(name[len(prefix) :]):
            return name[len(prefix) :]
    return None


def make_room(response: Response, adding: str) -> None:
    """Before the cookie ``adding`` is given: when it is a game's and this browser already holds
    :data:`GAME_COOKIES_MAX` game cookies, ``response`` drops as many as must go, those of games that
    are gone first, then of those whose last change is oldest (one query, only when the room is full)."""
    if _game_of(adding) is None:
        return
    held = {name: game for name in request.cookies if name != adding and (game := _game_of(name))}
    over = len(held) + 1 - GAME_COOKIES_MAX
    if over <= 0:
        return
    changed = dict(
        db.session.execute(
            select(Game.public_id, Game.updated_at).where(Game.public_id.in_(set(held.values())))
        ).all()
    )
    gone_then_oldest = sorted(
        held, key=lambda name: (held[name] in changed, changed.get(held[name]) or datetime.min, name)
    )
    for name in gone_then_oldest[:over]:
        response.delete_cookie(name, path="/")
