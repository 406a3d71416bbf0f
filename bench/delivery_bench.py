"""Delivery benchmark: what compression saves on the wire, and what it costs the server.

Seeds a temporary SQLite database with a 4-player Rummikub game of 50 hands,
then asks the app in-process (test client) for a few pages and the static
files a phone loads, plain, gzip and Brotli. Prints each answer's size in each
encoding and the median milliseconds a request takes with and without
compression (pages are compressed per request; a static file once per content).
Usage: ``python bench/delivery_bench.py [--repeat 30]``.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from web_bench import HANDS, PLAYERS, hand  # noqa: E402 - the same game as the web bench

ENCODINGS = {"plain": "identity", "gzip": "gzip", "br": "br"}


def median_ms(client, path: str, accept: str, repeat: int) -> tuple[int, float]:
    """(body bytes, median ms) of ``repeat`` requests for ``path`` with this Accept-Encoding."""
    times, size = [], 0
    for _ in range(repeat + 1):
        start = time.perf_counter()
        response = client.get(path, headers={"Accept-Encoding": accept})
        times.append((time.perf_counter() - start) * 1000)
        size = len(response.get_data())
        assert response.status_code == 200, (path, response.status_code)
    return size, statistics.median(times[1:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    from scorekeeper import create_app, services
    from scorekeeper.storage.extensions import db

    folder = Path(tempfile.mkdtemp(prefix="delivery-bench-"))
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'b.sqlite3'}"})
    with app.app_context():
        db.create_all()
        game, _ = services.create_game("rummikub", PLAYERS, {"target": 10**9})
        for n in range(HANDS):
            services.record_round(game, hand(n))
        db.session.commit()
        public_id = game.public_id
    client = app.test_client()
    pages = [f"/games/{public_id}", "/rules/krazy-bee", "/check/crazy-tiles?cards=R12+R13+J"]
    html = "".join(client.get(p).get_data(as_text=True) for p in pages)
    statics = sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+)"', html)))

    print(f"{'answer':44} " + " ".join(f"{e + ' B':>8} {e + ' ms':>8}" for e in ENCODINGS))
    totals = dict.fromkeys(ENCODINGS, 0)
    for path in pages + statics:
        row = []
        for name, accept in ENCODINGS.items():
            size, ms = median_ms(client, path, accept, args.repeat)
            totals[name] += size
            row.append(f"{size:8d} {ms:8.2f}")
        label = path if len(path) <= 44 else path[:41] + "..."
        print(f"{label:44} " + " ".join(row))
    print(f"{'all of the above':44} " + " ".join(f"{totals[e]:8d} {'':8}" for e in ENCODINGS))
    print(
        f"Brotli sends {totals['br'] / totals['plain']:.0%} of the plain bytes, gzip "
        f"{totals['gzip'] / totals['plain']:.0%}; static files come once a year under a versioned URL."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
