"""The tuning tools choose on tuning splits only: a held-out split is refused before anything is
drawn or read (docs/rack-photo.md, "Figures": the held-out splits are never used in a choice)."""

from __future__ import annotations

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
