"""The engine's word on a reading: the total (CT-7) and the flags (two of each tile, two jokers)."""

from __future__ import annotations

import pytest

from scorekeeper import rules
from scorekeeper.display.reasons import render_reason
from scorekeeper.photo import PhotoError, RackReading, checked


def reading(*tiles: str) -> RackReading:
    return RackReading(list(tiles), [[0.0, 0.0, 0.1, 0.1] for _ in tiles], [])


@pytest.mark.parametrize(
    "tiles, total",
    [
        pytest.param(("R5", "J", "K13"), 48, id="CT-7-joker-counts-30"),
        pytest.param(("J",), 30, id="CT-7-joker-alone"),
        pytest.param(("B1", "G12"), 13, id="CT-7-numbers"),
        pytest.param((), 0, id="CT-7-empty-rack"),
    ],
)
def test_total_is_the_engines_rack_value(tiles, total):
    assert checked(reading(*tiles), "rummikub").total == total


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles", "Runny-Tiles"])
def test_every_tile_game_is_accepted(variant):
    assert checked(reading("R5", "R5", "J", "J"), variant).flags == []


def test_three_r5_are_flagged_ct7_in_english_and_german():
    (flag,) = checked(reading("R5", "K2", "R5", "R5"), "rummikub").flags
    assert flag == "CT-7: the game has only two R5 tiles; this photo shows 3"
    assert render_reason(flag, "de") == "CT-7: das Spiel hat nur zwei Steine R5; dieses Foto zeigt 3"


def test_three_jokers_are_flagged_ct7_in_english_and_german():
    (flag,) = checked(reading("J", "J", "J", "B4"), "crazy-tiles").flags
    assert flag == "CT-7: the game has only two jokers; this photo shows 3"
    assert render_reason(flag, "de") == "CT-7: das Spiel hat nur zwei Joker; dieses Foto zeigt 3"


def test_the_reading_itself_is_kept():
    before = RackReading(["R5", "J"], [[0.1, 0.2, 0.3, 0.4], [0.5, 0.2, 0.7, 0.4]], [1])
    after = checked(before, "rummikub")
    assert (after.tiles, after.boxes, after.unsure) == (before.tiles, before.boxes, before.unsure)


@pytest.mark.parametrize(
    "variant, words",
    [
        ("krazy-bee", "krazy-bee is not one"),
        ("crib-rummy", "crib-rummy is not one"),
        ("chess", "unknown variant 'chess'"),
    ],
)
def test_another_variant_is_a_clear_error(variant, words):
    with pytest.raises(PhotoError, match=words):
        checked(reading("R5"), variant)


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_the_phones_counts_are_the_engines(variant):
    """The check screen totals by these (rules.rack_counts): a joker as the engine values it, and
    a tile flagged past the set's copies."""
    counts = rules.rack_counts(variant)
    assert counts["joker_points"] == rules.hand(variant, "J").points == 30  # CT-7
    assert not rules.rack_supply(variant, " ".join(["R5"] * counts["copies"]), "this photo shows")
    assert rules.rack_supply(variant, " ".join(["R5"] * (counts["copies"] + 1)), "this photo shows")


def test_the_phones_counts_refuse_a_card_game():
    with pytest.raises(rules.RulesError, match="crib-rummy"):
        rules.rack_counts("crib-rummy")
