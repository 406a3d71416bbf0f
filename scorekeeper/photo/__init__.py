"""Snap the rack (beta): a tile rack read from a photo, for the player to check (docs/rack-photo.md).

:mod:`.reading` holds the steps the phone takes too; :mod:`.photo` runs them with onnxruntime on
the server, for the API and the CLI.
"""

from .checking import checked, tile_game
from .photo import MAX_BYTES, PhotoError, RackReading, read_photo

__all__ = ["MAX_BYTES", "PhotoError", "RackReading", "checked", "read_photo", "tile_game"]
