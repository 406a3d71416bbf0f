"""Stall benchmark (issue 17): does one kind of request freeze the server for everyone else?

Starts the server ``make run`` starts (gunicorn, gevent workers; 2 by default) on a
free loopback port over a temporary SQLite database holding a 2,000-hand game and a
small game a follower watches. Then, for ``--seconds`` each:

1. quiet: ``/healthz`` and the follower's game page, one request every ~50 ms;
2. loaded: the same, while ``--clients`` clients (8) hammer the best-play finder (a
   28-tile runny-tiles rack, ``time_limit`` 5), the whole-turn checker, the import of
   the 2,000-hand game and that game's PDF score sheet, round-robin.

It prints the median and p95 of both, with and without the load, and what the
hammering clients were answered (200, 503 when the worker pool was full ...).
3. followers: ``--followers`` (2,000) idle followers open the game's live stream
   (each its own connection); it counts those that got a stream and those told to
   poll every 15 s (past ``FOLLOWERS_MAX`` a worker), then times ``GET /`` and
   ``/healthz`` with all of them connected.
Target: ``/healthz`` and the follower's page under 100 ms p95 with the load.
The rate limits are off for this run (``SCOREKEEPER_RATE_LIMITS=off``): every
client is on one loopback address, so they would otherwise answer 429 almost at
once, and the point is the worker pool.

    .venv/bin/python bench/stall_bench.py [--seconds 20] [--clients 8] [--workers 2]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_server import start_server  # noqa: E402
from web_bench import free_port  # noqa: E402

HANDS = 2000
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
RACKS = ("R5 B7", "K12", "O3 O4 J", "B1")
SOLVE = {
    "variant": "runny-tiles",
    "options": {"time_limit": 5},
    "rack": " ".join([f"R{i}" for i in range(1, 14)] + [f"B{i}" for i in range(1, 14)] + ["K1", "K2"]),
}
TURN = {
    "variant": "rummikub",
    "before": "R5 R6 R7",
    "rack": "R8 B2 B3 K4 O9 O10",
    "after": "R5 R6 R7 R8 B2 O9 O10",
}


def hand(n: int) -> dict:
    winner = n % 4
    return {
        "winner": winner,
        "players": [{"rack": "" if s == winner else RACKS[(s + n) % 4]} for s in range(4)],
    }


def seed(db_url: str) -> tuple[str, str]:
    """Migrate an empty database; add the 2,000-hand game (imported: scored once) and the followed game."""
    os.environ["DATABASE_URL"] = db_url
    from flask_migrate import upgrade

    from scorekeeper import create_app, services
    from scorekeeper.services.transfer import import_game
    from scorekeeper.storage.extensions import db

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url, "POOL_PROCESSES": 0})
    with app.app_context():
        upgrade(directory=str(ROOT / "scorekeeper" / "migrations"))
        big, _ = import_game(
            {
                "format": "scorekeeper-game",
                "version": 1,
                "variant": "rummikub",
                "options": {"target": 10**9},
                "players": [{"seat": i, "name": n} for i, n in enumerate(PLAYERS)],
                "rounds": [{"number": i + 1, "facts": hand(i)} for i in range(HANDS)],
            }
        )
        small, _ = services.create_game("rummikub", PLAYERS, {"target": 10**9})
        for n in range(12):
            services.record_round(small, hand(n))
        db.session.commit()
        return big.public_id, small.public_id


def timed_get(port: int, path: str) -> tuple[int, float]:
    """One GET on a fresh connection: (status, milliseconds)."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status, (time.perf_counter() - start) * 1000
    except OSError:
        return 0, (time.perf_counter() - start) * 1000
    finally:
        conn.close()


def probe(port: int, paths: list[str], seconds: float) -> dict[str, list[float]]:
    """Each path in turn, one request every ~50 ms, for ``seconds``: milliseconds per path."""
    times: dict[str, list[float]] = {p: [] for p in paths}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for path in paths:
            status, ms = timed_get(port, path)
            times[path].append(ms if status == 200 else float("inf"))
            time.sleep(0.05)
    return times


def hammer(port: int, export: bytes, big: str, stop: threading.Event, seen: Counter, index: int) -> None:
    """One client: solve, turn, import, PDF, in turn (starting at ``index``), until ``stop``."""
    jobs = [
        ("POST", "/api/v1/solve", json.dumps(SOLVE).encode(), "solve"),
        ("POST", "/api/v1/turn", json.dumps(TURN).encode(), "turn"),
        ("POST", "/api/v1/games/import", export, "import"),
        ("GET", f"/print/game/{big}/sheet.pdf", None, "pdf"),
    ]
    n = index
    while not stop.is_set():
        method, path, body, name = jobs[n % len(jobs)]
        n += 1
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            conn.request(
                method, path, body=body, headers={"Content-Type": "application/json"} if body else {}
            )
            response = conn.getresponse()
            response.read()
            seen[(name, response.status)] += 1
            if response.status == 503:
                time.sleep(float(response.getheader("Retry-After") or 1) / 4)  # an impatient client
        except OSError:
            seen[(name, "error")] += 1
        finally:
            conn.close()


