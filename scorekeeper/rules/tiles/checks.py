"""What the tile checker answers: one set, a laydown, an extension, a joker taken back, a board.

Every legal set, laydown or board carries ``initial_meld`` (CT-6): ``{"points", "needed", "reached"}``.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, islice, product
from typing import Any

from ..cards import Card
from ..reasons import say
from ..verdict import Verdict
from .faces import entry_points
from .sets import LineVerdict, Reading, Switches, read_line, read_runs, supply_reasons, token


def _tokens(tiles) -> str:
    return " ".join(token(t) for t in tiles)


#: orders :func:`run_order` makes at most, and choices of where the tiles stand (a refusal's
#: alternative is worth a bounded search: about 0.1 s of CPU at worst here)
ORDERS_TRIED = 2000
#: refused sets (of a laydown) or lines (of a board) asked for an order that would be a run (N-2)
ORDER_HINTS = 3
#: the most tiles a run holds: 1 to 13 and a 0 (CT-3); a longer set is no run in any order
RUN_MOST = 14


def _places(tile: Card, sw: Switches) -> tuple[int, ...]:
    """Where a number tile may stand in a run, by value: its number, and a 10 at 0 (read as
    0 + 1), a 12 at 1 (1 + 2), a 6 at 9 and a 9 at 6 where the switches allow (CT-1, CT-3)."""
    other = {10: (sw.ten_split, 0), 12: (sw.twelve_split, 1), 6: (sw.six_nine, 9), 9: (sw.six_nine, 6)}
    allowed, extra = other.get(tile.rank, (False, None))
    return (tile.rank, extra) if allowed else (tile.rank,)


def _orders(tiles: tuple[Card, ...], sw: Switches):
    """Orders of the tiles worth trying as a run: the number tiles by where each may stand, counting
    up from each in turn (a run may wrap), the jokers in every pair of places among them."""
    numbers = [t for t in tiles if not t.wild]
    jokers = [t for t in tiles if t.wild]
    seen: set = set()
    # the places' choices are bounded too: a set of one tile many times makes many equal choices
    for places in islice(product(*(_places(t, sw) for t in numbers)), ORDERS_TRIED):
        ranked = [
            t for _, _, t in sorted(zip(places, range(len(numbers)), numbers), key=lambda x: (x[0], x[1]))
        ]
        key = tuple(token(t) for t in ranked)
        if key in seen:
            continue
        seen.add(key)
        for turn in range(len(ranked)):
            rotated = ranked[turn:] + ranked[:turn]
            for at in combinations_with_replacement(range(len(rotated) + 1), len(jokers)):
                order = list(rotated)
                for offset, place in enumerate(at):
                    order.insert(place + offset, jokers[offset])
                yield tuple(order)


def run_order(tiles: tuple[Card, ...], sw: Switches) -> tuple[Card, ...] | None:
    """An order in which the same tiles read as a run (CT-3), or None when none is found among
    the first ``ORDERS_TRIED`` of :func:`_orders` (or the set is longer than a run can be). A
    group is legal in any order (CT-2).

    >>> from . import NOTATION
    >>> crazy = Switches(zero=True, wrap=True, six_nine=True, ten_split=True, twelve_split=True)
    >>> [token(t) for t in run_order(NOTATION.parse("R12 R13 J"), Switches())]
    ['J', 'R12', 'R13']
    >>> [token(t) for t in run_order(NOTATION.parse("R2 R13 R10"), crazy)]
    ['R13', 'R10', 'R2']
    >>> run_order(NOTATION.parse("R12 R13 B1"), Switches()) is None
    True
    """
    if len(tiles) > RUN_MOST:
        return None
    seen: set = set()
    for order in islice(_orders(tiles, sw), ORDERS_TRIED):  # every order made counts, equal ones too
        key = tuple(token(t) for t in order)
        if key not in seen:
            seen.add(key)
            if read_runs(order, sw, cap=0)[0]:
                return order
    return None


def other_orders(tiles: tuple[Card, ...], sw: Switches) -> list[str]:
    """N-2: an order in which the same tiles would be a run (the tiles reversed, else any)."""
    for order in (tuple(reversed(tiles)), run_order(tiles, sw)):
        if order is not None and order != tiles and read_runs(order, sw, cap=0)[0]:
            return [say("ct.other_order", tiles=_tokens(order))]
    return []


def initial_meld(points: int, needed: int) -> tuple[dict, tuple[str, ...]]:
    """CT-6: the extra ``initial_meld`` entry and a note when ``points`` fall short.

    >>> initial_meld(24, 30)
    ({'initial_meld': {'points': 24, 'needed': 30, 'reached': False}},
     ('CT-6: worth 24 points; a first laydown needs 30 from your own rack',))
    """
    reached = points >= needed
    note = () if reached else (say("ct.first_laydown", points=points, needed=needed),)
    return {"initial_meld": {"points": points, "needed": needed, "reached": reached}}, note


def judge(
    tiles: tuple[Card, ...], sw: Switches, kind: str | None, *, orders: bool = True
) -> tuple[LineVerdict, list[Reading], list[str], list[str]]:
    """A line's verdict, its readings of the declared ``kind``, reasons and alternatives (with
    ``orders``, an order that would be a run: a bounded search, asked of a few sets a request)."""
    line = read_line(tiles, sw)
    readings = [r for r in line.readings if kind in (None, r.kind)]
    reasons = list(line.reasons)
    alternatives: list[str] = []
    if line.valid and not readings:
        reasons.append(say("ct.declared_group" if kind == "group" else "ct.declared_run"))
        alternatives += [say("ct.legal_as_group" if k == "group" else "ct.legal_as_run") for k in line.kinds]
    if orders and not readings and any(not t.wild for t in tiles):
        alternatives += other_orders(tiles, sw)
    return line, readings, reasons, alternatives


def set_verdict(
    variant: str,
    tiles: tuple[Card, ...],
    opts: dict[str, Any],
    *,
    first_meld: bool = True,
    supply: bool = True,
    orders: bool = True,
) -> Verdict:
    """Judge one set read in the order given (CT-1..CT-5, CT-6 when ``first_meld``).

    With ``supply`` the set may not show more of a tile than the game has (two each).
    ``kinds`` lists every kind the tiles read as, also when ``kind`` declares one (section 6).
    """
    sw = Switches.of(opts)
    line, readings, reasons, alternatives = judge(tiles, sw, opts["kind"], orders=orders)
    too_many = supply_reasons(tiles, "CT-1", "this set shows") if supply else []
    reasons += too_many
    kinds = () if too_many else line.kinds
    if not readings or reasons:
        return Verdict(
            variant, False, None, kinds, None, (), tuple(reasons), alternatives=tuple(alternatives)
        )
    extra, notes = initial_meld(readings[0].points, opts["initial_meld"]) if first_meld else ({}, ())
    return Verdict(
        variant,
        True,
        readings[0].kind,
        kinds,
        readings[0].points,
        readings[0].entries,
        readings=tuple(r.entries for r in readings),
        readings_truncated=line.truncated and len(readings) == len(line.readings),
        notes=notes,
        extra=extra,
    )


def _part(tiles, verdict: Verdict) -> dict:
    return {
        "cards": [token(t) for t in tiles],
        "valid": verdict.valid,
        "kind": verdict.kind,
        "reading": list(verdict.reading),
        "points": verdict.points,
        "reasons": list(verdict.reasons),
    }


def laydown_verdict(variant: str, sets: list[tuple[Card, ...]], opts: dict[str, Any]) -> Verdict:
    """Several sets laid down together (``|`` between them); CT-6 counts them all."""
    verdicts: list[Verdict] = []
    for tiles in sets:  # the order hint searched for the first few refused sets only (ORDER_HINTS)
        asked = sum(not v.valid for v in verdicts) < ORDER_HINTS
        verdicts.append(set_verdict(variant, tiles, opts, first_meld=False, supply=False, orders=asked))
    parts = tuple(_part(tiles, v) for tiles, v in zip(sets, verdicts))
    reasons = tuple(
        say("ct.in_set", reason=reason, set=n) for n, v in enumerate(verdicts, 1) for reason in v.reasons
    )
    reasons += tuple(supply_reasons((t for tiles in sets for t in tiles), "CT-1", "these sets show"))
    if reasons:
        return Verdict(variant, False, reasons=reasons, parts=parts)
    points = sum(v.points for v in verdicts)
    extra, notes = initial_meld(points, opts["initial_meld"])
    return Verdict(
        variant,
        True,
        "laydown",
        ("laydown",),
        points,
        tuple(e for v in verdicts for e in v.reading),
        parts=parts,
        notes=notes,
        extra=extra,
    )


def _swap_joker(added: tuple[Card, ...], table: tuple[Card, ...], sw: Switches):
    """CT-10: the set with the single rack tile in a joker's place, when that is legal."""
    if len(added) != 1 or added[0].wild:
        return None
    for i, t in enumerate(table):
        if t.wild:
            swapped = table[:i] + added + table[i + 1 :]
            line = read_line(swapped, sw, cap=0)
            if line.valid and not supply_reasons(swapped, "CT-1", "this set shows"):
                return swapped, line.best
    return None


