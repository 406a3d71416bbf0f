"""Crib Rummy best-play finder on hands dealt as a table plays them (the finder's work bounds).

A hand is dealt from a shuffled pair of packs with their jokers (CR-3), as the table deals it: 11
cards (RULES.md section 4), then the sizes a player holds later in a hand: 12 after a draw, 18 after
taking the discard pile's top card and the six under it (CR-6), 25 after taking it twice without
laying anything. The table holds the melds another hand dealt from the same packs would lay (the
finder's own answer for it), so hand and table always fit the deck. For each size it prints the
time per hint (median, p99, slowest), the most groups judged and plays weighed against the
finder's bounds (``MOST_JUDGED``, ``MOST_WEIGHED``), and how many hands were refused. Then the cost
of refusing: the time the finder takes to turn away hands no table deals (two whole suits and four
jokers, the whole deck, the rest of the deck beside a table of 16 runs), the work a hostile sender
can ask of it.

    .venv/bin/python bench/crib_hint_bench.py [--hands 300] [--seed 7] [--jokers 2]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from scorekeeper.rules import RulesError
from scorekeeper.rules.solver import crib_hint

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SIZES = (11, 12, 18, 25)


def deck(jokers: int) -> list[str]:
    """Two 52-card packs and their jokers (CR-1, CR-3)."""
    return [r + s for r in RANKS for s in "SHDC"] * 2 + ["JK"] * jokers


def table_of(rng: random.Random, cards: list[str], jokers: int) -> str:
    """The melds another dealt hand would lay, as a table (empty when it lays none)."""
    other = [cards.pop() for _ in range(18)]
    melds = crib_hint.hint(" ".join(other), jokers=jokers).moves
    return " | ".join(" ".join(m.cards) for m in melds)


def figures(rng: random.Random, hands: int, size: int, jokers: int) -> None:
    times, judged, weighed, refused = [], [], [], 0
    for _ in range(hands):
        cards = deck(jokers)
        rng.shuffle(cards)
        table = table_of(rng, cards, jokers) if rng.random() < 0.5 else ""
        hand = " ".join(cards[:size])
        start = time.perf_counter()
        try:
            h = crib_hint.hint(hand, table=table, jokers=jokers)
        except RulesError:
            refused += 1
            continue
        finally:
            times.append(time.perf_counter() - start)
        judged.append(h.judged)
        weighed.append(h.weighed)
    times.sort()
    print(
        f"{size} cards, {hands} hands (half with a table): median {_ms(statistics.median(times))}, "
        f"p99 {_ms(times[int(len(times) * 0.99) - 1])}, slowest {_ms(times[-1])}; most judged "
        f"{max(judged)} (bound {crib_hint.MOST_JUDGED}), most weighed {max(weighed)} "
        f"(bound {crib_hint.MOST_WEIGHED}); refused {refused}"
    )


def refusals() -> None:
    """The time to answer or refuse hands no table deals (option jokers=4: four jokers)."""
    whole = deck(4)
    runs = [[f"{r}{s}" for r in RANKS[i : i + 3]] for s in "SHDC" for i in range(0, 12, 3)]
    rest = list(whole)
    for card in (c for run in runs for c in run):
        rest.remove(card)
    for name, hand, table in (
        (
            "two whole suits of hearts and four jokers",
            " ".join([r + "H" for r in RANKS] * 2 + ["JK"] * 4),
            "",
        ),
        ("the whole deck", " ".join(whole), ""),
        ("60 cards of a shuffled deck", " ".join(random.Random(1).sample(whole, 60)), ""),
        (
            "the rest of the deck beside a table of 16 runs of 3",
            " ".join(rest),
            " | ".join(map(" ".join, runs)),
        ),
    ):
        start = time.perf_counter()
        try:
            h = crib_hint.hint(hand, table=table, jokers=4)
            what = f"answered ({h.pegs} pegs, {h.judged} judged, {h.weighed} weighed)"
        except RulesError as err:
            what = f"refused: {err}"
        print(f"  {name}: {_ms(time.perf_counter() - start)}, {what}")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jokers", type=int, choices=(2, 4), default=2)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores)")
    rng = random.Random(args.seed)
    for size in SIZES:
        figures(rng, args.hands, size, args.jokers)
    print("hands no table deals (jokers=4):")
    refusals()
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
