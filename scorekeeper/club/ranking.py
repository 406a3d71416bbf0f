"""Ranking a club night (issue 39, docs/club-night.md "Ranking"): every table's game gives each
player a value by the evening's scheme; the standings add the values up and break ties.

Which way a game's scores count is the variant's own (``Variant.high_wins`` read from the
registry, its options included): a tile game scored by racks against you ranks the lowest first,
Crazy Rummy the highest. No variant is named here.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..rules import find_variant
from .errors import ClubError

#: tournament points by place at a table of 4 (the default; an evening may set its own)
PLACE_POINTS = (4, 2, 1, 0)

#: the schemes and what each does, for the page (English)
SCHEMES: dict[str, str] = {
    "places": (
        "Tournament points by place at the table: 4, 2, 1 and 0 at a table of 4. At a table of 3 the "
        "places sit as far down the scale as at a table of 4: first takes the first place's points, "
        "last the last place's, second what lies halfway between second and third (1.5), so winning "
        "is worth the same at any table. Tied players share the points of the places they fill."
    ),
    "normalised": (
        "The game's own score against the table: each player's score minus the average at their "
        "table (the average minus the score in games where the lowest score wins), so a good game "
        "counts the same at a table of 3 as at a table of 4."
    ),
    "sum": (
        "The sum of the game's own scores over the evening, the highest first (the lowest first in "
        "games where the lowest score wins). Simple, but a table of 4 can give bigger scores than a "
        "table of 3."
    ),
}

#: the tiebreaks and what each does, in the order they apply by default
TIEBREAKS: dict[str, str] = {
    "head_to_head": ("Head to head: among the tied players, who placed higher where they met."),
    "wins": ("Most wins: the most tables won (a shared first place is a win)."),
    "best_game": ("Best single game: the biggest margin over a table's average in one game."),
}


@dataclass(frozen=True)
class TableGame:
    """One table's finished game: its players and their final scores (same order); ``high_wins``:
    the highest score wins (False: the lowest)."""

    players: tuple[Hashable, ...]
    scores: tuple[float, ...]
    high_wins: bool = True

    def __post_init__(self) -> None:
        if len(self.players) != len(self.scores) or len(self.players) < 2:
            raise ClubError("A table's result needs a score for each of its players.")

    def places(self) -> tuple[float, ...]:
        """Each player's place, ties sharing the places they fill (two tied for 2nd: 2.5 each)."""
        return _places(self.scores, self.high_wins)

    def margins(self) -> tuple[float, ...]:
        """Each score against the table's average, better is higher whichever way the game counts."""
        mean = sum(self.scores) / len(self.scores)
        return tuple((s - mean) if self.high_wins else (mean - s) for s in self.scores)


@lru_cache(maxsize=4096)  # the standings' tiebreaks ask a game's places again and again
def _places(scores: tuple[float, ...], high_wins: bool) -> tuple[float, ...]:
    signed = [s if high_wins else -s for s in scores]
    return tuple(sum(1 for o in signed if o > s) + (sum(1 for o in signed if o == s) + 1) / 2 for s in signed)


def table_game(
    variant: str,
    players: Sequence[Hashable],
    scores: Sequence[float],
    options: Mapping[str, Any] | None = None,
) -> TableGame:
    """A table's game of ``variant`` (its options in force), which way it counts read from the engine.

    >>> table_game("crazy-rummy", "ab", (1500, 900)).high_wins, table_game("krazy-bee", "ab", (10, 50)).high_wins
    (True, False)
    """
    v = find_variant(variant)
    return TableGame(tuple(players), tuple(scores), v.high_wins(v.options(options)))


def place_points(size: int, place: float, scale: Sequence[float] = PLACE_POINTS) -> float:
    """The points for ``place`` (1 first; a shared place like 2.5 in between) at a table of ``size``:
    the scale read at the same fraction of the way down as at a table of ``len(scale)``.

    >>> [place_points(4, p) for p in (1, 2, 3, 4)], [place_points(3, p) for p in (1, 2, 3)]
    ([4.0, 2.0, 1.0, 0.0], [4.0, 1.5, 0.0])
    >>> place_points(4, 1.5)  # two share first: (4 + 2) / 2 each
    3.0
    """
    at = (place - 1) * (len(scale) - 1) / (size - 1) if size > 1 else 0
    low = min(int(at), len(scale) - 2)
    return float(scale[low] + (scale[low + 1] - scale[low]) * (at - low))


def game_values(game: TableGame, scheme: str, scale: Sequence[float] = PLACE_POINTS) -> tuple[float, ...]:
    """What the game gives each of its players under ``scheme``.

    Ties share: players tied for places 2 and 3 at a table of 4 get (2 + 1) / 2 = 1.5 each, which
    is the scale read at their shared place 2.5 because the scale is straight between places."""
    if scheme == "places":
        return tuple(_shared(game, scale))
    if scheme == "normalised":
        return game.margins()
    if scheme == "sum":
        return tuple(float(s) if game.high_wins else -float(s) for s in game.scores)
    raise ClubError("There is no ranking scheme called %(scheme)s.", scheme=scheme)


def _shared(game: TableGame, scale: Sequence[float]) -> list[float]:
    places = game.places()
    size = len(places)
    out = []
    for place in places:
        tied = sum(1 for p in places if p == place)
        first = place - (tied - 1) / 2
        out.append(sum(place_points(size, first + k, scale) for k in range(tied)) / tied)
    return out


@dataclass
class Standing:
    """One player's line of the standings: ``rank`` shared by players tied after every tiebreak;
    ``points`` in the scheme's units (the sum scheme's low-wins totals are shown as scored);
    ``parted_by``: the tiebreak that placed this line below the line before it, tied with it on
    points (None: more points above it, or still tied with it)."""

    player: Hashable
    points: float = 0.0
    games: int = 0
    wins: int = 0
    best_game: float = float("-inf")
    rank: int = 0
    values: list[float] = field(default_factory=list)
    parted_by: str | None = None
