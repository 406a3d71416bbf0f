"""``scorekeeper rack-photo IMAGE``: the tiles a rack photo shows (Snap the rack, beta), as
``POST /api/v1/rack-photo`` answers them."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..photo import MAX_BYTES, PhotoError, read_photo, tile_game
from .args import UsageError

EXIT_OK = 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``rack-photo`` on the ``scorekeeper`` command's sub-parsers."""
    p = sub.add_parser(
        "rack-photo",
        help="read the tiles on a photo of a tile rack (beta)",
        description="Read the tiles on a photo of a rack (JPEG, PNG or WebP) in reading order, with the "
        "rack's points (CT-7) and what cannot be (a tile more often than the set has it). "
        "Tiles marked ? are unsure: check them. A last line says where a tile may have been missed.",
    )
    p.add_argument("image", help="the photo's file")
    p.add_argument("--variant", default="rummikub", help="rummikub (default), crazy-tiles or runny-tiles")
    p.add_argument("--json", action="store_true", help="print the answer as JSON (the API's shape)")
    p.set_defaults(func=_cmd_rack_photo)


def _cmd_rack_photo(args: argparse.Namespace) -> int:
    variant = tile_game(args.variant)
    try:
        reading = read_photo(_photo_bytes(args.image), variant).as_json()
    except PhotoError as err:
        raise PhotoError(f"{args.image!r}: {err}") from None
    print(json.dumps(reading, ensure_ascii=False) if args.json else format_reading(reading))
    return EXIT_OK


def _photo_bytes(name: str) -> bytes:
    """The file's bytes, at most MAX_BYTES of them; UsageError naming the file otherwise."""
    path = Path(name)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as err:
        raise UsageError(f"{name!r}: {err.strerror or err}") from None
    if len(data) > MAX_BYTES:
        raise PhotoError(f"more than {MAX_BYTES:,} bytes; at most {MAX_BYTES:,} are read")
    return data


def format_reading(reading: dict[str, Any]) -> str:
    """A reading in words: the tiles (unsure ones marked ?), the total, every flag, and how many
    spots may hide a missed tile.

    >>> print(format_reading({"tiles": ["R3", "J"], "total": 33, "unsure": [1], "flags": [], "boxes": []}))
    R3 J?
    total: 33 points (1 tile unsure, marked ?)
    >>> print(format_reading({"tiles": ["R3"], "total": 3, "unsure": [], "flags": [], "maybe": [[0, 0, 1, 1]] * 2}))
    R3
    total: 3 points
      - a tile may have been missed in 2 places (--json gives their boxes): look at the photo
    """
    unsure = set(reading["unsure"])
    tiles = " ".join(t + ("?" if k in unsure else "") for k, t in enumerate(reading["tiles"]))
    head = f"total: {reading['total']} points"
    if unsure:
        head += f" ({len(unsure)} tile{'' if len(unsure) == 1 else 's'} unsure, marked ?)"
    lines = [tiles or "no tiles found", head]
    lines += [f"  - {flag}" for flag in reading["flags"]]
    if spots := len(reading.get("maybe", [])):
        where = "1 place" if spots == 1 else f"{spots} places"
        lines.append(
            f"  - a tile may have been missed in {where} (--json gives their boxes): look at the photo"
        )
    return "\n".join(lines)
