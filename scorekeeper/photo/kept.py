"""Rack photos kept on the host, with consent (docs/rack-photo.md, "Keeping photos, with consent").

A player who ticks the check screen's box sends the photo and the tiles as corrected; they are
kept here, in one folder of the host (``instance/kept-photos``), never anywhere else, for
``make model`` to learn from (``tools/rackphoto/kept.py``). Each photo is two files named by the
first 24 hex digits of the SHA-256 of the bytes sent (the same photo sent again is kept once):
``<id>.jpg``, decoded by Pillow and written again as JPEG (nothing of the phone's file survives but
its pixels: no EXIF, no place, no camera), and ``<id>.json``, its tiles in reading order, each
tile's box (fractions of the photo; none for a tile the player added), the variant and the date.
No player's name, no game. A thumbnail ``<id>.thumb.jpg`` is for the host's list.

Pure files, no Flask, no database: the pages (``views/kept_photos.py``) and the command
(``scorekeeper kept-photos``) share it. Pillow is imported only where a photo is decoded.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import os
import re
import secrets
import zipfile
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..limits import KEPT_PHOTO_LONG, KEPT_PHOTOS_MAX
from .rack import MOST_TILES, PhotoError

#: what a kept photo may be: a JPEG or a PNG, decoded by Pillow (nothing else is opened)
FORMATS = ("JPEG", "PNG")
#: a tile in the notation the check screen writes: a colour and 1..13, or the joker
TILE = re.compile(r"(?:[KBRG](?:[1-9]|1[0-3])|J)\Z")
#: a kept photo's name (the hash of its bytes): the only names opened or deleted
NAME = re.compile(r"[0-9a-f]{24}\Z")
THUMB_LONG = 240
KEY_FILE = "host-key"


class NotAPhoto(PhotoError):
    """The bytes are not a JPEG or PNG Pillow can decode (415)."""


class PhotoTooLarge(PhotoError):
    """Past the bounds a kept photo is held to (413)."""


class StoreFull(PhotoError):
    """The host keeps KEPT_PHOTOS_MAX photos already (409)."""


class NoSuchPhoto(PhotoError):
    """No kept photo has this name (404, the command's exit code 2)."""


@dataclass(frozen=True)
class Kept:
    """One kept photo's sidecar."""

    id: str
    tiles: list[str]
    boxes: list[list[float] | None]
    variant: str
    kept: str
    width: int
    height: int

    def as_json(self) -> dict:
        return asdict(self)


def read_tiles(given: Any) -> tuple[list[str], list[list[float] | None]]:
    """The check screen's tiles (its JSON, parsed: ``[{"tile": "R5", "box": [x0, y0, x1, y1] or null},
    ...]``), checked: PhotoError naming the first thing that is not so.

    >>> read_tiles([{"tile": "R5", "box": [0.1, 0.2, 0.3, 0.4]}, {"tile": "J", "box": None}])
    (['R5', 'J'], [[0.1, 0.2, 0.3, 0.4], None])
    >>> read_tiles([{"tile": "R14"}])
    Traceback (most recent call last):
    ...
    scorekeeper.photo.rack.PhotoError: tile 1: 'R14' is not a tile (R5, K13, J)
    """
    if not isinstance(given, list):
        raise PhotoError('tiles: a list of {"tile": "R5", "box": [...]} is kept')
    if len(given) > MOST_TILES:
        raise PhotoError(f"tiles: at most {MOST_TILES} tiles, not {len(given):,}")
    tiles, boxes = [], []
    for k, item in enumerate(given, 1):
        tile = item.get("tile") if isinstance(item, dict) else None
        if not isinstance(tile, str) or not TILE.match(tile):
            raise PhotoError(f"tile {k}: {str(tile)[:20]!r} is not a tile (R5, K13, J)")
        box = item.get("box")
        if box is not None and not _is_box(box):
            raise PhotoError(f"tile {k}: its box is four fractions of the photo, x0 y0 x1 y1")
        tiles.append(tile)
        boxes.append([round(float(v), 4) for v in box] if box is not None else None)
    return tiles, boxes


def _is_box(box) -> bool:
    return (
        isinstance(box, list)
        and len(box) == 4
        and all(isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 1 for v in box)
        and box[0] < box[2]
        and box[1] < box[3]
    )


def _pixels(data: bytes) -> tuple[bytes, bytes, int, int]:
    """The photo written again as JPEG (no metadata), its thumbnail, its width and height."""
    from PIL import Image, ImageOps

    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as im:
            if max(im.width, im.height) > KEPT_PHOTO_LONG:
                raise PhotoTooLarge(
                    f"the photo is {im.width} x {im.height} pixels; at most {KEPT_PHOTO_LONG:,} "
                    "on its longer side are kept"
                )
            im = ImageOps.exif_transpose(im).convert("RGB")
    except PhotoError:
        raise
    except Image.DecompressionBombError as err:  # Pillow's own bound (far past ours), checked first
        raise PhotoTooLarge(
            f"the photo has far more pixels than are kept (at most {KEPT_PHOTO_LONG:,} on its longer side)"
        ) from err
    except Exception as err:  # a broken or hostile file fails in many ways inside Pillow
        raise NotAPhoto("this is not a JPEG or PNG photo that can be read") from err
    photo, thumb, (width, height) = io.BytesIO(), io.BytesIO(), im.size
    im.save(photo, "JPEG", quality=92)
    im.thumbnail((THUMB_LONG, THUMB_LONG))
    im.save(thumb, "JPEG", quality=80)
    return photo.getvalue(), thumb.getvalue(), width, height


def _write(path: Path, data: bytes) -> None:
    """``data`` at ``path`` whole or not at all (written beside it, then renamed)."""
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)


