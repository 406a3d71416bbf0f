"""One line of tiles: is it a group (CT-2) or a run (CT-3), and how is it read (CT-1, CT-5)?

>>> from scorekeeper.rules.tiles import NOTATION
>>> line = read_line(NOTATION.parse("R12 R13 J"), Switches(zero=True, wrap=True, ten_split=True))
>>> [(r.kind, r.entries, r.points) for r in line.readings]
[('run', ('R12', 'R13', 'R0'), 45), ('run', ('R12', 'R13', 'R0+R1'), 35)]
>>> read_line(NOTATION.parse("R7 R8 B9"), Switches(runny=True)).reasons
('CT-2: a group needs one number: R7 and R8 differ',
 'CT-3: a run needs one colour, or all different colours (at most 4)')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..cards import Card
from ..reasons import Reason, say
from ..verdict import MAX_READINGS
from .faces import (
    COLOUR_ORDER,
    END,
    START,
    Move,
    Reading,
    Switches,
    entry_text,
    joker_points,
    paths,
    tile_faces,
    token,
    walk,
)


@dataclass(frozen=True)
class LineVerdict:
    """Every legal reading of a line (best first, capped) or why there is none."""

    readings: tuple[Reading, ...] = ()
    truncated: bool = False
    reasons: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        return bool(self.readings)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(k for k in ("group", "run") if any(r.kind == k for r in self.readings))

    @property
    def best(self) -> Reading | None:
        return self.readings[0] if self.readings else None


#: The set holds two of each number tile and two jokers (RULES.md section 3).
COPIES = 2


#: where the tiles are counted, as the catalog's words
SHOWN = {
    "this set shows": "ct.this_set_shows",
    "these sets show": "ct.these_sets_show",
    "this board shows": "ct.this_board_shows",
    "these racks hold": "ct.these_racks_hold",
    "the table after shows": "ct.table_after_shows",
    "the table and rack hold": "ct.table_and_rack_hold",
    "this photo shows": "ct.this_photo_shows",
    "this rack holds": "ct.this_rack_holds",
}


def supply_reasons(tiles: Iterable[Card], rule: str, shown: str) -> list[Reason]:
    """Tiles shown more often than the set holds them (``shown``: "this set shows", ...).

    >>> from scorekeeper.rules.tiles import NOTATION
    >>> supply_reasons(NOTATION.parse("R6 R6 R6 J"), "CT-1", "this set shows")
    ['CT-1: the game has only two R6 tiles; this set shows 3']
    """
    counts = Counter(token(t) for t in tiles)
    jokers = counts.pop("J", 0)
    shown = say(SHOWN[shown]) if shown in SHOWN else shown
    out = [
        say("ct.only_two", rule=rule, tile=name, shown=shown, count=n)
        for name, n in sorted(counts.items())
        if n > COPIES
    ]
    if jokers > COPIES:
        out.append(say("ct.only_two_jokers", rule=rule, shown=shown, count=jokers))
    return out


# -- groups (CT-2) -----------------------------------------------------------------


def _group_moves(g: int, colour: str | None, sw: Switches, joker_colours) -> Move:
    """Moves of a group of number ``g``: all different colours (state: colour mask) or
    all ``colour`` (state: positions so far)."""

    def move(i: int, tile: Card, state: int):
        if tile.wild:
            allowed = joker_colours.get(i, COLOUR_ORDER) if joker_colours else COLOUR_ORDER
            return _group_joker_moves(g, colour, sw, allowed, state)
        return _group_tile_moves(g, colour, sw, tile, state)

    return move


def _group_joker_moves(g: int, colour: str | None, sw: Switches, allowed: str, state: int):
    """A joker in a group of ``g``: a colour not used yet, or the group's one colour (as 1+1,
    two positions, where an 11 may split)."""
    if colour is None:
        for c in allowed:
            bit = 1 << COLOUR_ORDER.index(c)
            if not state & bit:
                yield state | bit, f"{c}{g}", g
    elif colour in allowed:
        if state < 4:
            yield state + 1, f"{colour}{g}", g
        if g == 1 and sw.eleven_split and state < 3:
            yield state + 2, entry_text(colour, (1, 1)), 11


def _group_tile_moves(g: int, colour: str | None, sw: Switches, tile: Card, state: int):
    """A number tile in a group of ``g``: each face showing ``g`` that fits the colours so far."""
    for values, pts in tile_faces(tile, sw, "group"):
        if values[0] != g:
            continue
        if colour is None:
            bit = 1 << COLOUR_ORDER.index(tile.suit)
            if len(values) == 1 and not state & bit:
                yield state | bit, entry_text(tile.suit, values), pts
        elif tile.suit == colour and state + len(values) <= 4:
            yield state + len(values), entry_text(tile.suit, values), pts


def _group_reasons(tiles: tuple[Card, ...], sw: Switches) -> Reason:
    """Why no group reading exists (CT-2), in players' words."""
    numbers = [t for t in tiles if not t.wild]
    common = {v[0] for v, _ in tile_faces(numbers[0], sw, "group")}
    for t in numbers[1:]:
        mine = {v[0] for v, _ in tile_faces(t, sw, "group")}
        if not common & mine:
            return say("ct.group_one_number", first=token(numbers[0]), other=token(t))
        common &= mine
    split = 2 if sw.eleven_split else 1
    most = sum(split if t.rank == 11 else 1 for t in numbers) + split * (len(tiles) - len(numbers))
    if most < 3:
        return say("ct.group_too_few", most=most)
    if len(tiles) > 4:
        return say("ct.group_too_many", count=len(tiles))
    # an 11 in a group of 1s can only be read as 1+1: it fills two positions
    least, g = min((sum(2 if g == 1 and t.rank == 11 else 1 for t in tiles), g) for g in common)
    if least > 4:
        return say("ct.group_eleven", number=g, count=least)
    return say("ct.group_colours_or_same" if sw.same_color_groups else "ct.group_colours")


