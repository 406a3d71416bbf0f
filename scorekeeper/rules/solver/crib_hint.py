"""Crib Rummy hint: which melds and additions onto the table peg the most from this hand?

>>> h = hint("3H 4H 5H 6H KS KD", table="KH KC KD")
>>> h.pegs, [m["cards"] for m in h.to_dict()["melds"]], h.to_dict()["additions"]
(8, [['3H', '4H', '5H', '6H']], [{'meld': 0, 'cards': ['KS'], 'pegs': 2}])

The finder gathers every card group that could be a meld or an addition, lets the rules' own check
judge each (CR-1..CR-5), then weighs every way to lay the legal ones. Two bounds keep it finite on
any input: the hand and the table must fit two packs and their jokers (CR-1, CR-3), and the work is
counted (:data:`MOST_JUDGED` groups judged, :data:`MOST_WEIGHED` plays weighed). Past either, the
hand is refused with a sentence, never half searched, so ``optimal`` is always true. Both are counts,
not a clock: a hand is answered or refused alike on any machine (bench/crib_hint_bench.py measures
what hands dealt at a table cost).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import chain, combinations
from typing import Any

from ..errors import RulesError, refuse_all
from ..reasons import say
from ..registry import find_variant

VARIANT = "crib-rummy"
#: the most card groups the rules judge for one hint (a hand dealt at a table needs a few hundred)
MOST_JUDGED = 20_000
#: the most plays the finder weighs for one hint (each hand left, and each move tried on it)
MOST_WEIGHED = 1_000_000
#: CR-2: a run's most cards; CR-1: a set's
RUN_MOST, SET_MOST = 13, 4


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
    judged: int = 0  # the work it took (bench/crib_hint_bench.py): groups judged, plays weighed
    weighed: int = 0

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


def _fits(ranks: tuple[int, ...], length: int, ace_high: bool) -> bool:
    """Could natural ``ranks`` of one suit, none repeated, lie in a run of ``length`` cards, jokers
    filling the rest (CR-2)? A quick test before the rules judge; it never drops a legal run."""
    if length > RUN_MOST or len(set(ranks)) < len(ranks):
        return False
    ways = [ranks, tuple(14 if r == 1 else r for r in ranks)] if ace_high else [ranks]
    return any(max(w) - min(w) < length for w in ways)


def _table_runs(melds) -> list[tuple[int, str, tuple[int, ...], int]]:
    """Each table meld whose naturals share a suit: (its number, suit, natural ranks, cards)."""
    out = []
    for n, cards in enumerate(melds):
        suits = {c.suit for c in cards if not c.wild}
        if len(suits) == 1:
            out.append((n, suits.pop(), tuple(c.rank for c in cards if not c.wild), len(cards)))
    return out


def _groups(hand, melds, ace_high: bool) -> dict[tuple[str, ...], set]:
    """Card groups worth judging, each with where it might go: ``None`` (a new meld) and the table
    melds it might grow. One rank plus jokers (CR-1: up to 4 cards, copies of one card allowed), or
    one suit plus jokers in reach of a run (CR-2), or jokers alone (an addition)."""
    text = find_variant(VARIANT).notation.format
    jokers = tuple(text(c) for c in hand if c.wild)[:4]  # two jokers may be laid together
    by_rank: dict[int, list[str]] = {}
    by_suit: dict[str, dict[int, str]] = {}
    for c in hand:
        if not c.wild:
            by_rank.setdefault(c.rank, []).append(text(c))
            by_suit.setdefault(c.suit, {})[c.rank] = text(c)
    out: dict[tuple[str, ...], set] = {}
    every = set(range(len(melds)))
    judged = 0
    for group, where in chain(
        _set_groups(by_rank, jokers, every),
        _run_groups(by_suit, jokers, _table_runs(melds), ace_high),
        ((jokers[:j], every) for j in range(1, len(jokers) + 1)),
    ):
        if where:
            judged += len(where)
            if judged > MOST_JUDGED:  # refused as soon as it is known, not after gathering them all
                raise RulesError(say("cr.hint_too_wide", count=judged, most=MOST_JUDGED))
            out.setdefault(tuple(sorted(group)), set()).update(where)
    return out


def _set_groups(by_rank: dict[int, list[str]], jokers: tuple[str, ...], every: set):
    """Sets and a set's 4th card: up to 4 cards of one rank with jokers (CR-1)."""
    for pool in by_rank.values():
        for size in range(1, min(len(pool), SET_MOST) + 1):
            for combo in set(combinations(sorted(pool), size)):
                for j in range(min(len(jokers), SET_MOST - size) + 1):
                    yield combo + jokers[:j], ({None} if size + j >= 3 else set()) | every


def _run_groups(by_suit: dict[str, dict[int, str]], jokers: tuple[str, ...], runs, ace_high: bool):
    """Runs and a table run's new ends: cards of one suit with jokers, in reach of a run (CR-2)."""
    for suit, cards in by_suit.items():
        ranks = sorted(cards)
        ours = [(n, r, k) for n, s, r, k in runs if s == suit]  # the table's runs of this suit
        for size in range(1, len(ranks) + 1):
            for combo in combinations(ranks, size):
                for j in range(len(jokers) + 1):
                    where = {None} if size + j >= 3 and _fits(combo, size + j, ace_high) else set()
                    where |= {n for n, r, k in ours if _fits(combo + r, size + j + k, ace_high)}
                    yield tuple(cards[r] for r in combo) + jokers[:j], where


