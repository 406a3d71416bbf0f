"""Who may change a game: whoever holds its edit secret."""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
from pathlib import Path

from flask import Response, current_app, request
from flask_babel import lazy_gettext
from sqlalchemy import select

from ..services import NotEditor, SecretMissing, get_game, hash_matches, secret_matches
from ..services.games import derived_secret
from ..storage.extensions import db
from ..storage.models import Game
from ..storage.table_models import Table, TableGame
from .cookie_room import GAME_COOKIE_PREFIXES, make_room
from .guards import limit_bodies
from .headers import SecureOnHttps, compiles_webassembly, content_policy, page_policy, strict_transport

#: a year: a game night's editors should not lose their rights mid-season
COOKIE_MAX_AGE = 365 * 24 * 3600
COOKIE_PREFIX = "sk_edit_"
GAME_COOKIE_PREFIXES.add(COOKIE_PREFIX)
#: the secret part of an editor link, as it shows in a request log line
_EDITOR_LINK_SECRET = re.compile(r"(/join/)[^/\s\"?#]+")
#: loggers that write request lines (the development server, gunicorn's access log)
REQUEST_LOGGERS = ("werkzeug", "gunicorn.access")
#: what a page tells a browser without the edit secret, for a game of a table (named) ...
NOT_AN_EDITOR = lazy_gettext(
    "Only the scorekeepers of the table {table} can change this game. Ask one of them for the editor link."
)
#: ... and for a game at no table: only the phones that hold its editor link
NOT_AN_EDITOR_ALONE = lazy_gettext(
    "Only the phones keeping score for this game can change it. Ask the person who started it "
    "for the editor link (its Share page)."
)
#: what the API tells a client that sent no secret, or a wrong one
NO_BEARER = "Changing a game needs its edit secret: send the header 'Authorization: Bearer <edit secret>'."
WRONG_BEARER = "That edit secret does not belong to this game."


def made_secret(held: str, public_id: str) -> str:
    """The edit secret of a new game or table made from a secret a phone holds (the game's a rematch
    was started from; a form's key) and the new id, keyed by the server's own secret key: the server
    can make it again when the phone sends ``held`` again (a second tap), and nobody can make it
    from ``held`` without the server (a rematch's secret is not worked out offline from an old
    editor link)."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return derived_secret(
        base64.urlsafe_b64encode(hmac.new(key, held.encode(), hashlib.sha256).digest()).decode(), public_id
    )


def cookie_name(game: Game) -> str:
    """The per-game cookie holding the edit secret."""
    return COOKIE_PREFIX + game.public_id


def bearer_secret() -> str | None:
    """The secret of this request's ``Authorization: Bearer <secret>`` header, or None.

    The scheme is case-insensitive (RFC 7235); an empty secret counts as none.
    """
    scheme, _, secret = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        return None
    return secret.strip()


def presented_secret(game: Game) -> str | None:
    """The secret this request offers: the Bearer header, else the game's cookie."""
    return presented_secret_for(game.public_id)


def presented_secret_for(public_id: str, *, cookie: bool = True) -> str | None:
    """The secret offered for the game with this public id (before loading the game):
    the Bearer header, else (``cookie``) the game's edit cookie."""
    secret = bearer_secret()
    if secret is None and cookie:
        return request.cookies.get(COOKIE_PREFIX + public_id)
    return secret


def holds_secret_for(public_id: str, secret_hash: str | None) -> bool:
    """Whether this request holds the edit secret of the game at ``public_id``, stored as ``secret_hash``
    (from its ``services.game_stamp``: no need to load the game)."""
    return hash_matches(secret_hash, presented_secret_for(public_id))


def can_edit(game: Game) -> bool:
    """Whether this request holds the game's edit secret."""
    return secret_matches(game, presented_secret(game))


