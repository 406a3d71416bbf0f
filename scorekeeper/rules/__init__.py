"""The Scorekeeper rules engine: pure Python, no web, database or PDF imports.

Public API (other tools and tests depend on these shapes):

- :func:`check` judges one meld, a Krazy Bee Step laydown (melds separated by
  ``|``), an extension (``extend=`` the meld on the table) or a tile grid.
- :func:`hand` values the cards left in a hand.
- :func:`variants` lists the variants with names, player limits and options.
- :func:`score_round` / :func:`score_game` score round facts and whole games.
- :func:`solve` finds the best play: the tile games' legal turn laying the most
  rack tiles (or value), the card games' hints (:mod:`.solver`).
- :func:`check_turn` judges a whole tile turn: table before, rack, table after.

>>> check("krazy-bee", "7 7 W").to_dict()["valid"]
True
>>> hand("krazy-bee", "3 12 W").points
30
"""

from __future__ import annotations

from typing import Any, Mapping

from .base import Variant
from .errors import (NotationError, OptionError, RoundError, RulesError,
                     UnknownVariant)
from .registry import all_variants, find_variant
from .scoring import GameScore, RoundScore, play
from .verdict import HandValue, Verdict

# Importing the variant modules registers them, in menu order.
from . import krazy_bee, rumbugz, tiles, crib_rummy, crazy_rummy  # noqa: E402,F401
from .solver import check_turn, solve  # noqa: E402  (after the variants: it reads the tile games)

__all__ = [
    "check", "hand", "variants", "solve", "check_turn", "find_variant", "options_for", "score_round", "score_game",
    "Variant", "Verdict", "HandValue", "GameScore", "RoundScore",
    "RulesError", "NotationError", "OptionError", "RoundError", "UnknownVariant",
]


def variants() -> list[dict]:
    """Every variant: slug, name, summary, player limits, who wins, and its options."""
    return [v.describe() for v in all_variants()]


def options_for(variant: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The variant's options with defaults filled and ``options`` validated."""
    return find_variant(variant).options(options)


def check(variant: str, cards: str, *, extend: str | None = None, **options: Any) -> Verdict:
    """Judge ``cards`` under ``variant`` (and ``extend``: the meld already on the table)."""
    v = find_variant(variant)
    return v.check(cards, extend, v.options(options))


def hand(variant: str, cards: str, **options: Any) -> HandValue:
    """The value of the cards left in a hand (KB-7, RB-6, CT-7, CZ-5; crib-rummy: a count)."""
    v = find_variant(variant)
    return v.hand(cards, v.options(options))


def score_game(variant: str, rounds: list[Mapping[str, Any]], /, *, players: int,
               first_dealer: int = 0, **options: Any) -> GameScore:
    """Totals, progress, end and winners of a game, derived from its round facts.

    ``variant`` and ``rounds`` are positional-only so a game option may be
    called ``rounds`` too (RB-8, CT-8: the number of rounds in a game).
    """
    v = find_variant(variant)
    return play(v, list(rounds), players, first_dealer, v.options(options))


def score_round(variant: str, facts: Mapping[str, Any], /, *, players: int,
                previous: list[Mapping[str, Any]] = (), first_dealer: int = 0,
                **options: Any) -> RoundScore:
    """Score one round after the ``previous`` rounds: its changes, totals and progress."""
    game = score_game(variant, [*previous, facts], players=players,
                      first_dealer=first_dealer, **options)
    return game.rounds[-1]
