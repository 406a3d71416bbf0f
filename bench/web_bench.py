"""Web benchmark: the game page and recording a hand under gunicorn, beside a bare endpoint.

Seeds a temporary SQLite database (schema from the migrations) with a 4-player
Rummikub game of 50 hands to read, and one 50-hand game per client to record
into, starts the server ``make run`` starts (gunicorn with gevent workers, one
per core; ``--server gthread`` for gunicorn's threaded workers instead) on a
free loopback port, then lets 20 concurrent clients
(threads, keep-alive connections) make a fixed number of requests each:

- ``GET /healthz``: a bare Flask endpoint (the baseline);
- ``GET /games/<id>``: the game page (standings, chart, 50-hand history) as a
  follower sees it (kept rendered per game and last change), once plain and
  once asked for with Brotli as a phone's browser asks (kept packed too);
- the same page as its editor sees it (edit-secret cookie): kept with a mark
  where each request puts its own CSRF token, beside the edit buttons;
- ``POST /games/<id>/rounds/new``: recording a hand through the real form
  route, with the CSRF token from the rendered form and the edit-secret cookie
  (each client into its own game; SQLite lets one writer in at a time), and
  the same with a single client (no write contention).

Prints the median and 95th percentile latency and the throughput of each, and
each game page's throughput as a share of the bare endpoint's (target >= 25%,
p95 < 50 ms, for the follower's and the editor's page). Usage: ``python bench/web_bench.py [--clients 20]
[--requests 40] [--server table|gthread] [--workers N] [--threads 4]``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_server import add_server_options, start_chosen_server  # noqa: E402

from tests.servers import free_port  # noqa: E402  (the tests' and benches' one free-port finder)

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
HANDS = 50
RACKS = ["R5 B7", "K2 G9 J", "B11 R1", "G3"]
FOLLOWER, EDITOR = "game page, follower", "game page, editor"
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')


def hand(n: int) -> dict:
    """Hand ``n``: the seat ``n % 4`` goes out, the others hold a few tiles (CT-7, CT-8)."""
    winner = n % 4
    return {
        "winner": winner,
        "players": [{"rack": "" if s == winner else RACKS[(s + n) % 4]} for s in range(4)],
    }


def seed(db_url: str, games: int) -> list[tuple[str, str]]:
    """Migrate an empty database and add ``games`` games of 50 hands; returns (public_id, secret)."""
    os.environ["DATABASE_URL"] = db_url
    from flask_migrate import upgrade

    from scorekeeper import create_app, services
    from scorekeeper.storage.extensions import db

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url})
    made = []
    with app.app_context():
        upgrade(directory=str(ROOT / "scorekeeper" / "migrations"))
        for _ in range(games):
            game, secret = services.create_game("rummikub", PLAYERS, {"target": 10**9})
            for n in range(HANDS):
                services.record_round(game, hand(n))
            db.session.commit()
            made.append((game.public_id, secret))
    return made


class Client:
    """One keep-alive connection with its own cookies."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(
        self, method: str, path: str, body: dict | None = None, **more_headers: str
    ) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **more_headers}
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        for header in response.msg.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, text


def run_phase(clients: list[Client], make_request, per_client: int) -> dict:
    """Every client makes ``per_client`` requests at once; latencies and throughput."""
    latencies: list[float] = []
    failures: list[int] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(clients) + 1)

    def work(index: int, client: Client):
        mine, bad = [], []
        barrier.wait()
        for i in range(per_client):
            start = time.perf_counter()
            status = make_request(index, client, i)
            mine.append(time.perf_counter() - start)
            if status not in (200, 302):
                bad.append(status)
        with lock:
            latencies.extend(mine)
            failures.extend(bad)

    threads = [threading.Thread(target=work, args=(i, c)) for i, c in enumerate(clients)]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    latencies.sort()
    return {
        "n": len(latencies),
        "median_ms": statistics.median(latencies) * 1000,
        "p95_ms": latencies[int(0.95 * (len(latencies) - 1))] * 1000,
        "per_s": len(latencies) / wall,
        "failures": len(failures),
    }


