"""Configuration defaults; ``instance/config.py`` and the environment override them."""

from __future__ import annotations

import math
import os
import secrets
from pathlib import Path
from typing import ClassVar

from .. import limits


class Defaults:
    SQLALCHEMY_TRACK_MODIFICATIONS = False
    SQLALCHEMY_ENGINE_OPTIONS: ClassVar[dict] = {"pool_pre_ping": True}
    WTF_CSRF_TIME_LIMIT = None  # a game page may stay open for a whole evening
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    MAX_CONTENT_LENGTH = 2 * 1024 * 1024
    JSON_SORT_KEYS = False
    # Where other phones reach the app (a proxy, a tunnel), for every shared link and QR code;
    # empty: the address the page was opened on, a loopback one replaced by the LAN address.
    PUBLIC_URL = os.environ.get("SCOREKEEPER_PUBLIC_URL") or os.environ.get("PUBLIC_URL") or ""
    # Live pages (scorekeeper.live): how often each worker reads the games its followers watch
    # (SQLite; PostgreSQL is woken by NOTIFY and reads every LIVE_POLL_SECONDS x 50 as a safety
    # net), the heartbeat that keeps proxies from closing an idle stream, and a stream's life
    # before the browser reconnects (with Last-Event-ID, so nothing is missed).
    LIVE_POLL_SECONDS = 0.1
    LIVE_HEARTBEAT_SECONDS = 15
    LIVE_STREAM_SECONDS = 600
    # Proxies in front whose X-Forwarded-For/Proto/Host are trusted (0: none, the headers are
    # ignored). Behind a TLS-terminating proxy set 1, so edit cookies are Secure and links https.
    PROXY_HOPS = int(os.environ.get("SCOREKEEPER_PROXY_HOPS") or 0)
    # CPU-heavy work (scorekeeper.limits.pool): worker processes per server process (0: in the request),
    # a job's time limit and the Retry-After of a refusal; live streams per server process
    # (scorekeeper.live), past which a follower's page polls instead; rate limits (scorekeeper.web.throttle)
    POOL_PROCESSES = limits.POOL_PROCESSES
    POOL_TIMEOUT = limits.POOL_TIMEOUT
    POOL_RETRY_AFTER = limits.POOL_RETRY_AFTER
    POOL_QUEUE = limits.POOL_QUEUE
    PDF_WAIT = limits.PDF_WAIT
    # where every server process keeps the PDFs a waiting page waits for (default: instance/print-waiting)
    PRINT_WAITING_DIR = os.environ.get("SCOREKEEPER_PRINT_WAITING_DIR") or ""
    # where the rack photos players chose to keep are stored, for the host (default: instance/kept-photos)
    KEPT_PHOTOS_DIR = os.environ.get("SCOREKEEPER_KEPT_PHOTOS_DIR") or ""
    FOLLOWERS_MAX = limits.FOLLOWERS_MAX
    FOLLOWER_POLL_SECONDS = limits.FOLLOWER_POLL_SECONDS
    RATELIMIT_ENABLED = os.environ.get("SCOREKEEPER_RATE_LIMITS", "on").lower() not in ("off", "0", "no")
    CREATE_RATE = limits.CREATE_RATE
    HEAVY_RATE = limits.HEAVY_RATE


def database_url(instance_path: str) -> str:
    """``DATABASE_URL`` from the environment, else the SQLite file in ``instance/``."""
    url = os.environ.get("DATABASE_URL")
    if url:
        # Hosting services hand out "postgres://" or "postgresql://" URLs; the driver installed
        # (the "postgres" extra) is psycopg 3, which SQLAlchemy before 2.1 would not pick itself.
        for scheme in ("postgres://", "postgresql://"):
            if url.startswith(scheme):
                url = "postgresql+psycopg://" + url[len(scheme) :]
        return url
    return "sqlite:///" + str(Path(instance_path) / "scorekeeper.sqlite3")


def secret_key(instance_path: str) -> str:
    """The secret key from the environment, or one generated once into ``instance/secret_key``."""
    key = os.environ.get("SCOREKEEPER_SECRET_KEY") or os.environ.get("SECRET_KEY")
    if key:
        return key
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as out:
            out.write(secrets.token_hex(32))  # readable by this user alone from the first byte
    return path.read_text().strip()


def positive_number(env, name: str, default: float) -> float:
    """The environment's ``name`` as a number above 0, else ``default``; ValueError naming the variable
    and its value when it is given and is not one (the server's bounds on a slow body or answer:
    ``cli/stalled_bodies.py``, ``cli/stalled_answers.py``).

    >>> positive_number({}, "SCOREKEEPER_X", 20), positive_number({"SCOREKEEPER_X": "2.5"}, "SCOREKEEPER_X", 20)
    (20.0, 2.5)
    >>> positive_number({"SCOREKEEPER_X": "nan"}, "SCOREKEEPER_X", 20)
    Traceback (most recent call last):
    ...
    ValueError: SCOREKEEPER_X='nan': give a number above 0 (the default is 20)
    """
    given = env.get(name) or ""
    try:
        value = float(given) if given else float(default)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{name}={given!r}: give a number above 0 (the default is {default:g})")
    return value


def private_instance(instance_path: str) -> None:
    """The instance folder (database, secret key, certificates) for this user alone: 0700."""
    os.makedirs(instance_path, mode=0o700, exist_ok=True)
    _owner_only(Path(instance_path), 0o700)


def private_database(url: str) -> None:
    """A SQLite database file created 0600 before SQLite opens it (SQLite gives its journal and WAL
    files the database file's mode); an older 0644 one narrowed. Other databases: nothing to do."""
    if not url.startswith("sqlite:///") or ":memory:" in url or "mode=memory" in url:
        return
    path = Path(url[len("sqlite:///") :].split("?", 1)[0])
    if not path.name:
        return
    try:
        os.close(
            os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        )  # an empty file is an empty database
    except FileExistsError:
        _owner_only(path, 0o600)
    except OSError:  # a folder not there (yet): SQLite will say so itself when it opens it
        pass


def _owner_only(path: Path, mode: int) -> None:
    try:
        if path.stat().st_uid == os.getuid() and path.stat().st_mode & 0o777 != mode:
            path.chmod(mode)
    except OSError:
        pass
