"""Crazy Rummy hint: which sets and bottom-feeding plays lay the most value, wild rank W?

>>> h = hint("Q Q Q 7 7 5 5 9", table="5 5 5 K K K", wild="7").to_dict()
>>> h["value"], h["sets"], h["bottom_feeding"], h["cards_left"]
(240, [['5', '5', '7'], ['Q', 'Q', 'Q', '7']], [], ['9'])
>>> h = hint("Q Q Q 7 7 5 5 9", table="5 5 5 K K K", wild="7", initial=True).to_dict()
>>> h["value"], h["sets"], h["bottom_feeding"]
(250, [['9', '7', '7'], ['Q', 'Q', 'Q']], [{'board': 0, 'cards': ['5', '5']}])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import RulesError
from ..reasons import say
from ..registry import find_variant

VARIANT = "crazy-rummy"


@dataclass(frozen=True)
class CrazyHint:
    value: int
    sets: tuple[tuple[str, ...], ...]
    feeding: tuple[tuple[int, tuple[str, ...]], ...]
    left: tuple[str, ...]
    first_play: bool

    def to_dict(self) -> dict:
        """``{variant, first_play, value, sets: [[ranks]], bottom_feeding: [{board, cards}], cards_left, optimal}``."""
        return {
            "variant": VARIANT,
            "first_play": self.first_play,
            "value": self.value,
            "sets": [list(s) for s in self.sets],
            "bottom_feeding": [{"board": b, "cards": list(c)} for b, c in self.feeding],
            "cards_left": list(self.left),
            "optimal": True,
        }


def _rank_plays(n: int, fed: bool, first: bool, wilds: int):
    """(wildcards used, naturals laid in sets, naturals fed) for ``n`` natural cards of one rank."""
    yield 0, 0, (n if fed else 0)
    for k in range(wilds + 1):
        # CZ-3: first play, one set of any wildcards; afterwards each wildcard needs two naturals
        legal = n + k >= 3 if first else (n >= 3 if k == 0 else 2 * k <= n)
        if legal:
            yield k, n, 0


def _sets(rank: str, n: int, k: int, wild: str, first: bool) -> list[tuple[str, ...]]:
    """``n`` naturals and ``k`` wildcards as legal sets (after the first play: one wildcard per set)."""
    if first or k <= 1:
        return [(rank,) * n + (wild,) * k]
    sets = [[rank, rank, wild] for _ in range(k)]
    for i in range(n - 2 * k):
        sets[i % k].append(rank)
    return [tuple(s) for s in sets]


def _dealt(game, rack: Any, players: int, wild: int) -> list:
    """The hand's cards; a hand the decks cannot hold is refused (CZ-1; CZ-7: the wild indicator is
    one card of the wild rank on the table): no set of it is legal."""
    from ..crazy_sets import deck_reasons

    hand = game.parse(rack)
    impossible = deck_reasons(hand, players, wild)
    if impossible:
        raise RulesError("; ".join(impossible))
    return hand


def hint(rack: Any, *, table: Any = None, initial: bool = False, **options: Any) -> CrazyHint:
    """The sets and bottom-feeding of hand ``rack`` laying the most value (see the module docstring)."""
    game = find_variant(VARIANT)
    opts = game.options({**options, "first_play": initial or options.get("first_play", False)})
    if opts["wild"] is None:
        raise RulesError(say("cz.hint_wild"))
    from ..crazy_sets import rank_text, wild_rank

    wild = wild_rank(opts["wild"])
    hand = _dealt(game, rack, opts["players"], wild)
    boards = [game.parse(b) for b in game.table_parts(table)]
    shown = {c.rank: i for i, b in reversed(list(enumerate(boards))) for c in b if c.rank != wild}
    best = _best_by_rank(hand, wild, shown, opts["first_play"])
    sets, feeding, left = _plays_chosen(hand, wild, shown, opts["first_play"], best)
    for s in sets:
        if not game.check(" ".join(s), None, opts).valid:  # pragma: no cover - the DP follows CZ-2/CZ-3
            raise RulesError(f"internal: {' '.join(s)} is not a legal set")
    return CrazyHint(
        best[0][-1][0],
        tuple(sets),
        tuple(feeding),
        tuple(rank_text(r) for r in sorted(left.elements())),
        opts["first_play"],
    )


def _best_by_rank(hand: list, wild: Any, shown: dict, first: bool) -> list[list]:
    """The dynamic programme: ``best[i][w]`` is the most value from the i-th natural rank on
    with ``w`` wildcards still in hand, and the choice made there (CZ-2, CZ-3, CZ-4)."""
    from ..crazy_sets import card_value

    counts = Counter(c.rank for c in hand if c.rank != wild)
    wilds = sum(c.rank == wild for c in hand)
    wild_value = card_value(next(c for c in hand if c.rank == wild), wild) if wilds else 0
    ranks = sorted(counts)
    # CZ-2: three or more wildcards left over make a set alone
    best = [[(w * wild_value if w >= 3 else 0, None) for w in range(wilds + 1)]]
    for r in reversed(ranks):
        each = card_value(next(c for c in hand if c.rank == r), wild)
        later = best[0]
        best.insert(
            0,
            [
                max(
                    ((in_sets + fed) * each + k * wild_value + later[w - k][0], (k, in_sets, fed))
                    for k, in_sets, fed in _rank_plays(counts[r], r in shown, first, w)
                )
                for w in range(wilds + 1)
            ],
        )
    return best


def _plays_chosen(hand: list, wild: Any, shown: dict, first: bool, best: list[list]):
    """Walk the programme's choices back: ``(sets, feeding, cards left)``."""
    from ..crazy_sets import rank_text

    left = Counter(c.rank for c in hand)
    ranks = sorted(r for r in left if r != wild)
    w, sets, feeding = left[wild], [], []
    for i, r in enumerate(ranks):
        k, in_sets, fed = best[i][w][1]
        text = rank_text(r)
        if in_sets:
            sets += _sets(text, in_sets, k, rank_text(wild), first)
            left -= Counter({r: in_sets, wild: k})
        if fed:
            feeding.append((shown[r], (text,) * fed))
            left -= Counter({r: fed})
        w -= k
    if w >= 3:
        sets.append((rank_text(wild),) * w)
        left -= Counter({wild: w})
    return sets, feeding, left
