"""What the checker answers (RULES.md section 6): :class:`Verdict` and :class:`HandValue`.

>>> v = Verdict(variant="crazy-tiles", valid=True, kind="run", kinds=("run",), points=12,
...             reading=("R0", "R1", "R2"))
>>> v.to_dict()
{'variant': 'crazy-tiles', 'valid': True, 'kind': 'run', 'kinds': ['run'], 'points': 12,
 'reading': ['R0', 'R1', 'R2'], 'reasons': []}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

MAX_READINGS = 24

R = TypeVar("R", bound=Hashable)


def distinct_readings(readings: Iterable[R], cap: int = MAX_READINGS) -> tuple[tuple[R, ...], bool]:
    """The distinct ``readings`` in the order met, at most ``cap``, and whether more were left off.

    It stops at the first distinct reading past the cap, so a lazy search
    behind ``readings`` is never driven further than the answer shows.

    >>> distinct_readings([("5", "5"), ("6", "6"), ("5", "5"), ("7", "7")], cap=2)
    ((('5', '5'), ('6', '6')), True)
    """
    found: dict[R, None] = {}
    for r in readings:
        if r not in found:
            if len(found) == cap:
                return tuple(found), True
            found[r] = None
    return tuple(found), False


def _plain(value: Any) -> Any:
    """Tuples (and nested verdicts) to JSON-ready lists and dicts."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Verdict:
    """The engine's answer to ``check``.

    Extra keys appear in :meth:`to_dict` only when set:
    ``readings`` (every legal reading when there are several),
    ``readings_truncated``, ``alternatives`` (legal alternatives in words: another
    order, another kind), ``parts`` (sub-verdicts: the melds of a Step laydown,
    or the lines of a grid, each a dict with its own verdict fields plus
    position information), ``notes`` (informational remarks that are not failures).
    """

    variant: str
    valid: bool
    kind: str | None = None
    kinds: tuple[str, ...] = ()
    points: int | None = None
    reading: tuple[Any, ...] = ()
    reasons: tuple[str, ...] = ()
    readings: tuple[tuple[Any, ...], ...] = ()
    readings_truncated: bool = False
    alternatives: tuple[str, ...] = ()
    parts: tuple[Any, ...] = ()
    notes: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        """The JSON shape of RULES.md section 6 (plus the optional keys that are set)."""
        out = {
            "variant": self.variant,
            "valid": self.valid,
            "kind": self.kind if self.valid else None,
            "kinds": list(self.kinds),
            "points": self.points,
            "reading": _plain(self.reading),
            "reasons": list(self.reasons),
        }
        if len(self.readings) > 1:
            out["readings"] = _plain(self.readings)
        if self.readings_truncated:
            out["readings_truncated"] = True
        for key in ("alternatives", "parts", "notes"):
            if getattr(self, key):
                out[key] = _plain(getattr(self, key))
        out.update(_plain(self.extra))
        return out


@dataclass(frozen=True)
class HandValue:
    """The engine's answer to ``hand``: points (or, for crib-rummy, the card count)."""

    variant: str
    points: int | None = None
    cards: int | None = None
    breakdown: tuple[tuple[str, int], ...] = ()

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"variant": self.variant}
        if self.points is not None:
            out["points"] = self.points
        if self.cards is not None:
            out["cards"] = self.cards
        if self.breakdown:
            out["breakdown"] = [{"card": c, "points": p} for c, p in self.breakdown]
        return out