def require_editor(game: Game) -> None:
    """:class:`NotEditor` unless this request holds the game's edit secret."""
    if not can_edit(game):
        table = db.session.scalar(
            select(Table.name)
            .join(TableGame, TableGame.table_id == Table.id)
            .where(TableGame.game_id == game.id)
        )
        raise NotEditor(str(NOT_AN_EDITOR).format(table=table) if table else str(NOT_AN_EDITOR_ALONE))


def editable_game(public_id: str, *, bearer_only: bool = False) -> Game:
    """The game at ``public_id`` for one of its editors (every mutating route starts here).

    GameNotFound when there is none; else NotEditor unless this request holds
    its edit secret. ``bearer_only`` (the API, which is CSRF-exempt): only the
    Bearer header counts, never the browser's cookie, and a request without
    one is told so (SecretMissing).
    """
    game = get_game(public_id)
    if not bearer_only:
        require_editor(game)
        return game
    secret = bearer_secret()
    if secret is None:
        raise SecretMissing(NO_BEARER)
    if not secret_matches(game, secret):
        raise NotEditor(WRONG_BEARER)
    return game


def editor_secret(game: Game) -> str | None:
    """The valid secret held by this browser (to show its editor link), else None."""
    secret = presented_secret(game)
    return secret if secret_matches(game, secret) else None


def remember_editor(response: Response, game: Game, secret: str) -> Response:
    """Give this browser the edit secret of ``game``."""
    return keep_secret(response, cookie_name(game), secret)


def keep_secret(response: Response, name: str, secret: str) -> Response:
    """Give this browser ``secret`` in the cookie ``name``: HttpOnly, SameSite, Secure over https; a
    game's cookie makes room for itself first (:func:`.cookie_room.make_room`)."""
    make_room(response, name)
    response.set_cookie(
        name,
        secret,
        max_age=COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="Lax",
        secure=request.is_secure,
    )
    return response


def forget_editor(response: Response, game: Game) -> Response:
    """Drop this browser's edit cookie for ``game`` (after deleting the game)."""
    response.delete_cookie(cookie_name(game), path="/")
    return response


class HideEditorLinks(logging.Filter):
    """Blanks the secret of editor links (``/games/<id>/join/<secret>``) in request log lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "/join/" in message:
            record.msg, record.args = _EDITOR_LINK_SECRET.sub(r"\1…", message), ()
        return True


#: sent with every answer: no framing by other sites (an editor's buttons cannot be clicked
#: through a page laid over them), no MIME sniffing, no full addresses in Referer to other sites;
#: the Content-Security-Policy (:func:`.headers.content_policy`) is added by :func:`protect`
SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def protect(app) -> None:
    """Security headers on every answer (HSTS on https), a Secure session cookie under https, edit
    secrets kept out of the request logs, bodies past the size limit refused unread, and
    ``PROXY_HOPS`` trusted proxies' ``X-Forwarded-*`` headers (https seen as https)."""
    policies = {wasm: content_policy(Path(app.template_folder), webassembly=wasm) for wasm in (False, True)}
    app.jinja_env.globals["compiles_webassembly"] = compiles_webassembly
    # a PDF opens in the browser's own viewer, which a page's policy (object-src) could block
    pdf_headers = {**SECURITY_HEADERS, "Content-Security-Policy": "frame-ancestors 'none'"}
    app.session_interface = SecureOnHttps()
    hide_editor_links_in_logs()
    limit_bodies(app)
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
        # Behind a TLS-terminating proxy the session cookie (CSRF token, flashes) is https-only too.
        app.config["SESSION_COOKIE_SECURE"] = True

    @app.after_request
    def _security_headers(response: Response) -> Response:
        if response.mimetype == "application/pdf":
            headers = pdf_headers
        else:
            headers = {**SECURITY_HEADERS, "Content-Security-Policy": page_policy(policies)}
        for name, value in headers.items():
            response.headers.setdefault(name, value)
        strict_transport(response)
        return response


def hide_editor_links_in_logs() -> None:
    """Keep edit secrets out of the request logs (once per logger, however many apps are made)."""
    for name in REQUEST_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideEditorLinks) for f in logger.filters):
            logger.addFilter(HideEditorLinks())
