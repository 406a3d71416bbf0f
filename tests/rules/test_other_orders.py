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


@pytest.mark.parametrize(
    "text",
    [
        "K6 K9 K10 K12 K6 K9 K10 K12 B1 J J R3 G4",  # every tile reads two ways, two jokers
        " ".join(["K6"] * 14),  # one tile many times: thousands of equal choices (the review's case)
        "K6 K9 K10 K12 B6 B9 B10 B12 R6 R9 R10 R12 J J",
    ],
)
def test_the_search_is_bounded(text, monkeypatch):
    """The order search reads at most ``ORDERS_TRIED`` orders as a run, whatever the set: an
    answer, found or not, never a stall (counted, not timed: bench figures are the bench's)."""
    from scorekeeper.rules.tiles import checks

    sw = switches_of(options_of("crazy-tiles", {}))
    reads, choices = [], []
    real_read, real_product = checks.read_runs, checks.product
    monkeypatch.setattr(checks, "read_runs", lambda *a, **k: reads.append(1) or real_read(*a, **k))
    monkeypatch.setattr(checks, "product", lambda *a: (choices.append(1) or c for c in real_product(*a)))
    assert run_order(NOTATION.parse(text), sw) is None
    assert 0 < len(reads) <= ORDERS_TRIED
    assert len(choices) <= ORDERS_TRIED + 1  # where the tiles stand: 2 ** 14 choices for fourteen K6


def test_a_set_longer_than_any_run_is_not_searched(monkeypatch):
    from scorekeeper.rules.tiles import checks

    monkeypatch.setattr(checks, "read_runs", lambda *a, **k: pytest.fail("searched"))
    assert (
        run_order(NOTATION.parse(" ".join(["K6"] * 18)), switches_of(options_of("crazy-tiles", {}))) is None
    )


def test_a_crossed_board_line_gets_no_order_that_would_break_its_column():
    """``R1 R3 R2`` across, crossed by ``R3 K3 G3`` down: R1 R2 R3 across would make the column
    R2 K3 G3, no set, so no order is named (N-2 asks for a legal alternative)."""
    verdict = check("rummikub", "R1 R3 R2 / . K3 . / . G3 .", options={"grid": True})
    assert not verdict.valid and verdict.alternatives == ()


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
