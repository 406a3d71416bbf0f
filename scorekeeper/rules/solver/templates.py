"""Every legal set the solver may lay (CT-1..CT-3), built once per combination of switches.

>>> from scorekeeper.rules.solver.tile_engine import options_of, switches_of
>>> lib = library(switches_of(options_of("rummikub", {})))
>>> [t.text for t in lib if t.text in ("R5 R6 R7", "J R5 R6", "R5 B5 J")]
['J R5 R6', 'R5 R6 R7', 'R5 B5 J']
>>> [(sorted(entries), points) for entries, points in next(t for t in lib if t.text == "R5 B5 J").jokers]
[(['G5', 'K5'], 5)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from .tile_engine import END, START, entry_text, joker_points

COLOURS = "RBKG"


def tile_index(colour: str, number: int) -> int:
    """The row of a number tile in the solver's count vectors (R1..R13, B1.., K1.., G1..)."""
    return COLOURS.index(colour) * 13 + number - 1


def tile_token(index: int) -> str:
    """The token of the tile at ``index`` of the count vectors (:func:`tile_index` read back)."""
    return f"{COLOURS[index // 13]}{index % 13 + 1}"


@dataclass(frozen=True)
class Template:
    """One legal set: its tokens in reading order, the number tiles it uses, its jokers.

    ``jokers`` holds, per joker in the set (left to right), the entries it may
    stand for (``{'K5', 'G5'}``) and the points it counts (CT-5). ``points``
    is the set's value (CT-5) in its best reading.
    """

    tokens: tuple[str, ...]
    tiles: tuple[int, ...]  # tile_index of each number tile, with repeats
    jokers: tuple[tuple[frozenset, int], ...]
    points: int
    kind: str

    @property
    def text(self) -> str:
        return " ".join(self.tokens)


class _Collector:
    """Templates keyed by their tokens; a second reading of the same tokens widens what
    its jokers may stand for and keeps the higher points."""

    def __init__(self):
        self.found: dict[tuple[str, ...], Template] = {}

    def add(self, kind: str, slots: list[tuple[str, tuple[int, ...], bool, int]]) -> None:
        """``slots``: (colour, values, is_joker, tile number) per tile, in reading order."""
        if len(slots) - sum(s[2] for s in slots) < 1 or sum(s[2] for s in slots) > 2:
            return  # CT-1: a number tile is needed; the game has two jokers
        tiles = tuple(sorted(tile_index(c, n) for c, _, wild, n in slots if not wild))
        if any(tiles.count(t) > 2 for t in set(tiles)):
            return  # two of each tile
        tokens = tuple("J" if wild else f"{c}{n}" for c, _, wild, n in slots)
        jokers = tuple((frozenset([entry_text(c, v)]), joker_points(v)) for c, v, wild, _ in slots if wild)
        points = sum(n for _, _, wild, n in slots if not wild) + sum(p for _, p in jokers)
        old = self.found.get(tokens)
        if old is not None:
            jokers = tuple((a | b, max(pa, pb)) for (a, pa), (b, pb) in zip(old.jokers, jokers))
            points = max(points, old.points)
        self.found[tokens] = Template(tokens, tiles, jokers, points, kind)


# -- runs (CT-3) -------------------------------------------------------------------------


def _run_fillers(nxt: int, sw):
    """(values, tile number or None for a joker) that may fill the run at ``nxt`` (CT-1)."""
    low = 0 if sw.zero else 1
    singles = range(low, 14) if nxt == START else [nxt] if nxt >= low else []
    for v in singles:
        yield (v,), None
        if v >= 1:
            yield (v,), v
        if sw.six_nine and v in (6, 9):
            yield (v,), 15 - v
    if sw.ten_split and nxt in (START, 0):
        yield (0, 1), None
        yield (0, 1), 10
    if sw.twelve_split and nxt in (START, 1):
        yield (1, 2), None
        yield (1, 2), 12


def _runs(sw, out: _Collector, longest: int) -> None:
    """Runs of one colour (3..``longest`` positions), and with ``runny`` of all different colours."""

    def grow(slots, nxt, used, positions, most, colours):
        if positions >= 3:
            out.add("run", slots)
        if positions >= most or nxt == END:
            return
        for values, number in _run_fillers(nxt, sw):
            bits = sum(1 << v for v in values)
            if used & bits or positions + len(values) > most:
                continue
            for colour in colours(slots, values):
                slot = (colour, values, number is None, number or 0)
                grow(
                    [*slots, slot], sw.after(values[-1]), used | bits, positions + len(values), most, colours
                )

    for colour in COLOURS:
        grow([], START, 0, 0, longest, lambda slots, values, c=colour: [c])
    if sw.runny:
        grow([], START, 0, 0, 4, _unused_colours)  # CT-3: all different colours, so at most 4


def _unused_colours(slots, values) -> list:
    """The colours a runny run's next tile may have: any not used yet, and no split (CT-3)."""
    if len(values) > 1:
        return []
    taken = {s[0] for s in slots}
    return [c for c in COLOURS if c not in taken]


# -- groups (CT-2) -----------------------------------------------------------------------


def _group_faces(g: int, sw) -> list[tuple[int, int]]:
    """(tile number, positions) of the number tiles that may show ``g`` in a group."""
    faces = [(g, 1)]
    if sw.six_nine and g in (6, 9):
        faces.append((15 - g, 1))
    if sw.eleven_split and g == 1:
        faces.append((11, 2))
    return faces


def _groups(sw, out: _Collector) -> None:
    for g in range(1, 14):
        faces = [n for n, size in _group_faces(g, sw) if size == 1]
        # all different colours: per colour no tile or one tile showing g, then jokers in
        # any colours left (two jokers take two different colours)
        for choice in product([None, *faces], repeat=4):
            slots = [(c, (g,), False, n) for c, n in zip(COLOURS, choice) if n is not None]
            open_colours = [c for c in COLOURS if c not in {s[0] for s in slots}]
            for jokers in range(3):
                if slots and 3 <= len(slots) + jokers <= 4:
                    for colours in product(open_colours, repeat=jokers):
                        if len(set(colours)) == jokers:
                            out.add("group", slots + [(c, (g,), True, 0) for c in colours])
        if sw.same_color_groups:
            _same_colour_groups(sw, out, g)


def _same_colour_groups(sw, out: _Collector, g: int) -> None:
    """With ``same_color_groups``: 3 or 4 positions of ``g`` all in one colour (an 11 as 1+1 fills two)."""
    faces = _group_faces(g, sw)
    fillers = [(n, p) for n, p in faces] + [(None, 1)] + ([(None, 2)] if sw.eleven_split and g == 1 else [])
    for colour in COLOURS:

        def grow(start, slots, positions):
            if 3 <= positions and any(not s[2] for s in slots):
                out.add("group", slots)
            for i in range(start, len(fillers)):
                number, size = fillers[i]
                if positions + size > 4:
                    continue
                values = (g,) * size
                # grow runs within this loop's iteration, so it sees this colour
                grow(i, [*slots, (colour, values, number is None, number or 0)], positions + size)  # noqa: B023

        grow(0, [], 0)


@cache  # one library per combination of switches (at most 2 ** 8)
def library(sw) -> tuple[Template, ...]:
    """Every template for the switches ``sw`` (a :class:`~scorekeeper.rules.tiles.sets.Switches`)."""
    out = _Collector()
    longest = 6 if (sw.ten_split or sw.twelve_split) else 5
    _runs(sw, out, longest)
    _groups(sw, out)
    return tuple(out.found.values())
