"""Crazy Rummy (RULES.md section 5): sets only, a wild rank per hand, 1500 points.

Round facts (one hand)::

    {"face_up": ["4", "J", "7"],       # each seat's face-up first card (CZ-7); the dealer's is the wild indicator (CZ-1)
     "wild": "7",                      # optional: the hand's wild rank; must match the dealer's face-up card
     "went_out": 2,                    # seat that went out, or null
     "players": [
        {"board": "8 8 8 7 K K K",     # cards on the player's board (CZ-6)
         "hand": "3 A"},               # cards left in hand -- or "points": 105
        ...]}

Details include each seat's hand size (CZ-7). Progress per seat: ``{}``.
"""

from __future__ import annotations

from .base import Variant
from .cards import Notation
from .options import Option
from .registry import register

SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANKS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(n): n for n in range(3, 11)}}
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
WILD_CHOICES = tuple(RANK_NAMES.get(r, str(r)) for r in range(3, 15))

NOTATION = Notation("crazy-rummy", ranks=RANKS, suits=SUITS, keep_suit=False, rank_names=RANK_NAMES,
                    accepted="3..10 (T = 10), J, Q, K, A, optionally with a suit letter (7H, QS); no 2s, no jokers")


@register
class CrazyRummy(Variant):
    slug = "crazy-rummy"
    name = "Crazy Rummy"
    summary = "Sets only, a new wild rank every hand, race to 1500."
    min_players, max_players = 2, 12
    notation = NOTATION
    option_spec = (
        Option("target", "int", 1500, "The game ends after a hand in which a total reaches this",
               rule="CZ-8", low=1),
        Option("wild", "choice", None, "This hand's wild rank (the dealer's face-up card)",
               rule="CZ-1", choices=WILD_CHOICES, optional=True, game=False),
        Option("first_play", "bool", False, "Check as the player's first play of the hand",
               rule="CZ-3", game=False),
        Option("players", "int", 2, "Players at the table (one deck per two players)",
               rule="CZ-1", low=2, high=12, game=False),
    )
