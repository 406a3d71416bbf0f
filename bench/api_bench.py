"""API benchmark: the JSON API's own cost through Flask's test client (no network, one process).

Measures, on a fresh SQLite file, the median and 95th percentile of:

- ``GET /api/v1/openapi.json``: the whole document (every variant's schemas);
- ``POST /api/v1/check`` of a tile run (the body checked against the document, then the engine);
- ``POST /api/v1/games``: a new game (checked against its variant's schema, written, committed);
- ``POST /api/v1/games/<id>/rounds``: a Krazy Bee hand (canonical facts, the engine, the commit);
- ``POST /api/v1/solve``: the best play of a 14-tile rack on a 24-tile Rummikub table, and a Crib
  Rummy hint of 11 cards (the largest hand the web takes);
- ``POST /api/v1/turn``: a whole Rummikub turn judged (legal), and one refused with its correction;
- ``GET /check/rummikub/best?...`` and ``/check/rummikub/turn?...``: the same as pages.

Usage: ``python bench/api_bench.py [--requests 300]``. Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.storage.extensions import db  # noqa: E402

HAND = {"players": [{"laid": False, "points": 10}, {"laid": False, "hand": "3 12 W"}]}
TABLE = "R1 R2 R3 R4 | B5 B6 B7 | K9 K10 K11 K12 | G1 B1 K1 | R7 B7 G7 | G10 G11 G12 G13 | K3 K4 K5"
SOLVE = {"variant": "rummikub", "rack": "R5 R6 B8 B9 K6 K7 K8 G2 G3 G4 J R11 B12 K13", "table": TABLE}
CRIB = {"variant": "crib-rummy", "rack": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "table": "4S 5S 6S | 9C 9D 9S"}
TURN = {"variant": "rummikub", "before": "R5 R6 R7", "rack": "R8 R9 K2", "after": "R5 R6 R7 R8 R9"}
REFUSED = {**TURN, "after": "R5 R6 | R7 R8 R9"}


def timed(call, requests: int) -> tuple[float, float]:
    """Median and 95th percentile of ``call()`` in milliseconds (each call must answer 2xx)."""
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        status = call()
        times.append((time.perf_counter() - start) * 1000)
        assert 200 <= status < 300, status
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    n = parser.parse_args().requests
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "bench",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
            }
        )
        with app.app_context():
            db.create_all()
        client = app.test_client()
        created = client.post(
            "/api/v1/games", json={"variant": "krazy-bee", "players": ["Ann", "Bob"]}
        ).get_json()
        auth = {"Authorization": f"Bearer {created['secret']}"}
        rows = [
            ("GET /api/v1/openapi.json", lambda: client.get("/api/v1/openapi.json").status_code),
            (
                "POST /api/v1/check (tile run)",
                lambda: (
                    client.post(
                        "/api/v1/check", json={"variant": "crazy-tiles", "cards": "R12 R13 J"}
                    ).status_code
                ),
            ),
            (
                "POST /api/v1/games",
                lambda: (
                    client.post(
                        "/api/v1/games", json={"variant": "rummikub", "players": ["Ann", "Bob", "Cy"]}
                    ).status_code
                ),
            ),
            (
                "POST /api/v1/games/<id>/rounds",
                lambda: (
                    client.post(f"/api/v1/games/{created['id']}/rounds", json=HAND, headers=auth).status_code
                ),
            ),
            (
                "POST /api/v1/solve (14-tile rack)",
                lambda: client.post("/api/v1/solve", json=SOLVE).status_code,
            ),
            (
                "POST /api/v1/solve (Crib Rummy, 11)",
                lambda: client.post("/api/v1/solve", json=CRIB).status_code,
            ),
            ("POST /api/v1/turn (legal)", lambda: client.post("/api/v1/turn", json=TURN).status_code),
            ("POST /api/v1/turn (refused)", lambda: client.post("/api/v1/turn", json=REFUSED).status_code),
            (
                "GET /check/rummikub/best?...",
                lambda: (
                    client.get(
                        "/check/rummikub/best", query_string={"rack": SOLVE["rack"], "table": TABLE}
                    ).status_code
                ),
            ),
            (
                "GET /check/rummikub/turn?...",
                lambda: (
                    client.get(
                        "/check/rummikub/turn", query_string={k: v for k, v in TURN.items() if k != "variant"}
                    ).status_code
                ),
            ),
        ]
        print(f"{'request':36} {'median ms':>10} {'p95 ms':>8}   ({n} requests each)")
        for label, call in rows:
            calls = min(n, 60) if "rounds" in label else n  # a game's hands are scored on each record
            calls = min(calls, 20) if "Crib" in label else calls  # about a second each
            median, p95 = timed(call, calls)
            print(f"{label:36} {median:10.2f} {p95:8.2f}")


if __name__ == "__main__":
    main()