def read_groups(tiles, sw: Switches, joker_colours=None, cap: int = MAX_READINGS) -> list[Reading]:
    """Every group reading (CT-2), best first (at most ``cap + 1``)."""
    numbers = [t for t in tiles if not t.wild]
    if not numbers or len(tiles) > 4:
        return []
    out: list[Reading] = []
    colours = {t.suit for t in numbers}
    modes = [None] + ([numbers[0].suit] if sw.same_color_groups and len(colours) == 1 else [])
    common = {v[0] for v, _ in tile_faces(numbers[0], sw, "group")}
    for t in numbers[1:]:
        common &= {v[0] for v, _ in tile_faces(t, sw, "group")}
    for g in sorted(common, reverse=True):
        for colour in modes:
            layers, best, failed = walk(tiles, 0, _group_moves(g, colour, sw, joker_colours))
            if failed is None:
                size = (lambda s: bin(s).count("1")) if colour is None else (lambda s: s)
                finals = [s for s in layers[-1] if 3 <= size(s) <= 4]
                out += paths(layers, best, finals, "group", cap)
    return out


# -- runs (CT-3) -----------------------------------------------------------------------


def _run_moves(colour: str | None, sw: Switches, joker_colours) -> Move:
    """Moves of a run: one ``colour``, or (``None``) all different colours (runny).

    State: (next value or START/END, mask of values used, mask of colours used).
    """

    def move(i: int, tile: Card, state):
        if tile.wild:
            allowed = joker_colours.get(i, COLOUR_ORDER) if joker_colours else COLOUR_ORDER
            for c in allowed if colour is None else [colour] if colour in allowed else []:
                for values in _run_joker_faces(state[0], sw):
                    new = _run_step(state, c, values, colour, sw)
                    if new is not None:
                        yield new, entry_text(c, values), joker_points(values)
            return
        if colour is not None and tile.suit != colour:
            return
        for values, pts in tile_faces(tile, sw, "run"):
            new = _run_step(state, tile.suit, values, colour, sw)
            if new is not None:
                yield new, (entry_text(tile.suit, values) if values != (tile.rank,) else token(tile)), pts

    return move


