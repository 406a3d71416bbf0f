"""The whole-turn checker of the tile games: the table before, the rack, the table after.

:func:`check_turn` answers a :class:`~scorekeeper.rules.verdict.Verdict`
of kind ``turn`` (RULES.md section 6) with, in ``extra``, ``played`` (the
rack tokens laid) and ``value`` (their CT-5 value; ``points`` says the same).
Every failure is a reason starting with its rule id; ``alternatives`` give a
correction where one exists (the same tiles laid legally, or the best play).

What it checks:

- every tile on the table before is on the table after (CT-10: what is on
  the table stays there; only a joker may be swapped out, and it stays too);
- every tile added comes from the rack (CT-6: the player's own rack);
- the table after is legal: its sets (CT-1..CT-4) or its board (CT-9),
  judged by the engine's own checker;
- an initial meld (``initial=True``) lays sets of rack tiles only, worth at
  least ``initial_meld`` (CT-6);
- a table joker that now stands for something else sits in a set (in a
  grid: a line through it) holding two tiles from the rack (CT-10);
- with ``must_play`` A or B (CT-11), whether the rack allowed more.

Jokers look alike, so a joker's story is read in the player's favour: the
table's jokers may be any of the jokers after the turn, and a rack joker
counts as the more valuable one (as in :mod:`.tile_solve`).
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any

from ..errors import RulesError
from ..verdict import Verdict
from .limits import time_limit
from .templates import joker_value
from .tile_engine import (
    TileTable,
    board_cells,
    joker_entries,
    judge_table,
    line_readings,
    options_of,
    read_rack,
    read_table,
    supply_reasons,
    switches_of,
    table_units,
    tile_variant,
    token,
)
from .tile_solve import solve_tiles

#: seconds the checker lets the solver look for a correction
CORRECTION_SECONDS = 1.0


def _counts(tiles) -> Counter:
    return Counter(token(t) for t in tiles)


def _names(counter: Counter) -> str:
    return " ".join(sorted(counter.elements(), key=_order))


def _order(tok: str):
    return (tok == "J", tok[:1], int(tok[1:]) if tok[1:].isdigit() else 0)


def _joker_places(table: TileTable, sw) -> list[tuple[frozenset, int, list[tuple[str, ...]]]]:
    """Per joker after the turn: what it may stand for, its CT-5 value, and the sets (lines) it is in."""
    out = []
    if table.board is not None:
        for _cell, lines in board_cells(table):
            entries: set[str] = set()
            value = 0
            for tiles, i in lines:
                for r in line_readings(tiles, sw):
                    entries.add(r.entries[i])
                    value = max(value, _entry_value(r.entries[i]))
            out.append((frozenset(entries), value, [tuple(token(t) for t in tiles) for tiles, _ in lines]))
        return out
    for tiles in table.sets:
        readings = line_readings(tiles, sw) if any(t.wild for t in tiles) else ()
        for i, t in enumerate(tiles):
            if t.wild:
                best = _entry_value(readings[0].entries[i]) if readings else 0
                out.append((frozenset(r.entries[i] for r in readings), best, [tuple(token(x) for x in tiles)]))
    return out


def _entry_value(entry: str) -> int:
    return joker_value(tuple(int(part[1:]) for part in entry.split("+")))


def _rack_tiles_in(sets: list[tuple[str, ...]], played: Counter) -> int:
    """How many tiles of ``sets`` can be the rack's (each played tile counted once)."""
    inside = Counter(t for s in sets for t in s)
    return sum(min(n, played[t]) for t, n in inside.items() if t != "J")


