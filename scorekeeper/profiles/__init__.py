"""One profile per variant: everything about it that is not the engine's, in one place (its hand
entry, sheet layout, checker words, best play page, table figures and rulebook). Every piece is
named, never defaulted by a slug: tests/test_variant_registry.py (docs/adding-a-variant.md).

>>> str(profile("crib-rummy").checker.points), profile("Rummikub").entry.template
('Pegs', 'rounds/tiles.html')
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_gettext as _l

from ..entry import HandEntry
from ..entry.crazy_rummy import CrazyRummyEntry
from ..entry.crib_rummy import CribRummyEntry
from ..entry.krazy_bee import KrazyBeeEntry
from ..entry.points import PointsEntry
from ..entry.rumbugz import RumBugzEntry
from ..entry.tiles import TilesEntry
from ..rulebook import Rulebook, rulebook
from ..rules import Variant, find_variant
from . import best_play
from .best_play import BestPlayWords
from .sheet_layouts import (
    CrazyRummyLayout,
    CribRummyLayout,
    KrazyBeeLayout,
    Layout,
    PointsLayout,
    RumBugzLayout,
    TilesLayout,
)
from .table_figures import TableFigures, no_figures
from .table_figures import crazy_rummy as crazy_rummy_figures
from .table_figures import crib_rummy as crib_rummy_figures
from .table_figures import krazy_bee as krazy_bee_figures
from .table_figures import rumbugz as rumbugz_figures
from .table_figures import tiles as tile_figures


@dataclass(frozen=True)
class CheckerWords:
    """What the checker page says for a variant."""

    #: options shown above the cards (the rest fold into "Rules in force")
    prominent: tuple[str, ...] = ()
    #: the "already on the table" field: its label and the rule it follows
    extend: tuple[str, str] = (_l("Set on the table to add to"), _l("The whole set must stay legal."))
    #: what the verdict's points are called
    points: str = _l("Meld value")


@dataclass(frozen=True)
class Profile:
    """A variant's non-engine parts (see the module's docstring)."""

    slug: str
    entry: HandEntry
    sheet: Layout
    checker: CheckerWords | None
    best: BestPlayWords | None
    figures: TableFigures

    @property
    def variant(self) -> Variant:
        """The engine's variant, with its plain facts."""
        return find_variant(self.slug)

    @property
    def rulebook(self) -> Rulebook:
        """The variant's rules page and quick-reference card."""
        return rulebook(self.slug)


def _tiles(slug: str) -> Profile:
    return Profile(
        slug,
        TilesEntry(),
        TilesLayout(),
        CheckerWords(),
        best_play.TILES,
        TableFigures(tile_figures, "tables/figures/tiles.html"),
    )


PROFILES: dict[str, Profile] = {
    p.slug: p
    for p in (
        Profile(
            "krazy-bee",
            KrazyBeeEntry(),
            KrazyBeeLayout(),
            CheckerWords(
                prominent=("step",),
                extend=(_l("Downed meld to lay off onto"), _l("KB-6: the meld must stay legal of its kind.")),
            ),
            best_play.KRAZY_BEE,
            TableFigures(krazy_bee_figures, "tables/figures/krazy_bee.html"),
        ),
        Profile(
            "rumbugz",
            RumBugzEntry(),
            RumBugzLayout(),
            CheckerWords(
                prominent=("kind",),
                extend=(
                    _l("Sequence on the table before the change"),
                    _l("RB-5: a change must keep the declared kind."),
                ),
            ),
            best_play.RUMBUGZ,
            TableFigures(rumbugz_figures, "tables/figures/rumbugz.html"),
        ),
        _tiles("rummikub"),
        _tiles("crazy-tiles"),
        _tiles("runny-tiles"),
        Profile(
            "crib-rummy",
            CribRummyEntry(),
            CribRummyLayout(),
            CheckerWords(
                extend=(
                    _l("Meld on the table to add to"),
                    _l("CR-5: the added cards peg by the new length."),
                ),
                points=_l("Pegs"),
            ),
            best_play.CRIB_RUMMY,
            TableFigures(crib_rummy_figures, "tables/figures/crib_rummy.html"),
        ),
        Profile(
            "crazy-rummy",
            CrazyRummyEntry(),
            CrazyRummyLayout(),
            CheckerWords(
                prominent=("wild", "first_play"),
                extend=(
                    _l("A set already on the board (bottom feeding)"),
                    _l("CZ-4: natural cards of a rank an opponent has on the board; never wildcards."),
                ),
                points=_l("Table value"),
            ),
            best_play.CRAZY_RUMMY,
            TableFigures(crazy_rummy_figures, "tables/figures/crazy_rummy.html"),
        ),
        # no cards: no checker and no finder; totals, wins and ratings only (PG-1)
        Profile("points", PointsEntry(), PointsLayout(), None, None, TableFigures(no_figures, None)),
    )
}


def profile(variant: str) -> Profile:
    """The profile of ``variant`` (any spelling the engine knows; UnknownVariant otherwise)."""
    return PROFILES[find_variant(variant).slug]


def entry_for(variant: str) -> HandEntry:
    """The hand form of ``variant``.

    >>> entry_for("crazy-tiles").template, entry_for("crib-rummy").by_turn
    ('rounds/tiles.html', True)
    """
    return profile(variant).entry
