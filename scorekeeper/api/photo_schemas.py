"""``POST /rack-photo`` in the OpenAPI document: the photo's bytes in, a :class:`RackReading` out.

The body is documented as ``application/octet-stream`` only (a generated client sends the bytes as
they are; openapi-python-client warns at ``image/*``); the route takes the photo's ``image/*`` type
too (docs/api.md).
"""

from __future__ import annotations

from ..checker.solving import tile_slugs
from ..photo import MAX_BYTES, MOST_TILES
from .schemas import array, keyed, obj, ref

#: one tile as RULES.md N-1 writes it: colour (K, B, R, G) and number, or J for a joker
TILE = {"type": "string", "pattern": "^([KBRG]([1-9]|1[0-3])|J)$"}
FRACTION = {"type": "number", "minimum": 0, "maximum": 1}


def rack_reading() -> dict:
    """What a photo shows, for the player to check before it is used."""
    return obj(
        ("tiles", "total", "unsure", "flags", "boxes", "maybe"),
        tiles=array(
            TILE, maxItems=MOST_TILES, description="the tiles seen, in reading order (rows, left to right)"
        ),
        total={
            "type": "integer",
            "minimum": 0,
            "description": "the rack's points as the rules engine counts them (CT-7: a number tile its number, "
            "a joker 30)",
        },
        unsure=array(
            {"type": "integer", "minimum": 0},
            description="indexes into tiles of the ones to look at twice (read with little certainty, or a box "
            "of an odd size)",
        ),
        flags=array(
            {"type": "string"},
            description="the engine's sentences for what cannot be on one rack (a tile more often than the set "
            "has it, more than two jokers), in the reader's language",
        ),
        flags_keys=keyed("flags"),
        boxes=array(
            array(FRACTION, minItems=4, maxItems=4),
            description="each tile's box [x0, y0, x1, y1] as fractions of the photo's width and height (as "
            "turned by its EXIF orientation), in the order of tiles",
        ),
        maybe=array(
            array(FRACTION, minItems=4, maxItems=4),
            maxItems=2 * MOST_TILES,
            description="boxes as in boxes where a tile may be (the detector was nearly sure of a tile there "
            "and no tile read covers it; or it found a box far smaller than the others, or one the reader "
            "barely believes, which is not counted): look there, and add the tile if there is one",
        ),
    )


def photo_schemas() -> dict[str, dict]:
    return {"RackReading": rack_reading()}


def photo_operation(op) -> dict:
    """The operation, made with the document's ``op`` (passed in: :mod:`.openapi` imports this module)."""
    operation = op(
        "readRackPhoto",
        "Snap the rack (beta): read the tiles on a photo of a rack, with the rules engine's total "
        "and flags (changes nothing)",
        ("200", "RackReading", "what the photo shows; check it before using it"),
        (400, 413, 429, 503),
        meanings={
            400: "not a photo this can read (JPEG, PNG or WebP), an empty body, too many pixels, "
            "or a variant that is not a tile game",
            413: f"the photo is more than {MAX_BYTES:,} bytes",
        },
    )
    operation["parameters"] = [
        {
            "name": "variant",
            "in": "query",
            "required": False,
            "description": "the tile game whose rules count the rack",
            "schema": {"type": "string", "enum": tile_slugs(), "default": "rummikub"},
        },
        *operation["parameters"],
    ]
    operation["requestBody"] = {
        "required": True,
        "description": f"the photo's bytes (JPEG, PNG or WebP, at most {MAX_BYTES:,}); the route takes "
        "'Content-Type: image/jpeg' (png, webp) as well",
        "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    }
    operation["responses"]["415"] = {
        "description": "the body was not sent as application/octet-stream or an image type",
        "content": {"application/json": {"schema": ref("Error")}},
    }
    return operation
