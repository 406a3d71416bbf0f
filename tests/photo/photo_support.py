"""What the rack-photo tests share: a photo drawn with Pillow (not a rack the models were made
for: the tests that use it assert the answer's shape and that it agrees with itself; the held-out
photos of test_fixture_photos.py assert which tiles are read)."""

from __future__ import annotations

import io
import struct
import zlib

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


def bomb_png(width: int = 20_000, height: int = 20_000) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` pixels (400 million by default, past even
    Pillow's own bound) in a few bytes, its picture data one empty row: a hostile sender's file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    row = zlib.compress(b"\0" * (1 + 3 * width))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", row) + chunk(b"IEND", b"")
