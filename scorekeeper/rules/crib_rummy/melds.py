"""Crib Rummy melds (RULES.md CR-1..CR-3, CR-5): sets, runs, jokers, and their pegs.

Extensions (CR-4) are :mod:`.extensions`; the notation and the deck are :mod:`.notation`.

>>> from scorekeeper.rules.crib_rummy.notation import NOTATION
>>> cards = NOTATION.parse("7H JK JK")
>>> [r.text() for r in judge_run(cards, ace_high=False).readings]
['7H 5H 6H', '7H 6H 8H', '7H 8H 9H']
>>> judge_set(cards).readings[0].text()
'7H 7S 7D'
>>> judge_set(NOTATION.parse("5H 6H 7H")).reasons
('CR-1: a set needs one rank; these are 5, 6, 7',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..reasons import Reason, say
from .notation import SUIT_ORDER, SUIT_WORDS, card_text, rank_text

KINDS = ("set", "run")
SET_PEGS = {3: 2, 4: 4}
#: CR-5 cumulative pegs of a run by its length.
RUN_PEGS = {3: 3, 4: 6, 5: 10, 6: 14, 7: 18, 8: 23, 9: 28, 10: 33, 11: 39, 12: 45, 13: 55}


def pegs(kind: str, length: int) -> int:
    """CR-5: the pegs a meld of ``kind`` and ``length`` has earned in all.

    >>> pegs("set", 3), pegs("set", 4), pegs("run", 3), pegs("run", 5), pegs("run", 13)
    (2, 4, 3, 10, 55)
    """
    table = SET_PEGS if kind == "set" else RUN_PEGS
    return table.get(length, 0)


def added_pegs(kind: str, before: int, after: int) -> int:
    """CR-5: the pegs for growing a meld from ``before`` to ``after`` cards.

    >>> added_pegs("run", 3, 4), added_pegs("run", 4, 5), added_pegs("set", 3, 4)
    (3, 4, 2)
    """
    return pegs(kind, after) - pegs(kind, before)


@dataclass(frozen=True)
class Reading:
    """One legal reading: what each card stands for, and the run's window start (or the set's rank)."""

    kind: str
    cards: tuple[Card, ...]
    start: int

    def text(self) -> str:
        return " ".join(card_text(c) for c in self.cards)

    def tokens(self) -> tuple[str, ...]:
        return tuple(card_text(c) for c in self.cards)


@dataclass(frozen=True)
class Judgement:
    """Every legal reading of some cards as one kind, or the reasons there is none."""

    kind: str
    readings: tuple[Reading, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return bool(self.readings)


# -- sets (CR-1) --------------------------------------------------------------------


def _read_set(rank: int, table: Sequence[Card], added: Sequence[Card]) -> tuple[Card, ...]:
    """The reading of ``added`` joining a set of ``rank`` that already reads as ``table``.

    A joker takes the suit the set holds least of, so no card reads as a third copy.
    """
    used = Counter(c.suit for c in (*table, *added) if not c.wild)
    out = []
    for card in added:
        if card.wild:
            suit = min(SUIT_ORDER, key=lambda s: (used[s], SUIT_ORDER.index(s)))
            used[suit] += 1
            card = Card(rank, suit)
        out.append(card)
    return tuple(out)


#: a kind's size limits as its sentences (CR-1 sets, CR-2 runs)
TOO_FEW = {"set": "cr.set_too_few", "run": "cr.run_too_few"}
TOO_MANY = {"set": "cr.set_too_many", "run": "cr.run_too_many"}


def _size_reasons(
    kind: str, rule: str, cards: Sequence[Card], naturals: Sequence[Card], most: int
) -> list[Reason]:
    """CR-3 (a natural card) and the kind's size limits: 3 cards at least, ``most`` at most."""
    reasons = []
    if not naturals:
        reasons.append(say("cr.natural_needed"))
    if len(cards) < 3:
        reasons.append(say(TOO_FEW[kind], count=len(cards)))
    if len(cards) > most:
        reasons.append(say(TOO_MANY[kind], most=most, count=len(cards)))
    return reasons


def judge_set(cards: Sequence[Card]) -> Judgement:
    """CR-1 (with CR-3 jokers): 3 or 4 cards of one rank."""
    naturals = [c for c in cards if not c.wild]
    reasons = _size_reasons("set", "CR-1", cards, naturals, 4)
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) > 1:
        reasons.append(say("cr.set_one_rank", ranks=", ".join(rank_text(r) for r in ranks)))
    if reasons:
        return Judgement("set", reasons=tuple(reasons))
    return Judgement("set", (Reading("set", _read_set(ranks[0], (), cards), ranks[0]),))


# -- runs (CR-2) --------------------------------------------------------------------


def _position(rank: int, start: int, end: int) -> int | None:
    """Where a card of ``rank`` sits in the window, or None (an ace is 1 or 14)."""
    if rank == 1:
        return 1 if start == 1 else 14 if end == 14 else None
    return rank if start <= rank <= end else None