def fresh_page_ms(db_url: str, public_id: str, secret: str, repeat: int = 30) -> float:
    """Median ms to render the editor's game page with nothing kept (as after each change)."""
    from scorekeeper import create_app

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url})
    client = app.test_client()
    client.set_cookie(f"sk_edit_{public_id}", secret)
    times = []
    for _ in range(repeat + 1):
        kept = app.extensions.get("scorekeeper_game_pages")
        if kept is not None:
            kept.pages.clear()
        start = time.perf_counter()
        assert client.get(f"/games/{public_id}").status_code == 200
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times[1:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=40, help="requests per client per phase")
    add_server_options(parser)
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="web-bench-"))
    db_url = f"sqlite:///{tmp / 'bench.sqlite3'}"
    t0 = time.perf_counter()
    games = seed(db_url, 1 + args.clients)
    print(f"seeded {len(games)} games of {HANDS} hands in {time.perf_counter() - t0:.1f} s")
    port = free_port()
    proc, served = start_chosen_server(args, port, db_url)
    try:
        results = run_phases(port, games, args.clients, args.requests)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)

    afresh = fresh_page_ms(db_url, *games[0])
    print(f"{served}; {args.clients} concurrent clients x {args.requests} requests per phase; SQLite")
    ok = report(results, afresh)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


def hand_form_clients(port: int, games: list[tuple[str, str]]) -> tuple[list[Client], list[str]]:
    """One client per game, holding its edit cookie, and the CSRF token of each one's hand form."""
    clients = [Client(port) for _ in games]
    tokens = []
    for client, (public_id, secret) in zip(clients, games):
        client.cookies[f"sk_edit_{public_id}"] = secret
        status, text = client.request("GET", f"/games/{public_id}/rounds/new")
        if status != 200:
            raise SystemExit(f"the hand form answered {status}: is the rounds blueprint installed?")
        match = CSRF.search(text)
        tokens.append(match.group(1) or match.group(2))
    return clients, tokens


def run_phases(port: int, games: list[tuple[str, str]], count: int, requests: int) -> dict[str, dict]:
    """Each phase's figures: ``count`` clients at once, ``requests`` each, on the first game's page
    (as a follower and as its editor) and recording hands in the other games."""
    page_id = games[0][0]
    clients, tokens = hand_form_clients(port, games[1:])
    editors = [Client(port) for _ in range(count)]
    for client in editors:
        client.cookies[f"sk_edit_{page_id}"] = games[0][1]
    for client in clients + editors:  # warm every worker
        client.request("GET", f"/games/{page_id}")

    def bare(i, client, n):
        return client.request("GET", "/healthz")[0]

    def page(i, client, n):
        return client.request("GET", f"/games/{page_id}")[0]

    def phone_page(i, client, n):  # as a phone's browser asks for it: Brotli, kept packed
        status, _ = client.request("GET", f"/games/{page_id}", **{"Accept-Encoding": "gzip, deflate, br"})
        return status

    def editor_page(i, client, n):
        status, text = client.request("GET", f"/games/{page_id}")
        return status if 'name="csrf_token"' in text else 0  # the editor's page, with its forms

    def record(i, client, n):
        public_id = games[1 + i][0]
        facts = hand(HANDS + n)
        form = {"csrf_token": tokens[i], "winner": str(facts["winner"])}
        for s, entry in enumerate(facts["players"]):
            form[f"players.{s}.rack"] = entry["rack"]
        return client.request("POST", f"/games/{public_id}/rounds/new", form)[0]

    results = {}
    for name, fn, who in (
        ("bare /healthz", bare, clients),
        (FOLLOWER, page, clients),
        ("game page, follower, Brotli", phone_page, clients),
        (EDITOR, editor_page, editors),
        ("record a hand (form POST)", record, clients),
    ):
        results[name] = run_phase(who, fn, requests)
    # The same POST without contention: one phone recording while nobody else writes.
    results["record a hand, 1 client"] = run_phase(clients[:1], record, requests)
    return results


def report(results: dict[str, dict], afresh: float) -> bool:
    """Print the figures against the targets; whether every target is met."""
    print(f"{'endpoint':28} {'median ms':>10} {'p95 ms':>8} {'req/s':>8} {'failed':>7}")
    for name, r in results.items():
        print(f"{name:28} {r['median_ms']:10.1f} {r['p95_ms']:8.1f} {r['per_s']:8.0f} {r['failures']:7d}")
    print(
        f"editor's page rendered afresh (first view after a change; in-process, one thread): "
        f"median {afresh:.1f} ms"
    )
    ok = not any(r["failures"] for r in results.values())
    for name in (FOLLOWER, EDITOR):
        share = results[name]["per_s"] / results["bare /healthz"]["per_s"]
        p95 = results[name]["p95_ms"]
        print(
            f"{name}: throughput = {share:.0%} of the bare endpoint (target >= 25%); "
            f"p95 = {p95:.1f} ms (target < 50 ms)"
        )
        ok = ok and share >= 0.25 and p95 < 50
    return ok


if __name__ == "__main__":
    sys.exit(main())
