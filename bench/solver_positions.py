"""The solver bench's positions (bench/solver_bench.py): legal tables of random sets and racks of
the tiles left, standard, with jokers on the table, or of a grid preset's own set library."""

from __future__ import annotations

import random
from collections import Counter

COLOURS = "RBKG"


def pool(jokers: bool) -> list[str]:
    return [f"{c}{n}" for c in COLOURS for n in range(1, 14)] * 2 + (["J", "J"] if jokers else [])


def standard_set(rng: random.Random) -> list[str]:
    if rng.random() < 0.5:
        colour, size = rng.choice(COLOURS), rng.randint(3, 5)
        start = rng.randint(1, 14 - size)
        return [f"{colour}{v}" for v in range(start, start + size)]
    number = rng.randint(1, 13)
    return [f"{c}{number}" for c in rng.sample(COLOURS, rng.randint(3, 4))]


def position(rng: random.Random, make_set, tables=(20, 60), racks=(14, 14)) -> dict:
    """A legal table of ``tables`` tiles (20-60) built from random sets, and a rack of ``racks``
    tiles (14) of the tiles left."""
    left = Counter(pool(jokers=True))
    target, sets, size = rng.randint(*tables), [], 0
    for _ in range(5000):
        if size >= target:
            break
        tiles = make_set(rng)
        need = Counter(tiles)
        if size + len(tiles) <= tables[1] and not need - left:
            left -= need
            sets.append(tiles)
            size += len(tiles)
    rest = sorted(left.elements())
    rng.shuffle(rest)
    return {
        "table": " | ".join(" ".join(s) for s in sets),
        "rack": " ".join(rest[: rng.randint(*racks)]),
        "size": size,
    }


def switch_set(variant: str):
    """Random legal sets of a preset without jokers, drawn from the solver's own set library."""
    from scorekeeper.rules.solver.templates import library
    from scorekeeper.rules.solver.tile_engine import options_of, switches_of

    sets = [t.tokens for t in library(switches_of(options_of(variant, {}))) if not t.jokers]
    return lambda rng: list(rng.choice(sets))


def grid_position(rng: random.Random, variant: str) -> dict:
    """Issue 18: a table of 9-30 tiles in legal sets of ``variant``, a rack of 6-14 of the tiles left."""
    return {"variant": variant, **position(rng, switch_set(variant), tables=(9, 30), racks=(6, 14))}


def joker_table(rng: random.Random) -> dict:
    """Issue 18: a standard position whose table holds one or two jokers (in place of a tile)."""
    p = position(rng, standard_set)
    sets = [s.split() for s in p["table"].split(" | ")]
    free = 2 - p["rack"].split().count("J")
    for _ in range(rng.randint(1, 2)):
        s = rng.choice(sets)
        i = rng.randrange(len(s))
        if free and s[i] != "J":
            s[i], free = "J", free - 1
    return {**p, "table": " | ".join(" ".join(s) for s in sets)}


def small_position(rng: random.Random, variant: str) -> dict:
    """A table of one set (a run or a group of 3) and a rack of 3-5 of the tiles left."""
    return {"variant": variant, **position(rng, switch_set(variant), tables=(3, 3), racks=(3, 5))}
