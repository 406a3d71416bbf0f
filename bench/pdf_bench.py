"""Median time to print: a blank sheet, and a filled 4-player Krazy Bee sheet of 30 hands.

Printed beside the time WeasyPrint takes for a minimal one-page document in
the same run, so the figures can be read on a busy machine too. The game is
seeded through the services into a temporary SQLite database; the filled
sheet is timed from loading the game to the PDF bytes, as the web route does.

    .venv/bin/python bench/pdf_bench.py [--repeat N] [--long HANDS]

Target: the filled sheet under 600 ms on this machine, and under 15x the minimal
document (issue 17). ``--long 2000`` also times once the sheet of a 2,000-hand
Rummikub game (imported, so scored once; issue 17's target: under 5 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, services  # noqa: E402
from scorekeeper.printing import documents as printing  # noqa: E402
from scorekeeper.printing.options import print_options  # noqa: E402
from scorekeeper.printing.pdf import html_to_pdf  # noqa: E402
from scorekeeper.storage.extensions import db  # noqa: E402
from tests.pdf.support import krazy_bee_hands, long_game, seed_game  # noqa: E402

TARGET_MS = 600
#: seconds for the sheet of a long game (``--long``; issue 17: 2,000 hands under 5 s)
LONG_TARGET_S = 5


def median_ms(task, repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time of ``task`` in ms, after one warm-up run.

    The CPU time (this process only) is what the task costs; the wall time
    also counts waiting for a core when the machine is shared.
    """
    task()
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        task()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def long_sheet(hands: int):
    """The PDF of a ``hands``-hand Rummikub game (seated by an import: scored once), as the web route makes it."""
    public_id = long_game(hands).public_id

    def sheet() -> bytes:
        db.session.remove()
        game = services.get_game(public_id)
        return printing.game_sheet_pdf(
            game, services.game_score(game), f"http://127.0.0.1:5000/games/{public_id}"
        )

    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument(
        "--long", type=int, default=0, help="also time once the sheet of a game of this many hands"
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite3",
                "POOL_PROCESSES": 0,
                "SECRET_KEY": "bench",
                "SERVER_NAME": "127.0.0.1:5000",
            }
        )
        with app.app_context():
            db.create_all()
            public_id = seed_game("krazy-bee", ["Ann", "Bob", "Cy", "Dee"], krazy_bee_hands(30)).public_id
            db.session.remove()

            def filled() -> bytes:
                db.session.remove()  # load the game afresh each time, as a request would
                game = services.get_game(public_id)
                return printing.game_sheet_pdf(
                    game, services.game_score(game), f"http://127.0.0.1:5000/games/{public_id}"
                )

            blank_opts = print_options({"variant": "krazy-bee", "players": "4"})
            rows = [
                (
                    "minimal one-page document (WeasyPrint alone)",
                    median_ms(lambda: html_to_pdf("<p>Scorekeeper</p>"), args.repeat),
                ),
                (
                    "blank Krazy Bee sheet, 4 players, 24 rows",
                    median_ms(lambda: printing.document_pdf(blank_opts), args.repeat),
                ),
                ("filled Krazy Bee sheet, 4 players, 30 hands", median_ms(filled, args.repeat)),
            ]
            if args.long:
                rows.append(
                    (
                        f"filled Rummikub sheet, 4 players, {args.long:,} hands (once)",
                        median_ms(long_sheet(args.long), 1),
                    )
                )
    base, base_cpu = rows[0][1]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"PDF bench (median of {args.repeat} after one warm-up; load average {load:.1f} on {os.cpu_count()} cores)"
    )
    print(f"  {'':<46} {'wall':>9} {'cpu':>9}  x minimal (wall, cpu)")
    for label, (wall, cpu) in rows:
        print(f"  {label:<46} {wall:6.0f} ms {cpu:6.0f} ms  ({wall / base:5.1f}x, {cpu / base_cpu:5.1f}x)")
    wall, cpu = rows[2][1]
    print(
        f"  target: filled sheet < 15x minimal: {'met' if wall / base < 15 else 'NOT met'} ({wall / base:.1f}x wall, "
        f"{cpu / base_cpu:.1f}x cpu)"
    )
    print(
        f"  target: filled sheet < {TARGET_MS} ms: {'met' if wall < TARGET_MS else 'NOT met'} (wall), "
        f"{'met' if cpu < TARGET_MS else 'NOT met'} (cpu)"
    )
    if args.long:
        wall, cpu = rows[3][1]
        verdict = "met" if wall < LONG_TARGET_S * 1000 else "NOT met"
        print(
            f"  target: {args.long:,}-hand sheet < {LONG_TARGET_S} s: {verdict} "
            f"(wall {wall / 1000:.1f} s, cpu {cpu / 1000:.1f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
