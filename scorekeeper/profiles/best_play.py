"""What a variant's "Best play" page asks and shows (:class:`BestPlayWords`), named by its profile."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask_babel import lazy_gettext as _l

from ..checker import solver_display as shown
from ..rules import RUMBUGZ_KINDS, SWITCHES

#: the options the tile games' pages read (the rest of a variant's options do not change the answer)
TILE_OPTIONS = (*SWITCHES, "initial_meld")


@dataclass(frozen=True)
class BestPlayWords:
    """The Best play page of one variant: the options it reads and how its answer is drawn."""

    #: the options the page reads (the rest of the variant's options do not change the answer)
    options: tuple[str, ...]
    #: the answer in sentences and drawn cards, ``(variant, ask, engine's answer) -> view``
    hints: Callable[..., dict]
    #: the "initial" box's words (tile games: the initial meld, drawn by the page); None: no box
    initial_label: str | None = None
    #: what the keypad's "|" starts on the table field; None: no table field's sets
    sets_key: str | None = None
    #: the table field's label and help; None: the page has no table field
    table: tuple[str, str] | None = (_l("Sets on the table"), _l("Separate the sets with |."))
    #: kinds a player may already have laid this hand (asked with check boxes)
    laid_kinds: tuple[str, ...] = ()
    #: options the finder cannot answer without (the API document requires them)
    needs: tuple[str, ...] = ()


TILES = BestPlayWords(TILE_OPTIONS, shown.tiles_hints, sets_key="set")
KRAZY_BEE = BestPlayWords(("step", "steps"), shown.krazy_bee_hints, table=None)
RUMBUGZ = BestPlayWords((), shown.rumbugz_hints, table=None, laid_kinds=RUMBUGZ_KINDS)
CRIB_RUMMY = BestPlayWords(
    ("ace_high", "jokers"),
    shown.crib_rummy_hints,
    initial_label=_l("No meld of my own on the table yet (CR-6)"),
    sets_key="meld",
    table=(_l("Melds on the table"), _l("Separate the melds with |; they are numbered from 1.")),
)
CRAZY_RUMMY = BestPlayWords(
    ("wild",),
    shown.crazy_rummy_hints,
    needs=("wild",),  # CZ-1: the hand's wild rank
    initial_label=_l("First play of the hand: any number of wildcards in a set (CZ-3)"),
    sets_key="board",
    table=(
        _l("The opponents' boards"),
        _l(
            "Separate the boards with |; bottom feeding (CZ-4) adds your natural cards to a rank shown there."
        ),
    ),
)
