"""The whole-turn judgement of the tile games, without the solver (see :mod:`.turn`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..reasons import say
from ..verdict import Verdict
from .joker_readings import read_jokers
from .table_order import legal_order
from .tile_engine import (
    TileTable,
    entry_points,
    judge_table,
    line_readings,
    read_rack,
    read_table,
    supply_reasons,
    switches_of,
    table_units,
    token,
)
from .turn_jokers import joker_story


def _counts(tiles) -> Counter:
    return Counter(token(t) for t in tiles)


def names(counter: Counter) -> str:
    return " ".join(sorted(counter.elements(), key=_order))


def _order(tok: str):
    return (tok == "J", tok[:1], int(tok[1:]) if tok[1:].isdigit() else 0)


#: ambiguous sets tried both ways at most (2 ** this many labellings)
_MOST_LABELLED = 12


def _initial_reasons(
    after: TileTable, played: Counter, had: Counter, sw, needed: int
) -> tuple[list[str], int]:
    """CT-6: the rack's tiles form sets (lines) of their own, worth at least ``needed``.

    Each set is the rack's or the table's; a set whose tiles could be either is
    tried both ways, and the kindest labelling is judged.
    """
    units = table_units(after)
    tokens = [Counter(token(t) for t in tiles) for tiles, _ in units]
    free = [i for i, c in enumerate(tokens) if not c - played and not c - had][:_MOST_LABELLED]
    best_points, mixed = -1, None
    for mask in range(1 << len(free)):
        rack_sets = {i for i, c in enumerate(tokens) if c - had} | {
            free[k] for k in range(len(free)) if mask >> k & 1
        }
        if _rack_laid(units, rack_sets) != played:
            mixed = mixed or next((units[i][0] for i in rack_sets if tokens[i] - played), None)
            continue
        best_points = max(best_points, _meld_points(units, rack_sets, sw))
    if best_points < 0:
        shown = " ".join(token(t) for t in mixed) if mixed else say("tt.a_set")
        return [say("tt.initial_own", shown=shown)], 0
    if best_points < needed:
        return [say("tt.initial_short", points=best_points, needed=needed)], best_points
    return [], best_points


def _rack_laid(units, rack_sets) -> Counter | None:
    """The tiles the rack's sets lay, each cell once; None where a cell would be in a set of
    the rack and in one of the table."""
    cells = {}
    clash = False
    for i, (tiles, ids) in enumerate(units):
        for cell, t in zip(ids, tiles):
            label = i in rack_sets
            clash |= cells.setdefault(cell, (label, token(t)))[0] != label
    return None if clash else Counter(tok for label, tok in cells.values() if label)


def _meld_points(units, rack_sets, sw) -> int:
    """CT-5: each cell of the rack's sets counted once; a joker where two lines cross counts the
    higher of its two numbers (a number tile counts its own number, read as it may be)."""
    cells: dict = {}
    for i in rack_sets:
        tiles, ids = units[i]
        readings = line_readings(tiles, sw)
        for k, (cell, t) in enumerate(zip(ids, tiles)):
            worth = entry_points(readings[0].entries[k]) if t.wild and readings else 0 if t.wild else t.rank
            cells[cell] = max(cells.get(cell, 0), worth)
    return sum(cells.values())


def judge_turn(
    variant: str, before: Any, rack: Any, after: Any, initial: bool, opts, settle: Callable | None = None
) -> Verdict:
    """The turn judged with the options read (see :mod:`.turn`). ``settle(table_before, played, extra,
    failed)`` returns more reasons and alternatives (a correction, CT-11); without it the turn alone is
    judged: the grid search checks its own boards so."""
    sw = switches_of(opts)
    table_before, table_after = read_table(variant, before, opts), read_table(variant, after, opts)
    table_before = legal_order(table_before, sw)  # the table before may be typed in any order
    rack_tiles = read_rack(rack)
    had, has, own = _counts(table_before.tiles), _counts(table_after.tiles), _counts(rack_tiles)
    gone, added = had - has, has - had
    played = added & own
    foreign = added - own
    # CT-1: the table before and the rack are tiles of one game (two of each, two jokers)
    reasons: list[str] = supply_reasons([*table_before.tiles, *rack_tiles], "CT-1", "the table and rack hold")
    alternatives: list[str] = []
    if gone:
        reasons.append(say("tt.left_table", tiles=names(gone)))
        alternatives.append(say("tt.put_back", tiles=names(gone)))
    if foreign:
        key = "tt.foreign_one" if sum(foreign.values()) == 1 else "tt.foreign"
        reasons.append(say(key, tiles=names(foreign)))
    verdict = judge_table(variant, table_after, opts) if table_after.tiles else None
    if verdict is not None and not verdict.valid:
        reasons += list(verdict.reasons)
        alternatives += list(verdict.alternatives)
    value = sum(int(t[1:]) * n for t, n in played.items() if t != "J")
    # more jokers than the game has: the table's checker says so (CT-1), and the story would try
    # every order of them (9 jokers: 9! readings)
    if not gone and not supply_reasons(table_after.tiles, "CT-1", "the table after shows"):
        story, joker_points = joker_story(read_jokers(table_before, sw), read_jokers(table_after, sw), played)
        reasons += story
        value += joker_points
    extra: dict[str, Any] = {"played": sorted(played.elements(), key=_order), "value": value}
    if initial and played:
        more, points = _initial_reasons(table_after, played, had, sw, opts["initial_meld"])
        reasons += more
        extra["initial_meld"] = {"points": points, "needed": opts["initial_meld"], "reached": not more}
    if settle is not None:
        more, others = settle(table_before, played, extra, bool(reasons))
        reasons += more
        alternatives += others
    reading = verdict.reading if verdict is not None else ()
    parts = verdict.parts if verdict is not None else ()
    return Verdict(
        variant,
        not reasons,
        None if reasons else "turn",
        () if reasons else ("turn",),
        value if not reasons else None,
        tuple(reading),
        tuple(dict.fromkeys(reasons)),
        alternatives=tuple(dict.fromkeys(alternatives)),
        parts=parts,
        extra=extra,
    )
