"""Answers kept with the change they answer (``kept_answers``): the API's ``Idempotency-Key``
(``api/idempotency.py``) and a form's key (``web/form_once.py``) share the row, its lookup and the
day it is kept."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select

from .extensions import db
from .models import KeptAnswer, utcnow

#: how long an answer is kept; older ones are deleted whenever an answer is written
KEEP = timedelta(days=1)


def digest(data: bytes) -> str:
    """SHA-256, hex: how a key, a caller and a body are kept."""
    return hashlib.sha256(data).hexdigest()


def kept_answer(asked: dict, within: timedelta | None = None) -> KeptAnswer | None:
    """The answer kept for ``asked`` (its key, operation and scope), written within ``within`` if given."""
    query = select(KeptAnswer).where(
        KeptAnswer.key == asked["key"],
        KeptAnswer.operation == asked["operation"],
        KeptAnswer.scope == asked["scope"],
    )
    if within is not None:
        query = query.where(KeptAnswer.at >= utcnow() - within)
    return db.session.scalar(query)


def keep_answer(asked: dict, fingerprint: str, status: int, body: bytes, headers: dict[str, Any]) -> None:
    """Keep an answer with the change (committed with it by the caller); those past :data:`KEEP` go."""
    db.session.execute(delete(KeptAnswer).where(KeptAnswer.at < utcnow() - KEEP))
    db.session.add(KeptAnswer(**asked, fingerprint=fingerprint, status=status, body=body, headers=headers))
