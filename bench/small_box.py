"""The small box (issue 35): the table server on one core that another process half takes, and
twelve phones' worth of traffic. Prints p50/p95 of pages, the first best play, the first PDF, the
503s and the resident memory of every process; targets: pages p95 under 300 ms, no 503, all the
server's processes together under 600 MB.

The server is `make run`'s (``python -m scorekeeper.cli.server``, its default workers and pool),
pinned to core 0 with ``taskset``; a burner pinned there too spins half of every 100 ms, so the
server has about half a core. On a temporary SQLite file, two Rummikub games of four players:

- 4 editors (two a game) record a hand through the API (Bearer secret) every ``--hand-every``
  seconds and load the game page after it;
- 8 followers (four a game) hold the game's live stream (SSE) open and load the game page every
  ``--poll-every`` seconds, as a phone coming back to the page does;
- every ``--heavy-every`` seconds, a best play (``POST /api/v1/solve``) and a game's score sheet
  PDF; a PDF answered with the waiting page (202 and ``Location``) is followed to the PDF, and
  the time counted is to the PDF's bytes. The first pair goes at once after the first page (the
  pools still warming), or with ``--after-warm`` once ``/healthz`` says the pool warm (on one core
  the server runs one worker, so that is the whole server's pool); either way the bench prints when
  ``/healthz`` first said warm, counted from the first page.

Rate limits are off (``SCOREKEEPER_RATE_LIMITS=off``): twelve phones share one address here. The
server runs as ``make run`` runs it: Python's bytecode caches written and read even where the
environment sets ``PYTHONDONTWRITEBYTECODE`` (the Makefile's ``KEEP_PYC``), so a pool process reads
WeasyPrint's compiled modules rather than compiling them; ``--compile`` runs it with
``PYTHONDONTWRITEBYTECODE`` set and an empty cache folder (``PYTHONPYCACHEPREFIX``), so every
process compiles every module, as ``make run BYTECODE=0`` did in a container on its first start.
``--root`` serves another checkout (an older commit cloned into /tmp) with this venv, for a before
and after.

    .venv/bin/python bench/small_box.py [--minutes 3] [--burn 0.5] [--no-pin] [--after-warm] [--compile] [--root DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))

from small_box_record import HAND, PAGE, Record, memory_watch, report, timed
from web_bench import PLAYERS, ROOT, free_port, hand

SPIN = """
import sys, time
busy, period = float(sys.argv[1]) * 0.1, 0.1
while True:
    start = time.perf_counter()
    while time.perf_counter() - start < busy:
        pass
    time.sleep(max(0.0, period - (time.perf_counter() - start)))
"""
SOLVE = {
    "variant": "rummikub",
    "rack": "R7 R8 K2 B9 B10 B11 G1 J",
    "table": "R4 R5 R6, K9 B9 G9, G11 G12 G13",
}


def start_server(root: Path, port: int, env: dict, pin: bool) -> subprocess.Popen:
    pinned = ["taskset", "-c", "0"] if pin else []
    cmd = [
        *pinned,
        sys.executable,
        "-m",
        "scorekeeper.cli.server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    return subprocess.Popen(
        [*cmd, "--no-access-log"],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def wait_for_page(base: str, proc: subprocess.Popen) -> float:
    start = time.perf_counter()
    while proc.poll() is None:
        try:
            if requests.get(base + "/", timeout=5).status_code == 200:
                return time.perf_counter() - start
        except requests.RequestException:
            time.sleep(0.2)
    raise SystemExit(f"the server stopped (exit code {proc.returncode})")


def new_game(base: str) -> tuple[str, str]:
    body = {"variant": "rummikub", "players": PLAYERS, "options": {"target": 10**9}}
    answer = requests.post(base + "/api/v1/games", json=body, timeout=60)
    answer.raise_for_status()
    return answer.json()["id"], answer.json()["secret"]


def editor(base: str, game: tuple[str, str], record: Record, stop: float, every: float, seat: int) -> None:
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {game[1]}"
    n = seat
    time.sleep(random.uniform(0, every))
    while time.time() < stop:
        body, url = hand(n), f"{base}/api/v1/games/{game[0]}/rounds"
        timed(record, HAND, lambda: session.post(url, json=body, timeout=60))  # noqa: B023 (called at once)
        timed(record, PAGE, lambda: session.get(f"{base}/games/{game[0]}", timeout=60))
        n += 2
        time.sleep(random.uniform(0.5, 1.5) * every)


def follower(base: str, game_id: str, record: Record, stop: float, every: float) -> None:
    session = requests.Session()
    threading.Thread(target=_listen, args=(base, game_id, record, stop), daemon=True).start()
    time.sleep(random.uniform(0, every))
    while time.time() < stop:
        timed(record, PAGE, lambda: session.get(f"{base}/games/{game_id}", timeout=60))
        time.sleep(random.uniform(0.5, 1.5) * every)


def _listen(base: str, game_id: str, record: Record, stop: float) -> None:
    """The follower's live stream, held open (events counted; a closed stream opened again)."""
    while time.time() < stop:
        try:
            with requests.get(f"{base}/live/games/{game_id}", stream=True, timeout=(10, 30)) as answer:
                record.add("live stream opened", 0.0, answer.status_code)
                for line in answer.iter_lines():
                    if time.time() >= stop:
                        return
                    if line.startswith(b"event:") or line.startswith(b"data:"):
                        with record.lock:
                            record.status["live event lines"] += 1
        except requests.RequestException:
            time.sleep(1)


