"""A rack read from a photo, checked by the rules engine: its total (CT-7) and what cannot be.

The reading only says which tiles it sees; whether they can all be on one rack is the engine's
word: the set has two of each number tile and two jokers (RULES.md section 3), so a third R5 or a
third joker is a misreading (or another set's tile) that the player is shown, never corrected.

>>> checked(RackReading(["R5", "J", "K13"], [], []), "rummikub").total
48
>>> checked(RackReading(["J", "J", "J"], [], [0]), "rummikub").flags
['CT-7: the game has only two jokers; this photo shows 3']
"""

from __future__ import annotations

from dataclasses import replace

from ..rules import RulesError, find_variant, rack_supply
from .rack import PhotoError, RackReading

#: where the tiles are counted, in the engine's words (its catalog: ``ct.this_photo_shows``)
SHOWN = "this photo shows"


def tile_game(variant: str) -> str:
    """``variant``'s slug when it is a tile game (rummikub, crazy-tiles, runny-tiles); PhotoError
    with the engine's reason otherwise (an unknown variant, a card game).

    >>> tile_game("Crazy-Tiles")
    'crazy-tiles'
    >>> tile_game("krazy-bee")
    Traceback (most recent call last):
    ...
    scorekeeper.photo.rack.PhotoError: the tile games count a rack of tiles (rummikub, crazy-tiles, runny-tiles);
    krazy-bee is not one
    """
    try:
        slug = find_variant(variant).slug
        rack_supply(slug, "", SHOWN)  # the engine's refusal of a card game
    except RulesError as err:
        raise PhotoError(err.reason or str(err)) from None
    return slug


def checked(reading: RackReading, variant: str) -> RackReading:
    """``reading`` with the engine's total of its tiles (CT-7: a number tile counts its number, a
    joker 30) and its flags: each tile seen more often than the set holds it, as the engine says it
    (a :class:`~scorekeeper.rules.Reason`, which the API writes in the reader's language)."""
    slug = tile_game(variant)
    rack = " ".join(reading.tiles)
    total = find_variant(slug).hand(rack, {}).points or 0  # (a flagged reading is totalled too)
    return replace(reading, total=total, flags=rack_supply(slug, rack, SHOWN))