def _joker_story(before_jokers, after_jokers, played: Counter) -> tuple[list[str], int]:
    """CT-10 reasons under the kindest reading of which joker is which, and the played jokers' value."""
    best: tuple[list[str], int] | None = None
    for order in permutations(range(len(after_jokers))):
        mine = order[:len(before_jokers)]
        theirs = order[len(before_jokers):]
        reasons = []
        needs: list[list[tuple[str, ...]]] = []
        for j, i in enumerate(mine):
            entries, _, sets = after_jokers[i]
            if not entries & before_jokers[j]:
                was = "/".join(sorted(before_jokers[j])) or "nothing legal"
                now = "/".join(sorted(entries)) or "nothing legal"
                needs.append(sets)
                if _rack_tiles_in(sets, played) + _rack_jokers_in(sets, theirs, after_jokers) < 2:
                    reasons.append(f"CT-10: the joker that stood for {was} now stands for {now}; a joker taken "
                                   "back must go into a set holding two tiles from your rack")
        distinct = {tuple(s) for sets in needs for s in sets}
        if len(needs) == 2 and len(distinct) > 1 and not reasons:
            if _rack_tiles_in([s for sets in needs for s in sets], played) < 4:
                reasons.append("CT-10: both jokers taken back need two tiles from your rack each, "
                               "and the rack's tiles laid do not reach four")
        value = sum(after_jokers[i][1] for i in theirs)
        if best is None or (len(reasons), -value) < (len(best[0]), -best[1]):
            best = (reasons, value)
    return best or ([], 0)


def _rack_jokers_in(sets, theirs, after_jokers) -> int:
    return sum(1 for i in theirs if any(s in after_jokers[i][2] for s in sets))


#: ambiguous sets tried both ways at most (2 ** this many labellings)
_MOST_LABELLED = 12


def _initial_reasons(after: TileTable, played: Counter, had: Counter, sw, needed: int) -> tuple[list[str], int]:
    """CT-6: the rack's tiles form sets (lines) of their own, worth at least ``needed``.

    Each set is the rack's or the table's; a set whose tiles could be either is
    tried both ways, and the kindest labelling is judged.
    """
    units = table_units(after)
    tokens = [Counter(token(t) for t in tiles) for tiles, _ in units]
    free = [i for i, c in enumerate(tokens) if not c - played and not c - had][:_MOST_LABELLED]
    best_points, mixed = -1, None
    for mask in range(1 << len(free)):
        rack_sets = {i for i, c in enumerate(tokens) if c - had} | {free[k] for k in range(len(free)) if mask >> k & 1}
        cells = {}
        clash = False
        for i, (tiles, ids) in enumerate(units):
            for cell, t in zip(ids, tiles):
                label = i in rack_sets
                clash |= cells.setdefault(cell, (label, token(t)))[0] != label
        laid = Counter(tok for label, tok in cells.values() if label)
        if clash or laid != played:
            mixed = mixed or next((units[i][0] for i in rack_sets if tokens[i] - played), None)
            continue
        points = sum(_points(units[i][0], sw) for i in rack_sets)
        best_points = max(best_points, points)
    if best_points < 0:
        shown = " ".join(token(t) for t in mixed) if mixed else "a set"
        return [f"CT-6: the initial meld lays sets of rack tiles only; {shown} mixes in tiles from the table"], 0
    if best_points < needed:
        return [f"CT-6: the initial meld is worth {best_points} points; it needs {needed} from your own rack"], \
            best_points
    return [], best_points


def _points(tiles, sw) -> int:
    readings = line_readings(tiles, sw)
    return readings[0].points if readings else 0