def _placements(table: tuple[Card, ...], added: tuple[Card, ...]):
    """Where added tiles may go, in order tried: after the set, before it, then split over
    both ends (the first ``k`` before it, the rest after it, each part in the order given);
    with each, the positions of the added tiles in the set."""
    n, m = len(table), len(added)
    yield "end", table + added, range(n, n + m)
    yield "start", added + table, range(m)
    for k in range(1, m):
        yield "both ends", added[:k] + table + added[k:], [*range(k), *range(k + n, n + m)]


def added_points(tiles: tuple[Card, ...], reading: tuple[str, ...], where) -> int:
    """CT-5: what the tiles at positions ``where`` count in the set as read (a number tile its
    number, a joker the tile it stands for).

    >>> from . import NOTATION
    >>> added_points(NOTATION.parse("R5 R6 R7 R8"), ("R5", "R6", "R7", "R8"), [3])
    8
    >>> added_points(NOTATION.parse("J R6 R7 R8"), ("R5", "R6", "R7", "R8"), [0, 3])
    13
    """
    return sum(entry_points(reading[i]) if tiles[i].wild else tiles[i].rank for i in where)


def extension_verdict(
    variant: str, added: tuple[Card, ...], table: tuple[Card, ...], opts: dict[str, Any]
) -> Verdict:
    """Judge tiles added to a set on the table, with CT-10: of the legal places (after it, before
    it, split over both ends) the one where the set is worth the most, then the added tiles (CT-1:
    ``points`` takes the highest; the first tried of equals)."""
    sw = Switches.of(opts)
    freed_joker = bool(table) and all(t.wild for t in table)
    if (
        freed_joker and len(added) < 2
    ):  # two tiles from the rack, a rack joker among them (CT-10, as turns count it)
        return Verdict(
            variant,
            False,
            reasons=(say("ct.joker_back_new_set"),),
        )
    on_table = None if freed_joker else read_line(table, sw, cap=0)
    if on_table is not None and not on_table.valid:
        return Verdict(variant, False, reasons=tuple(say("ct.on_table", reason=r) for r in on_table.reasons))
    swap = None if freed_joker else _swap_joker(added, table, sw)
    first, found = None, None
    for placed, tiles, where in _placements(table, added):
        # the order hint searched once: the first refusal's is the one a refused extension gives
        verdict = set_verdict(variant, tiles, opts, first_meld=False, orders=first is None)
        if not verdict.valid:
            first = first or verdict
            continue
        worth = (verdict.points, added_points(tiles, verdict.reading, where))
        if found is None or worth > found[0]:  # CT-1: the highest of the legal ways
            found = (worth, placed, tiles, verdict)
    if found is not None:
        (_, added_worth), placed, tiles, verdict = found
        alternatives = (say("ct.could_swap", tile=token(added[0]), set=_tokens(swap[0])),) if swap else ()
        return Verdict(
            variant,
            True,
            verdict.kind,
            verdict.kinds,
            verdict.points,
            verdict.reading,
            readings=verdict.readings,
            readings_truncated=verdict.readings_truncated,
            alternatives=alternatives,
            extra={"placed": placed, "set": [token(t) for t in tiles], "added_points": added_worth},
        )
    if swap:
        tiles, best = swap
        return Verdict(
            variant,
            True,
            best.kind,
            (best.kind,),
            best.points,
            best.entries,
            notes=(say("ct.joker_stays"),),
            extra={"placed": "joker", "set": [token(t) for t in tiles], "added_points": added[0].rank},
        )
    return Verdict(variant, False, reasons=first.reasons, alternatives=first.alternatives)
