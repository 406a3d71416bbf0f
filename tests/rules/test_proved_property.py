"""Proved means proved (issue 34): over random small runny-tiles positions, with jokers on the table
and in the rack, the best play the solver calls proved is never beaten by an exhaustive search
written from RULES.md alone (``rules_brute.py``), a bound it gives is never beaten either, and
every play it answers is one the turn checker accepts, at the same value, when typed back.

Bounded for ``make test``: :data:`POSITIONS` positions, each searched in a 4 x 4 window (about
20 s on the project's machine when it is quiet).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import check_turn, solve

from .rules_brute import COLOURS, board_text, lays

#: positions tried per run (derandomized: the same ones every run)
POSITIONS = 120


@st.composite
def positions(draw) -> tuple[list[list[str]], list[str]]:
    """A table of one legal set of three (a run of one colour, a run of different colours, or a
    group), perhaps with a joker in place of a tile, and a rack of 1-4 tiles near its numbers."""
    kind = draw(st.sampled_from(["run", "runny", "group"]))
    if kind == "group":
        number = draw(st.integers(1, 13))
        table = [f"{c}{number}" for c in draw(st.permutations(COLOURS))[:3]]
        low, high = number - 1, number + 1
    else:
        start = draw(st.integers(1, 11))
        colours = (
            [draw(st.sampled_from(COLOURS))] * 3 if kind == "run" else draw(st.permutations(COLOURS))[:3]
        )
        table = [f"{c}{start + k}" for k, c in enumerate(colours)]
        low, high = start - 2, start + 4
    if draw(st.booleans()):
        table[draw(st.integers(0, 2))] = "J"
    near = sorted({f"{c}{n}" for c in COLOURS for n in range(max(1, low), min(13, high) + 1)})
    own = sorted({t for t in table if t != "J"})  # a copy of a table tile makes a second line through it
    tile = st.sampled_from(own) | st.sampled_from(near) | st.just("J")
    rack: list[str] = []
    for t in draw(st.lists(tile, min_size=2, max_size=4)):
        if Counter(table + rack)[t] < 2:  # the game holds two of each tile and two jokers (CT-1)
            rack.append(t)
    return [table], rack


def _beaten(table, rack, most: int) -> str | None:
    """A board laying more than ``most`` rack tiles, if the search finds one."""
    for size in range(len(rack), most, -1):
        board = lays(table, rack, size)
        if board:
            return board_text(board)
    return None


@settings(
    max_examples=POSITIONS,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(positions())
@example(([["R4", "R5", "R6"]], ["R4", "R6"]))  # the defect 1: a second run through R5
@example(([["K9", "J", "K11"]], ["B10", "B12", "R13"]))  # defect 2: the joker at a crossing
def test_a_proved_best_play_is_never_beaten_and_every_play_is_legal_typed_back(position):
    table, rack = position
    table_text, rack_text = " | ".join(" ".join(s) for s in table), " ".join(rack)
    best = solve("runny-tiles", rack_text, table=table_text, time_limit=10)
    after = best.board or table_text
    verdict = check_turn("runny-tiles", table_text, rack_text, after, must_play="C")
    assert verdict.valid, (table_text, rack_text, after, verdict.reasons)
    assert sorted(verdict.extra["played"]) == sorted(best.play)
    assert verdict.extra["value"] == best.value
    if best.optimal or best.bound is not None:
        most = best.tiles_played if best.optimal else best.bound
        beaten = _beaten(table, rack, most)
        assert beaten is None, f"{table_text} + {rack_text}: {beaten} lays more than {most}"
