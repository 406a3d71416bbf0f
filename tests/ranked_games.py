"""Games whose ranks tell the end rule from a plain sort by total, for every test tier.

ONLY_BOB_DONE (issue 8, KB-10): a 3-Step Krazy Bee game where only Bob lays the
last Step. Totals: Ann 60 (2 Steps done), Bob 75 (all 3), Cy 70 (1). Bob wins
and ranks 1st, then Ann (on Step 3) and Cy (on Step 2). Sorting by total alone
puts Ann 1st, Cy 2nd and the winner 3rd.
"""

from __future__ import annotations

THREE_STEPS = "2 books of 3; book of 3 + run of 4; run of 7"


def kb_hand(*players: tuple[bool, int]) -> dict:
    """Krazy Bee hand facts from (laid, points) pairs in seat order (KB-9)."""
    return {"players": [{"laid": laid, "points": points} for laid, points in players]}


ONLY_BOB_DONE = {
    "variant": "krazy-bee",
    "names": ["Ann", "Bob", "Cy"],
    "options": {"steps": THREE_STEPS},
    "hands": [
        kb_hand((True, 20), (True, 25), (True, 20)),
        kb_hand((True, 20), (True, 25), (False, 25)),
        kb_hand((False, 20), (True, 25), (False, 25)),
    ],
    "totals": (60, 75, 70),
    "ranks": (2, 1, 3),
    "winner": 1,
}
