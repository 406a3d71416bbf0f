"""Crib Rummy's samples for the shared tests (:mod:`..samples`)."""

from __future__ import annotations

from ..samples import Samples

CRIB_RUMMY = Samples(
    hand={
        "starter": 1,
        "turns": [{"melds": [{"cards": "3H 4H 5H"}]}, {"pegs": 2}],
        "end": {"type": "out", "player": 0, "cards_left": [0, 5]},
    },
    other_hand={"starter": 0, "turns": [{"pegs": 4}, {"pegs": 0}], "end": {"type": "draw_pile"}},
    # CR-5: Bob (left of the dealer) lays a run of 3: pegs 3
    form={"turns.0.player": "1", "turns.0.melds.0.cards": "3H 4H 5H"},
    form_totals=(0, 3),
    page_hand={"starter": 1, "turns": [{"player": 1, "pegs": 5}, {"player": 0, "pegs": 3}], "end": None},
    progress=("front peg 3, back peg 0", "front peg 5, back peg 0"),  # CR-5
    sheet_widest=("+12", "121"),
    meld="3H 4H 5H",
    not_meld="3H 4S",
    cards_left="3H JK QS",
    rack="3H 4H 5H 9S",
)
