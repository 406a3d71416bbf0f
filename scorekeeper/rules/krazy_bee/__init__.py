"""Krazy Bee Rummy (RULES.md section 1): books, runs, Steps and Wild Bees.

- :mod:`.variant`: the variant (registered here): checks and hand values (KB-1..KB-7);
- :mod:`.progress`: a hand scored and the game's end, Step by Step (KB-9, KB-10), mixed into the variant;
- :mod:`.steps`: the Step list grammar (KB-3, KB-8);
- :mod:`.laydown`: laying down a Step (KB-3, KB-4, KB-5).
"""

from __future__ import annotations

from .variant import DEFAULT_STEPS, NOTATION, KrazyBee, Requirement, Step, card_points, parse_steps, steps_of

__all__ = [
    "DEFAULT_STEPS",
    "NOTATION",
    "KrazyBee",
    "Requirement",
    "Step",
    "card_points",
    "parse_steps",
    "steps_of",
]
