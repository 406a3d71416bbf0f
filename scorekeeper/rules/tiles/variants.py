"""Tile games (RULES.md section 3): Rummikub and the Crazy / Runny Rummy Tiles house rules.

One engine with rule switches; ``rummikub``, ``crazy-tiles`` and ``runny-tiles`` are presets that
differ only in the switches' defaults (round facts: docs/engine/tiles.md).

>>> from scorekeeper.rules import check, hand
>>> check("crazy-tiles", "R12 R13 J").to_dict()["readings"]
[['R12', 'R13', 'R0'], ['R12', 'R13', 'R0+R1']]
>>> check("rummikub", "R5 K5 . / . K6").reasons
Traceback (most recent call last):
...
scorekeeper.rules.errors.NotationError: N-1: CT-9: a board (rows split by '/' or new lines, '.' for an empty cell)
needs the grid switch; accepted: colour R/B/K/G (O, Y = gold) + number 1..13 (R10, k7), J (joker; JK or *)
>>> hand("rummikub", "R5 J").points
35
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from ..base import Variant
from ..bounds import CT_MOST_RACK_POINTS
from ..cards import Notation
from ..facts import Count, Seat, Text
from ..hand_changes import tile_changes
from ..hand_shapes import seats
from ..reasons import Reason, say
from ..registry import register
from ..table_counts import tile_counts
from ..verdict import HandValue, Verdict
from .checks import ORDER_HINTS, extension_verdict, initial_meld, laydown_verdict, other_orders, set_verdict
from .grid import NEEDS_GRID, check_board, is_board, read_board
from .options import tile_options
from .samples import CRAZY_TILES, RUMMIKUB, RUNNY_TILES
from .scoring import score_tile_round, tile_game_over, tile_ranks
from .sets import Switches, supply_reasons, token

COLOURS = {"R": "R", "B": "B", "K": "K", "G": "G", "O": "G", "Y": "G"}
COLOUR_NAMES = {"R": "red", "B": "blue", "K": "black", "G": "gold"}
NOTATION = Notation(
    "tiles",
    ranks={str(n): n for n in range(1, 14)},
    wild_tokens=("J", "JK", "*"),
    suits=COLOURS,
    suit_first=True,
    suit_required=True,
    hints={"0": say("ct.no_zero")},
    suit_hint=say("ct.colour_first"),
    accepted=say("ct.accepted"),
    game=say("n1.tile_games"),
)


class TileGame(Variant):
    """Shared engine of the three tile presets."""

    min_players, max_players = 2, 4
    notation = NOTATION
    round_word = "round"  # CT-8: round scoring
    deck_look, wild_name = "tiles", "joker"
    part_kind = "tiles"  # each player's rack, once the round is over (CT-7)
    dealt = False  # tiles are drawn from the pool, not dealt
    table_counts = staticmethod(tile_counts)
    hand_changes = staticmethod(tile_changes)  # who won the round (CT-8)
    preset: ClassVar[dict[str, bool]] = {}
    entered_rule = "CT-8"
    most_hand_points = (CT_MOST_RACK_POINTS, "CT-7")
    facts_shape = seats(
        2,
        4,
        {
            "rack": Text('tiles left on the rack (RULES.md N-1); "" is an empty rack'),
            "points": Count(
                "a typed total of the rack, when the tiles are not given (the tiles win when both are)",
                high=CT_MOST_RACK_POINTS,
                rule="CT-7",
            ),
        },
        winner=Seat("the seat that went out; null: nobody did (CT-8)"),
    )

    def high_wins(self, opts):
        return opts["scoring"] != "C"

    def parse(self, text):
        """Tiles of one set (N-1); an empty set is a notation error too."""
        tiles = NOTATION.parse(text)
        if not tiles:
            raise self.refuse(say("ct.no_tiles"))
        return tiles

    def check(self, cards, extend, opts) -> Verdict:
        """One set, a ``|`` laydown, an extension of ``extend`` or a board (CT-1..CT-10)."""
        if is_board(cards) or is_board(extend):
            if not opts["grid"]:
                raise self.refuse(NEEDS_GRID)
            if extend is not None:
                raise self.refuse(say("ct.board_not_extended"))
            return self._board(cards, opts)
        if extend is not None:
            return extension_verdict(self.slug, self.parse(cards), self.parse(extend), opts)
        if isinstance(cards, str) and "|" in cards:
            parts = self.table_parts(cards, "tt.empty_set")
            return laydown_verdict(self.slug, [self.parse(part) for part in parts], opts)
        return set_verdict(self.slug, self.parse(cards), opts)

    def _board(self, text: str, opts) -> Verdict:
        board = read_board(text, NOTATION)
        sw = Switches.of(opts)
        valid, points, parts, reasons, reading, lone_wrong = check_board(board, sw)
        extra, notes = initial_meld(points, opts["initial_meld"]) if valid else ({}, ())
        # N-2: a line that is no set as laid may be one in another order (the first few lines asked),
        # where no other line crosses it, so the order named leaves every other line as it is
        wrong = lone_wrong[:ORDER_HINTS]
        alternatives = [a for cells in wrong for a in other_orders(NOTATION.parse(" ".join(cells)), sw)]
        return Verdict(
            self.slug,
            valid,
            "board" if valid else None,
            ("board",) if valid else (),
            points if valid else None,
            tuple(reading),
            tuple(reasons),
            parts=tuple(parts),
            notes=notes,
            extra=extra,
            alternatives=tuple(dict.fromkeys(alternatives)),
        )

    def hand(self, cards, opts) -> HandValue:
        """CT-7: a number tile counts its number, a joker 30.

        >>> Rummikub().hand("R5 k13 *", {}).to_dict()
        {'variant': 'rummikub', 'points': 48,
         'breakdown': [{'card': 'R5', 'points': 5}, {'card': 'K13', 'points': 13}, {'card': 'J', 'points': 30}]}
        """
        tiles = NOTATION.parse(cards)
        breakdown = tuple((token(t), 30 if t.wild else t.rank) for t in tiles)
        return HandValue(self.slug, points=sum(p for _, p in breakdown), breakdown=breakdown)

    def hand_supply(self, cards: str, opts) -> list[Reason]:
        """CT-7: a rack the set cannot hold (two of each tile, two jokers)."""
        return self.supply(cards, "this rack holds")

    def supply(self, cards, shown: str) -> list[Reason]:
        """CT-7: the tiles of a rack ``cards`` shown more often than the set holds them (two of each,
        two jokers), counted where ``shown`` says ("this photo shows").

        >>> Rummikub().supply("R5 r5 R5 J", "this photo shows")
        ['CT-7: the game has only two R5 tiles; this photo shows 3']
        """
        return supply_reasons(NOTATION.parse(cards), "CT-7", shown)

    # -- scoring (CT-8) -------------------------------------------------------
    def score_round(self, facts, game, dealer, opts):
        outcome = score_tile_round(self, facts, game, opts)
        # who played first: whom the game named before the round (the last round's winner, sheet
        # step 14), so the history says what the page said
        return replace(outcome, starter=self.describe_next(game, opts).starter)

    def initial_progress(self, players, opts):
        return tuple({"wins": 0} for _ in range(players))

    def is_over(self, game, outcome, opts):
        return tile_game_over(game, opts)

    def rank(self, game, opts):
        return tile_ranks(game, opts)

    def describe_next(self, game, opts):
        """The winner of a round starts the next one (sheet step 14)."""
        game = super().describe_next(game, opts)
        winners = game.rounds[-1].details["winners"] if game.rounds else []
        return replace(game, starter=winners[0]) if len(winners) == 1 else game


@register
class Rummikub(TileGame):
    slug = "rummikub"
    name = "Rummikub"
    summary = "Standard tile rummy: groups and same-colour runs."
    option_spec = tile_options({})
    samples = RUMMIKUB


@register
class CrazyTiles(TileGame):
    slug = "crazy-tiles"
    name = "Crazy Rummy Tiles"
    rules_home = ("CT",)
    summary = "Rummikub with crossing sets, zero, wrap-around, 6/9 and split 10s, 11s and 12s."
    preset: ClassVar[dict[str, bool]] = {
        "same_color_groups": True,
        "zero": True,
        "wrap": True,
        "six_nine": True,
        "ten_split": True,
        "eleven_split": True,
        "twelve_split": True,
        "grid": True,
    }
    option_spec = tile_options(preset)
    samples = CRAZY_TILES


@register
class RunnyTiles(TileGame):
    slug = "runny-tiles"
    name = "Runny Rummy Tiles"
    summary = "Rummikub on a crossing grid where a run may be all different colours."
    preset: ClassVar[dict[str, bool]] = {"runny": True, "grid": True}
    option_spec = tile_options(preset)
    samples = RUNNY_TILES
