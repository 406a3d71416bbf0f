"""A board's points are its highest legal reading (CT-5, CT-1, CT-6), the lines read together
where a joker stands in two of them (CT-9): found by a differential probe of 7 December, where
each line's own best reading gave too little and refused first laydowns that reach 30."""

from __future__ import annotations

import random
from itertools import product

import pytest

from scorekeeper.rules import check
from scorekeeper.rules.solver.tile_engine import options_of, switches_of
from scorekeeper.rules.tiles import NOTATION
from scorekeeper.rules.tiles.faces import entry_points
from scorekeeper.rules.tiles.grid import find_lines, read_board
from scorekeeper.rules.tiles.sets import read_line

# (variant, board, options, points before the fix, the highest reading's points)
FOUND = [
    ("crazy-tiles", "J J B2 / . B1 .", {}, 27, 34),
    ("crazy-tiles", "J J R2 / . R3 .", {}, 30, 37),
    ("crazy-tiles", "K13 J J / . K12 .", {}, 57, 58),
    ("crazy-tiles", "J K1 J / K12 . .", {}, 35, 44),
    ("runny-tiles", "J B2 J / B11 . . / R12 . .", {}, 37, 38),
    ("runny-tiles", "R10 J K10 / . R9 . / . J .", {}, 48, 49),
    ("rummikub", ". . K13 / J R12 J / . . G13", {"grid": True}, 62, 63),
]


@pytest.mark.parametrize(("variant", "board", "options", "before", "points"), FOUND)
def test_a_board_counts_its_highest_reading(variant, board, options, before, points):
    verdict = check(variant, board, options=options)
    assert verdict.valid and verdict.kind == "board"
    assert verdict.points == points > before
    assert verdict.extra["initial_meld"]["points"] == points


def test_the_first_laydown_is_no_longer_refused_for_too_few_points():
    """CT-6: ``J J B2 / . B1 .`` is worth 34, so it reaches the 30 a first laydown needs."""
    verdict = check("crazy-tiles", "J J B2 / . B1 .")
    assert verdict.extra["initial_meld"] == {"points": 34, "needed": 30, "reached": True}
    assert not verdict.notes
    # the reading shown is the one counted: the crossing joker B1 across and B11 (1 + 1) down
    assert verdict.reading == ("B0", "B1/B1+B1", "B2", "B1")
    column = next(p for p in verdict.parts if p["direction"] == "down")
    assert column["reading"] == ["B1+B1", "B1"]


def _brute_points(board, sw) -> int | None:
    """The board's highest value over every combination of its lines' readings, a crossing joker
    one colour in both lines and counting the higher of its numbers: None when no line reading
    combination is legal. Knows nothing of how the checker chooses."""
    lines = find_lines(board)
    readings = []
    for line in lines:
        verdict = read_line(tuple(board[r][c] for r, c in line.cells), sw, None, 10_000)
        if not verdict.valid:
            return None
        readings.append(verdict.readings)
    best = None
    for combo in product(*readings):
        seen: dict = {}
        for line, reading in zip(lines, combo):
            for rc, entry in zip(line.cells, reading.entries):
                seen.setdefault(rc, []).append(entry)
        jokers = {rc: entries for rc, entries in seen.items() if board[rc[0]][rc[1]].wild}
        if any(len({e[0] for e in entries}) > 1 for entries in jokers.values()):
            continue  # CT-9: a joker keeps one colour in both lines
        value = sum(board[r][c].rank for (r, c) in seen if not board[r][c].wild)
        value += sum(max(entry_points(e) for e in entries) for entries in jokers.values())
        best = value if best is None else max(best, value)
    return best


def _small_boards(rng: random.Random, count: int):
    """Crosses and corners of three to five tiles with one or two jokers, from the 106 tiles."""
    shapes = [
        ["X X X", ". X ."],
        ["X X .", ". X X"],
        ["X X X", "X . .", "X . ."],
        [". X .", "X X X", ". X ."],
        ["X X", ". X", ". X"],
    ]
    tiles = [f"{c}{n}" for c in "RBKG" for n in range(1, 14)]
    for _ in range(count):
        shape = rng.choice(shapes)
        cells = sum(row.count("X") for row in shape)
        jokers = rng.choice((1, 2))
        near = rng.randint(1, 10)
        pool = [t for t in tiles if near <= int(t[1:]) <= near + 3] + ["J"] * jokers
        picks = ["J"] * jokers + rng.sample([t for t in pool if t != "J"], cells - jokers)
        rng.shuffle(picks)
        it = iter(picks)
        yield " / ".join(" ".join(next(it) if x == "X" else "." for x in row.split()) for row in shape)


@pytest.mark.parametrize("variant", ["crazy-tiles", "runny-tiles"])
def test_every_small_board_counts_what_the_brute_force_finds(variant):
    """On boards a table lays (crosses and corners, a joker where lines meet), the checker's points
    equal the highest value found by trying every combination of the lines' readings."""
    sw = switches_of(options_of(variant, {}))
    rng = random.Random(20261207)
    legal = 0
    for text in _small_boards(rng, 1000):
        verdict = check(variant, text)
        if not verdict.valid:
            assert _brute_points(read_board(text, NOTATION), sw) is None, text
            continue
        legal += 1
        assert verdict.points == _brute_points(read_board(text, NOTATION), sw), text
    assert legal >= 50  # enough legal boards were met for the comparison to mean something
