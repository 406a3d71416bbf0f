"""The tile games' samples for the shared tests (:mod:`..samples`): CT-7 racks, CT-8 winners."""

from __future__ import annotations

from ..samples import Samples

#: a hand for the game page: Ann out, Bob's rack R5 B7 (1 win, 0 wins)
_PAGE = {
    "page_hand": {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 B7"}]},
    "progress": ("1 win", "0 wins"),
    "sheet_widest": ("130", "−130", "-1200"),
}

RUMMIKUB = Samples(
    hand={"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]},
    other_hand={"winner": 1, "players": [{"rack": "K9"}, {"rack": ""}]},
    # CT-7/CT-8 A: Ann out, Bob's rack R5 + joker = 35: Ann +35, Bob -35
    form={"winner": "0", "players.1.rack": "R5 J"},
    form_totals=(35, -35),
    meld="R7 B7 K7",
    not_meld="R7 B8",
    cards_left="R5 J",
    rack="R7 R8 K2",
    **_PAGE,
)
CRAZY_TILES = Samples(
    hand={"winner": 1, "players": [{"rack": "K13 B2"}, {"rack": ""}]},
    other_hand={"winner": 0, "players": [{"rack": ""}, {"rack": "J"}]},
    form={"winner": "0", "players.1.points": "12"},
    form_totals=(12, -12),
    meld="R8 R6 R10",
    not_meld="R11 K1",
    cards_left="R5 J",
    rack="R7 R8 K2",
    **_PAGE,
)
RUNNY_TILES = Samples(
    hand={"winner": None, "players": [{"rack": "K3"}, {"rack": "G9"}]},
    other_hand={"winner": 0, "players": [{"rack": ""}, {"points": 12}]},
    form={"winner": "1", "players.0.rack": "K13"},
    form_totals=(-13, 13),
    meld="R1 B2 K3",
    not_meld="R1 R1 K3",
    cards_left="R5 J",
    rack="R7 R8 K2",
    **_PAGE,
)
