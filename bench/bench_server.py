"""The servers a bench measures, started on a free loopback port and waited for: the one ``make run``
starts (``python -m scorekeeper.cli.server``: gunicorn, gevent; :func:`start_server`) or plain
gunicorn with threaded workers (:func:`start_gunicorn`); ``--server`` chooses between them
(:func:`add_server_options`, :func:`start_chosen_server`). One start-up for every bench.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.servers import spawn  # noqa: E402  (the tests' and benches' one server start-up)


def start_gunicorn(
    port: int, db_url: str, workers: int, threads: int, env: dict[str, str] | None = None, wait: float = 30
) -> subprocess.Popen:
    """Plain gunicorn with ``workers`` gthread workers of ``threads`` threads on 127.0.0.1:port,
    once it answers (``wait`` seconds at most); ``env`` on top of this process's environment."""
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
    env = {**os.environ, "DATABASE_URL": db_url, "SCOREKEEPER_SECRET_KEY": "bench", **(env or {})}
    proc = subprocess.Popen(
        [
            gunicorn,
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--worker-class",
            "gthread",
            "--log-level",
            "warning",
            "scorekeeper:create_app()",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    return wait_until_up(proc, port, wait)


def start_server(port: int, db_url: str, workers: int) -> subprocess.Popen:
    """``python -m scorekeeper.cli.server`` on 127.0.0.1:port, as ``make run`` starts it."""
    env = {"DATABASE_URL": db_url, "SCOREKEEPER_SECRET_KEY": "bench"}
    return wait_until_up(spawn(port, env, "--no-access-log", workers=workers, quiet=True), port)


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """``--server``, ``--workers`` and ``--threads``: which server a bench measures."""
    parser.add_argument(
        "--server",
        choices=("table", "gthread"),
        default="table",
        help="table: the server `make run` starts (gunicorn, gevent, a worker per core); "
        "gthread: gunicorn's threaded workers (--workers x --threads)",
    )
    parser.add_argument(
        "--workers", type=int, default=None, help="default: a worker per core (table), 4 (gthread)"
    )
    parser.add_argument("--threads", type=int, default=4)


def start_chosen_server(args: argparse.Namespace, port: int, db_url: str) -> tuple[subprocess.Popen, str]:
    """The server ``args`` name (:func:`add_server_options`), started; with words saying which."""
    if args.server == "table":
        from scorekeeper.cli.server import DEFAULT_WORKERS

        workers = args.workers or DEFAULT_WORKERS
        return start_server(port, db_url, workers), f"the table server (gunicorn, gevent), {workers} workers"
    workers = args.workers or 4
    return (
        start_gunicorn(port, db_url, workers, args.threads),
        f"gunicorn gthread, {workers} workers x {args.threads} threads",
    )


def wait_until_up(proc: subprocess.Popen, port: int, wait: float = 30) -> subprocess.Popen:
    """``proc`` once it answers ``/healthz`` on ``port`` within ``wait`` seconds (stopped, with its
    children, if it never does)."""
    deadline = time.time() + wait
    while time.time() < deadline and proc.poll() is None:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return proc
        except OSError:
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGTERM)
    raise SystemExit("the server did not start")