def keep(root: Path, data: bytes, tiles: list[str], boxes: list, variant: str) -> tuple[Kept, bool]:
    """Keep the photo ``data`` with its ``tiles``: (the sidecar, whether it is new). The same bytes
    again are kept once (their tiles as sent last). StoreFull past KEPT_PHOTOS_MAX."""
    if len(tiles) != len(boxes):
        raise PhotoError("tiles: each tile has its box or null")
    name = hashlib.sha256(data).hexdigest()[:24]
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    new = not (root / f"{name}.json").exists()
    if new and count(root) >= KEPT_PHOTOS_MAX:
        raise StoreFull(
            f"this server keeps at most {KEPT_PHOTOS_MAX:,} photos; its host can export them and delete "
            "them (scorekeeper kept-photos)"
        )
    photo, thumb, width, height = _pixels(data)
    kept = Kept(name, tiles, boxes, variant, datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), width, height)
    _write(root / f"{name}.jpg", photo)
    _write(root / f"{name}.thumb.jpg", thumb)
    _write(root / f"{name}.json", json.dumps(kept.as_json(), ensure_ascii=False).encode())
    return kept, new


def count(root: Path) -> int:
    return sum(1 for _ in _sidecars(root))


def _sidecars(root: Path):
    if root.is_dir():
        yield from (p for p in root.glob("*.json") if NAME.match(p.stem))


def listed(root: Path) -> list[Kept]:
    """Every kept photo, the newest first (a sidecar that cannot be read is left out)."""
    found = []
    for path in _sidecars(root):
        try:
            found.append(Kept(**json.loads(path.read_text(encoding="utf-8"))))
        except (ValueError, TypeError, OSError):
            continue
    return sorted(found, key=lambda k: (k.kept, k.id), reverse=True)


def path_of(root: Path, name: str, thumb: bool = False) -> Path:
    """The file of the kept photo ``name`` (its thumbnail); NoSuchPhoto for any other name."""
    path = root / f"{name}{'.thumb' if thumb else ''}.jpg"
    if not NAME.match(name) or not (root / f"{name}.json").is_file() or not path.is_file():
        raise NoSuchPhoto(f"{name[:40]!r}: no kept photo has this id")
    return path


def delete(root: Path, name: str) -> None:
    """Delete the kept photo ``name``: its sidecar first (so it is no longer listed), then its pictures."""
    path_of(root, name)
    for suffix in (".json", ".jpg", ".thumb.jpg"):
        (root / f"{name}{suffix}").unlink(missing_ok=True)


def delete_all(root: Path) -> int:
    """Delete every kept photo; how many there were."""
    names = [p.stem for p in _sidecars(root)]
    for name in names:
        delete(root, name)
    return len(names)


CSV_FIELDS = ("id", "photo", "tiles", "variant", "kept", "width", "height")


def export(root: Path, out) -> int:
    """Every kept photo into the zip file ``out`` (a path or a binary file): ``photos/<id>.jpg``,
    ``tiles.json`` (the sidecars) and ``tiles.csv`` (a row each, the tiles space separated);
    how many photos."""
    kept = listed(root)
    rows = io.StringIO()
    table = csv.DictWriter(rows, CSV_FIELDS, extrasaction="ignore")
    table.writeheader()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:  # JPEGs do not shrink
        for k in kept:
            z.write(root / f"{k.id}.jpg", f"photos/{k.id}.jpg")
            table.writerow({**k.as_json(), "photo": f"photos/{k.id}.jpg", "tiles": " ".join(k.tiles)})
        z.writestr("tiles.json", json.dumps([k.as_json() for k in kept], ensure_ascii=False, indent=1))
        z.writestr("tiles.csv", rows.getvalue())
    return len(kept)


# -- who may see them: the host, holding the key only the server's command can show -----------------


def host_key(root: Path, new: bool = False) -> str:
    """The key of the host's list (``<root>/host-key``, readable by this user alone), made on first
    use or when ``new`` (the old one then opens nothing)."""
    path = root / KEY_FILE
    if new or not path.is_file():
        root.mkdir(parents=True, exist_ok=True, mode=0o700)
        part = path.with_name(KEY_FILE + ".part")
        part.unlink(missing_ok=True)
        with os.fdopen(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
            f.write(secrets.token_urlsafe(24))
        os.replace(part, path)
    return path.read_text().strip()


def is_host_key(root: Path, given: str | None) -> bool:
    """Whether ``given`` is the host's key; never when none was made (the list is then closed)."""
    path = root / KEY_FILE
    if not given or not path.is_file():
        return False
    return hmac.compare_digest(given.encode(), path.read_text().strip().encode())
