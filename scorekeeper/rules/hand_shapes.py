"""The shapes a variant's hand facts share (:attr:`.base.Variant.facts_shape`): a hand recorded player by
player, the cards left in a hand, a typed total, cards counted by class."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .bounds import MOST_CARDS
from .facts import Count, Fact, Seat, Text
from .records import ListOf, Record

#: what every player-by-player hand can say about the cards left in a hand
CARDS_LEFT = Text('cards left in hand, in the variant\'s notation (RULES.md N-1); "" is an empty hand')


def points_left(high: int, rule: str) -> Count:
    """A typed total of the cards left, at most ``high`` (``rule``'s most, :mod:`.bounds`)."""
    return Count(
        "a typed total of the cards left, when the cards are not given (the cards win when both are)",
        high=high,
        rule=rule,
    )


def card_counts(description: str, classes, rule: str) -> Record:
    """Cards per class (``rule``), each count at most :data:`.bounds.MOST_CARDS`."""
    return Record(description, fields={k: Count(high=MOST_CARDS, rule=rule) for k in classes})


def seats(low: int, high: int, entry: Mapping[str, Fact], **facts: Fact) -> Record:
    """The shape of a hand recorded player by player: ``players`` (one ``entry`` per seat,
    ``low`` to ``high`` of them) and the hand's other ``facts`` (a seat among them at most ``high - 1``)."""
    facts = {k: replace(f, high=high - 1) if isinstance(f, Seat) else f for k, f in facts.items()}
    players = ListOf(
        "one entry per player, in seat order", item=Record(fields=entry), min_items=low, max_items=high
    )
    return Record(fields={**facts, "players": players}, required=("players",))
