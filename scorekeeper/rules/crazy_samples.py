"""Crazy Rummy's samples for the shared tests (:mod:`.samples`)."""

from __future__ import annotations

from .samples import Samples

CRAZY_RUMMY = Samples(
    hand={
        "face_up": ["4", "J"],
        "went_out": 0,
        "players": [{"board": "8 8 8"}, {"board": "K K K", "hand": "3 A"}],
    },
    other_hand={
        "face_up": ["5", "Q"],
        "went_out": 1,
        "players": [{"board": "9 9 9", "hand": "K"}, {"board": "Q Q Q"}],
    },
    # CZ-5/CZ-6: Bob's board 8 8 8 = 30; Ann holds 3 + A = 105 (wild rank K from dealer Ann)
    form={
        "face_up.0": "K",
        "face_up.1": "5",
        "went_out": "1",
        "players.1.board": "8 8 8",
        "players.0.hand": "3 A",
    },
    form_totals=(-105, 30),
    page_hand={
        "face_up": ["Q", "J"],
        "went_out": 1,
        "players": [{"board": "", "hand": "4 4 A"}, {"board": "J J J"}],
    },
    progress=("below zero: needs 1610 to reach 1500", "1470 to go to 1500"),  # CZ-8: -110 and 30
    sheet_widest=("14", "1200", "−1300", "-1500"),
    meld="8 8 8",
    not_meld="8 9",
    cards_left="3 K A",
    rack="8 8 8 K K",
    options={"wild": "7"},
)
