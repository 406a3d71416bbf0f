"""CT-10 in the whole-turn checker: which joker is which, whether one taken back meets the rule,
and what the rack's jokers are worth (CT-1, CT-5).

The engine's reading of CT-10 on the grid (docs/grid-best-play.md): a joker
that comes to stand, in any line through it, for something it could not
stand for before must lie in at least one line holding two tiles from the
player's rack (a rack joker counts as one). What it stood for before is read
with its lines together (one colour where two lines cross, CT-9).
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from ..reasons import say
from .joker_readings import Jokers


def _rack_tiles_in(line: tuple[str, ...], played: Counter) -> int:
    """How many tiles of ``line`` can be the rack's (each played tile counted once)."""
    return sum(min(n, played[t]) for t, n in Counter(line).items() if t != "J")


def _two_from_rack(line, i, theirs, after: Jokers, played: Counter) -> bool:
    """The line holds two tiles from the rack, its jokers among them (not joker ``i`` itself)."""
    jokers = sum(1 for k in theirs if k != i and line in after.lines[k])
    return _rack_tiles_in(line, played) + jokers >= 2


def joker_story(before: Jokers, after: Jokers, played: Counter) -> tuple[list[str], int]:
    """CT-10 reasons under the kindest reading of which joker is which, and the played jokers'
    value in the reading worth the most (CT-1)."""
    was = [before.entries(j) for j in range(len(before))]
    best: tuple[list[str], int] | None = None
    for order in permutations(range(len(after))):
        mine, theirs = order[: len(before)], order[len(before) :]
        reasons: list[str] = []
        taken: list[list[tuple[str, ...]]] = []  # per joker taken back: its lines with two rack tiles
        for j, i in enumerate(mine):
            if after.kept(i, was[j]):
                continue
            good = [line for line in after.lines[i] if _two_from_rack(line, i, theirs, after, played)]
            taken.append(good)
            if not good:
                was_text = "/".join(sorted(was[j])) or say("tt.nothing_legal")
                now = "/".join(sorted(after.entries(i))) or say("tt.nothing_legal")
                reasons.append(say("tt.joker_moved", was=was_text, now=now))
        if len(taken) == 2 and not reasons and not _both_fit(taken, played):
            reasons.append(say("tt.two_jokers"))
        value = after.value(set(theirs))
        if best is None or (len(reasons), -value) < (len(best[0]), -best[1]):
            best = (reasons, value)
    return best or ([], 0)


def _both_fit(taken: list[list[tuple[str, ...]]], played: Counter) -> bool:
    """Both jokers taken back lie in one line with two rack tiles, or in two such lines holding
    four rack tiles between them."""
    return any(
        a == b or _rack_tiles_in(a, played) + _rack_tiles_in(b, played) >= 4
        for a in taken[0]
        for b in taken[1]
    )
