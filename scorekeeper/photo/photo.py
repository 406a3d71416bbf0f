"""A rack photo read on the server with the committed models (the API, the CLI, the bench)."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import numpy as np

from . import reading, readout
from .checking import checked
from .rack import MAX_BYTES, PhotoError, RackReading

MODELS = Path(__file__).resolve().parent.parent / "static" / "rack-photo"
MAX_PIXELS = 40_000_000  # a decompression bomb is refused before it is decoded
#: what a phone's camera writes; Pillow's other readers are not offered to an upload
FORMATS = ("JPEG", "PNG", "WEBP")

__all__ = ["MAX_BYTES", "MAX_PIXELS", "PhotoError", "RackReading", "decode", "read_image", "read_photo"]


@cache
def _session(name: str):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return ort.InferenceSession(str(MODELS / f"{name}.onnx"), options, providers=["CPUExecutionProvider"])


def decode(data: bytes) -> np.ndarray:
    """The photo as an H x W x 3 array of 0..1, its longer side at most WORK_LONG, turned as its
    EXIF says (a phone's portrait photo)."""
    from PIL import Image, ImageOps

    if not data:
        raise PhotoError("no photo was sent: the body is empty")
    if len(data) > MAX_BYTES:
        raise PhotoError(f"the photo is {len(data):,} bytes; at most {MAX_BYTES:,} are read")
    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as im:
            if im.width * im.height > MAX_PIXELS:
                raise PhotoError(
                    f"the photo is {im.width} x {im.height} pixels; at most {MAX_PIXELS:,} are read"
                )
            im = ImageOps.exif_transpose(im).convert("RGB")
            im.thumbnail((reading.WORK_LONG, reading.WORK_LONG), Image.Resampling.BOX)
            return np.asarray(im, np.float32) / 255
    except PhotoError:
        raise
    except Image.DecompressionBombError as err:  # Pillow's own bound (far past MAX_PIXELS), checked first
        raise PhotoError(f"the photo has far more pixels than are read (at most {MAX_PIXELS:,})") from err
    except Exception as err:  # a broken or hostile file fails in many ways inside Pillow: all are a 400
        raise PhotoError("this is not a photo that can be read (JPEG, PNG or WebP)") from err


def detect(
    image: np.ndarray, view: reading.View, least: float | None = None, **thresholds: float
) -> tuple[list[reading.Box], list[reading.Box]]:
    """The detector's tiles in one view of the work image, and where it may have missed one
    (reading.maybe_missed, down to ``least``, reading.MAYBE unless given); ``thresholds``:
    reading.find_boxes's ``detect`` and ``overlap`` where a tuning run tries others."""
    (heat,) = _session("detector").run(None, {"image": reading.letterbox(image, view)})
    tiles = reading.find_boxes(heat[0], view, **thresholds)
    return tiles, reading.maybe_missed(heat[0], view, tiles, least)


def first_look(
    image: np.ndarray, least: float | None = None
) -> tuple[tuple[list[reading.Box], list[reading.Box]], reading.View | None]:
    """The detector's look at the whole photo (:func:`detect`), and the closer view of its tiles
    when they are small (reading.closer), else None."""
    whole = reading.whole(image)
    look = detect(image, whole, least)
    return look, reading.closer(look[0], whole)


def find_tiles(image: np.ndarray, least: float | None = None) -> tuple[list[reading.Box], list[reading.Box]]:
    """The tiles of the whole photo, looked at again closer when they are small, and where a tile
    may be missed (down to ``least``); the first look's if the closer one finds none."""
    look, view = first_look(image, least)
    nearer = detect(image, view, least) if view else ([], [])
    return nearer if nearer[0] else look


def fractions(boxes: list[reading.Box], size: tuple[int, ...]) -> list[list[float]]:
    """Boxes in pixels as fractions of a photo of ``size`` (its height and width first, as an
    image's shape), held to it (a tile cut by the edge), as plain floats for JSON."""
    H, W = size[:2]
    return [
        [round(min(1.0, max(0.0, float(v))), 4) for v in (b.x0 / W, b.y0 / H, b.x1 / W, b.y1 / H)]
        for b in boxes
    ]


def read_image(image: np.ndarray) -> RackReading:
    """The tiles on a decoded photo (:func:`decode`), before the rules engine's total and flags."""
    boxes, maybe = reading.chips_and_spots(*find_tiles(image))
    spots = fractions(maybe, image.shape)
    if not boxes:
        return RackReading([], [], [], maybe=spots)
    n = len(boxes)
    number, colour = _session("reader").run(None, {"tiles": reading.every_look(image, boxes)})
    tokens, sure_n, sure_c = readout.read_tokens(number, colour, n)
    odd, doubted = reading.odd_sizes(boxes), readout.doubted(number, n)
    unsure = [
        k
        for k, b in enumerate(boxes)
        if b.sure < reading.SURE_FOUND
        or sure_n[k] < reading.SURE_NUMBER
        or sure_c[k] < reading.SURE_COLOUR
        or odd[k]
        or doubted[k]
    ]
    sure = [round(min(b.sure, sure_n[k], sure_c[k]), 4) for k, b in enumerate(boxes)]
    apart = readout.barely_read(tokens, sure_n, reading.JOKER_APART, reading.NUMBER_APART)
    if any(apart):  # mostly not a tile the reader knows: a spot where a tile may be, as a small box is
        spots += fractions([b for k, b in enumerate(boxes) if apart[k]], image.shape)
        kept = [k for k in range(n) if not apart[k]]
        tokens, sure, boxes = [tokens[k] for k in kept], [sure[k] for k in kept], [boxes[k] for k in kept]
        unsure = [kept.index(k) for k in unsure if not apart[k]]
    return RackReading(tokens, fractions(boxes, image.shape), unsure, sure=sure, maybe=spots)


def read_photo(data: bytes, variant: str = "rummikub") -> RackReading:
    """A photo's bytes read and checked: :func:`read_image`, then the rules engine's total (CT-7)
    and flags (a tile more often than the set has it, more than two jokers)."""
    return checked(read_image(decode(data)), variant)
