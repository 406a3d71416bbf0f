"""Tiles added to a set on the table: of the legal places the verdict gives the one worth the
most (CT-1: ``points`` takes the highest; CT-5), and a refused Crib Rummy addition names the kind
or option under which it is legal (N-2). Both found by the differential probe of 7 December."""

from __future__ import annotations

import random

import pytest

from scorekeeper.rules import check
from scorekeeper.rules.solver.tile_engine import options_of
from scorekeeper.rules.tiles.checks import _placements, set_verdict
from scorekeeper.rules.tiles.variants import NOTATION


@pytest.mark.parametrize(
    ("variant", "added", "table", "placed", "points", "added_points"),
    [
        ("crazy-tiles", "J", "R1 R2 R3", "start", 26, 20),  # J = R0 counts 20, J = R4 only 4
        ("rummikub", "R5 R6", "J", "start", 18, 11),  # a joker taken back: R5 R6 J (J = R7), not J R5 R6
        ("rummikub", "R8", "R5 R6 R7", "end", 26, 8),
    ],
)
def test_the_most_valuable_place_is_given(variant, added, table, placed, points, added_points):
    verdict = check(variant, added, extend=table)
    assert verdict.valid
    assert (verdict.extra["placed"], verdict.points, verdict.extra["added_points"]) == (
        placed,
        points,
        added_points,
    )


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_no_legal_place_is_worth_more_than_the_one_given(variant):
    """Runs and groups on the table, one or two tiles added: every legal place tried by hand is
    worth at most what the verdict gives."""
    opts = options_of(variant, {})
    rng = random.Random(712)
    compared = 0
    for _ in range(400):
        colour, start = rng.choice("RBKG"), rng.randint(1, 10)
        table = [f"{colour}{start + k}" for k in range(3)]
        if rng.random() < 0.3:
            table[rng.randrange(3)] = "J"
        added = [rng.choice(["J", f"{colour}{rng.randint(1, 13)}"]) for _ in range(rng.randint(1, 2))]
        verdict = check(variant, " ".join(added), extend=" ".join(table))
        if not verdict.valid or verdict.extra["placed"] == "joker":
            continue
        worths = []
        for _, tiles, _where in _placements(NOTATION.parse(" ".join(table)), NOTATION.parse(" ".join(added))):
            v = set_verdict(variant, tiles, opts, first_meld=False)
            if v.valid:
                worths.append(v.points)
        assert verdict.points == max(worths), (table, added)
        compared += 1
    assert compared >= 40


def test_crib_extension_names_the_kind_that_makes_it_legal():
    verdict = check("crib-rummy", "7C", extend="7H 7S 7D", options={"kind": "run"})
    assert not verdict.valid
    assert verdict.alternatives == ("legal as a set (2 pegs): declare it a set",)
    assert check("crib-rummy", "7C", extend="7H 7S 7D", options={"kind": "set"}).points == 2


def test_crib_extension_names_the_ace_high_option():
    verdict = check("crib-rummy", "AH", extend="JH QH KH")
    assert not verdict.valid
    assert "legal as a run where Q-K-A runs are allowed: 3 pegs" in verdict.alternatives
    assert check("crib-rummy", "AH", extend="JH QH KH", options={"ace_high": True}).points == 3


def test_crib_extension_with_no_other_way_names_none():
    verdict = check("crib-rummy", "9C", extend="JH QH KH")
    assert not verdict.valid
    assert verdict.alternatives == ()
