"""Crib Rummy hint: which melds and additions onto the table peg the most from this hand?

>>> h = hint("3H 4H 5H 6H KS KD", table="KH KC KD")
>>> h.pegs, [m["cards"] for m in h.to_dict()["melds"]], h.to_dict()["additions"]
(8, [['3H', '4H', '5H', '6H']], [{'meld': 0, 'cards': ['KS'], 'pegs': 2}])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from ..registry import find_variant

VARIANT = "crib-rummy"


@dataclass(frozen=True)
class Move:
    cards: tuple[str, ...]
    pegs: int
    kind: str | None
    meld: int | None = None  # the table meld added to, or None for a new meld


@dataclass(frozen=True)
class CribHint:
    pegs: int
    moves: tuple[Move, ...]
    left: tuple[str, ...]

    def to_dict(self) -> dict:
        """``{variant, pegs, melds: [{cards, kind, pegs}], additions: [{meld, cards, pegs}], cards_left, optimal}``."""
        return {
            "variant": VARIANT,
            "pegs": self.pegs,
            "melds": [
                {"cards": list(m.cards), "kind": m.kind, "pegs": m.pegs} for m in self.moves if m.meld is None
            ],
            "additions": [
                {"meld": m.meld, "cards": list(m.cards), "pegs": m.pegs}
                for m in self.moves
                if m.meld is not None
            ],
            "cards_left": list(self.left),
            "optimal": True,
        }


def _groups(tokens: list[str], cards) -> list[tuple[str, ...]]:
    """Card groups worth judging: one rank plus jokers, or one suit plus jokers (CR-1, CR-2)."""
    jokers = [t for t, c in zip(tokens, cards) if c.wild]  # each copy: two jokers may be laid together
    by_rank, by_suit = {}, {}
    for t, c in zip(tokens, cards):
        if not c.wild:
            by_rank.setdefault(c.rank, []).append(t)
            by_suit.setdefault(c.suit, []).append(t)
    out = set()
    for pool in [*by_rank.values(), *by_suit.values()]:
        pool = sorted(set(pool)) + jokers[:4]
        for size in range(1, min(len(pool), 13) + 1):
            for combo in combinations(pool, size):
                out.add(tuple(sorted(combo)))
    out.update(tuple(sorted(c)) for n in range(1, len(jokers) + 1) for c in combinations(jokers, n))
    return sorted(out)


def _candidates(hand_tokens, hand, table: list[str], opts) -> list[Move]:
    game = find_variant(VARIANT)
    moves = []
    for group in _groups(hand_tokens, hand):
        text = " ".join(group)
        if len(group) >= 3:
            v = game.check(text, None, opts)
            if v.valid:
                moves.append(Move(group, v.points, v.kind))
        for n, meld in enumerate(table):
            v = game.check(text, meld, opts)
            if v.valid:
                moves.append(Move(group, v.points, v.kind, n))
    return moves


def hint(rack: Any, *, table: Any = None, initial: bool = False, **options: Any) -> CribHint:
    """The plays from hand ``rack`` pegging the most (see the module docstring)."""
    game = find_variant(VARIANT)
    opts = game.options(options)
    hand = game.parse(rack)
    tokens = [game.notation.format(c) for c in hand]
    melds = [part.strip() for part in str(table or "").split("|") if part.strip()]
    for meld in melds:
        game.parse(meld)  # N-1: a bad token in the table is named
    moves = _candidates(tokens, hand, melds, opts)
    by_card: dict[str, list[int]] = {}
    for i, m in enumerate(moves):
        for t in set(m.cards):
            by_card.setdefault(t, []).append(i)

    @cache
    def best(left: tuple[tuple[str, int], ...], used: frozenset, own: bool) -> tuple[int, tuple[int, ...]]:
        """Most pegs from the cards ``left``; table melds in ``used`` already grown."""
        if not left:
            return (0, ()) if own or not used or not initial else (-(10**6), ())
        (card, count), rest = left[0], left[1:]
        skip = best((*rest, (card, count - 1)) if count > 1 else rest, used, own)
        top = skip
        have = Counter(dict(left))
        for i in by_card.get(card, ()):
            m = moves[i]
            need = Counter(m.cards)
            if (m.meld is not None and m.meld in used) or any(have[t] < n for t, n in need.items()):
                continue
            after = tuple(sorted((have - need).items()))
            pegs, chosen = best(
                after, used | ({m.meld} if m.meld is not None else set()), own or m.meld is None
            )
            if pegs + m.pegs > top[0]:
                top = (pegs + m.pegs, (i, *chosen))
        return top

    pegs, chosen = best(tuple(sorted(Counter(tokens).items())), frozenset(), not initial)
    laid = Counter(t for i in chosen for t in moves[i].cards)
    left = tuple((Counter(tokens) - laid).elements())
    return CribHint(max(pegs, 0), tuple(moves[i] for i in chosen), left)
