"""One profile per variant: everything about it that is not the engine's, in one place.

The engine's :class:`~scorekeeper.rules.Variant` holds the plain facts every
layer may read (its name, player limits, round word, how its deck looks, what
its wild card is called, whether it is laid in Steps or pegged). A profile
names the rest, what the app does with the variant:

- ``entry``: its hand-entry module (form fields to round facts and back, :mod:`scorekeeper.entry`);
- ``sheet``: its score-sheet layout (:mod:`scorekeeper.printing.sheet_layouts`);
- ``checker``: the checker page's words (options shown first, the "on the table" field, the points);
- ``rulebook``: its rules in players' words (:mod:`scorekeeper.rulebook`).

Adding a variant is: its engine class, its rulebook, and one profile here
(``tests/web/test_profiles.py`` fails until every variant has one).

>>> profile("crib-rummy").checker.points, profile("Rummikub").entry.TEMPLATE
('Pegs', 'rounds/tiles.html')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType

from .entry import crazy_rummy, crib_rummy, krazy_bee, rumbugz, tiles
from .printing.sheet_layouts import (
    CrazyRummyLayout,
    CribRummyLayout,
    KrazyBeeLayout,
    Layout,
    RumBugzLayout,
    TilesLayout,
)
from .rulebook import Rulebook, rulebook
from .rules import Variant, find_variant


@dataclass(frozen=True)
class CheckerWords:
    """What the checker page says for a variant."""

    #: options shown above the cards (the rest fold into "Rules in force")
    prominent: tuple[str, ...] = ()
    #: the "already on the table" field: its label and the rule it follows
    extend: tuple[str, str] = ("Set on the table to add to", "The whole set must stay legal.")
    #: what the verdict's points are called
    points: str = "Meld value"


@dataclass(frozen=True)
class Profile:
    """A variant's non-engine parts (see the module's docstring)."""

    slug: str
    entry: ModuleType
    sheet: Layout
    checker: CheckerWords = field(default_factory=CheckerWords)

    @property
    def variant(self) -> Variant:
        """The engine's variant, with its plain facts."""
        return find_variant(self.slug)

    @property
    def rulebook(self) -> Rulebook:
        """The variant's rules page and quick-reference card."""
        return rulebook(self.slug)


_TILES = TilesLayout()
PROFILES: dict[str, Profile] = {p.slug: p for p in (
    Profile("krazy-bee", krazy_bee, KrazyBeeLayout(), CheckerWords(
        prominent=("step",),
        extend=("Downed meld to lay off onto", "KB-6: the meld must stay legal of its kind."))),
    Profile("rumbugz", rumbugz, RumBugzLayout(), CheckerWords(
        prominent=("kind",),
        extend=("Sequence on the table before the change", "RB-5: a change must keep the declared kind."))),
    Profile("rummikub", tiles, _TILES),
    Profile("crazy-tiles", tiles, _TILES),
    Profile("runny-tiles", tiles, _TILES),
    Profile("crib-rummy", crib_rummy, CribRummyLayout(), CheckerWords(
        extend=("Meld on the table to add to", "CR-5: the added cards peg by the new length."),
        points="Pegs")),
    Profile("crazy-rummy", crazy_rummy, CrazyRummyLayout(), CheckerWords(
        prominent=("wild", "first_play"),
        extend=("A set already on the board (bottom feeding)",
                "CZ-4: natural cards of a rank an opponent has on the board; never wildcards."),
        points="Table value")),
)}


def profile(variant: str) -> Profile:
    """The profile of ``variant`` (any spelling the engine knows; UnknownVariant otherwise)."""
    return PROFILES[find_variant(variant).slug]


def entry_for(variant: str) -> ModuleType:
    """The hand-entry module of ``variant``.

    >>> entry_for("crazy-tiles").TEMPLATE
    'rounds/tiles.html'
    """
    return profile(variant).entry
