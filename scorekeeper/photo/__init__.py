"""Snap the rack (beta): a tile rack read from a photo, for the player to check (docs/rack-photo.md).

:mod:`.reading` holds the steps the phone takes too; :mod:`.photo` runs them with onnxruntime on
the server, for the API and the CLI. Importing this package loads neither NumPy, Pillow nor
onnxruntime (the web worker and every CLI call import it): :func:`read_photo` loads them in the
process that reads a photo, a pool's worker (tests/test_start_imports.py).
"""

from .checking import checked, tile_game
from .rack import MAX_BYTES, MOST_TILES, PhotoError, RackReading


def read_photo(data: bytes, variant: str = "rummikub") -> RackReading:
    """A photo's bytes read and checked (:func:`.photo.read_photo`); the API hands this function
    to the pool by name, so the web process never imports NumPy for it."""
    from .photo import read_photo as read

    return read(data, variant)


__all__ = ["MAX_BYTES", "MOST_TILES", "PhotoError", "RackReading", "checked", "read_photo", "tile_game"]
