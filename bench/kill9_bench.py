"""kill -9 during writes (issue 36): does a retry with the same ``Idempotency-Key`` find every write?

Starts the server ``make run`` starts (gunicorn, gevent workers; 2 by default) on a free loopback
port over a temporary SQLite database, starts ``--clients`` games (8) through the API and lets one
client per game record hands (``POST /api/v1/games/<id>/rounds``), each with an ``Idempotency-Key``
of its own, as fast as it is answered. After ``--seconds`` (3) the whole server, master and
workers, is killed with SIGKILL, in the middle of the writes. Each client's last write, sent but
never answered, may or may not have been recorded: the bench counts the hands each game holds
(straight from the database) against the answers the clients had. Then the server starts again
on the same database and every unanswered write is sent again with its key: a write that had been
recorded must be answered with the first answer (``Idempotent-Replayed: true``) and not recorded
twice, one that had not must be recorded now. It prints how many writes were answered, how many
were left unanswered, how many of those had been recorded, what each retry was told, and whether
any hand was doubled or lost. ``--without-key`` sends the same writes without keys, for comparison:
then each recorded one is doubled by its retry. The rate limits are off (every client is on one loopback address).

    .venv/bin/python bench/kill9_bench.py [--clients 8] [--seconds 3] [--rounds 3] [--workers 2] [--without-key]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import sqlite3
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from big_body import migrated  # noqa: E402
from web_bench import free_port  # noqa: E402

from tests.servers import spawn  # noqa: E402

STARTUP_SECONDS = 120
#: a hand of "Any other game (points)" with no target: a game that never ends, however many are sent
VARIANT, HAND = "points", {"players": [{"points": 5}, {"points": 3}]}


def call(port: int, method: str, path: str, body=None, headers=None) -> tuple[int, dict, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        sent = {"Content-Type": "application/json", **(headers or {})}
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
        answer = conn.getresponse()
        return answer.status, dict(answer.headers), json.loads(answer.read() or b"{}")
    finally:
        conn.close()


def start(port: int, db_url: str, workers: int):
    """The server on ``port`` once it answers ``/healthz`` (a start under load takes 20 s and more)."""
    env = {"DATABASE_URL": db_url, "SCOREKEEPER_SECRET_KEY": "bench", "SCOREKEEPER_RATE_LIMITS": "off"}
    proc = spawn(port, env, "--no-access-log", workers=workers, quiet=True)
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        try:
            if call(port, "GET", "/healthz")[0] == 200:
                return proc
        except (OSError, http.client.HTTPException):
            time.sleep(0.5)
    os.killpg(proc.pid, signal.SIGTERM)
    raise SystemExit("the server did not start")


def write(port: int, game: dict, stop: threading.Event, log: list[dict], keyed: bool) -> None:
    """Record hands in ``game`` until ``stop`` (or the server is gone), each with its own key (unless
    not ``keyed``)."""
    bearer = {"Authorization": f"Bearer {game['secret']}"}
    while not stop.is_set():
        entry = {"game": game["id"], "key": str(uuid.uuid4()), "status": None}
        log.append(entry)
        try:
            status, _, _ = call(
                port,
                "POST",
                f"/api/v1/games/{game['id']}/rounds",
                HAND,
                {**bearer, **key_header(entry, keyed)},
            )
            entry["status"] = status
        except (OSError, http.client.HTTPException):
            return  # the server was killed: this write is unanswered


def key_header(entry: dict, keyed: bool) -> dict[str, str]:
    return {"Idempotency-Key": entry["key"]} if keyed else {}


def hands_kept(db_file: str) -> dict[str, int]:
    """Each game's hands, counted in the database itself."""
    with sqlite3.connect(db_file) as conn:
        rows = conn.execute(
            "SELECT games.public_id, COUNT(rounds.id) FROM games LEFT JOIN rounds ON rounds.game_id = games.id"
            " GROUP BY games.public_id"
        ).fetchall()
    return dict(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--rounds", type=int, default=3, help="kill -9 this many times, a server start each")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--without-key", action="store_true", help="plain writes, no Idempotency-Key: what a retry doubles"
    )
    args = parser.parse_args()
    totals = {
        "answered": 0,
        "unanswered": 0,
        "recorded": 0,
        "replayed": 0,
        "created": 0,
        "doubled": 0,
        "lost": 0,
    }
    with tempfile.TemporaryDirectory() as folder:
        db_url, db_file = migrated(folder), f"{folder}/bench.sqlite3"
        port = free_port()
        server = start(port, db_url, args.workers)
        games = [
            call(port, "POST", "/api/v1/games", {"variant": VARIANT, "players": ["Ann", "Bob"]})[2]
            for _ in range(args.clients)
        ]
        try:
            for n in range(1, args.rounds + 1):
                server = kill_and_retry(port, db_url, db_file, server, games, args, totals, n)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    print(
        f"In all: {totals['answered']} writes answered, {totals['unanswered']} unanswered at a kill -9,"
        f" {totals['recorded']} of those recorded; the retries: {totals['replayed']} replayed the first answer,"
        f" {totals['created']} recorded the hand now; {totals['doubled']} hands doubled, {totals['lost']} lost"
    )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    return 0 if totals["doubled"] == totals["lost"] == 0 and totals["replayed"] == totals["recorded"] else 1


