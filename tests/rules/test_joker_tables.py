"""Tables holding jokers (issue 18, CT-10): the programme with fewer CT-10 rows still answers only
turns the engine's turn checker accepts, and still proves them best."""

import random
from collections import Counter

import pytest

from scorekeeper.rules import check_turn, solve

COLOURS = "RBKG"


def _position(seed: int) -> tuple[str, str]:
    """A legal table of runs and groups with one or two jokers in it, and a rack of the tiles left."""
    rng = random.Random(seed)
    left = Counter([f"{c}{n}" for c in COLOURS for n in range(1, 14)] * 2)
    sets: list[list[str]] = []
    while sum(map(len, sets)) < rng.randint(12, 30):
        if rng.random() < 0.5:
            colour, size = rng.choice(COLOURS), rng.randint(3, 5)
            start = rng.randint(1, 14 - size)
            tiles = [f"{colour}{v}" for v in range(start, start + size)]
        else:
            number = rng.randint(1, 13)
            tiles = [f"{c}{number}" for c in rng.sample(COLOURS, rng.randint(3, 4))]
        if not Counter(tiles) - left:
            left -= Counter(tiles)
            sets.append(tiles)
    for s in rng.sample(sets, min(len(sets), rng.randint(1, 2))):
        s[rng.randrange(len(s))] = "J"
    rest = sorted(left.elements())
    rng.shuffle(rest)
    return " | ".join(" ".join(s) for s in sets), " ".join(rest[:14])


@pytest.mark.parametrize("seed", range(12))
def test_every_answer_on_a_joker_table_is_a_legal_turn_and_proved(seed):
    table, rack = _position(seed)
    best = solve("rummikub", rack, table=table)
    after = " | ".join(" ".join(s) for s in best.table)
    verdict = check_turn("rummikub", table, rack, after)
    assert best.optimal
    assert verdict.valid, verdict.reasons
    assert sorted(verdict.extra["played"]) == sorted(best.play)


def test_a_freed_joker_needs_two_rack_tiles_even_when_the_table_holds_a_copy_ct10():
    # the joker stands for R7 and the table holds an R7 (in the group): the rack's R7 alone
    # cannot free it, as the joker would sit in a new set with one rack tile
    assert solve("rummikub", "R7 B2", table="R5 R6 J | R7 B7 K7").tiles_played == 0
    best = solve("rummikub", "R7 R8", table="R5 R6 J | R7 B7 K7")
    assert best.tiles_played == 2
    after = " | ".join(" ".join(s) for s in best.table)
    assert check_turn("rummikub", "R5 R6 J | R7 B7 K7", "R7 R8", after).valid
