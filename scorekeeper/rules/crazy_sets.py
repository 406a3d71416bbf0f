"""Crazy Rummy cards: values, sets, wildcards and bottom feeding (CZ-1..CZ-5).

>>> cards = NOTATION.parse("J J 7 7 7 7")
>>> judge_set(cards, wild=7, first_play=True).reading
('J', 'J', 'J', 'J', 'J', 'J')
>>> judge_set(cards, wild=7, first_play=False).reasons
('CZ-3: after the first play a set holds at most one wildcard, not 4',)
>>> value(NOTATION.parse("3 8 K A"), wild=None), value(NOTATION.parse("A A"), wild=14)
(125, 400)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import Card, Notation
from .crib_rummy.notation import FACE_HINTS
from .reasons import say

SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANKS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(n): n for n in range(3, 11)}}
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
WILD_CHOICES = tuple(RANK_NAMES.get(r, str(r)) for r in range(3, 15))
ACE = 14
PER_DECK = 4  # each rank once per suit in a 48-card deck (no 2s, no jokers)

NOTATION = Notation(
    "crazy-rummy",
    ranks=RANKS,
    suits=SUITS,
    keep_suit=False,
    rank_names=RANK_NAMES,
    hints={
        **FACE_HINTS,
        "2": say("cz.no_twos"),
        "JK": say("cz.no_jokers"),
        "*": say("cz.no_jokers"),
    },
    accepted=say("cz.accepted"),
    game="Crazy Rummy",
)
rank_text = NOTATION.rank_text  # a rank as written: 7, Q, A


def wild_rank(choice: str | None) -> int | None:
    """The ``wild`` option's rank (``"7"``, ``"A"`` ...) as a number, None when unset."""
    return None if choice in (None, "") else RANKS[str(choice).upper()]


def card_value(card: Card, wild: int | None) -> int:
    """CZ-5: 3-7 count 5, 8-K 10, an ace 100, a wildcard 100 (200 when aces are wild)."""
    if card.rank == wild:
        return 200 if wild == ACE else 100
    if card.rank == ACE:
        return 100
    return 5 if card.rank <= 7 else 10


def value(cards: Iterable[Card], wild: int | None) -> int:
    """CZ-5: the table value of ``cards``."""
    return sum(card_value(c, wild) for c in cards)


def hand_size(card: Card) -> int:
    """CZ-7: the cards dealt to a player whose face-up card is ``card`` (3-10 face, J/Q/K 10, A 11).

    >>> [hand_size(c) for c in NOTATION.parse("4 J A")]
    [4, 10, 11]
    """
    return 11 if card.rank == ACE else min(card.rank, 10)


def hand_sizes_by_rank() -> dict[str, int]:
    """CZ-7: the hand size each face-up rank deals, by the rank's name (the form shows it as a card is picked).

    >>> sizes = hand_sizes_by_rank(); sizes["3"], sizes["10"], sizes["Q"], sizes["A"]
    (3, 10, 10, 11)
    """
    return {name: hand_size(NOTATION.parse(name)[0]) for name in WILD_CHOICES}


def decks(players: int) -> int:
    """One 48-card deck per two players, rounded up."""
    return (players + 1) // 2


def deck_reasons(cards: Iterable[Card], players: int, wild: int | None = None) -> list[str]:
    """Ranks that appear more often than the decks for ``players`` hold (CZ-1); with the hand's
    ``wild`` rank, one card of it fewer: the dealer's face-up card of that rank is the wild
    indicator and stays on the table (CZ-7).

    >>> deck_reasons(NOTATION.parse("J J J J J"), players=2)
    ['CZ-1: 1 deck holds 4 cards of rank J, not 5 (one deck per two players)']
    >>> deck_reasons(NOTATION.parse("K K K K"), players=2, wild=13)
    ['CZ-7: 1 deck holds 4 cards of rank K and one of them is the wild indicator on the table: at most 3 here, not 4']
    """
    holds, n = PER_DECK * decks(players), decks(players)
    out = []
    for r, count in sorted(Counter(c.rank for c in cards).items()):
        if count > holds:
            key = "cz.one_deck_holds" if n == 1 else "cz.decks_hold"
            out.append(say(key, decks=n, holds=holds, rank=rank_text(r), count=count))
        elif r == wild and count > holds - 1:
            key = "cz.one_deck_indicator" if n == 1 else "cz.decks_indicator"
            out.append(say(key, decks=n, holds=holds, rank=rank_text(r), left=holds - 1, count=count))
    return out


def card_class(card: Card, wild: int | None) -> str:
    """CZ-5: the class a card is counted in (``crazy_facts.COUNT_CLASSES``): low, high, ace or wild."""
    if card.rank == wild:
        return "wild"
    if card.rank == ACE:
        return "ace"
    return "low" if card.rank <= 7 else "high"


