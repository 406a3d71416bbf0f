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
key (:func:`scorekeeper.services.games.made_secret`; the server keeps only the key's hash, so it
can make it again only when the phone sends the key) or from a table's secret the phone holds.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from datetime import timedelta
from functools import wraps

from flask import Response, flash, make_response, redirect, request, session
from flask_babel import gettext
from markupsafe import Markup
from sqlalchemy import delete, select

from ..rulebook.book import N_
from ..services.games import derived_secret, hash_matches, made_secret
from ..storage.extensions import commits_held, db
from ..storage.models import Game, KeptAnswer, utcnow
from ..storage.table_models import Table
from . import access, table_access

FIELD = "once"
#: the key a page's form carries (``secrets.token_urlsafe(16)``)
_KEY = re.compile(r"[A-Za-z0-9_-]{22}")
#: how long after the first submit a second one is taken for the same (a double tap, a retry);
#: a page kept open longer and sent again with the same fields starts anew
WINDOW = timedelta(minutes=3)
#: kept answers (the API's too) are deleted after a day
KEEP = timedelta(days=1)
#: the cookies a form's answer may give, by their prefix: the secret's holder and its model
SECRETS = {access.COOKIE_PREFIX: Game, table_access.COOKIE_PREFIX: Table}
SENT_TWICE = N_("Sent twice: this is what the first one started.")


def field() -> Markup:
    """The hidden field of a form that starts something: a new key each time the page is drawn."""
    return Markup('<input type="hidden" name="{}" value="{}">').format(FIELD, secrets.token_urlsafe(16))


def sent_key() -> str | None:
    """The key this submit carries, if it is one of ours."""
    key = request.form.get(FIELD, "")
    return key if _KEY.fullmatch(key) else None


def once_secret() -> Callable[[str], str] | None:
    """What a new game's or table's secret is made from: this submit's key and the new id (so a second
    submit is given it again), or None (no key: a random secret)."""
    key = sent_key()
    return (lambda public_id: made_secret(key, public_id)) if key else None


def taken_once(view: Callable) -> Callable:
    """``view`` (a form's POST that starts something), taken once a key. Its success must be a
    redirect: any other answer is a refusal, and what it wrote is rolled back."""

    @wraps(view)
    def answered(*args, **kwargs):
        key = sent_key() if request.method == "POST" else None
        if key is None:
            return view(*args, **kwargs)
        asked = {
            "key": _digest(key.encode()),
            "operation": f"form {request.path}"[:255],
            "scope": _digest(str(session.get("csrf_token", "")).encode()),
        }
        fingerprint = _fingerprint()
        earlier = _stored(asked)
        if earlier is not None:  # sent before: its answer again, or (later, or other fields) anew
            if earlier.fingerprint == fingerprint and earlier.at >= utcnow() - WINDOW:
                return _again(earlier, key)
            return view(*args, **kwargs)
        try:
            with commits_held():
                response = make_response(view(*args, **kwargs))
            if response.status_code not in (302, 303):  # refused: perhaps for what the other send did
                return _first_send(asked, fingerprint, key) or response
            db.session.execute(delete(KeptAnswer).where(KeptAnswer.at < utcnow() - KEEP))
            given = [c.partition("=")[0] for c in response.headers.getlist("Set-Cookie")]
            db.session.add(
                KeptAnswer(
                    **asked,
                    fingerprint=fingerprint,
                    status=response.status_code,
                    body=b"",
                    headers={"Location": response.location, "secrets": [c for c in given if _holder(c)]},
                )
            )
            db.session.commit()
        except Exception:
            # the same page sent at the same moment: the other send's work stands, and this one's
            # refusal (the database's, a rule's: a newcomer already on the roster) was only that
            if (again := _first_send(asked, fingerprint, key)) is not None:
                return again
            raise
        return response

    return answered


def _first_send(asked: dict, fingerprint: str, key: str) -> Response | None:
    """After this send failed: the answer of the same page's send that got there first, if any."""
    db.session.rollback()
    earlier = _stored(asked)
    if earlier is None or earlier.fingerprint != fingerprint:
        return None
    session.pop("_flashes", None)  # what this send's view said ("started") is not what happened
    return _again(earlier, key)


def _fingerprint() -> str:
    """The submit's fields but for its CSRF token and key, in order."""
    fields = sorted((k, v) for k, v in request.form.items(multi=True) if k not in ("csrf_token", FIELD))
    return _digest(repr(fields).encode())


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _stored(asked: dict) -> KeptAnswer | None:
    """The answer kept for this key, page and browser (a page sent again later, or with other fields,
    is not given it, and its own answer is not kept: one answer a key)."""
    return db.session.scalar(
        select(KeptAnswer).where(
            KeptAnswer.key == asked["key"],
            KeptAnswer.operation == asked["operation"],
            KeptAnswer.scope == asked["scope"],
        )
    )


def _holder(cookie: str):
    """The model and public id a secret's cookie name is for, else None."""
    for prefix, model in SECRETS.items():
        if cookie.startswith(prefix):
            return model, cookie[len(prefix) :]
    return None


def _again(earlier: KeptAnswer, key: str) -> Response:
    """The first submit's redirect again, with the secrets it gave, made again."""
    flash(gettext(SENT_TWICE), "info")
    response = make_response(redirect(earlier.headers["Location"], earlier.status))
    for cookie in earlier.headers.get("secrets", []):
        model, public_id = _holder(cookie) or (None, "")
        holder = db.session.scalar(select(model).where(model.public_id == public_id)) if model else None
        secret = _made_again(holder, key) if holder is not None else None
        if secret is not None:
            access.keep_secret(response, cookie, secret)
    return response


def _made_again(holder: Game | Table, key: str) -> str | None:
    """The secret of ``holder`` made from the form's key, or (a table's game) from the table's secret
    this phone holds; None when neither makes it."""
    made = [made_secret(key, holder.public_id)]
    if isinstance(holder, Game):
        from ..services.tables.roster import table_of

        table = table_of(holder)
        if table is not None and (table_secret := table_access.held_secret(table)) is not None:
            made.append(derived_secret(table_secret, holder.public_id))
    return next((secret for secret in made if hash_matches(holder.secret_hash, secret)), None)
