"""Hand entry: submitted form data to a variant's round facts and back.

One small module per variant, each declaring a :class:`HandEntry`: its ``template``,
``blank(ctx)`` (the values of a new hand's form), ``from_facts(facts, ctx)`` (the values of
a stored hand), ``parse(submission, ctx)`` (the round facts, or a ``RoundError`` naming
the fields), ``shown(details)`` (what the form shows of the engine's round details in
words) and, for a hand recorded turn by turn, ``parse_turn`` and ``parse_end``. Field names are the facts' dotted paths,
so the engine's errors land on the field that needs fixing
(:meth:`Submission.place`). Shape of input only: points, validity and
totals come from the rules engine.
"""

from __future__ import annotations

from ..rules import find_variant
from . import crazy_rummy, crib_rummy, krazy_bee, rumbugz, tiles
from .base import HandContext, HandEntry, Submission, context_for, keypad

__all__ = ["HandContext", "HandEntry", "Submission", "context_for", "entry_for", "keypad"]

_TILES = tiles.TilesEntry()
_BY_VARIANT: dict[str, HandEntry] = {
    "krazy-bee": krazy_bee.KrazyBeeEntry(), "rumbugz": rumbugz.RumBugzEntry(), "rummikub": _TILES,
    "crazy-tiles": _TILES, "runny-tiles": _TILES, "crib-rummy": crib_rummy.CribRummyEntry(),
    "crazy-rummy": crazy_rummy.CrazyRummyEntry(),
}


def entry_for(variant: str) -> HandEntry:
    """The hand form of ``variant`` (UnknownVariant for a slug the engine does not know).

    >>> entry_for("crazy-tiles").template, entry_for("crib-rummy").by_turn
    ('rounds/tiles.html', True)
    """
    return _BY_VARIANT[find_variant(variant).slug]
