"""What a table game counts as in statistics and ratings (its *kind*): the variant's slug, or for a
``points`` game with a name ``points:<game_name>`` (a "Five Crowns" rating is not a Rummikub one, PG-1).

>>> kind_of("points", {"game_name": "Five  Crowns"}), kind_of("points", {}), kind_of("rummikub", {})
('points:Five Crowns', 'points', 'rummikub')
>>> slug_of("points:Five Crowns"), kind_name("points:Five Crowns"), kind_name("rummikub")
('points', 'Five Crowns', 'Rummikub')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules import RulesError, find_variant

POINTS = "points"


def kind_of(variant: str, options: Mapping[str, Any] | None) -> str:
    """The kind of a game of ``variant`` with ``options``."""
    name = " ".join(str((options or {}).get("game_name") or "").split())
    return f"{POINTS}:{name}" if variant == POINTS and name else variant


def slug_of(kind: str) -> str:
    """The variant a kind is a game of."""
    return kind.split(":", 1)[0]


def kind_name(kind: str) -> str:
    """What a kind is called: a points game's own name, else its variant's."""
    slug, _, name = kind.partition(":")
    if name:
        return name
    try:
        return find_variant(slug).name
    except RulesError:
        return kind
