"""A rack photo drawn for the tests, and a detector that finds exactly its tiles.

A drawing is not a rack the committed detector was made for, so the check screen's checking tests
swap in :func:`fixed_detector`: an ONNX model whose heat map is
a constant that marks the drawn tiles' centres and sizes, so what is found is known. It is written
as protobuf bytes by hand (the ``onnx`` package is the train extra, not the tests'); the reader stays
the committed one.
"""

from __future__ import annotations

import math
import struct
from pathlib import Path

from PIL import Image, ImageDraw

from scorekeeper.photo import reading

WIDTH, HEIGHT = 640, 360
#: the drawn tiles: (number, colour), left to right in one row
TILES = [(5, "red"), (5, "red"), (12, "black"), (3, "blue"), (9, "orange"), (1, "red")]
TILE_W, TILE_H, TOP = 80, 120, 120


def tile_boxes() -> list[tuple[int, int, int, int]]:
    return [(40 + k * 95, TOP, 40 + k * 95 + TILE_W, TOP + TILE_H) for k in range(len(TILES))]


def rack_photo(path: Path) -> Path:
    """A photo of a rack of sorts: wood, six light tiles with coloured numbers."""
    im = Image.new("RGB", (WIDTH, HEIGHT), (120, 84, 50))
    draw = ImageDraw.Draw(im)
    for (number, colour), (x0, y0, x1, y1) in zip(TILES, tile_boxes()):
        draw.rectangle((x0, y0, x1, y1), fill=(245, 238, 220), outline=(90, 80, 60), width=2)
        draw.text((x0 + 24, y0 + 40), str(number), fill=colour, font_size=36)
    im.save(path)
    return path


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


#: how sure the detector is of a ``faint`` tile: under DETECT, over MAYBE (a tile it may have missed)
FAINT = 0.25
#: how sure it is of an ``extra`` spot on the wood above the tiles (less than of a faint tile)
EXTRA = 0.2


def extra_boxes(count: int) -> list[tuple[int, int, int, int]]:
    """``count`` (at most 14) small boxes in a row on the wood above the tiles, apart."""
    assert count <= 14
    return [(10 + k * 45, 30, 50 + k * 45, 90) for k in range(count)]


def heat(faint: int | None = None, all_faint: bool = False, extra: int = 0) -> list[float]:
    """The detector's map [5, MAP_H, MAP_W] marking :func:`tile_boxes` on the photo (flat, C order);
    the tile at index ``faint`` (every tile, ``all_faint``) only FAINT sure, so it is not found but
    shown as maybe missed; ``extra`` spots more where no tile is (:func:`extra_boxes`), EXTRA sure."""
    h, w = reading.DETECT_H // reading.STRIDE, reading.DETECT_W // reading.STRIDE
    scale = min(reading.DETECT_W / WIDTH, reading.DETECT_H / HEIGHT)
    planes = [[-8.0] * (h * w)] + [[0.0] * (h * w) for _ in range(4)]
    for k, (x0, y0, x1, y1) in enumerate(tile_boxes() + extra_boxes(extra)):
        cx, cy = (x0 + x1) / 2 * scale / reading.STRIDE, (y0 + y1) / 2 * scale / reading.STRIDE
        i, j = int(cy), int(cx)
        at = i * w + j
        sure = EXTRA if k >= len(TILES) else FAINT if all_faint or k == faint else None
        planes[0][at] = _logit(sure) if sure else 4.0
        planes[1][at], planes[2][at] = (
            _logit(min(max(cx - j, 0.01), 0.99)),
            _logit(min(max(cy - i, 0.01), 0.99)),
        )
        planes[3][at] = math.log((x1 - x0) * scale / reading.STRIDE)
        planes[4][at] = math.log((y1 - y0) * scale / reading.STRIDE)
    return [v for plane in planes for v in plane]


# -- protobuf, just enough of onnx.proto for one Identity node over a constant --------------------


def _varint(n: int) -> bytes:
    out = b""
    while True:
        byte, n = n & 0x7F, n >> 7
        out += bytes([byte | (0x80 if n else 0)])
        if not n:
            return out


def _field(number: int, value: bytes | int) -> bytes:
    if isinstance(value, int):
        return _varint(number << 3) + _varint(value)
    return _varint(number << 3 | 2) + _varint(len(value)) + value


def _value_info(name: str, dims: list[int]) -> bytes:
    shape = b"".join(_field(1, _field(1, d)) for d in dims)
    tensor_type = _field(1, 1) + _field(2, shape)  # elem_type FLOAT, shape
    return _field(1, name.encode()) + _field(2, _field(1, tensor_type))


def fixed_detector(faint: int | None = None, all_faint: bool = False, extra: int = 0) -> bytes:
    """An ONNX model with the detector's input and output that answers :func:`heat` for any image."""
    h, w = reading.DETECT_H // reading.STRIDE, reading.DETECT_W // reading.STRIDE
    values = heat(faint, all_faint, extra)
    tensor = b"".join(_field(1, d) for d in (1, 5, h, w)) + _field(2, 1) + _field(8, b"fixed")
    tensor += _field(9, struct.pack(f"<{len(values)}f", *values))
    node = _field(1, b"fixed") + _field(2, b"heat") + _field(4, b"Identity")
    graph = (
        _field(1, node)
        + _field(2, b"fixed-detector")
        + _field(5, tensor)
        + _field(11, _value_info("image", [1, 3, reading.DETECT_H, reading.DETECT_W]))
        + _field(12, _value_info("heat", [1, 5, h, w]))
    )
    return _field(1, 8) + _field(7, graph) + _field(8, _field(2, 13))  # ir_version 8, opset 13
