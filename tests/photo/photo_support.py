"""What the rack-photo tests share: a photo drawn with Pillow, and whether the models are there.

The models (``scorekeeper/static/rack-photo/*.onnx``) come from the training and are not kept in
the repository yet: a test that reads a photo skips, with that reason, where they are missing.
Until they are trained the tests assert shapes and consistency only, never which tiles a photo shows.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from scorekeeper.photo.photo import MODELS

needs_models = pytest.mark.skipif(
    not all((MODELS / f"{name}.onnx").exists() for name in ("detector", "reader")),
    reason="the rack-photo models are not in scorekeeper/static/rack-photo/ (they come from the training)",
)


#: what each tile of the drawn rack counts (CT-7): a number tile its number, a joker 30
def points_of(tile: str) -> int:
    return 30 if tile == "J" else int(tile[1:])


def rack_png(width: int = 640, height: int = 480) -> bytes:
    """A wooden rack with a row of pale tiles, each with a coloured stroke, as PNG bytes."""
    image = Image.new("RGB", (width, height), (170, 120, 70))
    draw = ImageDraw.Draw(image)
    colours = [(20, 20, 20), (30, 60, 200), (200, 30, 30), (210, 150, 20)]
    for k in range(8):
        x = 30 + k * 72
        draw.rectangle((x, 180, x + 60, 280), fill=(240, 235, 220))
        draw.rectangle((x + 25, 200, x + 35, 250), fill=colours[k % 4])
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
