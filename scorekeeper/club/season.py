"""A season: several evenings of a club add up to a league table (docs/club-night.md "Season").

Each evening gives a player league points: by default their place counted from the bottom
(``players - place + 1``: the winner of a 20-player evening takes 20, the last 1), so an evening
with more players is worth more to its winner; or the evening's own points (``"points"``). The
league counts each player's best ``best`` evenings of the season (all of them when None) and, as
an option, a bonus per evening attended (counted or not). Ties: more evenings counted first,
then the total of all evenings, then by name (shared rank).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from .errors import ClubError
from .ranking import Standing

#: how an evening turns into league points, for the page
EVENING_POINTS: dict[str, str] = {
    "places": (
        "League points by place at each evening, counted from the bottom: the last player takes 1, "
        "the next 2 and so on, so the winner of a bigger evening takes more."
    ),
    "points": ("League points are the points each player scored over the evening."),
}


@dataclass
class LeagueLine:
    """A player's line of the league table: the total, and each evening's league points (None:
    absent) with whether it is among the evenings counted."""

    player: Hashable
    total: float = 0.0
    evenings: list[float | None] = field(default_factory=list)
    counted: list[bool] = field(default_factory=list)
    attended: int = 0
    rank: int = 0


def league(
    evenings: Sequence[Sequence[Standing]],
    *,
    best: int | None = None,
    attendance_bonus: float = 0.0,
    points: str = "places",
) -> list[LeagueLine]:
    """The league table of ``evenings`` (each one's standings, in date order), best first.

    >>> from .ranking import Standing
    >>> one = [Standing("Ann", 9, rank=1), Standing("Bob", 5, rank=2), Standing("Cy", 1, rank=3)]
    >>> two = [Standing("Bob", 8, rank=1), Standing("Cy", 3, rank=2)]
    >>> [(x.player, x.total) for x in league([one, two], best=1)]
    [('Ann', 3.0), ('Bob', 2.0), ('Cy', 1.0)]
    >>> [(x.player, x.total) for x in league([one, two], attendance_bonus=1)]
    [('Bob', 6.0), ('Cy', 4.0), ('Ann', 4.0)]
    """
    if points not in EVENING_POINTS:
        raise ClubError("There is no way to count an evening called %(points)s.", points=points)
    if best is not None and best < 1:
        raise ClubError("A league counts at least 1 evening.")
    lines: dict[Hashable, LeagueLine] = {}
    for number, evening in enumerate(evenings):
        for s in evening:
            line = lines.setdefault(s.player, LeagueLine(s.player, evenings=[None] * len(evenings)))
            line.evenings[number] = (
                float(len(evening) - s.rank + 1) if points == "places" else float(s.points)
            )
    for line in lines.values():
        held = sorted((v for v in line.evenings if v is not None), reverse=True)
        kept = held if best is None else held[:best]
        line.attended = len(held)
        line.total = sum(kept) + attendance_bonus * line.attended
        line.counted = _counted(line.evenings, len(kept))
    ordered = sorted(
        lines.values(),
        key=lambda x: (-x.total, -sum(x.counted), -sum(v or 0 for v in x.evenings), str(x.player)),
    )
    for i, line in enumerate(ordered):
        before = ordered[i - 1] if i else None
        same = before is not None and (
            before.total,
            sum(before.counted),
            sum(v or 0 for v in before.evenings),
        ) == (
            line.total,
            sum(line.counted),
            sum(v or 0 for v in line.evenings),
        )
        line.rank = before.rank if same else i + 1
    return ordered


def _counted(values: list[float | None], keep: int) -> list[bool]:
    """Which evenings are counted: the ``keep`` best, the earlier one of two equal."""
    order = sorted((i for i, v in enumerate(values) if v is not None), key=lambda i: (-values[i], i))
    chosen = set(order[:keep])
    return [i in chosen for i in range(len(values))]
