"""Rate limits across worker processes (issue 36): does "at most 30 a minute" hold with 2 workers?

Migrates a temporary SQLite database, starts gunicorn with ``--workers`` (2) gthread workers of
one thread on a free loopback port, and sends ``--creations`` (60) ``POST /api/v1/games`` from
this one address, ``--clients`` (4) at a time, so both workers answer. Prints how many were
created and refused, the ``Retry-After`` of the refusals, and how many answers that were not
refused carried a ``Retry-After`` (none should). The counts live in the database
(``scorekeeper/web/rate_store.py``); with ``--memory`` they are kept per process as before.

    .venv/bin/python bench/shared_limits.py [--workers 2] [--creations 60] [--memory]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench_server import ROOT, start_gunicorn
from web_bench import free_port

BIN = Path(sys.executable).parent
NEW_GAME = json.dumps({"variant": "rummikub", "players": ["Ann", "Bob"]}).encode()


def create(url: str) -> tuple[int, str | None]:
    ask = urllib.request.Request(url, data=NEW_GAME, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(ask, timeout=60) as answer:
            return answer.status, answer.headers.get("Retry-After")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("Retry-After")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--creations", type=int, default=60)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument(
        "--memory", action="store_true", help="count per process (memory://), as before issue 36"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
            "SCOREKEEPER_SECRET_KEY": "bench",
        }
        if args.memory:
            env["SCOREKEEPER_RATE_STORE"] = "memory://"
        subprocess.run(
            [BIN / "flask", "--app", "scorekeeper:create_app()", "db", "upgrade"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        port = free_port()
        # a loaded machine starts slowly; the rate store as the run asks (env)
        server = start_gunicorn(port, env["DATABASE_URL"], args.workers, 1, env, wait=180)
        try:
            with ThreadPoolExecutor(args.clients) as pool:
                answers = list(pool.map(create, [f"http://127.0.0.1:{port}/api/v1/games"] * args.creations))
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait()
    codes = collections.Counter(status for status, _ in answers)
    print(
        f"{args.workers} workers, {args.creations} creations from one address, counted "
        f"{'per process (memory://)' if args.memory else 'in the database'}"
    )
    print(
        f"  created: {codes.get(201, 0)}, refused 429: {codes.get(429, 0)}, other: "
        f"{sum(n for c, n in codes.items() if c not in (201, 429))}"
    )
    print(f"  Retry-After of the 429s: {sorted({r for s, r in answers if s == 429}) or '-'}")
    print(f"  answers not refused that carried Retry-After: {sum(1 for s, r in answers if s != 429 and r)}")


if __name__ == "__main__":
    main()
