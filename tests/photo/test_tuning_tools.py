"""The tuning tools: they choose on tuning splits only (a held-out split is refused before anything is
drawn or read: docs/rack-photo.md, "Figures"), and second_look.py's averaging of two looks."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("split", ["held-out", "b-holdout", "tune,b-holdout"])
def test_tune_refuses_a_held_out_split(split):
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools/rackphoto/tune.py"), "--split", split, "--racks", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert f"not a tuning split: {split}" in done.stderr


def _second_look():
    spec = importlib.util.spec_from_file_location("second_look", ROOT / "tools/rackphoto/second_look.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_second_look_averages_the_peaks_both_find_and_halves_the_rest():
    from scorekeeper.photo.reading import Box

    averaged = _second_look().averaged
    tile, other_tile, table = Box(0, 0, 10, 14, 0.9), Box(40, 0, 50, 14, 0.8), Box(80, 0, 90, 14, 0.6)
    first = [tile, other_tile]
    second = [Box(1, 0, 11, 14, 0.5), table]  # the first tile seen again, and a thing only it saw
    got = averaged(first, second)
    assert [(b.x0, round(b.sure, 3)) for b in got] == [(0, 0.7), (40, 0.4), (80, 0.3)]


def test_a_second_look_must_fit_the_detectors_box():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools/rackphoto/second_look.py"), "--scale", "1.25"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "--scale 1.25" in done.stderr
