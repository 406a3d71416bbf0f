"""Tile games (RULES.md section 3): Rummikub and the Crazy / Runny Rummy Tiles house rules.

One engine with rule switches; ``rummikub``, ``crazy-tiles`` and
``runny-tiles`` are presets that differ only in the switches' defaults.

Round facts::

    {"winner": 1,                       # seat that went out, or null: nobody did (CT-8)
     "players": [{"rack": "R5 J"}, {"points": 0}, ...]}   # tiles left (CT-7) or a typed total

Progress per seat: ``{"wins": N}``.
"""

from __future__ import annotations

from .base import Variant
from .cards import Notation
from .options import Option
from .registry import register

COLOURS = {"R": "R", "B": "B", "K": "K", "G": "G", "O": "G", "Y": "G"}
COLOUR_NAMES = {"R": "red", "B": "blue", "K": "black", "G": "gold"}
SWITCHES = ("same_color_groups", "zero", "wrap", "six_nine", "ten_split",
            "eleven_split", "twelve_split", "runny", "grid")
SCORING = ("A", "B", "C", "wins", "none")

NOTATION = Notation("tiles", ranks={str(n): n for n in range(1, 14)}, wild_tokens=("J", "JK", "*"),
                    suits=COLOURS, suit_first=True, suit_required=True,
                    accepted="colour R/B/K/G (O, Y = gold) + number 1..13 (R10, k7), J (joker; JK or *)")

_SWITCH_HELP = {
    "same_color_groups": ("A group may be all one colour", "CT-2"),
    "zero": ("A joker may stand for 0", "CT-3"),
    "wrap": ("Runs continue past 13 (13, 0, 1 ...)", "CT-3"),
    "six_nine": ("A 6 may be read as 9 and a 9 as 6", "CT-1"),
    "ten_split": ("A 10 may be read as 0+1 in a run", "CT-1"),
    "eleven_split": ("An 11 may be read as 1+1 in a group", "CT-1"),
    "twelve_split": ("A 12 may be read as 1+2 in a run", "CT-1"),
    "runny": ("A run may be all different colours", "CT-3"),
    "grid": ("Two-dimensional board of crossing sets", "CT-9"),
}


def _tile_options(preset: dict[str, bool]) -> tuple[Option, ...]:
    switches = tuple(Option(name, "bool", preset.get(name, False), *_SWITCH_HELP[name])
                     for name in SWITCHES)
    return switches + (
        Option("initial_meld", "int", 30, "Points a first laydown needs from your own rack",
               rule="CT-6", low=0, high=500),
        Option("scoring", "choice", "A", "How rounds are scored: A, B, C, wins or none",
               rule="CT-8", choices=SCORING, check=False),
        Option("must_play", "choice", "C", "A: play all you can, B: play something if able, C: may pass",
               rule="CT-11", choices=("A", "B", "C"), check=False),
        Option("rounds", "int", 4, "Rounds in a game (when no target is set)", rule="CT-8",
               low=1, high=100, check=False),
        Option("target", "int", None, "End when a total (or win count) reaches this instead",
               rule="CT-8", low=1, optional=True, check=False),
        Option("kind", "choice", None, "Declare the set a group or a run", rule="CT-2",
               choices=("group", "run"), optional=True, game=False),
    )


class TileGame(Variant):
    """Shared engine of the three tile presets."""

    min_players, max_players = 2, 4
    notation = NOTATION
    preset: dict[str, bool] = {}

    def high_wins(self, opts):
        return opts.get("scoring") != "C"


@register
class Rummikub(TileGame):
    slug = "rummikub"
    name = "Rummikub"
    summary = "Standard tile rummy: groups and same-colour runs."
    option_spec = _tile_options({})


@register
class CrazyTiles(TileGame):
    slug = "crazy-tiles"
    name = "Crazy Rummy Tiles"
    summary = "Rummikub with crossing sets, zero, wrap-around, 6/9 and split 10s, 11s and 12s."
    preset = {"same_color_groups": True, "zero": True, "wrap": True, "six_nine": True,
              "ten_split": True, "eleven_split": True, "twelve_split": True, "grid": True}
    option_spec = _tile_options(preset)


@register
class RunnyTiles(TileGame):
    slug = "runny-tiles"
    name = "Runny Rummy Tiles"
    summary = "Rummikub on a crossing grid where a run may be all different colours."
    preset = {"runny": True, "grid": True}
    option_spec = _tile_options(preset)
