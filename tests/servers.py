"""The production server as ``make run`` starts it (``python -m scorekeeper.cli.server``: gunicorn,
gevent), in a process group of its own on a free loopback port: one way to start it and stop it for
the tests and the benches alike.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BANNER_END = "make run HOST=0.0.0.0"  # the banner's last line: the server listens


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(env: dict[str, str | None]) -> dict[str, str]:
    """This process's environment with ``env`` on top (a ``None`` value takes that variable away)."""
    return {k: v for k, v in {**os.environ, **env}.items() if v is not None}


def spawn(
    port: int,
    env: dict[str, str | None],
    *args: str,
    workers: int = 1,
    quiet: bool = False,
    terminal: int | None = None,
    migrate: bool = True,
) -> subprocess.Popen:
    """The server on 127.0.0.1:``port``, with ``env`` as :func:`environment` puts it.

    Its output is a text pipe to read the banner from (:func:`banner`), thrown away if ``quiet``,
    or a ``terminal`` (a pty's file descriptor) that is its input and output alike. Its database is
    first brought up to date as ``make run`` does (``make db``), unless ``migrate`` is false (the
    server then refuses a database the migrations have not reached).
    """
    if migrate:
        migrated_for(env)
    argv = [sys.executable, "-m", "scorekeeper.cli.server", "--host", "127.0.0.1", "--port", str(port)]
    argv += ["--workers", str(workers), *args]
    out = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT}
    if quiet:
        out = {"stdout": subprocess.DEVNULL}
    elif terminal is not None:
        out = {"stdin": terminal, "stdout": terminal, "stderr": terminal, "text": False}
    return subprocess.Popen(
        argv, cwd=ROOT, env=environment(env), start_new_session=True, **{"text": True, **out}
    )


def migrated_for(env: dict[str, str | None]) -> None:
    """``make db`` for the SQLite file ``env`` names, when the migrations have not reached it."""
    from scorekeeper.storage import revisions

    url = env.get("DATABASE_URL")
    if url and revisions.behind(url, ROOT / "instance"):
        script = ROOT / "scripts" / "db_upgrade.py"
        subprocess.run(
            [sys.executable, str(script)], cwd=ROOT, env=environment(env), check=True, capture_output=True
        )


def banner(proc: subprocess.Popen, ends: Iterable[str] = (BANNER_END,)) -> str:
    """What the server printed up to the line that says it listens (raises if it quit first)."""
    seen = ""
    for line in proc.stdout:
        seen += line
        if any(end in line for end in ends):
            return seen
    raise AssertionError(f"the server quit before it listened:\n{seen}")


def stop(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> str:
    """Stop the server and its workers with ``sig``; what it printed after its banner."""
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
    rest = proc.communicate(timeout=30)[0]
    return rest or ""