def _run_step(state, c: str, values: tuple[int, ...], colour: str | None, sw: Switches):
    """The run's state after a tile of colour ``c`` shows ``values``, or None where it cannot (CT-3)."""
    nxt, used, cmask = state
    if nxt == END or (nxt != START and values[0] != nxt):
        return None
    bits = 0
    for v in values:
        bits |= 1 << v
    if used & bits:
        return None  # CT-3: no value may repeat
    if colour is None:
        cbit = 1 << COLOUR_ORDER.index(c)
        if cmask & cbit or len(values) > 1:
            return None  # runny: all different colours, so no split
        cmask |= cbit
    return sw.after(values[-1]), used | bits, cmask


def _run_joker_faces(nxt: int, sw: Switches):
    """The values a joker may show where the run's next value is ``nxt``: one number or a split (CT-1)."""
    low = 0 if sw.zero else 1
    if nxt == START:
        singles = range(low, 14)
    else:
        singles = [nxt] if nxt >= low else []
    for v in singles:
        yield (v,)
    if sw.ten_split and nxt in (START, 0):
        yield (0, 1)
    if sw.twelve_split and nxt in (START, 1):
        yield (1, 2)


def _run_modes(tiles, sw: Switches) -> list[str | None]:
    numbers = [t for t in tiles if not t.wild]
    colours = [t.suit for t in numbers]
    modes: list[str | None] = [colours[0]] if len(set(colours)) == 1 else []
    if sw.runny and len(tiles) <= 4 and len(set(colours)) == len(colours):
        modes.append(None)
    return modes


def read_runs(tiles, sw: Switches, joker_colours=None, cap: int = MAX_READINGS):
    """Every run reading (CT-3) in the order given, best first, and why not when none.

    Returns ``(readings, reason)``.
    """
    if not any(not t.wild for t in tiles):
        return [], ""
    out: list[Reading] = []
    reason = ""
    modes = _run_modes(tiles, sw)
    if not modes:
        return [], say("ct.run_colour_or_runny" if sw.runny else "ct.run_colour")
    for colour in modes:
        layers, best, failed = walk(tiles, (START, 0, 0), _run_moves(colour, sw, joker_colours))
        if failed is not None:
            reason = reason or _run_break(tiles, failed, sw)
            continue
        finals = [s for s in layers[-1] if bin(s[1]).count("1") >= 3]
        if not finals:
            reason = reason or say("ct.run_too_few")
        out += paths(layers, best, finals, "run", cap)
    return out, reason


def _run_break(tiles, failed: int, sw: Switches) -> Reason:
    """Why a run stops at ``tiles[failed]`` (CT-3); with wrap-around and zero, 13 goes on to 0,
    which only a joker stands for, so "R13 R1" is named as that gap."""
    if not failed:
        return say("ct.run_start", tile=token(tiles[0]))
    before, at = tiles[failed - 1], tiles[failed]
    if sw.wrap and sw.zero and not before.wild and not at.wild and (before.rank, at.rank) == (13, 1):
        return say("ct.run_wraps_to_zero", tile=token(at), after=token(before))
    return say("ct.run_breaks", tile=token(at), after=token(before))


def read_line(
    tiles: tuple[Card, ...],
    sw: Switches,
    joker_colours: Mapping[int, str] | None = None,
    cap: int = MAX_READINGS,
) -> LineVerdict:
    """Judge one line of tiles as a group or a run (CT-1..CT-3, CT-5).

    ``joker_colours`` maps a joker's index to the colours it may take (a grid
    crossing, CT-9). Readings come best first; ``truncated`` when more than
    ``cap`` exist.
    """
    if not any(not t.wild for t in tiles):
        return LineVerdict(reasons=(say("ct.number_tile"),))
    groups = read_groups(tiles, sw, joker_colours, cap)
    runs, run_reason = read_runs(tiles, sw, joker_colours, cap)
    found = sorted(groups + runs, key=lambda r: -r.points)
    if found:
        keep = max(cap, 1)  # cap 0: only whether the line is legal, with its best reading
        return LineVerdict(tuple(found[:keep]), len(found) > keep)
    return LineVerdict(reasons=(_group_reasons(tiles, sw), run_reason or say("ct.not_a_run")))
