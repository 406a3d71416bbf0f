"""Crib Rummy (RULES.md section 4): melds pegged on a cribbage board.

- :mod:`.variant`: the variant (registered here): checks, hand counts, round scoring, turn order;
- :mod:`.notation`: the glossary (cards as written) and what two packs and their jokers hold;
- :mod:`.melds`: sets (CR-1), runs (CR-2), jokers (CR-3), pegs (CR-5);
- :mod:`.extensions`: cards added to a meld on the table (CR-4);
- :mod:`.hand`: one hand replayed turn by turn (CR-6..CR-9);
- :mod:`.replay`: a hand so far as the forms ask it (its melds, who has laid, whose turn).
"""

from __future__ import annotations

from .replay import have_laid, table_melds, turn_order
from .variant import NOTATION, RANKS, SUITS, CribHand, CribRummy

__all__ = ["NOTATION", "RANKS", "SUITS", "CribHand", "CribRummy", "have_laid", "table_melds", "turn_order"]