def kill_and_retry(port, db_url, db_file, server, games, args, totals, n):
    """One round: write, kill -9, count, restart, retry the unanswered writes; the new server."""
    before = hands_kept(db_file)
    log: list[dict] = []
    stop = threading.Event()
    writers = [
        threading.Thread(target=write, args=(port, game, stop, log, not args.without_key), daemon=True)
        for game in games
    ]
    for thread in writers:
        thread.start()
    time.sleep(args.seconds)
    os.killpg(server.pid, signal.SIGKILL)  # master and workers, no clean-up
    server.wait(timeout=30)
    stop.set()
    for thread in writers:
        thread.join(timeout=30)
    kept = hands_kept(db_file)
    answered = [e for e in log if e["status"] == 201]
    unanswered = [e for e in log if e["status"] is None]
    refused = [e for e in log if e["status"] not in (None, 201)]
    recorded = sum(kept[g["id"]] - before.get(g["id"], 0) for g in games) - len(answered)
    server = start(port, db_url, args.workers)
    secrets = {g["id"]: g["secret"] for g in games}
    replayed = created = 0
    other: list[int] = []
    for entry in unanswered:
        headers = {
            "Authorization": f"Bearer {secrets[entry['game']]}",
            **key_header(entry, not args.without_key),
        }
        status, answer_headers, _ = call(port, "POST", f"/api/v1/games/{entry['game']}/rounds", HAND, headers)
        if answer_headers.get("Idempotent-Replayed") == "true":
            replayed += 1
        elif status == 201:
            created += 1
        else:
            other.append(status)
    after = hands_kept(db_file)
    wanted = {g["id"]: before.get(g["id"], 0) for g in games}
    for entry in answered + unanswered:
        wanted[entry["game"]] += 1
    doubled = sum(max(0, after[g] - wanted[g]) for g in wanted)
    how = "without a key" if args.without_key else "with their keys"
    lost = sum(max(0, wanted[g] - after[g]) for g in wanted)
    print(
        f"kill -9 #{n}: {len(answered)} writes answered, {len(refused)} refused, {len(unanswered)} unanswered;"
        f" {recorded} of the unanswered had been recorded. Retried {how}: {replayed} found"
        f" (Idempotent-Replayed), {created} recorded now"
        + (f", {len(other)} answered {sorted(set(other))}" if other else "")
        + f"; {doubled} hands doubled, {lost} lost"
    )
    for name, value in (
        ("answered", len(answered)),
        ("unanswered", len(unanswered)),
        ("recorded", recorded),
        ("replayed", replayed),
        ("created", created),
        ("doubled", doubled),
        ("lost", lost),
    ):
        totals[name] += value
    return server


if __name__ == "__main__":
    sys.exit(main())
