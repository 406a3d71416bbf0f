"""Answers kept with the change they answer (``kept_answers``): the API's ``Idempotency-Key``
(``api/idempotency.py``) and a form's key (``web/form_once.py``) share the row, its lookup and the
day it is kept."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

from sqlalchemy import bindparam, delete, select

from .extensions import db
from .models import KeptAnswer, utcnow

#: how long an answer is kept; older ones are deleted whenever an answer is written
KEEP = timedelta(days=1)


def digest(data: bytes) -> str:
    """SHA-256, hex: how a key, a caller and a body are kept."""
    return hashlib.sha256(data).hexdigest()


#: the lookup, built once (its values bound at each call): building the statement and its cache key
#: was most of the lookup's CPU, which every change sent with a key pays once or twice
_ASKED = select(KeptAnswer).where(
    KeptAnswer.key == bindparam("key"),
    KeptAnswer.operation == bindparam("operation"),
    KeptAnswer.scope == bindparam("scope"),
)
_ASKED_SINCE = _ASKED.where(KeptAnswer.at >= bindparam("since"))


def kept_answer(asked: dict, within: timedelta | None = None) -> KeptAnswer | None:
    """The answer kept for ``asked`` (its key, operation and scope), written within ``within`` if given."""
    values = {name: asked[name] for name in ("key", "operation", "scope")}
    if within is None:
        return db.session.scalar(_ASKED, values)
    return db.session.scalar(_ASKED_SINCE, {**values, "since": utcnow() - within})


def keep_answer(asked: dict, fingerprint: str, status: int, body: bytes, headers: dict[str, Any]) -> None:
    """Keep an answer with the change (committed with it by the caller); those past :data:`KEEP` go."""
    db.session.execute(delete(KeptAnswer).where(KeptAnswer.at < utcnow() - KEEP))
    db.session.add(KeptAnswer(**asked, fingerprint=fingerprint, status=status, body=body, headers=headers))
