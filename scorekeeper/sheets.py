"""Score sheets as a plain table model, blank or filled, laid out per variant.

A :class:`Sheet` has *lead* columns (one per row: the hand number, the wild
rank ...) and the same *per-player* sub-columns for every player (Step,
points, running total ...). The blank sheet and the filled sheet of a game
share one layout per variant, so the paper a table keeps by hand looks like
the one the app prints. Every value shown on a filled sheet comes from the
round facts or from the engine's :class:`~scorekeeper.rules.GameScore`;
nothing here re-implements a rule.

Widths are in millimetres: they decide the page orientation and how many
players fit side by side (wider tables are split into groups of players,
one table per group, with the lead columns repeated).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping

from .rules import GameScore
from .rules.krazy_bee_steps import steps_of

#: usable width (mm) of each paper and orientation inside 10 mm margins
USABLE_WIDTH = {("a4", "portrait"): 190, ("a4", "landscape"): 277,
                ("letter", "portrait"): 196, ("letter", "landscape"): 259}
#: width (mm) of the margin panel beside the table (the Krazy Bee Step list)
SIDE_WIDTH = 44


@dataclass(frozen=True)
class Column:
    """One column: its header, width in mm, and a CSS class for special cells."""

    label: str
    width: float
    title: str = ""
    cls: str = ""


@dataclass
class Row:
    """One line of the sheet: its lead cells and, per player, one cell per sub-column."""

    lead: list[str]
    cells: list[list[str]]
    cls: str = ""


@dataclass
class Sheet:
    """Everything a score-sheet template needs, blank or filled."""

    variant: str
    name: str
    lead: tuple[Column, ...]
    per_player: tuple[Column, ...]
    players: list[str]
    rows: list[Row]
    blank: bool = True
    #: final line per player (running totals, ranks ...), shown in the table foot
    foot: list[Row] = field(default_factory=list)
    #: (term, meaning) lines explaining the columns and the options in force
    key: list[tuple[str, str]] = field(default_factory=list)
    #: Krazy Bee: the game's Step list, printed in the margin
    steps: list[str] = field(default_factory=list)
    #: Crib Rummy: the cribbage track (see :func:`cribbage_track`)
    track: dict | None = None
    orientation: str = "portrait"
    groups: list[list[int]] = field(default_factory=list)
    #: width (mm) of each table: the page's usable width less the margin panel
    table_width: float = 190

    @property
    def side(self) -> bool:
        return bool(self.steps)

    def widths(self, group: list[int]) -> list[float]:
        """Each column's share (%) of the table for a group of players: lead columns, then per player."""
        cols = list(self.lead) + list(self.per_player) * len(group)
        total = sum(c.width for c in cols)
        return [round(100 * c.width / total, 3) for c in cols]


def step_list(text: str) -> list[str]:
    """A Krazy Bee Step list (KB-8) as one string per Step, as the engine reads it.

    >>> step_list("2 books of 3; book of 3 + 1 run of 4")
    ['2 books of 3', 'book of 3 + run of 4']
    """
    return [step.text for step in steps_of(text)]


def blank_cells(per_player: tuple[Column, ...], players: int) -> list[list[str]]:
    return [["" for _ in per_player] for _ in range(players)]


def layout(sheet: Sheet, paper: str, orientation: str) -> Sheet:
    """Choose the orientation (``auto``: portrait when the table fits) and the player groups."""
    lead = sum(c.width for c in sheet.lead) + (SIDE_WIDTH if sheet.side else 0)
    each = sum(c.width for c in sheet.per_player)
    n = len(sheet.players)
    if orientation == "auto":
        fits = lead + n * each <= USABLE_WIDTH[(paper, "portrait")]
        orientation = "portrait" if fits else "landscape"
    per_group = max(1, int((USABLE_WIDTH[(paper, orientation)] - lead) // each))
    count = math.ceil(n / per_group)
    size = math.ceil(n / count)  # balance the groups: 12 players in 3 groups of 4, not 5+5+2
    sheet.orientation = orientation
    sheet.table_width = USABLE_WIDTH[(paper, orientation)] - (SIDE_WIDTH if sheet.side else 0) - 1
    sheet.groups = [list(range(i, min(i + size, n))) for i in range(0, n, size)]
    return sheet


# -- cells shared by the variants -------------------------------------------------

def seat_name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "—"


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def totals_foot(score: GameScore, per_player: tuple[Column, ...], lead: int) -> list[Row]:
    """Final totals (in the last sub-column) and ranks, one foot row each."""
    width = len(per_player)
    total_row = Row(["Total"] + [""] * (lead - 1),
                    [[""] * (width - 1) + [str(t)] for t in score.totals], "total")
    rank_row = Row(["Rank"] + [""] * (lead - 1),
                   [[""] * (width - 1) + [_ordinal(r)] for r in score.ranks], "rank")
    return [total_row, rank_row]


def _ordinal(n: int) -> str:
    from .filters import ordinal

    return ordinal(n)


def progress_before(score: GameScore, index: int, seat: int, key: str, default: Any = None) -> Any:
    """A seat's progress value before round ``index`` (0-based)."""
    if index == 0:
        return default
    return score.rounds[index - 1].progress[seat].get(key, default)
