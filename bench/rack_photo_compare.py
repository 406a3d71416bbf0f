"""Two readings of the very same racks, paired rack by rack (issue 37; docs/rack-photo.md).

Two figures of exact racks may differ by chance: a candidate reads some racks right that the
committed pair reads wrong and others wrong that it reads right, and only the racks where the two
differ say which is better. For each split of two ``rack_photo_bench.py --outcomes`` files (the
same splits and racks, read from the same cache), and over all of them, it prints for exact racks,
racks wrong without a mark and racks flagged: the racks where both have it, A only, B only, B's
gain over A, and the two-sided sign test's p on the racks where they differ (the chance of a split
of them at least this lopsided if each such rack were a coin toss); then the least gain that test
would call real (p under 0.05) with that many racks differing.

    python bench/rack_photo_compare.py A.json B.json

Exit 2 when the two files do not hold the same splits and racks. Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

#: the outcomes compared, and how they are named
MEASURES = {"exact": "exact racks", "silent_wrong": "racks wrong without a mark", "flagged": "racks flagged"}
#: the p under which a gain is called real
REAL = 0.05


def sign_test(a_only: int, b_only: int) -> float:
    """Two-sided exact sign test: the chance of a split of ``a_only + b_only`` coin tosses at least
    as lopsided as this one."""
    n, least = a_only + b_only, min(a_only, b_only)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, k) for k in range(least + 1)) / 2**n)


def least_real_gain(differing: int) -> int | None:
    """The least gain (B only minus A only) the sign test calls real with ``differing`` racks
    differing, or None if none would be."""
    for gain in range(differing % 2, differing + 1, 2):
        if sign_test((differing - gain) // 2, (differing + gain) // 2) < REAL:
            return gain
    return None


def paired(a: list[dict], b: list[dict], key: str) -> tuple[int, int, int]:
    """Racks where both have ``key``, where only A has it, where only B has it."""
    both = sum(x[key] and y[key] for x, y in zip(a, b))
    return (
        both,
        sum(x[key] and not y[key] for x, y in zip(a, b)),
        sum(y[key] and not x[key] for x, y in zip(a, b)),
    )


def table(a: dict[str, list[dict]], b: dict[str, list[dict]], key: str) -> list[str]:
    lines = [
        f"  {'split':10} {'both':>5} {'A only':>7} {'B only':>7} {'B - A':>6} {'p':>7} {'real from':>10}"
    ]
    rows = [(split, a[split], b[split]) for split in a]
    rows.append(("all", [r for s in a for r in a[s]], [r for s in b for r in b[s]]))
    for name, x, y in rows:
        both, a_only, b_only = paired(x, y, key)
        need = least_real_gain(a_only + b_only)
        lines.append(
            f"  {name:10} {both:5} {a_only:7} {b_only:7} {b_only - a_only:+6} {sign_test(a_only, b_only):7.3f} "
            f"{'none' if need is None else f'+/-{need}':>10}"
        )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", type=Path, help="the first reading's outcomes (rack_photo_bench.py --outcomes)")
    ap.add_argument("b", type=Path, help="the second's, of the same racks")
    args = ap.parse_args()
    try:
        first, second = (json.loads(p.read_text()) for p in (args.a, args.b))
        a, b = first["racks"], second["racks"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        ap.error(f"not a file of outcomes: {err}")
    sizes = {s: len(r) for s, r in a.items()}
    if sizes != {s: len(r) for s, r in b.items()}:
        ap.error(
            f"the two files hold other splits or racks: {sizes} against { {s: len(r) for s, r in b.items()} }"
        )
    print(f"A: {first['read by']}\nB: {second['read by']}")
    for key, name in MEASURES.items():
        print(
            f"{name} (p: the sign test on the racks where A and B differ; real from: the least gain it calls real)"
        )
        print("\n".join(table(a, b, key)))


if __name__ == "__main__":
    sys.exit(main())
