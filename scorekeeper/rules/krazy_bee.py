"""Krazy Bee Rummy (RULES.md section 1): books, runs, Steps and Wild Bees.

Round facts (one hand), as stored by the app and sent to the API::

    {"players": [                      # one entry per seat, in seat order
        {"laid": true,                 # laid down the Step they were on (KB-9)
         "went_out": false,            # at most one player goes out
         "hand": "3 12 W",             # cards left (KB-7) -- or:
         "points": 25,                 #   a typed total -- or:
         "counts": {"low": 2, "high": 1, "wild": 0},   # cards per class (1-9, 10-13, Wild Bee)
         "step": 3,                    # optional: the Step attempted; must match the derived one
         "notes": "floated"},          # optional floating / Rummy notes
        ...]}

Progress per seat: ``{"step": N, "completed": K, "steps": L}`` -- the Step the
player attempts next (1-based), how many Steps are done, and the list length.
"""

from __future__ import annotations

from .base import Variant
from .cards import Notation
from .options import Option
from .registry import register

#: KB-8: our default Step list (modelled on Phase 10, no colour phase).
DEFAULT_STEPS = (
    "2 books of 3; book of 3 + run of 4; book of 4 + run of 4; run of 7; run of 8; "
    "run of 9; 2 books of 4; 3 books of 3; book of 5 + book of 2; book of 5 + book of 3"
)

NOTATION = Notation("krazy-bee", ranks={str(n): n for n in range(1, 14)},
                    wild_tokens=("W", "*"), accepted="1..13, W (Wild Bee; or *)")


def parse_steps(text):
    """KB-3/KB-8 Step list grammar to its canonical text (OptionError when malformed)."""
    raise NotImplementedError


@register
class KrazyBee(Variant):
    slug = "krazy-bee"
    name = "Krazy Bee Rummy"
    summary = "Lay down ten Steps of books and runs; Wild Bees help; lowest score wins."
    min_players, max_players = 2, 4
    notation = NOTATION
    option_spec = (
        Option("steps", "text", DEFAULT_STEPS,
               "The Step list, one Step per ';', requirements joined by '+'", rule="KB-8",
               parser=lambda raw: parse_steps(raw)),
        Option("min", "int", 3, "Smallest meld size for a lone check", rule="KB-1",
               low=1, high=13, game=False),
        Option("step", "text", None,
               "Check a laydown against this Step: its number in the list or its text",
               rule="KB-3", optional=True, game=False),
        Option("kind", "choice", None, "Declare the meld a book or a run", rule="KB-1",
               choices=("book", "run"), optional=True, game=False),
    )

    def high_wins(self, opts):
        return False
