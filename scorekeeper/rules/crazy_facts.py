"""Crazy Rummy's round facts' shape and options (RULES.md section 5): each seat's board and hand, or
their values or counts per class (CZ-5), the face-up cards and the wild rank (CZ-1, CZ-7), who went
out; and the target, the wild rank, a first play and the players for the checker."""

from __future__ import annotations

from .bounds import CZ_MOST_POINTS
from .crazy_sets import WILD_CHOICES
from .facts import Count, Seat, Text
from .hand_shapes import CARDS_LEFT, card_counts, points_left, seats
from .options import Option
from .records import ListOf

#: the classes a hand's cards are counted in, when the cards are not typed (CZ-5)
COUNT_CLASSES = {
    "low": "3-7",
    "high": "8-K",
    "ace": "aces",
    "wild": "wildcards",
}

#: a hand's round facts (the module docstring of crazy_rummy.py shows one)
FACTS = seats(
    2,
    12,
    {
        "board": Text("cards on the player's board (CZ-6)"),
        "board_points": Count(
            "a typed board value, when the board's cards are not given",
            high=CZ_MOST_POINTS,
            rule="CZ-5",
        ),
        "board_counts": card_counts(
            "the board's cards per class instead of the cards (CZ-5): 3-7, 8-K, aces, wildcards",
            COUNT_CLASSES,
            "CZ-5",
        ),
        "hand": CARDS_LEFT,
        "points": points_left(CZ_MOST_POINTS, "CZ-5"),
        "counts": card_counts(
            "cards left per class instead of the cards (CZ-5): 3-7, 8-K, aces, wildcards",
            COUNT_CLASSES,
            "CZ-5",
        ),
    },
    face_up=ListOf(
        "each seat's face-up first card; the dealer's is the wild indicator (CZ-1, CZ-7)",
        item=Text(),
        words=True,
    ),
    wild=Text(
        "the hand's wild rank; it must match the dealer's face-up card (CZ-1)", nullable=True, note=True
    ),
    went_out=Seat("the seat that went out; null: nobody"),
)
#: the game's and the checker's options
OPTIONS = (
    Option(
        "target",
        "int",
        1500,
        "The game ends after a hand in which a total reaches this",
        rule="CZ-8",
        low=1,
    ),
    Option(
        "wild",
        "choice",
        None,
        "This hand's wild rank (the dealer's face-up card)",
        rule="CZ-1",
        choices=WILD_CHOICES,
        optional=True,
        game=False,
        aliases=(("T", "10"),),  # as the cards are written (RULES.md section 5: T = 10)
    ),
    Option(
        "first_play",
        "bool",
        False,
        "Check as the player's first play of the hand",
        rule="CZ-3",
        game=False,
    ),
    Option(
        "players",
        "int",
        2,
        "Players at the table (one deck per two players)",
        rule="CZ-1",
        low=2,
        high=12,
        game=False,
    ),
)
