"""What a rack photo shows, and why an upload cannot be read: the values the reading, the
engine's check (:mod:`.checking`), the API and the CLI pass between them."""

from __future__ import annotations

from dataclasses import dataclass, field

#: the most bytes of a photo read (the API's 413 and the CLI's refusal say so)
MAX_BYTES = 5 * 1024 * 1024
#: the whole set (RULES.md section 3: two of each of 4 x 13 tiles, two jokers): no photo shows more,
#: so the search stops there (an untrained model or a hostile photo peaks in every cell)
MOST_TILES = 106


class PhotoError(ValueError):
    """The upload is not a photo this can read (the reason, for a 4xx or exit code 2)."""


@dataclass
class RackReading:
    """What a photo shows: tiles in reading order, their boxes (0..1 of the photo's width and
    height), which are unsure, where a tile may be missed; the total and flags are the rules
    engine's (:func:`.checking.checked`)."""

    tiles: list[str]
    boxes: list[list[float]]
    unsure: list[int]
    total: int = 0
    flags: list[str] = field(default_factory=list)
    #: how sure the reading is of each tile (0..1: the least of the detector's, the number's and the
    #: colour's; bench/rack_photo_bench.py's reliability curve), not sent in the JSON
    sure: list[float] = field(default_factory=list)
    #: boxes (as ``boxes``) where a tile may be: the detector was nearly sure of a tile there
    #: (reading.maybe_missed), found a box far smaller than the others (reading.small_apart) or one
    #: the reader barely believes (readout.barely_read); the player looks, and adds it if there is one
    maybe: list[list[float]] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "tiles": self.tiles,
            "total": self.total,
            "unsure": self.unsure,
            "flags": self.flags,
            "boxes": self.boxes,
            "maybe": self.maybe,
        }
