"""A club's year on a small host: each page and API read an organiser and the players open, its time
and the SQL statements it runs, on a club with a year of evenings behind it.

Seeds a temporary SQLite database (schema from the migrations) through the app's own services
(``club_year_seed.py``): a roster of 100 and ``--evenings`` club evenings (default 50, one a week)
of 80-100 players at 20-25 tables, 3 or 4 rounds each, four variants in turn, every table's game
played 1-3 hands the rules engine accepts, its result declared and confirmed; every evening ended.
Then, in this process through Flask's test client (one thread: the time is the page's own work, no
network), the organiser's phone (holding the club's secret) opens each page ``--repeat`` times;
prints the median ms, the statements of one opening, and the size of the answer. A statement count
that grows with the club's history instead of the page's own content is what to look for:
``--evenings 10`` against the default shows which do.

Usage: ``python bench/club_year.py [--evenings 50] [--hands 3] [--repeat 3] [--keep PATH]``
(``--keep``: seed into PATH, or reuse PATH when it exists, instead of a temporary file).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from club_year_seed import seed_year  # noqa: E402


def pages(club: str, event: str, game: str) -> list[tuple[str, str]]:
    """(what, path) of each read: the organiser's and the players' pages, then the API's."""
    return [
        ("season page", f"/tables/{club}/season"),
        ("season page, best 10 of the year", f"/tables/{club}/season?year=2026&best=10&points=places"),
        ("season API", f"/api/v1/tables/{club}/season"),
        ("evening page (standings)", f"/events/{event}"),
        ("evening standings PDF", f"/events/{event}/print/standings.pdf"),
        ("evening sheet PDF", f"/events/{event}/print/event.pdf"),
        ("evening standings screen", f"/events/{event}/screen"),
        ("events list (new evening)", f"/tables/{club}/events/new"),
        ("games list", "/games/"),
        ("games list, page 20", "/games/?page=20"),
        ("club page", f"/tables/{club}"),
        ("club page, every game", f"/tables/{club}?all=1"),
        ("club page, every game, page 20", f"/tables/{club}?all=1&page=20"),
        ("a player's games", f"/tables/{club}/player?name=Player%20001"),
        ("statistics page", f"/tables/{club}/stats"),
        ("statistics API", f"/api/v1/tables/{club}/stats"),
        ("games CSV", f"/api/v1/tables/{club}/export/games.csv"),
        ("hands CSV", f"/api/v1/tables/{club}/export/hands.csv"),
        ("BG Stats export", f"/api/v1/tables/{club}/export?format=bgstats"),
        ("the club's export (JSON)", f"/api/v1/tables/{club}/export"),
        ("club API (roster, games)", f"/api/v1/tables/{club}"),
        ("club API, games page 2", f"/api/v1/tables/{club}?page=2"),
        ("evening API", f"/api/v1/events/{event}"),
        ("evening standings API", f"/api/v1/events/{event}/standings"),
        ("evening round 1 API", f"/api/v1/events/{event}/rounds/1"),
        ("a game's API", f"/api/v1/games/{game}"),
    ]


def measure(app, client, path: str, repeat: int) -> tuple[float, int, int, int]:
    """(median ms, statements of the last opening, status, bytes) of ``repeat`` openings."""
    from sqlalchemy import event

    from scorekeeper.storage.extensions import db

    with app.app_context():
        engine = db.engine
    seen: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    times = []
    event.listen(engine, "before_cursor_execute", count)
    try:
        for _ in range(repeat):
            seen.clear()
            start = time.perf_counter()
            answer = client.get(path)
            body = answer.get_data()
            times.append((time.perf_counter() - start) * 1000)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return statistics.median(times), len(seen), answer.status_code, len(body)


def open_year(path: Path, evenings: int, hands: int):
    """The app on the year's database (seeded first when ``path`` is not yet), the organiser's
    client (holding the club's secret) and the reads to time."""
    url = f"sqlite:///{path}"
    os.environ["DATABASE_URL"] = url
    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.storage.club_models import ClubEvent
    from scorekeeper.storage.extensions import db
    from scorekeeper.storage.models import Game
    from scorekeeper.storage.paths import MIGRATIONS
    from scorekeeper.storage.table_models import Table

    # a PDF waited for however long it takes (not the page that waits for it)
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url, "PDF_WAIT": 120})
    kept = path.with_suffix(".secret")
    with app.app_context():
        if not kept.exists():  # not seeded yet
            upgrade(directory=str(MIGRATIONS))
            start = time.perf_counter()
            kept.write_text(seed_year(evenings, hands)[1])
            print(f"seeded {evenings} evenings in {time.perf_counter() - start:.0f} s")
        club = db.session.scalars(db.select(Table).where(Table.name == "Year club")).one()
        event = db.session.scalars(db.select(ClubEvent).order_by(ClubEvent.id.desc())).first()
        game = db.session.scalars(db.select(Game).order_by(Game.id)).first()
        counts = [db.session.scalar(db.select(db.func.count()).select_from(m)) for m in (ClubEvent, Game)]
        print(f"{counts[0]} evenings, {counts[1]} games; the latest evening {event.public_id}")
        paths = pages(club.public_id, event.public_id, game.public_id)
        client = app.test_client()
        client.get(f"/tables/{club.public_id}/join/{kept.read_text()}")  # the organiser's phone
    return app, client, paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=50)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", default=None, help="seed into (or reuse) this SQLite file")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="club-year-")
    try:
        path = Path(args.keep) if args.keep else Path(folder) / "year.sqlite"
        app, client, paths = open_year(path, args.evenings, args.hands)
        print(f"{'read':36} {'ms':>8} {'statements':>10} {'status':>6} {'bytes':>9}")
        for what, where in paths:
            ms, statements, status, size = measure(app, client, where, args.repeat)
            print(f"{what:36} {ms:8.1f} {statements:10} {status:6} {size:9}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
