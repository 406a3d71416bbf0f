"""tools/rackphoto/kept.py: the kept photos (docs/rack-photo.md, "Keeping photos, with consent") as
a training chunk in data.py's shapes, from the host's export zip or the folder alike: the reader's
cuts of every tile with a box, the detector's photo only when every tile has one."""

from __future__ import annotations

import importlib.util
import io
import zipfile
from pathlib import Path

import numpy as np
import pytest

from scorekeeper.photo import kept, reading

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "photo" / "fixtures" / "three-r5-and-a-joker.jpg"
BOX = [0.3, 0.4, 0.36, 0.5]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("rackphoto_kept", ROOT / "tools" / "rackphoto" / "kept.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def folder(tmp_path) -> Path:
    """Two kept photos: one whose tiles all have a box, one with a tile added by hand (no box)."""
    root = tmp_path / "kept"
    kept.keep(root, FIXTURE.read_bytes(), ["R5", "J"], [BOX, [0.4, 0.4, 0.46, 0.5]], "rummikub")
    other = io.BytesIO()
    from PIL import Image

    Image.new("RGB", (320, 240), (120, 84, 50)).save(other, "PNG")
    kept.keep(root, other.getvalue(), ["B7", "K13"], [BOX, None], "rummikub")
    return root


def test_a_chunk_in_the_rendered_ones_shapes(tool, folder, tmp_path):
    out = tmp_path / "train-kept.npz"
    told = tool.build(folder, out, repeat=3)
    assert told == {"photos": 2, "detector": 1, "tiles": 3, "skipped": 0}
    with np.load(out) as z:
        assert set(z.files) == {"images", "boxes", "box_index", "labels", "crops", "crop_labels"}
        assert (
            z["images"].shape == (3, 3, reading.DETECT_H, reading.DETECT_W) and z["images"].dtype == np.uint8
        )
        assert z["boxes"].shape == (6, 4) and list(z["box_index"]) == [0, 2, 4, 6]
        assert z["crops"].shape[0] == z["crop_labels"].shape[0] == 9 and z["crops"].dtype == np.uint8
        assert set(map(tuple, z["crop_labels"].tolist())) == {(4, 2), (6, 1), (13, 0)}
        assert z["labels"].shape == (6, 2)


def test_the_export_zip_gives_the_same_chunk(tool, folder, tmp_path):
    kept.export(folder, tmp_path / "kept.zip")
    assert zipfile.is_zipfile(tmp_path / "kept.zip")
    tool.build(folder, tmp_path / "a.npz", repeat=2)
    tool.build(tmp_path / "kept.zip", tmp_path / "b.npz", repeat=2)
    with np.load(tmp_path / "a.npz") as a, np.load(tmp_path / "b.npz") as b:
        assert all(np.array_equal(a[k], b[k]) for k in a.files)


def test_nothing_to_learn_from_says_so(tool, tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(SystemExit, match="no kept photo with a tile"):
        tool.build(tmp_path / "empty", tmp_path / "x.npz")
