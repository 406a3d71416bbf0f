"""Memoised token parsing for a fixed notation: each distinct token is parsed once.

A table types the same few dozen tokens over and over; caching the
:class:`~scorekeeper.rules.cards.Card` per token keeps a check's parsing cost
to one dictionary look-up per card. Errors are not cached: an unknown token
raises its :class:`~scorekeeper.rules.errors.NotationError` every time.

>>> from scorekeeper.rules.crib_melds import NOTATION
>>> parse = cached_parser(NOTATION)
>>> parse("qs, 10h jk")
(Card(rank=12, suit='S', wild=False), Card(rank=10, suit='H', wild=False), Card(rank=None, suit=None, wild=True))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from .cards import Card, Notation, tokenize


def cached_parser(notation: Notation, size: int = 2048) -> Callable[[str], tuple[Card, ...]]:
    """A ``parse(text)`` for ``notation`` that remembers each token's card."""
    token = lru_cache(maxsize=size)(notation.parse_token)

    def parse(text: str) -> tuple[Card, ...]:
        return tuple(token(t) for t in tokenize(text))

    return parse
