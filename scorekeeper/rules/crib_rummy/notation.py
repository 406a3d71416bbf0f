"""Crib Rummy's cards (RULES.md CR-1, CR-3): the notation, and what two packs and their jokers hold.

>>> NOTATION.parse("qs, 10h jk")
(Card(rank=12, suit='S', wild=False), Card(rank=10, suit='H', wild=False), Card(rank=None, suit=None, wild=True))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from ..cards import Card, Notation
from ..reasons import Reason, say

SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_ORDER = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
#: the suits as words of the catalog (the display writes them in the reader's language)
SUIT_WORDS = {"S": "suit.spades", "H": "suit.hearts", "D": "suit.diamonds", "C": "suit.clubs"}
RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}

#: N-1 hints for ranks players may write as numbers (the deck's tokens are A, J, Q, K).
FACE_HINTS = {
    "1": say("n1.ace"),
    "14": say("n1.ace"),
    "11": say("n1.jack"),
    "12": say("n1.queen"),
    "13": say("n1.king"),
}

NOTATION = Notation(
    "crib-rummy",
    ranks=RANKS,
    wild_tokens=("JK", "*"),
    suits=SUITS,
    suit_required=True,
    rank_names=RANK_NAMES,
    hints={k: say("cr.face_hint", hint=v, card=f"{v[-1]}S") for k, v in FACE_HINTS.items()},
    suit_hint=say("cr.suit_needed"),
    accepted=say("cr.accepted"),
    game="Crib Rummy",
)
rank_text = NOTATION.rank_text  # a rank as written: A, 7, Q
COPIES = 2  # two 52-card packs


@lru_cache(maxsize=256)
def card_text(card: Card) -> str:
    """A card in notation (``JK`` for a joker)."""
    return NOTATION.format(card)


def deck_reasons(cards: Iterable[Card], jokers: int) -> list[Reason]:
    """Cards the two packs (plus ``jokers`` jokers) cannot hold this many times.

    >>> deck_reasons(NOTATION.parse("8H 8H 8H JK JK JK"), jokers=2)
    ['CR-1: two packs hold 2 of each card; 8H is here 3 times',
     'CR-3: the deck has 2 jokers, not 3 (a game may be played with 4)']
    """
    counts = Counter((c.rank, c.suit) for c in cards)
    wild = counts.pop((None, None), 0)
    reasons = [
        say("cr.two_packs", copies=COPIES, card=card_text(Card(r, s)), count=n)
        for (r, s), n in counts.items()
        if n > COPIES
    ]
    if wild > jokers:
        more = jokers < 4 and wild <= 4
        reasons.append(say("cr.jokers_more" if more else "cr.jokers", jokers=jokers, count=wild))
    return reasons
