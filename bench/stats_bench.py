"""Tables benchmark: a table of 1,000 games of 20 hands, its statistics under gunicorn, and re-rating.

Seeds a temporary SQLite database (schema from the migrations) with one table
of 6 players and 1,000 games over every variant (2-4 players each, 20 hands a
game unless the game ends sooner), each hand generated at random and checked by
the rules engine; then 2,000 ``points`` games under five names (each its own
kind, 10 hands each) and 500 plays taken from a BG Stats backup as result-only
games (``bench/shelf_seed.py``; issue 21). Games are written as an import writes them (rows, then the
table's summary from one engine score of the game), so seeding is quick; every
figure is the same as recording hand by hand.

Then, under the server ``make run`` starts (gunicorn, gevent; ``--server gthread``
for threaded workers) on a free loopback port, concurrent clients ask
for the statistics page (``/tables/<id>/stats``) and the statistics API
(``/api/v1/tables/<id>/stats``); prints each one's median and 95th percentile
(target: page p95 under 150 ms). Finally it corrects hand 1 of the *first*
game through the API (so that game's finishing order changes) and prints the
request's time, which re-scores that game and re-rates every later game of
its variant (target under 2 s), and the time of a full in-process re-rate of
that variant. The temporary database is removed and gunicorn stopped at the end.

Usage: ``python bench/stats_bench.py [--games 1000] [--hands 20] [--points 2000] [--imported 500]
[--clients 8] [--requests 25] [--server table|gthread] [--workers N] [--threads 4]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_server import add_server_options, start_chosen_server  # noqa: E402
from shelf_seed import seed_imported, seed_points  # noqa: E402
from stats_hands import OPTIONS, PLAYERS, game_hands  # noqa: E402
from web_bench import Client, free_port, run_phase  # noqa: E402


def seed(
    db_url: str, games: int, hands: int, points: int = 0, imported: int = 0
) -> tuple[str, str, str, str]:
    """The table and its games; returns (table id, table secret, first game's id, its variant)."""
    os.environ["DATABASE_URL"] = db_url
    from flask_migrate import upgrade

    from scorekeeper import create_app, services
    from scorekeeper.rules import variants
    from scorekeeper.services.tables import roster as tables
    from scorekeeper.services.tables.summaries import attach
    from scorekeeper.storage.extensions import db
    from scorekeeper.storage.models import Round
    from scorekeeper.storage.paths import MIGRATIONS

    rnd = random.Random(11)
    slugs = [v["slug"] for v in variants()]
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        table, secret = tables.create_table("Bench table", PLAYERS)
        first = None
        for n in range(games):
            variant = slugs[n % len(slugs)] if n else "rummikub"
            seats = rnd.sample(table.members, rnd.randint(2, 4))
            game, _ = services.create_game(variant, [m.name for m in seats], OPTIONS.get(variant, {}))
            game.secret_hash = services.hash_secret(tables.game_secret(secret, game.public_id))
            for number, facts in enumerate(game_hands(variant, len(seats), hands, rnd), 1):
                game.rounds.append(Round(number=number, facts=facts))
            db.session.flush()
            attach(table, game, seats, services.game_score(game))
            first = first or (game.public_id, variant)
            if n % 50 == 49:
                db.session.commit()
        db.session.commit()
        seed_points(table, secret, points, 10, rnd)
        if imported:
            report = seed_imported(table, secret, imported, rnd)
            print(
                f"BG Stats backup of {imported} plays: {report['added']} added, "
                f"{sum(u['plays'] for u in report['unknown_games'])} of unknown games skipped"
            )
        return table.public_id, secret, first[0], first[1]


def correct_first_game(port: int, table_secret: str, game_id: str) -> tuple[float, bool]:
    """Hand 1 of the first game (Rummikub) given to its last-placed player with big racks left by the
    others: a new finishing order, so every later Rummikub game is re-rated. Returns (s, changed)."""
    from scorekeeper.services.tables.roster import game_secret

    client = Client(port)
    secret = game_secret(table_secret, game_id)
    game = json.loads(client.request("GET", f"/api/v1/games/{game_id}")[1])
    last = max(game["players"], key=lambda p: p["rank"])["seat"]
    racks = iter(
        [
            "R13 B13 K13 G13 R12 B12 K12 G12",
            "R13 B13 K13 G13 R12 B12 K12 G12",
            "R11 B11 K11 G11 R10 B10 K10 G10",
        ]
    )  # at most two of each tile in all (CT-7)
    facts = {
        "winner": last,
        "players": [{"rack": "" if p["seat"] == last else next(racks)} for p in game["players"]],
    }
    client.conn.request(
        "PUT",
        f"/api/v1/games/{game_id}/rounds/1",
        body=json.dumps(facts),
        headers={"Authorization": f"Bearer {secret}", "Content-Type": "application/json"},
    )
    start = time.perf_counter()
    response = client.conn.getresponse()
    response.read()
    took = time.perf_counter() - start
    after = json.loads(client.request("GET", f"/api/v1/games/{game_id}")[1])
    ranks = [[p["rank"] for p in g["players"]] for g in (game, after)]
    return took, response.status == 200 and after["status"] == "finished" and ranks[0] != ranks[1]


def full_rerate_s(db_url: str, table_id: str, variant: str) -> tuple[float, int]:
    """In-process: every game of ``variant`` at the table rated again from the first (seconds, games)."""
    from scorekeeper import create_app
    from scorekeeper.services.tables.roster import find_table
    from scorekeeper.services.tables.summaries import rerate
    from scorekeeper.storage.extensions import db

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url})
    with app.app_context():
        table = find_table(table_id)
        start = time.perf_counter()
        count = rerate(table.id, variant)
        db.session.commit()
        return time.perf_counter() - start, count


