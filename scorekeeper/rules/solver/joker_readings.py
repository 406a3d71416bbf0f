"""What the jokers of a table stand for, read jointly (CT-1, CT-5, CT-9, CT-10).

A joker's lines are read together: a joker where two lines cross keeps one
colour in both (CT-9), so ``R4 J R6`` across and ``J B5 K5`` down make it R5
only, never G5. Lines that share no joker are read on their own.

>>> from .tile_engine import options_of, read_table, switches_of
>>> opts = options_of("runny-tiles", {})
>>> board = read_table("runny-tiles", "R4 J R6 / . B5 . / . K5 .", opts)
>>> sorted(joker_entries(board, switches_of(opts))[0])
['R5']
>>> sets = read_table("rummikub", "R5 R6 R7 | B9 K9 J", options_of("rummikub", {}))
>>> sorted(joker_entries(sets, switches_of(options_of("rummikub", {})))[0])
['G9', 'R9']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice, product

from .tile_engine import Switches, TileTable, entry_points, line_readings, table_units, token

#: joint readings of one group of lines read at most (each line's readings are capped already)
MOST_JOINT = 4096


@dataclass(frozen=True)
class _Group:
    """Lines linked by the jokers they share: the jokers (table-wide numbers) and every joint
    reading, per joker the tuple of its entries, one per line through it."""

    jokers: tuple[int, ...]
    readings: tuple[tuple[tuple[str, ...], ...], ...]


@dataclass(frozen=True)
class Jokers:
    """Per joker of a table (in reading order): the lines through it, and its group's readings."""

    lines: tuple[tuple[tuple[str, ...], ...], ...]
    groups: tuple[_Group, ...]
    group_of: tuple[tuple[int, int], ...]  # per joker: its group and its place in the group

    def __len__(self) -> int:
        return len(self.lines)

    def _own(self, j: int):
        g, k = self.group_of[j]
        return (r[k] for r in self.groups[g].readings)

    def entries(self, j: int) -> frozenset[str]:
        """Everything joker ``j`` may stand for, in any of its lines."""
        return frozenset(e for r in self._own(j) for e in r)

    def kept(self, j: int, was: frozenset[str]) -> bool:
        """CT-10: joker ``j`` may stand, in every line through it, for something it stood for before."""
        return any(all(e in was for e in r) for r in self._own(j))

    def value(self, rack: set[int]) -> int:
        """CT-1, CT-5: the rack's jokers ``rack`` counted in the reading worth the most, a joker
        where two lines cross counting the higher of its two numbers."""
        total = 0
        for group in self.groups:
            mine = [k for k, j in enumerate(group.jokers) if j in rack]
            if mine and group.readings:
                total += max(sum(max(map(entry_points, r[k])) for k in mine) for r in group.readings)
        return total


def read_jokers(table: TileTable, sw: Switches) -> Jokers:
    """The table's jokers read jointly (see the module docstring); a joker in a line that is not
    legal stands for nothing."""
    units = table_units(table)
    cells = sorted({cell for tiles, ids in units for t, cell in zip(tiles, ids) if t.wild})
    number = {cell: j for j, cell in enumerate(cells)}
    lines = [(tiles, ids) for tiles, ids in units if any(cell in number for cell in ids)]
    through = [[n for n, (_, ids) in enumerate(lines) if cell in ids] for cell in cells]
    groups, group_of = [], [(0, 0)] * len(cells)
    for j in (j for j, ns in enumerate(through) if not ns):  # in no line: stands for nothing
        group_of[j] = (len(groups), 0)
        groups.append(_Group((j,), ()))
    for members in _linked([ns for ns in through if ns]):
        jokers = tuple(sorted({j for j, ns in enumerate(through) if set(ns) & members}))
        for k, j in enumerate(jokers):
            group_of[j] = (len(groups), k)
        groups.append(_Group(jokers, _joint(lines, sorted(members), jokers, through, cells, sw)))
    per_joker = tuple(tuple(tuple(token(t) for t in lines[n][0]) for n in ns) for ns in through)
    return Jokers(per_joker, tuple(groups), tuple(group_of))


def _linked(through: list[list[int]]) -> list[set[int]]:
    """The lines in groups: two lines through one joker are in one group."""
    groups: list[set[int]] = []
    for ns in through:
        joined = set(ns).union(*(g for g in groups if g & set(ns)))
        groups = [g for g in groups if not g & set(ns)] + [joined]
    return groups


def _joint(lines, members, jokers, through, cells, sw) -> tuple:
    """Every joint reading of the group's lines in which each joker keeps one colour (CT-9)."""
    per_line = [line_readings(lines[n][0], sw) for n in members]
    out = []
    for choice in islice(product(*per_line), MOST_JOINT):
        read = dict(zip(members, choice))
        entries = tuple(
            tuple(read[n].entries[lines[n][1].index(cells[j])] for n in through[j]) for j in jokers
        )
        if all(len({e[0] for e in per}) == 1 for per in entries):
            out.append(entries)
    return tuple(out)


def joker_entries(table: TileTable, sw: Switches) -> list[frozenset[str]]:
    """CT-10: per joker on ``table`` (in reading order), every tile it may stand for there
    (on a board: in any line through it, keeping one colour in both)."""
    jokers = read_jokers(table, sw)
    return [jokers.entries(j) for j in range(len(jokers))]