def _candidates(hand, melds: list[str], parsed, opts) -> tuple[list[Move], int]:
    """Every legal move (each group the rules call a meld, or a legal addition to a table meld),
    and how many judgements that took."""
    game = find_variant(VARIANT)
    groups = _groups(hand, parsed, opts["ace_high"])
    judged = sum(len(where) for where in groups.values())
    moves = []
    for group, where in sorted(groups.items()):
        text = " ".join(group)
        for n in sorted(where, key=lambda w: -1 if w is None else w):
            v = game.check(text, None if n is None else melds[n], opts)
            if v.valid:
                moves.append(Move(group, v.points, v.kind, n))
    return moves, judged


def _in_play_order(cards: tuple[str, ...]) -> tuple[str, ...]:
    """A move's cards as a player lays them out: by rank, then suit, jokers last."""
    from ..crib_rummy.notation import SUIT_ORDER

    parse = find_variant(VARIANT).parse

    def key(token: str) -> tuple:
        card = parse(token)[0]
        return (card.wild, card.rank or 0, SUIT_ORDER.index(card.suit) if card.suit else 0)

    return tuple(sorted(cards, key=key))


def hint(rack: Any, *, table: Any = None, initial: bool = False, **options: Any) -> CribHint:
    """The plays from hand ``rack`` pegging the most (see the module docstring)."""
    game = find_variant(VARIANT)
    opts = game.options(options)
    hand = game.parse(rack)
    melds = game.table_parts(table)
    parsed = [game.parse(meld) for meld in melds]  # N-1: a bad token in the table is named
    from ..crib_rummy.notation import deck_reasons

    refuse_all(deck_reasons((*hand, *(c for m in parsed for c in m)), opts["jokers"]))
    for n, meld in enumerate(melds, 1):  # a table meld was laid legally (CR-1..CR-3), of either kind
        verdict = game.check(meld, None, {**opts, "kind": None})
        if not verdict.valid:
            raise RulesError(say("cr.table_not_a_meld", number=n, meld=meld, reasons=verdict.reasons))
    tokens = [game.notation.format(c) for c in hand]
    moves, judged = _candidates(hand, melds, parsed, opts)
    pegs, chosen, weighed = _weigh(tokens, moves, initial)
    laid = Counter(t for i in chosen for t in moves[i].cards)
    left = tuple((Counter(tokens) - laid).elements())
    played = tuple(Move(_in_play_order(m.cards), m.pegs, m.kind, m.meld) for m in (moves[i] for i in chosen))
    return CribHint(max(pegs, 0), played, left, judged, weighed)


def _index(tokens: list[str], moves: list[Move]):
    """What the weighing looks up: each move's cards as counts; the moves holding each card, the
    dearest first (so fewer are tried); each card's most share of a move's pegs (no card pegs more,
    a bound on what a hand left can still peg); and the order cards are taken in (the card in the
    fewest moves first: it is laid or kept, so each hand left branches least)."""
    need = [tuple(Counter(m.cards).items()) for m in moves]
    by_card: dict[str, list[int]] = {}
    for i in sorted(range(len(moves)), key=lambda i: -moves[i].pegs):
        for t in set(moves[i].cards):
            by_card.setdefault(t, []).append(i)
    share = {t: max(moves[i].pegs / len(moves[i].cards) for i in ms) for t, ms in by_card.items()}
    order = {t: (len(by_card.get(t, ())), t) for t in tokens}
    return need, by_card, share, order


def _weigh(tokens: list[str], moves: list[Move], initial: bool) -> tuple[int, tuple[int, ...], int]:
    """The most pegs from laying disjoint ``moves`` (one addition a table meld; CR-6 under
    ``initial``: no addition before a meld of one's own), the moves chosen, and the plays weighed."""
    need, by_card, share, order = _index(tokens, moves)

    def hand_left(counts: dict[str, int]) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(((t, n) for t, n in counts.items() if n), key=lambda tn: order[tn[0]]))

    weighed = 0

    @cache
    def best(left: tuple[tuple[str, int], ...], used: frozenset, own: bool) -> tuple[int, tuple[int, ...]]:
        """Most pegs from the cards ``left``; table melds in ``used`` already grown."""
        nonlocal weighed
        if not left:
            return (0, ()) if own or not used or not initial else (-(10**6), ())
        card, have = left[0][0], dict(left)
        weighed += 1 + len(by_card.get(card, ()))
        if weighed > MOST_WEIGHED:
            raise RulesError(say("cr.hint_too_many_ways", most=MOST_WEIGHED))
        top = best(hand_left({**have, card: have[card] - 1}), used, own)  # one copy stays in the hand
        for i in by_card.get(card, ()):
            m = moves[i]
            if (m.meld is not None and m.meld in used) or any(have.get(t, 0) < n for t, n in need[i]):
                continue
            after = Counter(have)
            after.subtract(dict(need[i]))
            if m.pegs + sum(share.get(t, 0) * n for t, n in after.items()) <= top[0]:
                continue  # it cannot beat the best play found
            pegs, chosen = best(hand_left(after), used | {m.meld} - {None}, own or m.meld is None)
            if pegs + m.pegs > top[0]:
                top = (pegs + m.pegs, (i, *chosen))
        return top

    pegs, chosen = best(hand_left(Counter(tokens)), frozenset(), not initial)
    return pegs, chosen, weighed
