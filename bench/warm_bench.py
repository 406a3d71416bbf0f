"""The first best play, whole-turn check and PDF after the production server says it listens (issue 35).

Starts ``python -m scorekeeper.cli.server`` (gunicorn, gevent, 2 workers) from ``--root`` (a checkout:
this one, or a fresh clone of an older commit in /tmp run with this venv's python), on a migrated SQLite
file, and times from its banner: the first ``POST /api/v1/solve``, the first ``POST /api/v1/turn`` and the
first blank sheet ``GET /print/pdf`` to its bytes (a 202 is followed to its PDF, as the waiting page
does; a 503 is tried again after its Retry-After, as a player would, and counted). Then once more
each, the pools warm. ``--busy`` runs two CPU burners (one per core) from before the server starts.
The load average is printed with each run. Where ``/healthz`` reports the pool, the first requests
wait until it says warm (the time printed), unless ``--at-once``.

    .venv/bin/python bench/warm_bench.py [--busy] [--at-once] [--root /tmp/before]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.servers import free_port  # noqa: E402

SOLVE = {"variant": "rummikub", "rack": "R7 R8 K2", "table": "R4 R5 R6"}
TURN = {"variant": "rummikub", "before": "R5 R6 R7", "rack": "R8", "after": "R5 R6 R7 R8"}
SHEET = "/print/pdf?kind=sheet&variant=rummikub&players=4"


def _load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def _call(url: str, body: dict | None = None) -> tuple[int, dict, bytes]:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if body is not None else {}
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=300) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def timed(root: str, path: str, body: dict | None = None) -> tuple[float, int, int]:
    """(seconds to the answer, 503s on the way, 202s on the way) for one request as a player makes it."""
    started, refused, waited = time.monotonic(), 0, 0
    url = root + path
    while True:
        status, headers, data = _call(url, body)
        if status == 503:
            refused += 1
            time.sleep(float(headers.get("Retry-After") or 2))
            continue
        if status == 202:
            waited += 1
            url, body = root + headers["Location"].removeprefix(root), None
            time.sleep(1)
            continue
        assert status == 200, (status, data[:200])
        return time.monotonic() - started, refused, waited


def serve(checkout: Path, folder: Path, port: int) -> subprocess.Popen:
    db_url = f"sqlite:///{folder / 'bench.sqlite3'}"
    env = {
        **os.environ,
        "PYTHONPATH": str(checkout),
        "DATABASE_URL": db_url,
        "SCOREKEEPER_SECRET_KEY": "bench",
        "SCOREKEEPER_RATE_LIMITS": "off",
        "SCOREKEEPER_PRINT_WAITING_DIR": str(folder / "print-waiting"),
    }
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
        cwd=checkout,
        env=env,
        check=True,
        capture_output=True,
    )
    argv = [sys.executable, "-m", "scorekeeper.cli.server", "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(
        [*argv, "--workers", "2", "--no-access-log"],
        cwd=checkout,
        env=env,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    for line in proc.stdout:
        if "make run HOST=0.0.0.0" in line:
            return proc
    raise SystemExit("the server quit before it listened")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", action="store_true", help="two CPU burners from before the server starts")
    parser.add_argument("--root", default=str(ROOT), help="the checkout to serve (default: this one)")
    parser.add_argument(
        "--at-once", action="store_true", help="ask at once, not once /healthz says the pool is warm"
    )
    args = parser.parse_args()
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2 if args.busy else 0)
    ]
    port = free_port()
    try:
        with tempfile.TemporaryDirectory() as folder:
            root = f"http://127.0.0.1:{port}"
            print(f"{args.root}: {'busy (2 burners)' if args.busy else 'quiet'}, load {_load()} at start")
            proc = serve(Path(args.root), Path(folder), port)
            try:
                seconds, _, _ = timed(root, "/healthz")
                print(f"  {'first after ready':18} {'/healthz':16} {seconds:6.2f} s  (from the banner)")
                if "pool" in json.loads(_call(root + "/healthz")[2]) and not args.at_once:
                    until = time.monotonic()
                    while json.loads(_call(root + "/healthz")[2])["pool"]["state"] != "warm":
                        time.sleep(0.2)
                    print(
                        f"  {'then':18} {'pool warm':16} {time.monotonic() - until:6.2f} s  (/healthz, this worker)"
                    )
                for lap in ("first after ready", "again (warm)"):
                    for name, path, body in (
                        ("best play", "/api/v1/solve", SOLVE),
                        ("turn check", "/api/v1/turn", TURN),
                        ("blank sheet PDF", SHEET, None),
                    ):
                        seconds, refused, waited = timed(root, path, body)
                        print(
                            f"  {lap:18} {name:16} {seconds:6.2f} s  503s {refused}  202s {waited}  load {_load()}"
                        )
            finally:
                os.killpg(proc.pid, 15)
                proc.wait(30)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


if __name__ == "__main__":
    main()
