"""Hand entry: submitted form data to a variant's round facts and back.

One small module per variant, each with ``TEMPLATE``, ``blank(ctx)`` (the
values of a new hand's form), ``from_facts(facts, ctx)`` (the values of a
stored hand) and ``parse(submission, ctx)`` (the round facts, or a
``RoundError`` naming the fields); optionally ``shown(details)``, what the
form shows of the engine's round details in words (the live preview sends it). Field names are the facts' dotted paths,
so the engine's errors land on the field that needs fixing
(:meth:`Submission.place`). Shape of input only: points, validity and
totals come from the rules engine.
"""

from __future__ import annotations

from types import ModuleType

from ..rules import find_variant
from . import crazy_rummy, crib_rummy, krazy_bee, rumbugz, tiles
from .base import HandContext, Submission, context_for, keypad

__all__ = ["HandContext", "Submission", "context_for", "entry_for", "keypad"]

_BY_VARIANT: dict[str, ModuleType] = {
    "krazy-bee": krazy_bee, "rumbugz": rumbugz, "rummikub": tiles, "crazy-tiles": tiles,
    "runny-tiles": tiles, "crib-rummy": crib_rummy, "crazy-rummy": crazy_rummy,
}


def entry_for(variant: str) -> ModuleType:
    """The entry module of ``variant`` (UnknownVariant for a slug the engine does not know).

    >>> entry_for("crazy-tiles").TEMPLATE
    'rounds/tiles.html'
    """
    return _BY_VARIANT[find_variant(variant).slug]
