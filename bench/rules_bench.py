"""Rules engine benchmark: median microseconds per check, and batch throughput.

Run: ``.venv/bin/python bench/rules_bench.py`` (or ``make bench``). Prints:

- typical melds of every variant (through the public ``scorekeeper.rules.check``),
- the worst crazy-tiles run (14 tiles mixing 6, 9, 10 and 12 with two jokers),
- a full 106-tile crazy-tiles board with both jokers,
- batch throughput in checks per second (``scorekeeper check --batch`` run in
  process over a list of mixed JSON lines).

Targets on the 2-core project machine (issue 2): typical meld <= 50 us,
worst run <= 2 ms, full board <= 50 ms, batch >= 5,000 checks/s.
"""

from __future__ import annotations

import io
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.cli.batch import run_batch_stream
from scorekeeper.rules import check

TYPICAL = {
    "krazy-bee": [("7 7 W", {}), ("3 4 5 6", {}), ("9 W 11", {})],
    "rumbugz": [("1 2 3 4", {}), ("2 4 P 8", {}), ("5 5 5 P", {})],
    "rummikub": [("R5 B5 K5", {}), ("R1 R2 R3 R4", {}), ("B10 J B12", {})],
    "crazy-tiles": [("R12 R13 J", {}), ("B10 J G10", {}), ("R8 R6 R10", {}), ("K13 K10 K2", {})],
    "runny-tiles": [("R1 B2 K3", {}), ("B9 K10 G11 R12", {}), ("K5 K6 K7", {})],
    "crib-rummy": [("7H 8H 9H", {}), ("QS QH QD", {}), ("5C JK 7C", {})],
    "crazy-rummy": [("7 7 7", {"wild": "3"}), ("K K 3", {"wild": "3"}), ("9 9 9 9", {"wild": "5"})],
}

#: 14 tiles mixing 6, 9, 10 and 12 with both jokers: a legal full cycle of the crazy-tiles
#: wrap (J = R0 and R4), and the slowest illegal one we found (every tile has 2-3 faces).
WORST_RUNS = {
    "legal": "R6 R7 R8 R9 R10 R11 R12 R13 J R1 R2 R3 J R5",
    "illegal": "J J R12 R6 R9 R10 R12 R6 R9 R10 R12 R6 R9 R10",
}


def full_board() -> str:
    """A legal crazy-tiles board of all 106 tiles: eight runs, two closed by a joker as 0.

    Rows of runs are kept apart by empty rows so no column forms a line.
    """
    rows = []
    for n, colour in enumerate("RBKGRBKG"):
        tiles = [f"{colour}{v}" for v in range(1, 14)] + (["J"] if n < 2 else [])
        if n < 2:  # start at 6 so the joker wraps round as 0: 6..13, 0, 1..5
            tiles = [*tiles[5:13], "J", *tiles[:5]]
        rows.append(" ".join(tiles))
    return " / / ".join(rows)


def median_us(fn, *, repeat: int = 50, number: int = 20) -> float:
    """Median over ``repeat`` rounds of the mean time of ``number`` calls, in microseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times) * 1e6


def typical(variant: str) -> str:
    melds = TYPICAL[variant]
    per_meld = [median_us(lambda c=cards, o=opts: check(variant, c, options=o)) for cards, opts in melds]
    return f"{statistics.median(per_meld):8.1f} us"


def batch_lines() -> list[str]:
    """Mixed JSON lines: checks and hands of every variant, legal and not."""
    lines = []
    for variant, melds in TYPICAL.items():
        for cards, opts in melds:
            lines.append(json.dumps({"variant": variant, "cards": cards, "options": opts}))
        lines.append(
            json.dumps({"command": "hand", "variant": variant, "cards": melds[0][0], "options": melds[0][1]})
        )
    lines.append(json.dumps({"variant": "crazy-tiles", "cards": "R4 R5", "extend": "R1 R2 R3"}))
    lines.append(json.dumps({"variant": "rummikub", "cards": "R3 R2 R1"}))
    return lines * 40


def batch_rate() -> str:
    lines = batch_lines()
    best = 0.0
    for _ in range(5):
        start = time.perf_counter()
        run_batch_stream(io.StringIO("\n".join(lines)), io.StringIO())
        best = max(best, len(lines) / (time.perf_counter() - start))
    return f"{best:8.0f} checks/s ({len(lines)} mixed lines via scorekeeper.batch.run_batch_stream)"


def main() -> None:
    print("Typical melds, median per check:")
    for variant in TYPICAL:
        print(f"  {variant:12s} {typical(variant)}")
    for label, run in WORST_RUNS.items():
        print(
            f"Worst crazy-tiles run, {label} ({run}): {median_us(lambda run=run: check('crazy-tiles', run)):8.1f} us"
        )
    board = full_board()
    ms = median_us(lambda: check("crazy-tiles", board), repeat=15, number=3) / 1000
    print(f"Full 106-tile crazy-tiles board with both jokers: {ms:8.2f} ms")
    print(f"Batch throughput: {batch_rate()}")


if __name__ == "__main__":
    main()
