"""What a rack photo shows, and why an upload cannot be read: the values the reading, the
engine's check (:mod:`.checking`), the API and the CLI pass between them."""

from __future__ import annotations

from dataclasses import dataclass, field


class PhotoError(ValueError):
    """The upload is not a photo this can read (the reason, for a 4xx or exit code 2)."""


@dataclass
class RackReading:
    """What a photo shows: tiles in reading order, their boxes (0..1 of the photo's width and
    height), which are unsure; the total and flags are the rules engine's (:func:`.checking.checked`)."""

    tiles: list[str]
    boxes: list[list[float]]
    unsure: list[int]
    total: int = 0
    flags: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "tiles": self.tiles,
            "total": self.total,
            "unsure": self.unsure,
            "flags": self.flags,
            "boxes": self.boxes,
        }
