"""The real production server on a free loopback port, and a client with its own cookies, for tests
that drive it from several threads at once (:mod:`.test_one_change_at_a_time`) or over raw HTTP
(:mod:`.test_request_bodies`).

:func:`running` starts ``python -m scorekeeper.cli.server`` (gunicorn, gevent) on a SQLite file made by
the migrations, as ``make run`` does, and stops it with its workers afterwards.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from http.cookiejar import CookieJar
from pathlib import Path

from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.storage.paths import MIGRATIONS

from ..servers import banner, free_port, spawn, stop
from .game_support import csrf_from


@contextmanager
def running(folder: Path, workers: int = 2):
    """The server's root URL while it runs on a fresh database in ``folder``."""
    with running_server(folder, workers) as (url, _proc):
        yield url


@contextmanager
def running_server(folder: Path, workers: int = 2, env: dict[str, str] | None = None):
    """(root URL, the server's process: gunicorn's master) while it runs on a fresh database in
    ``folder``, with ``env`` on top of the environment."""
    db_url = f"sqlite:///{folder / 'table.sqlite3'}"
    with create_app({"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": db_url}).app_context():
        upgrade(directory=str(MIGRATIONS))
    port = free_port()
    proc = spawn(
        port,
        {"DATABASE_URL": db_url, "SCOREKEEPER_SECRET_KEY": "test", **(env or {})},
        "--no-access-log",
        workers=workers,
    )
    try:
        banner(proc)
        root = f"http://127.0.0.1:{port}"
        answered(root)
        yield root, proc
    finally:
        stop(proc)


def answered(root: str, seconds: float = 60) -> None:
    """Wait until the server answers ``/healthz``. Since 8 December the banner comes once the first
    worker has loaded the app, so this answers at once; it is kept so that a test timing a bound
    from here never starts its clock before the server does (the banner came 3.5 s before the
    worker could answer, up to 7 s on a busy machine), should the banner ever move again."""
    with urllib.request.urlopen(f"{root}/healthz", timeout=seconds) as answer:
        assert answer.status == 200


class Client:
    """One phone (or API script): its own cookies (session, edit secret), redirects followed."""

    def __init__(self, root: str):
        self.root = root
        self.cookies = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def call(
        self,
        method: str,
        path: str,
        body: dict | None = None,
        headers: dict | None = None,
        form: dict | None = None,
    ) -> tuple[int, dict, str]:
        """(status, headers, text) of one request: ``body`` as JSON, or ``form`` url-encoded."""
        data, sent = None, dict(headers or {})
        if body is not None:
            data, sent["Content-Type"] = json.dumps(body).encode(), "application/json"
        elif form is not None:
            data = urllib.parse.urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        request = urllib.request.Request(self.root + path, data=data, headers=sent, method=method)
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, dict(answer.headers), answer.read().decode()
        except urllib.error.HTTPError as err:
            with err:
                return err.code, dict(err.headers), err.read().decode()

    def csrf(self, path: str) -> str:
        """The CSRF token of this client's session, from the page at ``path``."""
        status, _, page = self.call("GET", path)
        assert status == 200, page
        return csrf_from(page)
