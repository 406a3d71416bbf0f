"""A club's year brought back by import on the server ``make run`` starts, while the phones go on.

Posts a table export (``--export``, a file ``GET /api/v1/tables/<id>/export`` wrote; or one made
here with the app's own code from the club of ``--year``, a database ``club_year.py --keep`` seeded)
to ``POST /api/v1/tables/import`` of a fresh server (gunicorn, gevent, ``--workers``), while two
other clients keep going: one asks ``/healthz`` every 0.1 s, one corrects a hand of another table's
game every 0.25 s (a write, which waits for SQLite's one write lock). Prints the import's answer
and time, the server processes' peak memory, the load, and the longest wait of each other client.

Usage: ``python bench/club_import.py --year /tmp/year77/year.sqlite [--workers 1]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_server import start_server  # noqa: E402

from scorekeeper.rules import find_variant  # noqa: E402

PORT = 52781


def export_of(year: str) -> bytes:
    """The export of the first table of the database at ``year``, made by the app's own code."""
    from scorekeeper import create_app
    from scorekeeper.storage.extensions import db
    from scorekeeper.storage.table_models import Table

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{year}"})
    with app.app_context():
        club = db.session.scalars(db.select(Table.public_id)).first()
    return app.test_client().get(f"/api/v1/tables/{club}/export").data


def ask(method: str, path: str, body: bytes | None = None, secret: str | None = None, timeout=600):
    """(status, seconds, parsed answer) of one request on a connection of its own."""
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
    started = time.monotonic()
    conn.request(method, path, body=body, headers=headers)
    answer = conn.getresponse()
    data = answer.read()
    seconds = time.monotonic() - started
    conn.close()
    try:
        return answer.status, seconds, json.loads(data or b"null")
    except ValueError:
        return answer.status, seconds, None


def keep_asking(what, every: float, stop: threading.Event, waits: list, statuses: dict) -> None:
    while not stop.is_set():
        status, seconds, _ = what()
        waits.append(seconds)
        statuses[status] = statuses.get(status, 0) + 1
        stop.wait(every)


def peak_memory(pgid: int) -> dict[str, int]:
    """Each server process's peak resident memory (VmHWM, MB), by its command line's end."""
    peaks = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.getpgid(int(pid)) != pgid:
                continue
            status = Path(f"/proc/{pid}/status").read_text()
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[-40:]
        except (OSError, ProcessLookupError):
            continue
        hwm = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM"))
        peaks[f"{pid} {cmd.strip()}"] = hwm // 1024
    return peaks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--year", help="a year's database to export the club of")
    parser.add_argument("--export", help="an export file to import instead")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    body = Path(args.export).read_bytes() if args.export else export_of(args.year)
    games = len(json.loads(body)["games"])
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(PORT, f"sqlite:///{tmp}/import.sqlite", args.workers)
        try:
            return run(server, body, games)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(10)


def run(server, body: bytes, games: int) -> int:
    _, _, table = ask(
        "POST", "/api/v1/tables", json.dumps({"name": "Next door", "players": ["Ann", "Bob"]}).encode()
    )
    start = {"variant": "rummikub", "players": ["Ann", "Bob"], "table": table["id"]}
    _, _, game = ask("POST", "/api/v1/games", json.dumps(start).encode(), table["secret"])
    hand = json.dumps(find_variant("rummikub").samples.hand).encode()
    ask("POST", f"/api/v1/games/{game['id']}/rounds", hand, game["secret"])
    stop, health, writes, health_status, write_status = threading.Event(), [], [], {}, {}
    clients = [
        threading.Thread(
            target=keep_asking, args=(lambda: ask("GET", "/healthz"), 0.1, stop, health, health_status)
        ),
        threading.Thread(
            target=keep_asking,
            args=(
                lambda: ask("PUT", f"/api/v1/games/{game['id']}/rounds/1", hand, game["secret"]),
                0.25,
                stop,
                writes,
                write_status,
            ),
        ),
    ]
    for client in clients:
        client.start()
    load_before = os.getloadavg()[0]
    status, seconds, answer = ask("POST", "/api/v1/tables/import", body)
    load_after = os.getloadavg()[0]
    stop.set()
    for client in clients:
        client.join()
    print(f"import of {games:,} games, {len(body):,} bytes: {status} in {seconds:.1f} s")
    if status != 201:
        print("  ", str(answer)[:300])
    print(f"load (1 min) {load_before:.1f} before, {load_after:.1f} after")
    for name, peak in peak_memory(os.getpgid(server.pid)).items():
        print(f"peak memory {peak:5d} MB  {name}")
    print(f"/healthz meanwhile: {len(health)} asked, longest {max(health):.2f} s, {health_status}")
    print(f"a hand corrected meanwhile: {len(writes)} sent, longest {max(writes):.2f} s, {write_status}")
    return 0 if status == 201 else 1


if __name__ == "__main__":
    raise SystemExit(main())
