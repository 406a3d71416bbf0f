"""Club night benchmark (issue 39, docs/club-night.md): seating an evening's rounds, and how good
the Swiss-like rule is.

The domain only (``scorekeeper/club/``; the pages, API and standings screen come next): an event
of 100 players at 25 tables over 4 rounds, round 1 drawn, each table's game given a seeded random
score (a Crazy Rummy game: the highest wins, read from the variant), the standings ranked by
tournament points after each round and the next round seated from them, once by standing and
once by the Swiss-like rule. Prints the time to seat each round (target: under 1 s) and the
repeat meetings over the 4 rounds (a pair meeting a second time is one).

Then seating quality on evenings of 12, 11, 10 and 9 players (4 rounds), over several seeds: the
repeat meetings of the Swiss-like rule and of seating by standing, against the brute force that
tries every seating each round (5775 for 12 players) (:func:`scorekeeper.club.optimum.best_rounds`)
and the floor no seating of the evening can go under (mean and max). The load average
(``uptime``) is printed before and after: the machine is shared.

Then the same evening played through the HTTP API on a live server (:mod:`club_night_live`: the
seating of each round, each confirmed result's way to the standings, the standings' reads, the
results counted for any lost or doubled; ``--no-live`` leaves it out).

Usage: ``python bench/club_night.py [--seeds 10] [--no-live] [--workers N]``. Exits 1 when a round
takes 1 s or more to seat, or the live evening misses a target.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.club import repeat_meetings, seat_round, standings, table_game, table_sizes  # noqa: E402
from scorekeeper.club.optimum import best_rounds, repeats_at_least  # noqa: E402


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def evening(players: list[str], rule: str, seed: int, rounds: int = 4) -> tuple[list, list[float]]:
    """An evening seated by ``rule`` from the standings after each round; the rounds and the
    seconds each took to seat."""
    scores = random.Random(f"scores:{seed}")
    history, games, seconds = [], [], []
    order = list(players)
    for number in range(rounds):
        start = time.perf_counter()
        seated = seat_round(order, history, rule="draw" if number == 0 else rule, seed=seed)
        seconds.append(time.perf_counter() - start)
        history.append(seated)
        for table in seated.tables:
            games.append(
                table_game("crazy-rummy", table.seats, [scores.randrange(0, 1500, 5) for _ in table.seats])
            )
        order = [line.player for line in standings(games)]
    return history, seconds


def big_event(seed: int) -> bool:
    players = [f"Player {n:03}" for n in range(100)]
    ok = True
    print("100 players, 25 tables, 4 rounds (round 1 drawn):")
    for rule in ("standing", "swiss"):
        history, seconds = evening(players, rule, seed)
        times = " ".join(f"{s * 1000:.0f}" for s in seconds)
        print(
            f"  {rule:9} seat each round (ms): {times}; repeat meetings over 4 rounds: {repeat_meetings(history)}"
        )
        ok &= max(seconds) < 1.0
    return ok


def small_events(seeds: int) -> None:
    print(f"small evenings, 4 rounds, {seeds} seeds: repeat meetings, mean and max")
    print(f"  {'players':8} {'tables':10} {'swiss':>11} {'standing':>11} {'brute force':>11} {'floor':>6}")
    for count in (12, 11, 10, 9):
        players = [f"P{n:02}" for n in range(count)]
        found: dict[str, list[int]] = {"swiss": [], "standing": [], "brute force": []}
        for seed in range(seeds):
            for rule in ("swiss", "standing"):
                history, _ = evening(players, rule, seed)
                found[rule].append(repeat_meetings(history))
                if rule == "swiss":
                    found["brute force"].append(best_rounds([t.seats for t in history[0].tables], 4))
        sizes = table_sizes(count)
        cells = " ".join(f"{statistics.mean(v):6.1f} {max(v):4}" for v in found.values())
        tables = " + ".join(map(str, sizes))
        print(f"  {count:<8} {tables:10} {cells} {repeats_at_least(count, sizes, 4):6}")
    print("  (brute force: every seating tried each round; floor: no seating of the 4 rounds has fewer)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument(
        "--no-live", dest="live", action="store_false", help="leave out the evening through the API"
    )
    parser.add_argument(
        "--workers", type=int, default=None, help="the live server's workers (default: one per core)"
    )
    args = parser.parse_args()
    print("before:", uptime())
    ok = big_event(seed=2026)
    small_events(args.seeds)
    if args.live:
        from club_night_live import live_evening, report

        from scorekeeper.cli.server import DEFAULT_WORKERS

        print("before the live evening:", uptime())
        ok &= report(live_evening(seed=2026, workers=args.workers or DEFAULT_WORKERS))
    print("after: ", uptime())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
