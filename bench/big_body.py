"""Big bodies benchmark (issue 36): can a request body past the limit freeze the server?

Starts the server ``make run`` starts (gunicorn, gevent workers; 2 by default) on a free
loopback port over a temporary SQLite database, and notes its workers' process ids. Then
``--bodies`` clients (2) each stream ``--size`` MiB (1,024: a GiB) to ``POST /api/v1/games``,
all at once: the first with a ``Content-Length``, the second chunked (no length), and so on
in turn. The bytes are made as they are sent (64 KiB repeated), never held whole. Meanwhile
``--pollers`` clients (4) ask ``/healthz`` over and over, a new connection each time.

It prints ``/healthz``'s median, p95 and slowest answer while the bodies stream, for each body
when its answer came (413 expected) and how much of it had been sent by then, whether any worker
was lost (the ids before and after), and the machine's load average (2 cores shared by other
work make every figure slower). Target: ``/healthz`` p95 under 250 ms, no worker lost.

    .venv/bin/python bench/big_body.py [--size 1024] [--bodies 2] [--pollers 4] [--workers 2]
"""

from __future__ import annotations

import argparse
import http.client
import os
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_server import start_server  # noqa: E402
from web_bench import free_port  # noqa: E402

PIECE = b"x" * (64 * 1024)
PATH = "/api/v1/games"
#: seconds /healthz is timed before the bodies start: the machine's own pace, for comparison
QUIET_SECONDS = 3


def workers_of(master: int) -> set[int]:
    """The process ids of the server's workers (the master's children)."""
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True)
    return {int(pid) for pid in out.stdout.split()}


def stream(port: int, size: int, sized: bool, until: float) -> dict:
    """Send a ``size``-byte body (with a ``Content-Length`` when ``sized``, chunked otherwise),
    reading the answer whenever one comes: what came back, when, and how much had been sent."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    framing = f"Content-Length: {size}" if sized else "Transfer-Encoding: chunked"
    head = f"POST {PATH} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n{framing}\r\n\r\n"
    start, sent, answer, answered, closed = time.monotonic(), 0, b"", None, None
    piece = PIECE if sized else b"%x\r\n%s\r\n" % (len(PIECE), PIECE)
    try:
        sock.sendall(head.encode())
        while time.monotonic() < until and closed is None:
            readable = select.select([sock], [], [], 0)[0]
            if readable:
                data = sock.recv(65536)
                if not data:
                    closed = time.monotonic() - start
                    break
                answered = answered or time.monotonic() - start
                answer += data
                continue
            if sent < size:
                sock.sendall(piece)
                sent += len(PIECE)
                if sent >= size and not sized:
                    sock.sendall(b"0\r\n\r\n")
            elif answered is not None:
                break  # all sent and answered on a connection kept open
            else:
                select.select([sock], [], [], 1)
    except OSError as err:  # the server closed while this side was still sending
        closed = time.monotonic() - start
        answer += f" ({type(err).__name__})".encode()
    finally:
        sock.close()
    status = answer.split(b"\r\n", 1)[0].decode(errors="replace") or "(no answer)"
    connection = next(
        (
            line.split(b":", 1)[1].strip().decode()
            for line in answer.split(b"\r\n")
            if line.lower().startswith(b"connection:")
        ),
        "?",
    )
    return {
        "sized": sized,
        "status": status,
        "connection": connection,
        "answered": answered,
        "closed": closed,
        "sent": min(sent, size),
    }


def poll(port: int, stop: threading.Event, times: list[float], failures: list[str]) -> None:
    """``/healthz`` again and again (a new connection each time) until ``stop``: its times."""
    while not stop.is_set():
        began = time.monotonic()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            conn.request("GET", "/healthz")
            status = conn.getresponse().status
            conn.close()
            if status != 200:
                failures.append(str(status))
        except OSError as err:
            failures.append(type(err).__name__)
        times.append(time.monotonic() - began)
        time.sleep(0.02)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def figures(times: list[float]) -> str:
    """How many answers, their median, p95 and slowest, in milliseconds."""
    return (
        f"{len(times)} answers, p50 {statistics.median(times) * 1000:,.0f} ms,"
        f" p95 {percentile(times, 0.95) * 1000:,.0f} ms, max {max(times) * 1000:,.0f} ms"
    )


def migrated(folder: str) -> str:
    """A SQLite database in ``folder`` made by the migrations, as ``make run`` makes it."""
    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.storage.paths import MIGRATIONS

    url = f"sqlite:///{folder}/bench.sqlite3"
    with create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url}).app_context():
        upgrade(directory=str(MIGRATIONS))
    return url


def measure(port: int, master: int, args: argparse.Namespace) -> dict:
    """Stream the bodies while the pollers ask ``/healthz``: what each saw, and the workers' ids."""
    before = workers_of(master)
    times: list[float] = []
    failures: list[str] = []
    stop = threading.Event()
    pollers = [
        threading.Thread(target=poll, args=(port, stop, times, failures), daemon=True)
        for _ in range(args.pollers)
    ]
    for thread in pollers:
        thread.start()
    time.sleep(0.5)  # the pollers' first answers (a worker loading the app) are not counted
    del times[:]
    time.sleep(QUIET_SECONDS)
    quiet = times[:]
    del times[:]
    results: list[dict] = [{} for _ in range(args.bodies)]
    until = time.monotonic() + args.seconds
    size = args.size * 1024 * 1024

    def send(i: int) -> None:
        results[i] = stream(port, size, i % 2 == 0, until)

    streamers = [threading.Thread(target=send, args=(i,), daemon=True) for i in range(args.bodies)]
    began = time.monotonic()
    for thread in streamers:
        thread.start()
    for thread in streamers:
        thread.join()
    took = time.monotonic() - began
    time.sleep(1)  # a worker killed by the master's timeout is replaced within a second or so
    stop.set()
    for thread in pollers:
        thread.join(timeout=130)
    return {
        "results": results,
        "took": took,
        "times": times,
        "quiet": quiet,
        "failures": failures,
        "before": before,
        "after": workers_of(master),
    }


