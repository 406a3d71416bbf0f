"""Hand entry: submitted form data to a variant's round facts and back.

One small module per variant, each with ``TEMPLATE``, ``blank(ctx)`` (the
values of a new hand's form), ``from_facts(facts, ctx)`` (the values of a
stored hand) and ``parse(submission, ctx)`` (the round facts, or a
``RoundError`` naming the fields); optionally ``shown(details)``, what the
form shows of the engine's round details in words (the live preview sends it). Field names are the facts' dotted paths,
so the engine's errors land on the field that needs fixing
(:meth:`Submission.place`). Shape of input only: points, validity and
totals come from the rules engine. Which module a variant uses is its
profile's ``entry`` (:func:`scorekeeper.profiles.entry_for`).
"""

from __future__ import annotations

from .base import HandContext, Submission, context_for, keypad

__all__ = ["HandContext", "Submission", "context_for", "keypad"]
