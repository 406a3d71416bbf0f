"""The tuning tools: they choose on tuning splits only (a held-out split is refused before anything is
drawn or read: docs/rack-photo.md, "Figures"), and second_look.py's averaging of two looks."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> subprocess.CompletedProcess:
    """``script`` (a path from the project's root) run with ``args`` by this Python."""
    return subprocess.run(
        [sys.executable, str(ROOT / script), *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("tool", ["tune.py", "marks.py"])
@pytest.mark.parametrize(
    "split", ["held-out", "b-holdout", "tune,b-holdout", "c-holdout", "c-tune,c-holdout", "c-final"]
)
def test_the_tuning_tools_refuse_a_held_out_split(tool, split):
    done = _run(f"tools/rackphoto/{tool}", "--split", split, "--racks", "1")
    assert done.returncode == 2
    assert f"not a tuning split: {split}" in done.stderr


def _module(path: str):
    """The script at ``path`` (from the project's root) imported as a module."""
    spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _second_look():
    return _module("tools/rackphoto/second_look.py")


def test_a_second_look_averages_the_peaks_both_find_and_halves_the_rest():
    from scorekeeper.photo.reading import Box

    averaged = _second_look().averaged
    tile, other_tile, table = Box(0, 0, 10, 14, 0.9), Box(40, 0, 50, 14, 0.8), Box(80, 0, 90, 14, 0.6)
    first = [tile, other_tile]
    second = [Box(1, 0, 11, 14, 0.5), table]  # the first tile seen again, and a thing only it saw
    got = averaged(first, second)
    assert [(b.x0, round(b.sure, 3)) for b in got] == [(0, 0.7), (40, 0.4), (80, 0.3)]


def test_a_second_look_must_fit_the_detectors_box():
    done = _run("tools/rackphoto/second_look.py", "--scale", "1.25")
    assert done.returncode == 2
    assert "--scale 1.25" in done.stderr


def _bench():
    return _module("bench/rack_photo_bench.py")


def test_the_bench_counts_apart_the_racks_where_fingers_hide_a_tile(tmp_path):
    """b-tune's first four racks: fingers over most of the second's tiles and the fourth's first
    tile, none over the other two; the shares are kept in the cache and the threshold applied on
    reading them, so a share of exactly IN_SIGHT is out of sight."""
    bench = _bench()
    assert bench.in_sight("held-out", 4, tmp_path) is None
    assert bench.in_sight("b-tune", 4, tmp_path) == [True, False, True, False]
    kept = tmp_path / "b-tune-4.covered.json"
    shares = json.loads(kept.read_text())
    assert shares[0] == 0 and shares[3] > 0.9
    kept.write_text(json.dumps([0.0, bench.IN_SIGHT + 0.01, 0.2, bench.IN_SIGHT]))
    assert bench.in_sight("b-tune", 4, tmp_path) == [True, False, True, False]
    kept.write_text(json.dumps([0.0, 0.0, 0.0, 0.0]))
    assert bench.in_sight("b-tune", 4, tmp_path) == [True] * 4


def test_tune_chooses_the_most_exact_totals_over_both_splits_keeping_the_first_renderers():
    tune = _module("tools/rackphoto/tune.py")
    committed = (tune.reading.DETECT, tune.reading.OVERLAP)

    def at(first, second):
        return [{"exact totals": first}, {"exact totals": second}]

    figures = {committed: at(0.94, 0.46), (0.3, 0.6): at(0.90, 0.55), (0.5, 0.7): at(0.935, 0.47)}
    # (0.3, 0.6) has the best sum but costs the first renderer 4 points: not allowed
    assert tune.chosen(figures, ["tune", "b-tune"]) == (0.5, 0.7)
    # renderer B's split alone has no first renderer's split to keep
    alone = {d: f[1:] for d, f in figures.items()}
    assert tune.chosen(alone, ["b-tune"]) == (0.3, 0.6)
    # a tie goes to the setting nearest the committed one, whatever the order tried
    tied = {(0.7, 0.8): at(0.94, 0.46), (0.5, 0.7): at(0.94, 0.46), committed: at(0.94, 0.46)}
    assert tune.chosen(tied, ["tune", "b-tune"]) == committed
    tied = {(0.7, 0.8): at(0.94, 0.47), (0.5, 0.7): at(0.94, 0.47), committed: at(0.94, 0.46)}
    assert tune.chosen(tied, ["tune", "b-tune"]) == (0.5, 0.7)


@pytest.mark.parametrize("split", [None, "c-final", "tune,c-final"])
def test_the_bench_reads_a_candidate_on_c_final_only_under_a_rule(split, tmp_path):
    """c-final (renderer C's second held-out split) is read with the committed models alone; a
    candidate (--models) is refused on it, before any photo is drawn, unless the rule written before
    is named; by default a candidate's run leaves it out."""
    bench = ROOT / "bench/rack_photo_bench.py"
    args = [sys.executable, str(bench), "--models", str(tmp_path), "--racks", "1"]
    if split is None:
        # the default with --models (the held-out splits but c-final) would draw photos: its help says it
        done = subprocess.run([*args, "--help"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "with --models, all but c-final" in " ".join(done.stdout.split())
        return
    done = subprocess.run([*args, "--split", split], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "c-final is read with the committed models alone" in done.stderr
    # with the rule named, c-final passes that check (the run then stops at a split that does not
    # exist, checked after it, so nothing is drawn)
    rule = tmp_path / "rule.txt"
    rule.write_text("written before")
    with_rule = [*args, "--rule", str(rule), "--split", f"{split},no-such"]
    done = subprocess.run(with_rule, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "no split 'no-such'" in done.stderr
    assert "committed models alone" not in done.stderr


def test_the_bench_reads_with_other_marks_named_and_bounded():
    settings = _bench().settings
    assert settings(["DETECT=0.35", "SURE_FOUND=0.4", "MAYBE=0.15"]) == {
        "DETECT": 0.35,
        "SURE_FOUND": 0.4,
        "MAYBE": 0.15,
    }
    assert settings([]) == {}
    for word in ("DETECT", "DETECT=", "DETECT=x", "DETECT=1.5", "DETECT=-0.1", "SMALL=2", "detect=0.4"):
        with pytest.raises(ValueError, match=re.escape(repr(word))):
            settings([word])


@pytest.mark.parametrize("word", ["DETECT=x", "JOKER_APART=0.3"])
def test_the_bench_refuses_a_mark_it_cannot_set_with_the_word(word):
    done = _run("bench/rack_photo_bench.py", "--split", "tune", "--racks", "1", "--set", word)
    assert done.returncode == 2
    assert repr(word) in done.stderr


@pytest.mark.parametrize("split", ["c-holdout", "tune,b-holdout", "held-out", "c-final"])
def test_the_bench_reads_a_held_out_split_with_other_marks_only_under_a_rule(split, tmp_path):
    args = ("--racks", "1", "--set", "DETECT=0.4")
    done = _run("bench/rack_photo_bench.py", *args, "--split", split)
    assert done.returncode == 2
    assert "read with other marks only under the rule written before" in done.stderr
    rule = tmp_path / "rule.txt"
    rule.write_text("written before")
    # named, the rule lets it pass that check: the run stops at a split that does not exist, so
    # nothing is drawn
    done = _run("bench/rack_photo_bench.py", *args, "--rule", str(rule), "--split", f"{split},no-such")
    assert done.returncode == 2 and "no split 'no-such'" in done.stderr


def _compare():
    return _module("bench/rack_photo_compare.py")


def test_the_sign_test_weighs_only_the_racks_two_readings_differ_on():
    compare = _compare()
    assert compare.sign_test(0, 10) == pytest.approx(2 / 2**10)  # ten to none: real
    assert compare.sign_test(5, 5) == 1.0
    assert compare.sign_test(0, 0) == 1.0
    assert compare.sign_test(13, 17) == compare.sign_test(17, 13) == pytest.approx(0.5847, abs=1e-4)
    # with 30 racks differing a gain of 12 (9 to 21) is the least called real; with 4, none is
    assert compare.least_real_gain(30) == 12
    assert compare.sign_test(9, 21) < compare.REAL <= compare.sign_test(10, 20)
    assert compare.least_real_gain(4) is None


def _outcomes(path: Path, exact: dict[str, list[bool]]) -> Path:
    racks = {
        split: [{"exact": e, "flagged": not e, "silent_wrong": False} for e in values]
        for split, values in exact.items()
    }
    path.write_text(json.dumps({"read by": {"models": str(path.stem), "marks": {}}, "racks": racks}))
    return path


def test_the_comparison_pairs_the_same_racks_split_by_split(tmp_path):
    a = _outcomes(tmp_path / "a.json", {"tune": [True, True, False, False], "c-tune": [True, False]})
    b = _outcomes(tmp_path / "b.json", {"tune": [True, False, True, True], "c-tune": [True, True]})
    done = _run("bench/rack_photo_compare.py", str(a), str(b))
    assert done.returncode == 0, done.stderr
    exact = done.stdout.split("racks wrong without a mark")[0]
    rows = {line.split()[0]: line.split()[1:5] for line in exact.splitlines() if line.startswith("  ")}
    assert rows["tune"] == ["1", "1", "2", "+1"]  # both, A only, B only, B - A
    assert rows["c-tune"] == ["1", "0", "1", "+1"]
    assert rows["all"] == ["2", "1", "3", "+2"]


def test_the_comparison_refuses_readings_of_other_racks(tmp_path):
    a = _outcomes(tmp_path / "a.json", {"tune": [True, True]})
    b = _outcomes(tmp_path / "b.json", {"tune": [True, True, True]})
    done = _run("bench/rack_photo_compare.py", str(a), str(b))
    assert done.returncode == 2 and "other splits or racks" in done.stderr
    (tmp_path / "c.json").write_text("[1, 2]")
    done = _run("bench/rack_photo_compare.py", str(a), str(tmp_path / "c.json"))
    assert done.returncode == 2 and "not a file of outcomes" in done.stderr


def test_the_bench_writes_each_racks_outcome_in_order(tmp_path):
    bench = _bench()
    rows = [
        {"exact": True, "flagged": False, "silent_wrong": False, "found": 3},
        {"exact": False, "flagged": False, "silent_wrong": True, "found": 2},
    ]
    path = tmp_path / "o.json"
    bench.write_outcomes(path, {"tune": rows}, None, {"DETECT": 0.4})
    got = json.loads(path.read_text())
    assert got["read by"] == {"models": "committed", "marks": {"DETECT": 0.4}}
    assert got["racks"] == {
        "tune": [
            {"exact": True, "flagged": False, "silent_wrong": False},
            {"exact": False, "flagged": False, "silent_wrong": True},
        ]
    }


def _wrongs():
    return _module("bench/rack_photo_wrongs.py")


@pytest.mark.parametrize("split", ["c-holdout", "tune,b-holdout", "c-final", "held-out"])
def test_the_wrong_racks_bench_does_not_look_into_a_held_out_split(split):
    done = _run("bench/rack_photo_wrongs.py", "--split", split, "--racks", "1")
    assert done.returncode == 2
    assert f"not a tuning split: {split.split(',')[-1]}" in done.stderr


def test_the_wrong_racks_bench_tells_why_each_tile_has_no_chip():
    """Seven tiles in a row: one read right, five with no chip for each of the five reasons, one
    misread; and a chip where no tile is."""
    tile = lambda x: [x, 0, x + 10, 14]  # noqa: E731
    truth_boxes = [tile(x) for x in (0, 20, 40, 60, 80, 100, 110)]
    truth = ["K1", "K2", "K3", "K4", "K5", "K6", "R5"]
    # the third chip spans the last two tiles, nearer the last (matched to it, read as a 6)
    chips, tiles = [tile(0), [102, 0, 120, 14], tile(200)], ["K1", "R6", "B3"]
    found = [tile(0), tile(60), tile(80), [102, 0, 120, 14], tile(200)]
    small, maybe = [tile(60)], [tile(20)]
    got = _wrongs().causes(tiles, chips, truth_boxes, truth, found, small, maybe)
    assert got == {
        "missed: peak under DETECT": 1,  # the second tile: only a peak under DETECT
        "missed: nothing found": 1,  # the third
        "missed: set apart as small": 1,  # the fourth
        "missed: barely read (a spot)": 1,  # the fifth: found, and no chip kept
        "missed: inside another chip's box": 1,  # the sixth: under the chip of the seventh
        "no tile": 1,
        "R5>R6": 1,
    }


def test_the_wrong_racks_bench_counts_tiles_found_by_their_shape():
    wrongs = _wrongs()
    standing, square, flat, flatter = [0, 0, 7, 10], [10, 0, 20, 10], [30, 0, 45, 10], [50, 0, 70, 10]
    got = wrongs.by_shape([standing, square, flat, flatter], chips=[standing, [51, 0, 70, 10]])
    assert got == {
        (0.0, False): 1,
        (0.0, True): 1,  # 0.7 wide for its height: found
        (0.8, False): 1,
        (0.8, True): 0,  # 1.0: missed
        (1.3, False): 1,
        (1.3, True): 0,  # 1.5: missed
        (1.8, False): 1,
        (1.8, True): 1,  # 2.0: found by a chip a pixel narrower
    }


def test_the_bench_totals_a_reading_no_set_holds_as_the_check_screen_does():
    """A third R6 read from a photo is a misread the check screen marks; the bench stopped at it
    (rules.hand refuses such a rack) instead of counting the rack as wrong or flagged."""
    scores = _module("bench/rack_photo_scores.py")
    assert scores.points(["R6", "R6", "R6", "J"]) == 48
    assert scores.points(["B1", "J"]) == 31 and scores.points([]) == 0


def test_the_bench_reads_a_photo_as_the_server_decodes_it():
    """Renderer C draws some racks at 1152 x 864; the server (and the phone) shrink a photo to
    WORK_LONG on its longer side before reading it, so the bench does too; a smaller one as it is."""
    import numpy as np

    bench = _bench()
    big = np.random.default_rng(1).random((864, 1152, 3), dtype=np.float32)
    shrunk = bench.as_decoded(big)
    assert shrunk.shape == (768, 1024, 3) and 0 <= shrunk.min() and shrunk.max() <= 1
    small = big[:768, :1024]
    assert bench.as_decoded(small) is small