#: how a refusal names a class (its words in the catalog)
CLASS_NAMES = {"low": say("cz.class_low"), "high": say("cz.class_high"), "ace": say("cz.class_ace")}


def class_reasons(counted: Mapping[str, int], players: int, wild: int, indicator: bool = True) -> list[str]:
    """Classes counted more often than the decks for ``players`` deal them in a hand whose wild rank
    is ``wild`` (CZ-1): a class's ranks, the wild rank not among them, four of each per deck; the
    wildcards one fewer, since the wild indicator stays on the table (CZ-7). When aces are wild, an
    ace counted as an ace is a wildcard. ``indicator``: the face-up cards were given, so the wild
    indicator is known to lie on the table (without them the whole deck counts, as for typed cards).

    >>> class_reasons({"ace": 5, "low": 20}, players=2, wild=7)
    ['CZ-1: 1 deck holds 16 cards counted as 3-7 this hand, not 20 (one deck per two players)', \
'CZ-1: 1 deck holds 4 cards counted as aces this hand, not 5 (one deck per two players)']
    >>> class_reasons({"ace": 2, "wild": 2}, players=2, wild=ACE)
    ['CZ-7: 1 deck holds 4 cards of rank A and one of them is the wild indicator on the table: at most 3 here, not 4']
    """
    n = decks(players)
    ranks = {"low": range(3, 8), "high": range(8, 14), "ace": (ACE,)}
    holds = {k: PER_DECK * n * sum(r != wild for r in rs) for k, rs in ranks.items()}
    tally = dict(counted)
    if wild == ACE:
        tally["wild"] = tally.get("wild", 0) + tally.pop("ace", 0)
    out = []
    for kind in ("low", "high", "ace"):
        if tally.get(kind, 0) > holds[kind]:
            key = "cz.one_deck_class" if n == 1 else "cz.decks_class"
            out.append(say(key, decks=n, holds=holds[kind], kind=CLASS_NAMES[kind], count=tally[kind]))
    if not indicator:  # held to the whole deck, as typed cards are without the face-up cards
        if tally.get("wild", 0) > PER_DECK * n:
            key = "cz.one_deck_holds" if n == 1 else "cz.decks_hold"
            out.append(say(key, decks=n, holds=PER_DECK * n, rank=rank_text(wild), count=tally["wild"]))
    elif tally.get("wild", 0) > PER_DECK * n - 1:
        key = "cz.one_deck_indicator" if n == 1 else "cz.decks_indicator"
        out.append(
            say(
                key,
                decks=n,
                holds=PER_DECK * n,
                rank=rank_text(wild),
                left=PER_DECK * n - 1,
                count=tally["wild"],
            )
        )
    return out


@dataclass(frozen=True)
class SetJudgement:
    """A set's verdict in plain values: its reading, or the reasons it fails."""

    reading: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.reasons


def judge_set(cards: Sequence[Card], wild: int | None, first_play: bool) -> SetJudgement:
    """CZ-2 and CZ-3: one set, wildcards read as the set's rank."""
    wildcards = [c for c in cards if c.rank == wild]
    naturals = [c for c in cards if c.rank != wild]
    reasons = []
    if len(cards) < 3:
        reasons.append(say("cz.set_too_few", count=len(cards)))
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) > 1:
        reasons.append(say("cz.set_one_rank", ranks=", ".join(rank_text(r) for r in ranks)))
    if naturals and not first_play:
        if len(wildcards) > 1:
            reasons.append(say("cz.one_wildcard", count=len(wildcards)))
        if len(naturals) < 2:
            reasons.append(say("cz.two_naturals", count=len(naturals)))
    if reasons:
        return SetJudgement(reasons=tuple(reasons))
    rank = ranks[0] if naturals else wild  # only wild-rank cards: a natural set of that rank (CZ-2)
    return SetJudgement(tuple(rank_text(rank) for _ in cards))


def judge_feeding(board: Sequence[Card], added: Sequence[Card], wild: int | None) -> SetJudgement:
    """CZ-4: ``added`` are natural cards of ranks already on an opponent's ``board``."""
    present = {c.rank for c in board if c.rank != wild}
    reasons = []
    if not board:
        reasons.append(say("cz.nothing_to_feed"))
    if not added:
        reasons.append(say("cz.feed_nothing"))
    if any(c.rank == wild for c in added):
        reasons.append(say("cz.wild_not_fed", rank=rank_text(wild)))
    missing = sorted({c.rank for c in added if c.rank != wild and c.rank not in present})
    if board and missing:
        reasons.append(say("cz.board_has_no", ranks=", ".join(rank_text(r) for r in missing)))
    if reasons:
        return SetJudgement(reasons=tuple(reasons))
    return SetJudgement(tuple(rank_text(c.rank) for c in added))