def check_turn(variant: str, before: Any, rack: Any, after: Any, *, initial: bool = False,
               **options: Any) -> Verdict:
    """Judge a whole turn of a tile game (see the module docstring).

    ``before`` / ``after``: tables as sets separated by ``|`` or a board
    (CT-9); ``rack``: the rack before the turn; ``initial``: this turn is the
    player's initial meld. Options are the variant's (``initial_meld``, the
    switches, ``must_play``) plus ``time_limit`` for the correction search.

    >>> v = check_turn("rummikub", "R5 R6 R7", "R8 K2", "R5 R6 R7 R8")
    >>> v.valid, v.extra["played"], v.points
    (True, ['R8'], 8)
    >>> bad = check_turn("rummikub", "R5 R6 R7", "R8", "R5 R6 | R7 R8")
    >>> bad.valid, bad.reasons[1], bad.alternatives
    (False, 'CT-3: a run needs at least 3 positions (set 1)', ('a legal way to lay R8: R5 R6 R7 R8',))
    """
    if tile_variant(variant) is None:
        raise RulesError(f"check_turn judges the tile games (rummikub, crazy-tiles, runny-tiles), not {variant!r}")
    seconds = time_limit(options.pop("time_limit", CORRECTION_SECONDS))
    opts = options_of(variant, options)
    sw = switches_of(opts)
    table_before, table_after = read_table(variant, before, opts), read_table(variant, after, opts)
    rack_tiles = read_rack(rack)
    had, has, own = _counts(table_before.tiles), _counts(table_after.tiles), _counts(rack_tiles)
    gone, added = had - has, has - had
    played = added & own
    foreign = added - own
    reasons: list[str] = []
    alternatives: list[str] = []
    if gone:
        reasons.append(f"CT-10: {_names(gone)} left the table; tiles on the table stay there "
                       "(a joker swapped out stays on the table too)")
        alternatives.append(f"CT-10: put {_names(gone)} back on the table")
    if foreign:
        reasons.append(f"CT-6: {_names(foreign)} {'is' if sum(foreign.values()) == 1 else 'are'} on the table "
                       "after the turn but came neither from the table nor from your rack")
    verdict = judge_table(variant, table_after, opts) if table_after.tiles else None
    if verdict is not None and not verdict.valid:
        reasons += list(verdict.reasons)
        alternatives += list(verdict.alternatives)
    value = sum(int(t[1:]) * n for t, n in played.items() if t != "J")
    # more jokers than the game has: the table's checker says so (CT-1), and the story would try
    # every order of them (9 jokers: 9! readings)
    if not gone and not supply_reasons(table_after.tiles, "CT-1", "the table after shows"):
        story, joker_points = _joker_story(joker_entries(table_before, sw), _joker_places(table_after, sw), played)
        reasons += story
        value += joker_points
    extra: dict[str, Any] = {"played": sorted(played.elements(), key=_order), "value": value}
    if initial and played:
        more, points = _initial_reasons(table_after, played, had, sw, opts["initial_meld"])
        reasons += more
        extra["initial_meld"] = {"points": points, "needed": opts["initial_meld"], "reached": not more}
    if reasons:
        alternatives += _corrections(variant, table_before, rack, played, initial, opts, seconds)
    elif opts["must_play"] in ("A", "B"):
        reasons += _must_play(variant, before, rack, played, initial, opts, seconds, extra)
    reading = verdict.reading if verdict is not None else ()
    parts = verdict.parts if verdict is not None else ()
    return Verdict(variant, not reasons, None if reasons else "turn", () if reasons else ("turn",),
                   value if not reasons else None, tuple(reading), tuple(dict.fromkeys(reasons)),
                   alternatives=tuple(dict.fromkeys(alternatives)), parts=parts, extra=extra)


def _solve(variant, table_text, rack_text, initial, opts, seconds):
    game = {k: v for k, v in opts.items() if k != "kind"}
    try:
        return solve_tiles(variant, rack_text, table_text or None, initial=initial, seconds=seconds, options=game)
    except RulesError:
        return None


def _laid(best) -> str:
    return " | ".join(" ".join(s) for s in best.table)


def _corrections(variant, before: TileTable, rack, played: Counter, initial, opts, seconds) -> list[str]:
    """A legal turn close to the one tried: the same rack tiles laid legally, else the best play."""
    table_text = before.text()
    if played:
        same = _solve(variant, table_text, _names(played), initial, opts, seconds)
        if same is not None and same.tiles_played == sum(played.values()):
            return [f"a legal way to lay {_names(played)}: {_laid(same)}"]
    best = _solve(variant, table_text, rack, initial, opts, seconds)
    if best is not None and best.tiles_played:
        return [f"a legal turn from this rack: lay {' '.join(best.play)} as {_laid(best)}"]
    return []


def _must_play(variant, before, rack, played: Counter, initial, opts, seconds, extra) -> list[str]:
    """CT-11: A must play all one can, B must play something if able."""
    best = _solve(variant, before, rack, initial, opts, seconds)
    if best is None:
        return []
    extra["could_play"] = best.tiles_played
    laid = sum(played.values())
    if opts["must_play"] == "A" and best.tiles_played > laid:
        return [f"CT-11: this game plays all it can; the rack could lay {best.tiles_played} tiles, "
                f"not {laid} (for example {' '.join(best.play)})"]
    if opts["must_play"] == "B" and not laid and best.tiles_played:
        return [f"CT-11: this game plays something when able; the rack could lay {' '.join(best.play)}"]
    return []
