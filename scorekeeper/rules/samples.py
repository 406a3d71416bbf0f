"""A variant's samples: one legal hand in every shape the shared tests use, declared on its class.

The tests every variant runs (the API, export and import, the game page, the hand form, the
command line, the common ground of the notation) read a variant's hands from its ``samples``,
found through the registry like every other piece: a new variant writes them once in its own
module and touches no shared test; ``tests/test_variant_registry.py`` names a variant without them
(docs/adding-a-variant.md). Plain data, for two players, Ann (seat 0, the first dealer) and Bob.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Samples:
    """One variant's sample hands (see the module's docstring)."""

    #: round facts of a legal hand (the API, storage, export and import)
    hand: Mapping[str, Any]
    #: a second legal hand, which corrects the first
    other_hand: Mapping[str, Any]
    #: the hand form's fields of a legal hand, and the totals it gives (Ann, Bob)
    form: Mapping[str, Any]
    form_totals: tuple[int, ...]
    #: round facts of a hand for the game page, and each player's progress after it as the page
    #: words it (empty: the variant shows no progress)
    page_hand: Mapping[str, Any]
    progress: tuple[str, ...] = ()
    #: the widest value each of a player's score-sheet columns prints, the running total last
    #: (signed scores, "0 out", RumBugz kinds ...): it must fit its column on the printed sheet
    sheet_widest: tuple[str, ...] = ()
    #: a variant with cards (``notation.ranks``): a legal meld, cards that are no meld, cards
    #: left in a hand and a rack for best play; the options these need (a wild rank)
    meld: str | None = None
    not_meld: str | None = None
    cards_left: str | None = None
    rack: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def missing(self, has_cards: bool) -> list[str]:
        """The samples a variant with (or without) cards still lacks, by name."""
        needed = ("meld", "not_meld", "cards_left", "rack") if has_cards else ()
        missing = [f"samples.{name}" for name in needed if getattr(self, name) is None]
        return missing + ([] if self.sheet_widest else ["samples.sheet_widest"])
