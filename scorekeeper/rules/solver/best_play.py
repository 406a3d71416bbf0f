"""The answer of ``solve`` for a tile game: :class:`BestPlay` (its JSON shape in :meth:`BestPlay.to_dict`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class BestPlay:
    """The answer of ``solve`` for a tile game (see :meth:`to_dict` for the JSON shape)."""

    variant: str
    goal: str
    initial: bool
    value: int
    play: tuple[str, ...]
    table: tuple[tuple[str, ...], ...]
    optimal: bool
    board: str | None = None
    notes: tuple[str, ...] = field(default=())
    bound: int | None = None  # not proven: the most tiles (or points) a play might reach, if known

    @property
    def tiles_played(self) -> int:
        """How many rack tiles the play lays (jokers too)."""
        return len(self.play)

    def to_dict(self) -> dict:
        """``{variant, goal, initial, tiles_played, value, play, table, optimal[, board][, notes]}``.

        ``play``: the rack tokens laid; ``table``: every set on the table after
        the turn, tokens in reading order; ``board`` (grid games): the same
        table as a board; ``optimal``: False only when the time bound ran out.
        """
        out = {
            "variant": self.variant,
            "goal": self.goal,
            "initial": self.initial,
            "tiles_played": self.tiles_played,
            "value": self.value,
            "play": list(self.play),
            "table": [list(s) for s in self.table],
            "optimal": self.optimal,
        }
        if self.board is not None:
            out["board"] = self.board
        if self.notes:
            out["notes"] = list(self.notes)
        if not self.optimal:
            out["bound"] = self.bound
        return out
