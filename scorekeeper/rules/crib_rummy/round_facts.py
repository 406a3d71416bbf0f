"""Crib Rummy's round facts' shape (RULES.md section 4): a hand recorded turn by turn, each turn's
melds laid or added to (CR-5) or a typed peg count, and how the hand ended (CR-7), as the API and
the hand form send them and the engine checks them (``CribRummy.facts_shape``)."""

from __future__ import annotations

from ..bounds import CR_MOST_CARDS, CR_MOST_MELD, CR_MOST_TURN_PEGS
from ..facts import Choice, Count, Seat, Text
from ..records import ListOf, Record
from .melds import KINDS

#: one meld laid or added to in a turn (CR-5)
MELD = Record(
    fields={
        "cards": Text("the cards laid or added (RULES.md N-1)"),
        "extend": Count(
            "the table meld the cards are added to, counted from 0: the first meld laid this hand "
            "is 0 (the hand page shows it as #1); left out or null: a new meld",
            nullable=True,
            high=CR_MOST_MELD,
        ),
        "kind": Choice(
            "declare a new meld that reads both ways a set or a run (CR-3)",
            values=KINDS,
            nullable=True,
            fold=True,
        ),
    },
    required=("cards",),
)
#: one turn: its melds, or a typed peg count
TURN = Record(
    fields={
        "player": Count("the seat playing; it must be the seat due", nullable=True, high=3),
        "melds": ListOf("melds laid or added to this turn (CR-5)", item=MELD),
        "pegs": Count(
            "a typed peg count for the turn (it must equal the melds' pegs when both are given)",
            high=CR_MOST_TURN_PEGS,
            rule="CR-5",
        ),
    }
)
#: how the hand ended: a rummy (CR-7), the draw pile ran out, or null while it is played
END = Record(
    "how the hand ended; null while it is played",
    nullable=True,
    empty_is_null=True,
    fields={
        "type": Choice(values=("out", "draw_pile")),
        "player": Seat("who went out (type out)", high=3),
        "cards_left": ListOf(
            "cards left in each hand, in seat order (type out)", item=Count(high=CR_MOST_CARDS, rule="CR-7")
        ),
    },
    required=("type",),
)
#: a hand's round facts, recorded turn by turn (the module docstring of variant.py shows one)
FACTS = Record(
    fields={
        "starter": Seat(
            "who plays first (CR-9: the player behind chooses); null: left of the dealer", high=3
        ),
        "turns": ListOf("every turn in play order, starting with the starter", item=TURN),
        "end": END,
    },
    required=("turns",),
)
