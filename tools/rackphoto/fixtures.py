"""The photos the tests read tile for tile (tests/photo/fixtures/), written from held-out racks.

Each is a held-out rack (fonts and tables training never saw) that the committed models read
exactly, saved as the JPEG a phone would send, with its truth from the renderer beside it
(``<name>.json``: the tiles in reading order). A new model must still read them. One is a far rack
whose tiles need the closer look (reading.closer); one more rack is drawn with three R5 and a joker
so the rules flag shows end to end. Run with the app's venv after
``make model``:  python tools/rackphoto/fixtures.py
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from rack_photo_bench import SEEDS  # noqa: E402
from rack_photo_scores import truth_tokens  # noqa: E402
from render import rack  # noqa: E402

from scorekeeper.photo import photo  # noqa: E402

OUT = ROOT / "tests" / "photo" / "fixtures"
R5, J, B10, K1 = (4, 2), (13, 0), (9, 1), (0, 0)


def _jpeg(image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    return out.getvalue()


def _reads_exactly(data: bytes, truth: list[str]) -> bool:
    got = photo.read_image(photo.decode(data))
    return got.tiles == truth and not got.unsure


def _needs_closer(data: bytes) -> bool:
    return photo.first_look(photo.decode(data))[1] is not None


def write(name: str, seeds, labels=None, least: int = 1, most: int = 22, far: bool = False) -> None:
    for seed in seeds:
        image, _, lab = rack(np.random.default_rng(seed), held_out=True, labels=labels)
        data, truth = _jpeg(image), truth_tokens(lab)
        if least <= len(truth) <= most and _reads_exactly(data, truth) and _needs_closer(data) == far:
            (OUT / f"{name}.jpg").write_bytes(data)
            (OUT / f"{name}.json").write_text(json.dumps({"seed": seed, "tiles": truth}) + "\n")
            print(f"{name}: seed {seed}, {' '.join(truth)}")
            return
    print(f"{name}: no rack of these seeds reads exactly", file=sys.stderr)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    start = SEEDS["held-out"]
    write("held-out-long", range(start, start + 300), least=12)
    write("held-out-short", range(start, start + 300), least=5, most=10)
    write("held-out-far", range(start, start + 300), least=8, far=True)
    write("three-r5-and-a-joker", range(start + 500, start + 600), labels=[R5, B10, R5, K1, R5, J])


if __name__ == "__main__":
    main()
