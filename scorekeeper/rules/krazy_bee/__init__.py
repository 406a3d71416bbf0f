"""Krazy Bee Rummy (RULES.md section 1): books, runs, Steps and Wild Bees.

- :mod:`.variant`: the variant (registered here): checks, hand values, round scoring (KB-1..KB-10);
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
