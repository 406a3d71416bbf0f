"""``POST /api/v1/rack-photo``: the tiles a rack photo shows, read for the player to check (Snap the
rack, beta; docs/api.md).

The body is the photo's own bytes (JPEG, PNG or WebP), sent as ``application/octet-stream`` or as
its ``image/*`` type: no JSON, so this is a blueprint of its own beside the API's, which takes JSON
bodies only. It is CSRF-exempt as ``/solve`` is, and for the same reason safe: it changes nothing,
and neither body type is one a cross-site form or a fetch without a preflight can send. It runs in
the worker pool under the heavy rate limit (:mod:`scorekeeper.web.throttle`), as ``/solve`` does.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from ..checker.checking import InputError
from ..limits import pool
from ..photo import MAX_BYTES, PhotoError, read_photo, tile_game
from ..storage.extensions import csrf
from ..web.languages import spoken

bp = Blueprint("photo_api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)

#: the body's type as the document gives it (a generated client sends this); ``image/*`` is taken too
RAW = "application/octet-stream"
NOT_A_PHOTO_TYPE = (
    f"Send the photo's bytes as the body, with 'Content-Type: {RAW}' or its image type (image/jpeg, "
    "image/png, image/webp)."
)
DEFAULT_VARIANT = "rummikub"


@bp.post("/rack-photo")
def rack_photo():
    """The tiles of a rack photo in reading order, the engine's total (CT-7) and flags, the unsure
    tiles and each tile's box; stores nothing. 400 for a body that is not a photo or a variant that
    is not a tile game, 413 past :data:`~scorekeeper.photo.MAX_BYTES` (before the body is read)."""
    try:
        variant = tile_game(request.args.get("variant", DEFAULT_VARIANT))
    except PhotoError as err:
        raise InputError(err.args[0]) from None
    if request.mimetype != RAW and not request.mimetype.startswith("image/"):
        raise UnsupportedMediaType(NOT_A_PHOTO_TYPE)
    if (request.content_length or 0) > MAX_BYTES:
        raise RequestEntityTooLarge(
            f"the photo is {request.content_length:,} bytes; at most {MAX_BYTES:,} are read"
        )
    request.max_content_length = MAX_BYTES  # this body only (a body without a length is cut there too)
    photo = request.get_data(cache=False)
    try:
        reading = pool.run(read_photo, photo, variant)
    except PhotoError as err:
        raise InputError(err.args[0]) from None
    return jsonify(spoken(reading.as_json())), 200, {"Vary": "Accept-Language"}