def report(args: argparse.Namespace, seen: dict) -> None:
    load = os.getloadavg()
    print(
        f"{args.bodies} bodies of {args.size:,} MiB at once, {args.pollers} clients polling /healthz,"
        f" {args.workers} workers"
    )
    for n, result in enumerate(seen["results"], 1):
        answered = "never" if result["answered"] is None else f"after {result['answered'] * 1000:,.0f} ms"
        closed = "never" if result["closed"] is None else f"after {result['closed'] * 1000:,.0f} ms"
        framing = "Content-Length" if result["sized"] else "chunked"
        print(
            f"  body {n} ({framing}): {result['status']!r} {answered}, Connection: {result['connection']},"
            f" closed {closed}, {result['sent'] / 2**20:,.1f} MiB of {args.size:,} sent"
        )
    print(f"  the bodies took {seen['took']:,.1f} s in all")
    times, failures, quiet = seen["times"], seen["failures"], seen["quiet"]
    if quiet:
        print(f"  /healthz before them (quiet): {figures(quiet)}")
    if times:
        print(
            f"  /healthz while they streamed: {figures(times)}"
            + (f", {len(failures)} failed ({', '.join(sorted(set(failures)))})" if failures else "")
        )
    lost = seen["before"] - seen["after"]
    print(f"  workers before {sorted(seen['before'])}, after {sorted(seen['after'])}: {len(lost)} lost")
    print(f"  load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1024, help="MiB per body (default 1024: a GiB)")
    parser.add_argument("--bodies", type=int, default=2)
    parser.add_argument("--pollers", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=120, help="give up on a body after this long")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(port, migrated(folder), args.workers)
        try:
            time.sleep(1)
            seen = measure(port, server.pid, args)
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
    report(args, seen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
