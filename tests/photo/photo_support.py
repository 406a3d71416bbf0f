"""What the rack-photo tests share: a photo drawn with Pillow (not a rack the models were made
for: the tests that use it assert the answer's shape and that it agrees with itself; the held-out
photos of test_fixture_photos.py assert which tiles are read)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw


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
