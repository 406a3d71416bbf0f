"""PDFs that were not ready within the request's wait: kept on disk under a random token until fetched.

A PDF that takes longer than ``PDF_WAIT`` seconds goes on in the worker pool (:mod:`scorekeeper.limits.pool`)
and the request answers with a page that waits for it (``views/print_waiting.py``). gunicorn runs
several server processes and the page's next request may reach another one, so the job's state and
its PDF are files in ``instance/print-waiting/`` that every process reads: ``<token>.json`` (pending,
ready or failed, with the job's place and estimate) and ``<token>.pdf``. The token (24 random bytes) is
the only way to the file, as unguessable as a game's address; files are kept ``KEEP_SECONDS`` and at
most ``KEEP_MOST`` of them (the oldest go first).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from pathlib import Path
from typing import Any

FOLDER = "print-waiting"
#: seconds a waiting PDF (ready or not) is kept
KEEP_SECONDS = 15 * 60
#: waiting PDFs kept at most, all server processes together
KEEP_MOST = 64
TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")


def folder(app) -> Path:
    """Where ``app``'s server processes keep waiting PDFs: ``PRINT_WAITING_DIR``, else in ``instance/``."""
    return Path(app.config.get("PRINT_WAITING_DIR") or Path(app.instance_path) / FOLDER)


def keep(where: Path, job, filename: str, runaway: float) -> str:
    """A token for ``job`` (a pool Job, under way): its state written now, its PDF once it is done."""
    from ..limits import pool

    where.mkdir(parents=True, exist_ok=True)
    _expire(where)
    token = secrets.token_urlsafe(24)
    now = time.time()
    state = {
        "state": "pending",
        "filename": filename,
        "created": now,
        "position": pool.position(job),
        "ready_by": now + pool.estimate(job),
        "given_up": now + runaway + 30,  # its server process stopped meanwhile: no answer will come
    }
    _write(where / f"{token}.json", json.dumps(state).encode())
    job.when_started(lambda job: _started(where, token, job))
    job.when_done(lambda job: _finished(where, token, job))
    return token


def state(where: Path, token: str) -> dict[str, Any] | None:
    """What is known of ``token``: its state (``seconds`` left for a pending one), None if unknown or expired."""
    if not TOKEN.fullmatch(token):
        return None
    try:
        known = json.loads((where / f"{token}.json").read_text())
    except (OSError, ValueError):
        return None
    now = time.time()
    if now - known["created"] > KEEP_SECONDS:
        return None
    if known["state"] == "pending":
        if now > known["given_up"]:
            return {**known, "state": "failed", "error": "", "status": 503}
        known["seconds"] = max(1, round(known["ready_by"] - now))
    return known


def pdf(where: Path, token: str) -> bytes | None:
    """The kept PDF of a ready ``token``."""
    try:
        return (where / f"{token}.pdf").read_bytes()
    except OSError:
        return None


def _started(where: Path, token: str, job) -> None:
    from ..limits import pool

    _update(where, token, position=0, ready_by=time.time() + pool.estimate(job))


def _finished(where: Path, token: str, job) -> None:
    """The job's PDF written (its state then says ready), or its error kept as a sentence."""
    from ..limits.pool import Busy

    try:
        _write(where / f"{token}.pdf", job.result())
    except Busy as err:
        _update(where, token, state="failed", error=str(err), status=503)
    except Exception as err:  # the PDF's own error: the page says it; the server's log has the rest
        _update(where, token, state="failed", error=str(err), status=500)
    else:
        _update(where, token, state="ready", position=0)


def _update(where: Path, token: str, **changes: Any) -> None:
    path = where / f"{token}.json"
    try:
        known = json.loads(path.read_text())
    except (OSError, ValueError):
        return  # expired meanwhile
    if known["state"] == "pending":
        _write(path, json.dumps({**known, **changes}).encode())


def _write(path: Path, data: bytes) -> None:
    """Whole or not at all: another process may read it at any moment."""
    part = path.with_name(f".{path.name}.{os.getpid()}")
    part.write_bytes(data)
    os.replace(part, path)


def _expire(where: Path) -> None:
    """Files past KEEP_SECONDS removed, and the oldest past KEEP_MOST waiting PDFs."""
    now = time.time()
    states = sorted(where.glob("*.json"), key=_age_key)
    for index, path in enumerate(states):
        if now - _age_key(path) > KEEP_SECONDS or index < len(states) - KEEP_MOST + 1:
            for gone in (path, path.with_suffix(".pdf")):
                gone.unlink(missing_ok=True)
    for path in where.glob("*.pdf"):  # a PDF finished after its state expired
        if now - _age_key(path) > KEEP_SECONDS:
            path.unlink(missing_ok=True)


def _age_key(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