def follow(port: int, public_id: str, count: int) -> tuple[int, int, list[socket.socket]]:
    """``count`` followers opening the game's live stream, each on its own connection, kept open:
    (how many got a stream, how many were told to poll, the sockets)."""
    request = f"GET /live/games/{public_id} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    sockets, streamed, polled = [], 0, 0
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(request)
        sockets.append(sock)
    for sock in sockets:
        answer = b""
        try:
            while b"\n\n" not in answer.partition(b"\r\n\r\n")[2]:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            continue
        if b"event: poll" in answer:
            polled += 1
        elif b"retry: " in answer:  # a stream (its wait is spread: 2 to 4 s)
            streamed += 1
    return streamed, polled, sockets


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def line(label: str, values: list[float]) -> str:
    failed = sum(1 for v in values if v == float("inf"))
    ok = [v for v in values if v != float("inf")] or [float("nan")]
    return (
        f"  {label:<34} median {statistics.median(ok):7.1f} ms   p95 {p95(values):7.1f} ms   "
        f"({len(values)} requests{f', {failed} failed' if failed else ''})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--followers", type=int, default=2000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        measured = measure(args, f"sqlite:///{tmp}/stall.sqlite3")
    report(args, **measured)
    return 0


def measure(args: argparse.Namespace, db_url: str) -> dict:
    """Seed the games, start the server and time the probes: quiet, hammered, then crowded by followers."""
    big, small = seed(db_url)
    os.environ["SCOREKEEPER_RATE_LIMITS"] = "off"
    port = free_port()
    proc = start_server(port, db_url, args.workers)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", f"/api/v1/games/{big}/export")
        export = conn.getresponse().read()
        paths = ["/healthz", f"/games/{small}"]
        timed_get(port, paths[1])  # warm the page
        quiet = probe(port, paths, args.seconds)
        loaded, seen = probe_under_load(args, port, export, big, paths)
        streamed, polled, followers = follow(port, small, args.followers)
        crowded = probe(port, ["/", "/healthz"], min(args.seconds, 10))
        for sock in followers:
            sock.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)
    return {
        "paths": paths,
        "quiet": quiet,
        "loaded": loaded,
        "seen": seen,
        "streamed": streamed,
        "polled": polled,
        "crowded": crowded,
    }


def probe_under_load(args: argparse.Namespace, port: int, export: bytes, big: str, paths: list[str]):
    """The probes timed while the clients hammer the heavy endpoints: (timings, answers the clients got)."""
    stop, seen = threading.Event(), Counter()
    clients = [
        threading.Thread(target=hammer, args=(port, export, big, stop, seen, i), daemon=True)
        for i in range(args.clients)
    ]
    for client in clients:
        client.start()
    time.sleep(1)  # the pool's processes start
    loaded = probe(port, paths, args.seconds)
    stop.set()
    for client in clients:
        client.join(90)
    return loaded, seen


def report(args: argparse.Namespace, paths, quiet, loaded, seen, streamed, polled, crowded) -> None:
    names = dict(zip(paths, ("/healthz", "a follower's game page")))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Stall bench: the table server, {args.workers} gevent workers, {args.seconds:g} s a phase "
        f"(load average {load:.1f} on {os.cpu_count()} cores)"
    )
    print("without load:")
    for path in paths:
        print(line(names[path], quiet[path]))
    print(f"while {args.clients} clients hammer solve, turn, import and the PDF of a {HANDS:,}-hand game:")
    for path in paths:
        print(line(names[path], loaded[path]))
    answered = ", ".join(
        f"{name} {status}: {count}" for (name, status), count in sorted(seen.items(), key=str)
    )
    print(f"  the hammering clients were answered: {answered}")
    print(
        f"with {args.followers:,} followers connected: {streamed:,} got a live stream, {polled:,} were told "
        f"to poll every 15 s, {args.followers - streamed - polled:,} got no answer"
    )
    for path in ("/", "/healthz"):
        print(line(path, crowded[path]))
    worst = max(p95(loaded[p]) for p in paths)
    print(f"  target: p95 < 100 ms under load: {'met' if worst < 100 else 'NOT met'} ({worst:.1f} ms)")


if __name__ == "__main__":
    sys.exit(main())
