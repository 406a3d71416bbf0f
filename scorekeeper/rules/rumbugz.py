"""RumBugz (RULES.md section 2): Sequences of number tiles, PLYTs, four kinds.

Round facts::

    {"winner": 2,                      # seat that laid all four kinds and emptied the hand, or null (RB-7)
     "players": [
        {"kinds": ["single", "double"],   # kinds laid this round (RB-4)
         "hand": "3 P",                   # Bugz left (RB-6) -- or "points": 15
         "bid": "..."},                   # optional notes (bids are notes, RB-8)
        ...]}

Progress per seat: ``{"wins": N}`` (rounds won).
"""

from __future__ import annotations

from .base import Variant
from .cards import Notation
from .options import Option
from .registry import register

KINDS = ("single", "double", "triple", "match")

NOTATION = Notation("rumbugz", ranks={str(n): n for n in range(1, 13)},
                    wild_tokens=("P", "*"), accepted="1..12, P (PLYT; or *)")


@register
class RumBugz(Variant):
    slug = "rumbugz"
    name = "RumBugz"
    summary = "Lay a single, double, triple and match Sequence of Bugz, then empty your hand."
    min_players, max_players = 2, 6
    notation = NOTATION
    option_spec = (
        Option("plyt_value", "int", 12, "Points a PLYT left in hand counts", rule="RB-6", low=0, high=100),
        Option("rounds", "int", 5, "Rounds in a game (when no target is set)", rule="RB-8",
               low=1, high=100, check=False),
        Option("target", "int", None, "End when a total reaches this score instead of a round count",
               rule="RB-8", low=1, optional=True, check=False),
        Option("kind", "choice", None, "Declare which kind the Sequence counts as",
               rule="RB-3", choices=KINDS, optional=True, game=False),
    )
