"""N-2: a refused tile set names an order in which the same tiles are a run, where one exists:
with a joker to move, a 10 read as 0 + 1 to put first, a run that wraps, and for a board's line.
(Before 7 December the hint came only when the number tiles were out of face order.)"""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from scorekeeper.rules import check
from scorekeeper.rules.solver.tile_engine import options_of, switches_of
from scorekeeper.rules.tiles import NOTATION
from scorekeeper.rules.tiles.checks import ORDERS_TRIED, run_order
from scorekeeper.rules.tiles.sets import read_runs


@pytest.mark.parametrize(
    ("variant", "tiles", "order"),
    [
        ("rummikub", "J K1 K2", "K1 K2 J"),
        ("rummikub", "R12 R13 J", "J R12 R13"),
        ("crazy-tiles", "R2 R3 R10", "R10 R2 R3"),
        ("crazy-tiles", "R2 R13 R10", "R13 R10 R2"),
        ("crazy-tiles", "G3 G4 G5 G12", "G12 G3 G4 G5"),
        ("rummikub", "R3 R2 R1", "R1 R2 R3"),
    ],
)
def test_a_refused_set_names_an_order_that_is_a_run(variant, tiles, order):
    verdict = check(variant, tiles)
    assert not verdict.valid
    hint = f"CT-3: in the order {order} it would be a run"
    assert hint in verdict.alternatives
    assert check(variant, order).valid  # the order named is legal


def test_a_board_line_names_its_order_too():
    verdict = check("crazy-tiles", "R3 R2 R1 / . . .")
    assert not verdict.valid
    assert verdict.alternatives == ("CT-3: in the order R1 R2 R3 it would be a run",)


def test_no_order_is_named_when_none_is_a_run():
    verdict = check("rummikub", "R12 R13 B1")
    assert not verdict.valid
    assert not any("in the order" in a for a in verdict.alternatives)


def test_the_search_is_bounded():
    """A set of 13 tiles with two jokers and every tile that reads two ways is searched at most
    ``ORDERS_TRIED`` orders deep: an answer, found or not, not a stall."""
    sw = switches_of(options_of("crazy-tiles", {}))
    tiles = NOTATION.parse("K6 K9 K10 K12 K6 K9 K10 K12 B1 J J R3 G4")
    assert ORDERS_TRIED <= 5000
    assert run_order(tiles, sw) is None


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_every_refused_small_set_with_a_run_order_names_one(variant):
    """Sets of three to five tiles dealt near one another from the 106, or a run's tiles shuffled:
    whenever some order of them is a run (every order tried), the refusal names one, and it reads
    as a run."""
    opts = options_of(variant, {})
    sw = switches_of(opts)
    rng = random.Random(7122026)
    deck = [f"{c}{n}" for c in "RBKG" for n in range(1, 14) for _ in range(2)] + ["J", "J"]
    named = 0
    for n in range(700):
        start = rng.randint(1, 13)
        if n % 2:  # a run's tiles, one a joker at times, shuffled as a hand holds them
            one = rng.choice("RBKG")
            colours = [rng.choice("RBKG") if variant == "runny-tiles" else one for _ in range(5)]
            count = rng.randint(3, 5)
            tiles = [f"{colours[k]}{(start + k - 1) % 13 + 1}" for k in range(count)]
            tiles = [t if rng.random() > 0.2 else "J" for t in tiles]
            rng.shuffle(tiles)
            text = " ".join(tiles)
        else:
            near = [t for t in deck if t == "J" or (int(t[1:]) - start) % 13 < 5]
            text = " ".join(rng.sample(near, rng.randint(3, 5)))
        verdict = check(variant, text)
        if verdict.valid:
            continue
        tiles = NOTATION.parse(text)
        some = any(read_runs(order, sw, cap=0)[0] for order in permutations(tiles))
        hints = [a for a in verdict.alternatives if "in the order" in a]
        if any("only two" in r for r in verdict.reasons):
            continue  # three of one tile: no order helps
        assert bool(hints) == some, text
        for hint in hints:
            order = hint.split("in the order ", 1)[1].split(" it would", 1)[0]
            assert read_runs(NOTATION.parse(order), sw, cap=0)[0], (text, order)
        named += bool(hints)
    assert named >= 20