def _place(cards: Sequence[Card], free: set[int], start: int, end: int, suit: str) -> tuple[Card, ...] | None:
    """Put ``cards`` on the ``free`` positions of a window: naturals at their rank, jokers in the gaps."""
    left = set(free)
    out: list[Card | None] = [None] * len(cards)
    for i, card in enumerate(cards):
        if card.wild:
            continue
        pos = _position(card.rank, start, end)
        if card.suit != suit or pos not in left:
            return None
        left.discard(pos)
        out[i] = card
    jokers = [i for i, c in enumerate(cards) if c.wild]
    if len(jokers) != len(left):
        return None
    for i, pos in zip(jokers, sorted(left)):
        out[i] = Card(1 if pos == 14 else pos, suit)
    return tuple(out)  # type: ignore[arg-type]


def _run_shape_reasons(cards: Sequence[Card], naturals: Sequence[Card]) -> list[str]:
    """CR-2/CR-3 failures that no window can fix: size, suits, repeats, no natural card."""
    reasons = _size_reasons("run", "CR-2", cards, naturals, 13)
    suits = sorted({c.suit for c in naturals}, key=SUIT_ORDER.index)
    if len(suits) > 1:
        reasons.append(say("cr.run_one_suit", suits=[say(SUIT_WORDS[s]) for s in suits]))
    repeats = [
        card_text(Card(r, s)) for (r, s), n in Counter((c.rank, c.suit) for c in naturals).items() if n > 1
    ]
    if repeats:
        reasons.append(say("cr.run_repeats", cards=", ".join(repeats)))
    return reasons


def _windows(length: int, ace_high: bool) -> range:
    top = 14 if ace_high else 13
    return range(1, top - length + 2)


def judge_run(cards: Sequence[Card], ace_high: bool) -> Judgement:
    """CR-2 (with CR-3 jokers): 3..13 cards of one suit in sequence, every window tried."""
    naturals = [c for c in cards if not c.wild]
    reasons = _run_shape_reasons(cards, naturals)
    if reasons:
        return Judgement("run", reasons=tuple(reasons))
    suit, n = naturals[0].suit, len(cards)
    plain = [c.rank for c in naturals if c.rank != 1]
    low, high = (min(plain), max(plain)) if plain else (14, 1)
    ace = len(plain) < len(naturals)
    readings = []
    for start in _windows(n, ace_high):
        end = start + n - 1
        if start > low or end < high or (ace and start != 1 and end != 14):
            continue  # a natural card falls outside this window
        placed = _place(cards, set(range(start, end + 1)), start, end, suit)
        if placed:
            readings.append(Reading("run", placed, start))
    if readings:
        return Judgement("run", tuple(readings))
    return Judgement("run", reasons=(_sequence_reason(cards, naturals, ace_high),))


def _sequence_reason(cards: Sequence[Card], naturals: Sequence[Card], ace_high: bool) -> Reason:
    """Why one-suit cards without repeats fit no window."""
    ranks = {c.rank for c in naturals}
    if 1 in ranks and 13 in ranks:
        if not ace_high and judge_run(cards, ace_high=True).legal:
            return say("cr.aces_low")
        if 2 in ranks or ace_high:
            return say("cr.no_wrap")
    low, high = min(ranks), max(ranks)
    return say(
        "cr.not_in_sequence", low=rank_text(low), high=rank_text(high), span=high - low + 1, count=len(cards)
    )


def judge(cards: Sequence[Card], ace_high: bool) -> dict[str, Judgement]:
    """The cards judged as each kind, set first."""
    return {"set": judge_set(cards), "run": judge_run(cards, ace_high)}


def of_kind(
    judged: Mapping[str, Judgement], kind: str | None
) -> tuple[dict[str, Judgement], tuple[str, ...]]:
    """The legal judgements of the declared ``kind`` (of every kind when None), and the
    reasons the kinds asked for fail, each once.

    >>> from scorekeeper.rules.crib_rummy.notation import NOTATION
    >>> legal, why = of_kind(judge(NOTATION.parse("7H 7S JK"), ace_high=False), "run")
    >>> legal, why
    ({}, ('CR-2: a run needs one suit; these are spades, hearts',))
    """
    legal = {k: j for k, j in judged.items() if j.legal and kind in (None, k)}
    asked = [judged[kind]] if kind else judged.values()
    return legal, tuple(dict.fromkeys(r for j in asked for r in j.reasons))


def best_kind(kinds: Iterable[str], points: Callable[[str], int]) -> str:
    """CR-3: of the kinds a meld legally reads as, the one pegging more (a run on a tie).

    >>> best_kind(("set", "run"), lambda kind: pegs(kind, 3))
    'run'
    """
    return max(kinds, key=lambda k: (points(k), k == "run"))
