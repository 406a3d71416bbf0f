"""The solver's set library agrees with the engine: every template is a legal set (CT-1..CT-3)."""

import pytest

from scorekeeper.rules.solver.templates import library
from scorekeeper.rules.solver.tile_engine import NOTATION, options_of, read_line, switches_of

# (variant, switches, every how many templates are re-read): the presets in full, other mixes sampled
PRESETS = [
    ("rummikub", {}, 1),
    ("crazy-tiles", {}, 1),
    ("runny-tiles", {}, 1),
    ("rummikub", {"zero": True, "wrap": True}, 5),
    ("rummikub", {"ten_split": True, "twelve_split": True}, 5),
    ("rummikub", {"eleven_split": True, "same_color_groups": True}, 5),
]


@pytest.mark.parametrize("variant,switches,step", PRESETS, ids=lambda p: str(p))
def test_every_template_reads_legal_with_its_jokers_and_points(variant, switches, step):
    sw = switches_of(options_of(variant, switches))
    for tpl in library(sw)[::step]:
        readings = read_line(NOTATION.parse(tpl.text), sw, cap=1000).readings
        assert readings, tpl.text
        wild = [i for i, tok in enumerate(tpl.tokens) if tok == "J"]
        for (entries, _points), i in zip(tpl.jokers, wild):
            assert entries <= {r.entries[i] for r in readings}, tpl.text
        assert tpl.points in {r.points for r in readings}, tpl.text


def test_library_holds_the_seed_examples_of_ct4():
    sw = switches_of(options_of("crazy-tiles", {}))
    texts = {t.text for t in library(sw)}
    for seed in (
        "R8 R6 R10",
        "B6 G9 K9",
        "G6 G9 G9",
        "B13 J B1 B2",
        "R10 R2",
        "R13 R10",
        "K13 K10 K2",
        "R12 R13 J",
        "R11 R1",
        "K11 K11",
        "R12 R3",
        "J B12",
        "R8 R8 J",
    ):
        tokens = seed.split()
        assert any(sorted(t.split()) == sorted(tokens) for t in texts), seed


def test_standard_library_has_no_switch_sets():
    texts = {t.text for t in library(switches_of(options_of("rummikub", {})))}
    assert "R12 R13 R1" not in texts and "R10 R2" not in texts and "R5 R5 R5" not in texts
    assert "R11 R12 R13" in texts and "R5 B5 K5 G5" in texts
