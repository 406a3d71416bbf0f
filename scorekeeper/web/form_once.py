"""A form that starts something (a game, a table, a club evening) is taken once: a second submit of
the same page (a double tap, a retry on a slow network, a browser sending it again) goes where the
first one went, with the same edit secret, instead of starting a second one.

Each such form carries a key of its own (``once``, made when the page is drawn: :func:`field`).
The first submit's answer (its redirect and the names of the secrets it gave) is kept in
``kept_answers`` in the same transaction as what it started (the view's commits are held as flushes
until then), under the key's hash, the page's address and the browser's session: so after a crash
both are kept or neither, and of two submits at the same moment the second to commit finds the
first's answer, its own work rolled back with it (as when its own work was refused for what the
first did: a newcomer already on the roster, a house game's name taken). A later submit of the same page with the same
fields, within :data:`WINDOW`, is given that answer again. A secret it gave is made again from the
key (:func:`scorekeeper.web.access.made_secret`; the server keeps only the key's hash, so it
can make it again only when the phone sends the key) or from a table's secret the phone holds.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable
from datetime import timedelta
from functools import wraps

from flask import Response, flash, make_response, redirect, request, session
from flask_babel import gettext
from markupsafe import Markup
from sqlalchemy import select

from ..rulebook.book import N_
from ..services.games import derived_secret, hash_matches
from ..services.rematches import secret_made
from ..storage.extensions import commits_held, db
from ..storage.kept_answers import digest, keep_answer, kept_answer
from ..storage.models import Game, KeptAnswer, utcnow
from ..storage.table_models import Table
from . import access, table_access
from .access import made_secret

log = logging.getLogger(__name__)
FIELD = "once"
#: the key a page's form carries (``secrets.token_urlsafe(16)``)
_KEY = re.compile(r"[A-Za-z0-9_-]{22}")
#: how long after the first submit a second one is taken for the same (a double tap, a retry);
#: a page kept open longer and sent again with the same fields starts anew
WINDOW = timedelta(minutes=3)
#: the secrets a form's answer may give, by their cookie's prefix: how one is made again from the
#: form's key and the browser (the cookie's suffix and :func:`_held` -> the secret, or None when it
#: no longer counts); a
#: feature adds its own (the seats: ``seats/feature.py``)
REMADE: dict[str, Callable[[str, str], str | None]] = {}
#: the header of a send that is taken once its own way (the API's, the phone's queue of hands)
QUEUED = "Idempotency-Key"
SENT_TWICE = N_("Sent twice: this is what the first one started.")


def field() -> Markup:
    """The hidden field of a form that starts something: a new key each time the page is drawn (a
    live page's script keeps what was typed in a form drawn again with another key: ``live.js``)."""
    return Markup('<input type="hidden" name="{}" value="{}">').format(FIELD, secrets.token_urlsafe(16))


def sent_key() -> str | None:
    """The key this submit carries, if it is one of ours."""
    key = request.form.get(FIELD, "")
    return key if _KEY.fullmatch(key) else None


def once_secret(prefix: str) -> Callable[[str], str] | None:
    """What the secret a form's answer gives in the cookie ``prefix + id`` is made from: this send's
    key, this browser's session and the cookie's name (so a second send of the page from the same
    browser is given it again, and nobody else, even with the key), or None (no key: the caller
    makes a random secret)."""
    key = sent_key()
    return (lambda suffix: made_secret(_held(key), prefix + suffix)) if key else None


def _held(key: str) -> str:
    """What a secret is made from: the form's key with this browser's session (its scope)."""
    return f"{key}\0{_scope()}"


def _scope() -> str:
    """This browser: a hash of its session's CSRF token (the form was checked against it)."""
    return digest(str(session.get("csrf_token", "")).encode())


def taken_once(view: Callable) -> Callable:
    """``view`` (a form's POST that starts or changes something), taken once a key. Its success is a
    redirect that flashes no error: any other answer is a refusal, not kept (and with a non-redirect
    answer what it wrote is rolled back)."""

    @wraps(view)
    def answered(*args, **kwargs):
        # (a hand from the phone's queue carries its own key, the header: scorekeeper/offline)
        key = _form_key()
        if key is None:
            return view(*args, **kwargs)
        asked = _asked(key)
        fingerprint = _fingerprint()
        earlier = _stored(asked)
        if (
            earlier is not None
        ):  # sent before: its answer again, or (later, other fields, the game moved) anew
            if _given_again(earlier, fingerprint):
                return _again(earlier, key)
            return view(*args, **kwargs)
        said = len(session.get("_flashes", []))
        try:
            with commits_held():
                response = make_response(view(*args, **kwargs))
            if response.status_code not in (302, 303) or _refused(
                said
            ):  # perhaps for what the other send did
                return _first_send(asked, fingerprint, key, said) or response
            _keep(asked, fingerprint, response)
            db.session.commit()
        except Exception as err:
            # the same page sent at the same moment: the other send's work stands, and this one's
            # refusal (the database's, a rule's: a newcomer already on the roster) was only that
            if (again := _first_send(asked, fingerprint, key, said)) is not None:
                log.info("a form sent twice at once: the first send's answer given for %r", err)
                return again
            raise
        return response

    return answered


def _refused(said: int) -> bool:
    """Whether the view flashed an error (a refusal answered with a redirect: the game is over, the
    hand was recorded ...): such an answer is not kept."""
    return any(category == "error" for category, _ in session.get("_flashes", [])[said:])


def _keep(asked: dict, fingerprint: str, response: Response) -> None:
    """The first send's answer, kept with what it did (committed with it)."""
    given = [c.partition("=")[0] for c in response.headers.getlist("Set-Cookie")]
    headers = {"Location": response.location, "secrets": [c for c in given if _prefix(c)], "state": _state()}
    keep_answer(asked, fingerprint, response.status_code, b"", headers)


def _state() -> int | None:
    """What the first send left, for a form of a game: the game's version (a later send is given the
    first's answer only while the game stands as it left it: a correction sent again from an older
    page after another one is a change, not a second tap)."""
    public_id = (request.view_args or {}).get("public_id")
    if not public_id:
        return None
    return db.session.scalar(select(Game.version).where(Game.public_id == public_id))


def _still(earlier: KeptAnswer, fingerprint: str) -> bool:
    """Whether this send is the earlier one again: the same fields, and the game as it left it."""
    return earlier.fingerprint == fingerprint and earlier.headers.get("state") == _state()


def _first_send(asked: dict, fingerprint: str, key: str, said: int) -> Response | None:
    """After this send failed or was refused: the answer of the same page's send that got there
    first (at the same moment), if any."""
    db.session.rollback()
    earlier = _stored(asked)
    if earlier is None or not _still(earlier, fingerprint):
        return None
    flashes = session.get("_flashes", [])
    if len(flashes) > said:  # what this send's view said ("started", "not kept") is not what happened
        session["_flashes"] = flashes[:said]
    return _again(earlier, key)


def _fingerprint() -> str:
    """The submit's fields but for its CSRF token and key, in their order."""
    fields = [(k, v) for k, v in request.form.items(multi=True) if k not in ("csrf_token", FIELD)]
    return digest(repr(fields).encode())


def _form_key() -> str | None:
    """The key of a form's POST taken once (a hand from the phone's queue carries its own, the header)."""
    return sent_key() if request.method == "POST" and QUEUED not in request.headers else None


def _asked(key: str) -> dict:
    """What a kept answer is found by: the key's hash, the page and the browser."""
    return {"key": digest(key.encode()), "operation": f"form {request.path}"[:255], "scope": _scope()}


def _given_again(earlier: KeptAnswer, fingerprint: str) -> bool:
    """Whether this send is answered with the earlier one's answer: the same, within the window."""
    return _still(earlier, fingerprint) and earlier.at >= utcnow() - WINDOW


def replayed() -> bool:
    """Whether this POST is a form sent again that its kept answer answers (nothing is started), so
    the rate budgets do not count it (``web/throttle.py``)."""
    key = _form_key()
    if key is None:
        return False
    earlier = _stored(_asked(key))
    return earlier is not None and _given_again(earlier, _fingerprint())


def _stored(asked: dict) -> KeptAnswer | None:
    """The answer kept for this key, page and browser (a page sent again later, or with other fields,
    is not given it, and its own answer is not kept: one answer a key)."""
    return kept_answer(asked)


def _prefix(cookie: str) -> str | None:
    """The prefix of :data:`REMADE` a cookie's name starts with, if any."""
    return next((prefix for prefix in REMADE if cookie.startswith(prefix)), None)


def _again(earlier: KeptAnswer, key: str) -> Response:
    """The first submit's redirect again, with the secrets it gave, made again."""
    flash(gettext(SENT_TWICE), "info")
    response = make_response(redirect(earlier.headers["Location"], earlier.status))
    for cookie in earlier.headers.get("secrets", []):
        prefix = _prefix(cookie)
        secret = REMADE[prefix](cookie[len(prefix) :], _held(key)) if prefix else None
        if secret is not None:
            access.keep_secret(response, cookie, secret)
    return response


def _game_secret(public_id: str, held: str) -> str | None:
    """A game's secret made from the form's key, or (a table's game) from the table's secret this
    phone holds."""
    game = db.session.scalar(select(Game).where(Game.public_id == public_id))
    if game is None:
        return None
    makers = [lambda suffix: made_secret(held, access.COOKIE_PREFIX + suffix)]
    from ..services.tables.roster import table_of

    table = table_of(game)
    if table is not None and (table_secret := table_access.held_secret(table)) is not None:
        makers.append(lambda suffix: derived_secret(table_secret, suffix))
    return secret_made(game, makers)


def _table_secret(public_id: str, held: str) -> str | None:
    table = db.session.scalar(select(Table).where(Table.public_id == public_id))
    made = made_secret(held, table_access.COOKIE_PREFIX + public_id)
    return made if table is not None and hash_matches(table.secret_hash, made) else None


REMADE.update({access.COOKIE_PREFIX: _game_secret, table_access.COOKIE_PREFIX: _table_secret})
