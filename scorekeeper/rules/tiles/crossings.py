"""A board's lines read together where a joker stands in two of them (CT-5, CT-9).

Each line alone is read best first, but a joker where two lines cross keeps one colour in both
(CT-9) and counts the higher of its two numbers (CT-5). So the board's highest value may take a
line's lower reading: in ``J J B2 / . B1 .`` (Crazy Rummy Tiles) the row reads J=B0 J=B1 B2 and the
column J=B11 (1 + 1) B1, and the crossing joker counts 11, not the 1 the row gives it alone
(34 points in all, where the lines' own best readings give 27).

>>> from scorekeeper.rules.tiles import NOTATION
>>> from scorekeeper.rules.tiles.grid import check_board, read_board
>>> from scorekeeper.rules.tiles.sets import Switches
>>> sw = Switches(same_color_groups=True, zero=True, wrap=True, six_nine=True, ten_split=True,
...               eleven_split=True, twelve_split=True)
>>> valid, points, parts, reasons, reading, _ = check_board(read_board("J J B2 / . B1 .", NOTATION), sw)
>>> valid, points, reading
(True, 34, ['B0', 'B1/B1+B1', 'B2', 'B1'])
"""

from __future__ import annotations

from itertools import product

from .faces import entry_points
from .sets import COLOUR_ORDER, LineVerdict, Reading, Switches, read_line

#: readings kept of a line through a crossing joker: enough for every reading of any line the set
#: can make (a line's readings past ``MAX_READINGS`` are dropped when it is read alone)
CROSSING_CAP = 512


def judge_lines(board, lines, sw: Switches, colours: dict, cap: int | None = None) -> list[LineVerdict]:
    """Each line's verdict with crossing jokers held to the given colours."""
    out = []
    for line in lines:
        held = {i: colours[rc] for i, rc in enumerate(line.cells) if rc in colours}
        tiles = tuple(board[r][c] for r, c in line.cells)
        out.append(
            read_line(tiles, sw, held or None) if cap is None else read_line(tiles, sw, held or None, cap)
        )
    return out


def join_crossings(board, lines, sw: Switches, member: dict, crossing: list, verdicts: list):
    """Hold each crossing joker to one colour both its lines allow (CT-9), and choose the lines'
    readings for the board's highest value (CT-5).

    Returns the line verdicts, each through a crossing with the chosen reading first, and the
    jokers that found a shared colour.
    """

    def allowed(rc, colour) -> bool:
        return all(v.valid for v in judge_lines(board, [lines[n] for n in member[rc]], sw, {rc: colour}, 0))

    domains = {rc: [c for c in COLOUR_ORDER if allowed(rc, c)] for rc in crossing}
    joined = {rc for rc, d in domains.items() if d}
    if len(joined) < len(crossing):
        return verdicts, joined
    touched = sorted({n for rc in crossing for n in member[rc]})
    best_value, best_verdicts = -1, None
    for choice in product(*(domains[rc] for rc in crossing)):
        trial = judge_lines(board, [lines[n] for n in touched], sw, dict(zip(crossing, choice)), CROSSING_CAP)
        if not all(v.valid for v in trial):
            continue
        value, picks = _best_picks([lines[n].cells for n in touched], trial, crossing, board)
        if value > best_value:
            best_value, best_verdicts = value, [_first(v, i) for v, i in zip(trial, picks)]
    if best_verdicts is None:
        return verdicts, set()
    verdicts = list(verdicts)
    for n, v in zip(touched, best_verdicts):
        verdicts[n] = v
    return verdicts, joined


def _best_picks(cells: list, verdicts: list[LineVerdict], crossing: list, board) -> tuple[int, list[int]]:
    """The readings (one index per line) that make the jokers of these lines worth the most: a
    joker in one line its number there, a crossing joker the higher of its two (CT-5)."""
    options = [_options(line, v, crossing, board) for line, v in zip(cells, verdicts)]
    best_value, best = -1, []
    for combo in product(*options):
        high: dict = {}
        value = 0
        for own, at_crossings, _ in combo:
            value += own
            for rc, points in at_crossings:
                high[rc] = max(high.get(rc, 0), points)
        value += sum(high.values())
        if value > best_value:
            best_value, best = value, [index for _, _, index in combo]
    return best_value, best


def _options(cells, verdict: LineVerdict, crossing: list, board) -> list[tuple[int, tuple, int]]:
    """A line's readings that may be the best together with other lines: ``(points of its other
    jokers, points of each crossing joker, index)``, the first reading of each way the crossing
    jokers count kept, and none that another keeps at least as high everywhere."""
    seen: dict[tuple, tuple[int, tuple, int]] = {}
    for index, reading in enumerate(verdict.readings):
        own, at_crossings = _joker_points(cells, reading, crossing, board)
        key = tuple(p for _, p in at_crossings)
        if key not in seen or own > seen[key][0]:
            seen[key] = (own, at_crossings, index)
    kept = list(seen.values())
    return [o for o in kept if not any(p is not o and _covers(p, o) for p in kept)]


def _covers(p: tuple, o: tuple) -> bool:
    """Option ``p`` counts at least as much as ``o`` for every joker (so ``o`` is never needed)."""
    return p[0] >= o[0] and all(a[1] >= b[1] for a, b in zip(p[1], o[1]))


def _joker_points(cells, reading: Reading, crossing: list, board) -> tuple[int, tuple]:
    own, at_crossings = 0, []
    for rc, entry in zip(cells, reading.entries):
        if not board[rc[0]][rc[1]].wild:
            continue  # a number tile counts its own number, whatever it is read as (CT-5)
        if rc in crossing:
            at_crossings.append((rc, entry_points(entry)))
        else:
            own += entry_points(entry)
    return own, tuple(at_crossings)


def _first(verdict: LineVerdict, index: int) -> LineVerdict:
    """The verdict with reading ``index`` first (the one the board shows and counts)."""
    readings = verdict.readings
    chosen = (readings[index], *readings[:index], *readings[index + 1 :])
    return LineVerdict(chosen, verdict.truncated, verdict.reasons)
