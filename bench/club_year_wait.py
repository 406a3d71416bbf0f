"""How long the others wait while a club's year is read: the server ``make run`` starts, with ONE
gevent worker (nothing else answers meanwhile), on the year's database (``club_year.py --keep``).
For each read, one client opens it back to back for ``--seconds`` while another asks ``/healthz``
every 20 ms; prints the reader's median answer time, the longest and the 95th-percentile
``/healthz`` wait. "season, each read new" varies the attendance bonus and the best evenings,
so that no read finds the league table kept (the cost after every change of an evening);
"statistics page, each read new" bumps the club's last change before each read (as a hand does).
Each read is opened once first (templates compiled, the kept ones kept).

Usage: ``python bench/club_year_wait.py PATH [--seconds 8] [--port 52791]``
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import os
import signal
import sqlite3
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_server import start_server


def get(port: int, path: str) -> float:
    """ms to answer ``path`` (its body read)."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", path)
    conn.getresponse().read()
    conn.close()
    return (time.perf_counter() - start) * 1000


def run(port: int, paths, seconds: float) -> tuple[float, float, float, int]:
    """(reader's median ms, longest and p95 /healthz ms, reads) while ``paths`` are read back to back."""
    stop = time.time() + seconds
    reads: list[float] = []
    waits: list[float] = []

    def reader():
        for path in paths:
            if time.time() > stop:
                return
            if callable(path):
                path = path()  # a change first, then the path to read
            reads.append(get(port, path))

    thread = threading.Thread(target=reader)
    thread.start()
    while time.time() < stop:
        waits.append(get(port, "/healthz"))
        time.sleep(0.02)
    thread.join()
    waits.sort()
    return statistics.median(reads), waits[-1], waits[int(len(waits) * 0.95)], len(reads)


def touched(path: str, club: str) -> str:
    """The club's last change bumped (as a recorded hand does), so its statistics are summed anew."""
    with sqlite3.connect(path) as db:
        db.execute(
            "update tables set updated_at = strftime('%Y-%m-%d %H:%M:%f', 'now') where public_id = ?", (club,)
        )
    return f"/tables/{club}/stats"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", help="the year's SQLite file (club_year.py --keep PATH)")
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--port", type=int, default=52791)
    args = parser.parse_args()
    club = (
        sqlite3.connect(args.path)
        .execute("select public_id from tables where name = 'Year club'")
        .fetchone()[0]
    )
    new = (
        f"/tables/{club}/season?bonus={b}&best={n}" for n, b in itertools.product(range(1, 101), range(101))
    )
    reads = [
        ("season page, kept", itertools.repeat(f"/tables/{club}/season")),
        ("season API, kept", itertools.repeat(f"/api/v1/tables/{club}/season")),
        ("season page, each read new", new),
        ("statistics page, kept", itertools.repeat(f"/tables/{club}/stats")),
        ("statistics page, each read new", itertools.repeat(lambda: touched(args.path, club))),
    ]
    server = start_server(args.port, f"sqlite:///{Path(args.path).resolve()}", workers=1)
    try:
        for path in (f"/tables/{club}/season", f"/api/v1/tables/{club}/season", f"/tables/{club}/stats"):
            get(args.port, path)  # the templates compiled, the kept reads kept
        print(f"load {os.getloadavg()[0]:.2f}; one gevent worker")
        print(f"{'read':30} {'reads':>6} {'read ms':>8} {'healthz max':>12} {'p95':>6}")
        for what, paths in reads:
            median, longest, p95, count = run(args.port, paths, args.seconds)
            print(f"{what:30} {count:6} {median:8.1f} {longest:12.1f} {p95:6.1f}")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
