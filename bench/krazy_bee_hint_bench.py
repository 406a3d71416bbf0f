"""Krazy Bee best-play finder on hands dealt as a table deals them: can each hand lay each Step?

RULES.md does not give the Krazy Bee deck, so the bench deals from one modelled on Phase 10's
(which KB-8's Step list is modelled on): eight of each number 1..13 and eight Wild Bees. A hand is
the 12 cards dealt (RULES.md section 1) or 13 after a draw. Each hand asks the finder which Steps of
a list it can lay (the default list, then a custom list with many short runs, the finder's hardest
kind: ``6 runs of 2`` must keep every pair of runs apart, KB-5). Prints the time per hand (median,
p99, slowest), the most melds tried against ``MOST_TRIED``, and how many hands were refused; then
the time the finder takes to refuse a hand no table deals.

    .venv/bin/python bench/krazy_bee_hint_bench.py [--hands 150] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from scorekeeper.rules import RulesError, solve
from scorekeeper.rules.solver import krazy_bee_hint

DECK = [str(n) for n in range(1, 14)] * 8 + ["W"] * 8
CUSTOM = "2 runs of 3; run of 4 + run of 3; book of 2 + run of 3; 2 books of 2; 6 runs of 2; 4 books of 3; run of 9"


def figures(rng: random.Random, hands: int, size: int, steps: str | None) -> None:
    times, refused, tried = [], 0, [0]
    for _ in range(hands):
        deck = DECK[:]
        rng.shuffle(deck)
        start = time.perf_counter()
        try:
            h = krazy_bee_hint.hint(" ".join(deck[:size]), **({"steps": steps} if steps else {}))
            tried.append(h.tried)
        except RulesError:
            refused += 1
        times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"{'custom' if steps else 'default'} list, {size} cards, {hands} hands: median "
        f"{statistics.median(times) * 1000:.1f} ms, p99 {times[int(len(times) * 0.99) - 1] * 1000:.1f} ms, "
        f"slowest {times[-1] * 1000:.1f} ms; most melds tried {max(tried)} (bound {krazy_bee_hint.MOST_TRIED}); "
        f"refused {refused}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores)")
    rng = random.Random(args.seed)
    for steps in (None, CUSTOM):
        for size in (12, 13):
            figures(rng, args.hands, size, steps)
    hand = "1 2 3 4 5 6 7 8 9 10 11 12 13 W W W W W W"
    start = time.perf_counter()
    try:
        solve("krazy-bee", hand, step="6 runs of 2")
        what = "answered"
    except RulesError as err:
        what = f"refused: {err}"
    print(f"  1..13 and six Wild Bees, 6 runs of 2: {(time.perf_counter() - start) * 1000:.0f} ms, {what}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