def pdf(base: str, game_id: str, record: Record) -> None:
    """A score sheet: straight away, or the waiting page followed to the PDF (time to the bytes)."""
    session, start = requests.Session(), time.perf_counter()
    answer = session.get(f"{base}/print/game/{game_id}/sheet.pdf", timeout=180, allow_redirects=True)
    waited = answer.status_code == 202
    while answer.status_code == 202 and time.perf_counter() - start < 180:
        with record.lock:
            record.status["PDF waiting page"] += 1
        time.sleep(1)
        answer = session.get(requests.compat.urljoin(answer.url, answer.headers["Location"]), timeout=60)
    ok = answer.status_code == 200 and answer.headers.get("Content-Type", "").startswith("application/pdf")
    kind = "PDF (through the waiting page)" if waited else "PDF"
    record.add(kind if ok else "PDF failed", time.perf_counter() - start, answer.status_code)


def warm_watch(base: str, record: Record, first_page: float, stop: float) -> None:
    """When ``/healthz`` first says the pool warm (seconds after the first page), into ``record.warm_after``."""
    while time.time() < stop:
        try:
            if requests.get(base + "/healthz", timeout=10).json().get("pool", {}).get("state") == "warm":
                record.warm_after = time.perf_counter() - first_page
                record.warm.set()
                return
        except (requests.RequestException, ValueError):
            pass
        time.sleep(0.2)


def heavy(
    base: str, games: list[tuple[str, str]], record: Record, stop: float, every: float, after_warm: bool
) -> None:
    n = 0
    if after_warm:
        record.warm.wait(max(0.0, stop - time.time()))
    while time.time() < stop:
        started = time.time()
        solver = threading.Thread(
            target=timed,
            args=(
                record,
                "best play",
                lambda: requests.post(base + "/api/v1/solve", json=SOLVE, timeout=180),
            ),
        )
        solver.start()
        pdf(base, games[n % len(games)][0], record)
        solver.join()
        n += 1
        time.sleep(max(0.0, every - (time.time() - started)))


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3)
    parser.add_argument("--burn", type=float, default=0.5, help="the share of core 0 the burner takes")
    parser.add_argument("--no-pin", dest="pin", action="store_false", help="no taskset, no burner")
    parser.add_argument(
        "--after-warm", action="store_true", help="the best plays and PDFs start once /healthz says warm"
    )
    parser.add_argument("--hand-every", type=float, default=20)
    parser.add_argument("--poll-every", type=float, default=10)
    parser.add_argument("--heavy-every", type=float, default=60)
    parser.add_argument(
        "--compile", action="store_true", help="no bytecode caches: every process compiles every module"
    )
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve (default: this one)")
    return parser.parse_args()


def server_env(root: Path, folder: Path, compile_all: bool) -> dict:
    """The server's environment: this one, with a temporary database, rate limits off, and Python's
    bytecode caches as ``make run`` keeps them (or, ``compile_all``, none: every module compiled)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'box.sqlite3'}",
        SCOREKEEPER_SECRET_KEY="bench",
        SCOREKEEPER_RATE_LIMITS="off",
        PYTHONPATH=str(root),
    )
    if compile_all:
        env.update(PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(folder / "no-caches"))
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def main() -> None:
    args = arguments()
    root = args.root.resolve()
    folder = Path(tempfile.mkdtemp(prefix="small-box-"))
    env = server_env(root, folder, args.compile)
    upgrade = ["flask", "--app", "scorekeeper", "db", "upgrade", "--directory", "scorekeeper/migrations"]
    subprocess.run([sys.executable, "-m", *upgrade], cwd=root, env=env, check=True, capture_output=True)
    load_start = os.getloadavg()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    burner = None
    if args.pin:
        burner = subprocess.Popen(["taskset", "-c", "0", sys.executable, "-c", SPIN, str(args.burn)])
    server = start_server(root, port, env, args.pin)
    record, peak, watching = Record(), {}, threading.Event()
    try:
        first_page = wait_for_page(base, server)
        page_at = time.perf_counter()
        threading.Thread(target=memory_watch, args=(server.pid, watching, peak), daemon=True).start()
        games = [new_game(base), new_game(base)]
        stop = time.time() + args.minutes * 60
        phones = [
            threading.Thread(target=editor, args=(base, games[i % 2], record, stop, args.hand_every, i))
            for i in range(4)
        ]
        phones += [
            threading.Thread(target=follower, args=(base, games[i % 2][0], record, stop, args.poll_every))
            for i in range(8)
        ]
        threading.Thread(target=warm_watch, args=(base, record, page_at, stop), daemon=True).start()
        phones.append(
            threading.Thread(
                target=heavy, args=(base, games, record, stop, args.heavy_every, args.after_warm)
            )
        )
        for phone in phones:
            phone.daemon = True  # Ctrl-C stops the bench at once (the server is stopped below)
            phone.start()
        for phone in phones:
            phone.join()
    finally:
        watching.set()
        os.killpg(server.pid, 15)
        server.wait(timeout=60)
        if burner:
            burner.kill()
            burner.wait()
        shutil.rmtree(folder, ignore_errors=True)
    report(record, peak, first_page, load_start, args)


if __name__ == "__main__":
    main()
