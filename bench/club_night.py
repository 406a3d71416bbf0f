"""Club night benchmark (issue 39, docs/club-night.md): seating an evening's rounds, and how good
the Swiss-like rule is.

The domain only (``scorekeeper/club/``; the pages, API and standings screen come next): an event
of 100 players at 25 tables over 4 rounds, round 1 drawn, each table's game given a seeded random
score (a Crazy Rummy game: the highest wins, read from the variant), the standings ranked by
tournament points after each round and the next round seated from them, once by standing and
once by the Swiss-like rule. Prints the time to seat each round (target: under 1 s) and the
repeat meetings over the 4 rounds (a pair meeting a second time is one).

Then seating quality on 12-player evenings (3 tables of 4, 4 rounds), over several seeds: the
repeat meetings of the Swiss-like rule and of seating by standing, against the brute force that
tries every one of the 5775 seatings each round (:func:`scorekeeper.club.optimum.best_rounds`)
and the floor no seating of the evening can go under (mean and max). The load average
(``uptime``) is printed before and after: the machine is shared.

Usage: ``python bench/club_night.py [--seeds 10]``. Exits 1 when a round takes 1 s or more.
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

from scorekeeper.club import repeat_meetings, seat_round, standings, table_game  # noqa: E402
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
    players = [f"P{n:02}" for n in range(12)]
    found: dict[str, list[int]] = {"swiss": [], "standing": [], "brute force": []}
    for seed in range(seeds):
        for rule in ("swiss", "standing"):
            history, _ = evening(players, rule, seed)
            found[rule].append(repeat_meetings(history))
            if rule == "swiss":
                found["brute force"].append(best_rounds([t.seats for t in history[0].tables], 4))
    print(f"12 players, 3 tables of 4, 4 rounds, {seeds} seeds: repeat meetings (mean, max)")
    for name, values in found.items():
        print(f"  {name:12} {statistics.mean(values):5.1f} {max(values):3}")
    print(f"  {'floor':12} {repeats_at_least(12, (4, 4, 4), 4):5}     (no seating of 4 rounds has fewer)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    print("before:", uptime())
    ok = big_event(seed=2026)
    small_events(args.seeds)
    print("after: ", uptime())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
