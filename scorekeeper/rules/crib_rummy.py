"""Crib Rummy (RULES.md section 4): melds pegged on a cribbage board.

Round facts (one hand, recorded turn by turn)::

    {"starter": 1,                     # who plays first (CR-9: the player behind chooses); default left of dealer
     "turns": [                        # every turn in play order, starting with the starter
        {"player": 1,                  # optional; must be the seat due
         "melds": [                    # melds laid or extended this turn (CR-5)
            {"cards": "3H 4H 5H"},               # a new meld
            {"cards": "6H", "extend": 0}],       # added to table meld 0 (numbered in the order laid this hand)
         "kind": null},                # optional per meld: "kind": "set"/"run" when ambiguous (CR-3)
        {"player": 2, "pegs": 5},      # or a manual peg count for the turn
        ...],
     "end": {"type": "out", "player": 1, "cards_left": [4, 0, 7]}   # rummy (CR-7), or
            {"type": "draw_pile"}      # the draw pile ran out: no bonus, or
            null}                      # hand still being played

Progress per seat: ``{"front": total, "back": previous front peg}``.
"""

from __future__ import annotations

from .base import Variant
from .cards import Notation
from .options import Option
from .registry import register

SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}

NOTATION = Notation("crib-rummy", ranks=RANKS, wild_tokens=("JK", "*"), suits=SUITS,
                    suit_required=True, rank_names={1: "A", 11: "J", 12: "Q", 13: "K"},
                    accepted="rank A 2..10 J Q K (T = 10) + suit S H D C (or ♠♥♦♣), e.g. AS 10H QD; JK (joker; or *)")


@register
class CribRummy(Variant):
    slug = "crib-rummy"
    name = "Crib Rummy"
    summary = "Rummy raced on a cribbage board: melds peg as they grow."
    min_players, max_players = 2, 4
    notation = NOTATION
    option_spec = (
        Option("target", "int", 121, "Points to peg out: 61 short, 121 standard, 241 long",
               rule="CR-8", choices=(61, 121, 241)),
        Option("jokers", "int", 2, "Jokers in the deck", rule="CR-3", choices=(2, 4)),
        Option("ace_high", "bool", False, "Allow Q-K-A runs as well as A-2-3", rule="CR-2"),
        Option("players", "int", 2, "Players at the table (sets the rummy rate of a lone count)",
               rule="CR-7", low=2, high=4, game=False),
        Option("kind", "choice", None, "Declare the meld a set or a run", rule="CR-3",
               choices=("set", "run"), optional=True, game=False),
    )