def cold_ms(db_url: str, table_id: str, repeat: int = 5) -> dict[str, float]:
    """In-process, one thread: median ms of the page and the API computed afresh (nothing kept), as
    the first view after a change sees them."""
    import statistics

    from scorekeeper import create_app

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url})
    client = app.test_client()
    out = {}
    for name, path in (("page", f"/tables/{table_id}/stats"), ("API", f"/api/v1/tables/{table_id}/stats")):
        times = []
        for _ in range(repeat):
            app.extensions.pop("scorekeeper_table_stats", None)
            start = time.perf_counter()
            assert client.get(path).status_code == 200
            times.append((time.perf_counter() - start) * 1000)
        out[name] = statistics.median(times)
    return out


def _args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--points", type=int, default=2000, help="points games, under five names")
    parser.add_argument("--imported", type=int, default=500, help="plays taken from a BG Stats backup")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=25, help="requests per client per phase")
    add_server_options(parser)
    return parser.parse_args()


def main() -> int:
    args = _args()

    load = os.getloadavg()[0]
    tmp = Path(tempfile.mkdtemp(prefix="stats-bench-"))
    db_url = f"sqlite:///{tmp / 'bench.sqlite3'}"
    proc = None
    try:
        t0 = time.perf_counter()
        table_id, secret, first, variant = seed(db_url, args.games, args.hands, args.points, args.imported)
        print(
            f"seeded a table of {args.games} games (up to {args.hands} hands each, every variant), "
            f"{args.points} points games and {args.imported} BG Stats plays in {time.perf_counter() - t0:.0f} s"
        )
        port = free_port()
        proc, served = start_chosen_server(args, port, db_url)
        clients = [Client(port) for _ in range(args.clients)]
        for client in clients:  # warm every worker
            client.request("GET", f"/tables/{table_id}/stats")
        results = {
            "statistics page": run_phase(
                clients, lambda i, c, n: c.request("GET", f"/tables/{table_id}/stats")[0], args.requests
            ),
            "statistics API": run_phase(
                clients,
                lambda i, c, n: c.request("GET", f"/api/v1/tables/{table_id}/stats")[0],
                args.requests,
            ),
        }
        hands = json.loads(clients[0].request("GET", f"/api/v1/tables/{table_id}/stats")[1])
        correction_s, changed = correct_first_game(port, secret, first)
    finally:
        if proc is not None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
    rerate_s, rated = full_rerate_s(db_url, table_id, variant)
    cold = cold_ms(db_url, table_id)
    shutil.rmtree(tmp, ignore_errors=True)

    total_hands = sum(v["hands"] for v in hands["variants"].values())
    print(
        f"{hands['games']} games ({hands['finished']} finished) of {len(hands['variants'])} kinds, "
        f"{total_hands} hands, "
        f"{len(hands['players'])} players; {served}, "
        f"{args.clients} concurrent clients x {args.requests} requests; SQLite; load average at the start "
        f"{load:.1f} on {os.cpu_count()} cores"
    )
    print(f"{'endpoint':20} {'median ms':>10} {'p95 ms':>8} {'req/s':>8} {'failed':>7}")
    for name, r in results.items():
        print(f"{name:20} {r['median_ms']:10.1f} {r['p95_ms']:8.1f} {r['per_s']:8.0f} {r['failures']:7d}")
    print(
        f"correct hand 1 of the first game (API PUT; re-scores it, re-rates the {rated} finished {variant} "
        f"games after it): {correction_s * 1000:.0f} ms{'' if changed else ' (ORDER DID NOT CHANGE)'}"
    )
    print(f"full re-rate of {variant} in-process ({rated} games): {rerate_s * 1000:.0f} ms")
    print(
        f"computed afresh after a change (in-process, nothing kept): page {cold['page']:.0f} ms, "
        f"API {cold['API']:.0f} ms (median of 5)"
    )
    page_p95 = results["statistics page"]["p95_ms"]
    ok = page_p95 < 150 and correction_s < 2 and changed and not any(r["failures"] for r in results.values())
    print(
        f"targets: page p95 < 150 ms ({page_p95:.0f}), re-rate < 2 s ({correction_s:.2f}): "
        f"{'met' if ok else 'NOT met'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
