"""The game's editor closes a hand with the parts that are in (issue 38, docs/own-phones.md): what
each variant allows, declared on its own class (:attr:`.Variant.sat_out_part`,
:attr:`.Variant.dealer_part_needed`) and read here, so a new variant edits no table.

Allowed where each player's score for the hand is their own part's alone, so a player without a
part sat the hand out (Krazy Bee, KB-7 and KB-9; Crazy Rummy, CZ-6, with the dealer's part, CZ-1);
refused where a missing part changes the others' scores (the tile games, CT-8; RumBugz, RB-7).

>>> sat_out_part("krazy-bee")
{'laid': False, 'went_out': False, 'points': 0}
>>> sat_out_part("rummikub") is None, dealer_part_needed("crazy-rummy")
(True, True)
"""

from __future__ import annotations

from .registry import find_variant


def sat_out_part(variant: str) -> dict | None:
    """The part a player without one counts as when the editor closes a hand of ``variant`` with
    the parts that are in (a new dict each time), or None: the variant does not allow it."""
    part = find_variant(variant).sat_out_part
    return None if part is None else dict(part)


def dealer_part_needed(variant: str) -> bool:
    """Whether closing a hand of ``variant`` with the parts that are in needs the dealer's part."""
    return bool(find_variant(variant).dealer_part_needed)
