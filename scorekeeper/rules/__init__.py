"""The Scorekeeper rules engine: pure Python, no web, database or PDF imports.

This module is the engine's public surface (docs/engine/index.md): code outside ``rules/`` imports
only from here (``tests/test_layers.py``). Options are one mapping (``options={...}``), never keywords.

>>> check("krazy-bee", "7 7 W").to_dict()["valid"]
True
>>> hand("krazy-bee", "3 12 W").points
30
>>> check("krazy-bee", "7 7", options={"min": 2}).valid
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import Variant
from .errors import NotationError, OptionError, RoundError, RulesError, UnknownVariant, refuse_all
from .game import play, play_on
from .reasons import Quoted, Reason, fill, pointed_option, say
from .registry import all_variants, find_variant
from .scoring import GameScore, RoundScore
from .verdict import HandValue, Verdict

# isort: off
# Importing the variant packages registers them, in menu order.
from . import krazy_bee, rumbugz, tiles, crib_rummy, crazy_rummy, points  # noqa: F401
# isort: on

from .cards import tokenize
from .crazy_rummy import WILD_CHOICES, hand_sizes_by_rank
from .crib_rummy import have_laid, table_melds, turn_order
from .crib_rummy.melds import RUN_PEGS, SET_PEGS
from .krazy_bee import DEFAULT_STEPS, KrazyBee
from .krazy_bee.steps import DEALT as KB_DEALT
from .krazy_bee.steps import kept_when_laid, step_texts
from .options import whole_number
from .part_closing import dealer_part_needed, sat_out_part
from .parts import PART_KINDS, check_part, judge_hand, part_kind
from .rumbugz import KINDS as RUMBUGZ_KINDS
from .solver import check_turn, solve
from .solver.batch import solve_answer, solve_lines
from .solver.limits import time_limit
from .tiles import COLOUR_NAMES, SWITCHES
from .tiles.faces import split_of
from .tiles.grid import read_board
from .tiles.sets import COPIES as TILE_COPIES
from .turn_parts import TURN_KINDS, check_own_turn, turn_kind

__all__ = [
    "COLOUR_NAMES",
    # facts of single variants, and the notation helpers
    "DEFAULT_STEPS",
    "KB_DEALT",
    "PART_KINDS",
    "RUMBUGZ_KINDS",
    "RUN_PEGS",
    "SET_PEGS",
    "SWITCHES",
    "TURN_KINDS",
    "WILD_CHOICES",
    "GameScore",
    "HandValue",
    "KrazyBee",
    "NotationError",
    "OptionError",
    "Quoted",
    "Reason",
    "RoundError",
    "RoundScore",
    "RulesError",
    "UnknownVariant",
    "Variant",
    "Verdict",
    "check",
    "check_own_turn",
    "check_part",
    "check_turn",
    "counted",
    "dealer_part_needed",
    "fill",
    "find_variant",
    "hand",
    "hand_sizes_by_rank",
    "have_laid",
    "judge_hand",
    "kept_when_laid",
    "options_for",
    "part_kind",
    "pointed_option",
    "rack_counts",
    "rack_supply",
    "read_board",
    "sat_out_part",
    "say",
    "score_game",
    "score_more",
    "score_round",
    "solve",
    "solve_answer",
    "solve_lines",
    "split_of",
    "step_texts",
    "table_melds",
    "time_limit",
    "tokenize",
    "turn_kind",
    "turn_order",
    "variants",
    "whole_number",
]


def variants() -> list[dict]:
    """Every variant: slug, name, summary, player limits, who wins, and its options."""
    return [v.describe() for v in all_variants()]


def options_for(variant: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The variant's options with defaults filled and ``options`` validated."""
    return find_variant(variant).options(options)


def check(
    variant: str, cards: str, *, extend: str | None = None, options: Mapping[str, Any] | None = None
) -> Verdict:
    """Judge ``cards`` under ``variant`` (and ``extend``: the meld already on the table)."""
    v = find_variant(variant)
    return v.check(cards, extend, v.options(options))


def hand(variant: str, cards: str, options: Mapping[str, Any] | None = None) -> HandValue:
    """The value of the cards left in a hand (KB-7, RB-6, CT-7, CZ-5; crib-rummy: a count). A tile
    rack no game holds (a third R1, a third joker: a typo) is refused, as the solver refuses it.

    >>> hand("rummikub", "R1 R1 R1")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RulesError: CT-7: the game has only two R1 tiles; this rack holds 3
    """
    v = find_variant(variant)
    opts = v.options(options)  # (a wrong option is refused first, as before)
    refuse_all(v.hand_supply(cards, opts))  # a hand no deck deals: the tile games, Crib and Crazy Rummy
    return v.hand(cards, opts)


def counted(variant: str, counts: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> HandValue:
    """The value of cards counted per class (KB-7, CZ-5): ``counts`` maps a class of
    ``Variant.count_classes`` to how many cards (RoundError naming the class when wrong).

    >>> counted("krazy-bee", {"low": 2, "wild": 1}).points, counted("crazy-rummy", {"ace": 1}, {"wild": "A"}).points
    (25, 200)
    """
    v = find_variant(variant)
    if not v.count_classes:
        raise RulesError(say("round.no_classes", variant=v.name))
    return HandValue(v.slug, points=v.class_points(counts, "counts", v.options(options)))


def rack_counts(variant: str) -> dict[str, int]:
    """What a tile game's rack is counted by, for a page that counts it as the player edits (the
    photo's check screen): a joker's points (CT-7) and how many of each tile the set holds.

    >>> rack_counts("rummikub")
    {'joker_points': 30, 'copies': 2}
    """
    v = _tile_game(variant)
    return {"joker_points": hand(v.slug, "J").points, "copies": TILE_COPIES}


def _tile_game(variant: str) -> Variant:
    """The tile game ``variant`` names; RulesError naming the tile games for any other."""
    v = find_variant(variant)
    if v.deck_look != "tiles":
        tiles = ", ".join(t.slug for t in all_variants() if t.deck_look == "tiles")
        raise RulesError(say("ct.rack_tiles_only", accepted=tiles, variant=v.slug))
    return v


def rack_supply(variant: str, cards: str, shown: str) -> list[Reason]:
    """A tile game's rack ``cards`` against the set (CT-7: two of each tile, two jokers): a sentence
    for each tile ``shown`` ("this photo shows") more often than the set holds it; RulesError for a
    variant that is not a tile game.

    >>> rack_supply("rummikub", "J J J K1", "this photo shows")
    ['CT-7: the game has only two jokers; this photo shows 3']
    """
    return _tile_game(variant).supply(cards, shown)


def score_game(
    variant: str,
    rounds: list[Mapping[str, Any]],
    *,
    players: int,
    first_dealer: int = 0,
    names: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> GameScore:
    """Totals, progress, ranks, end and winners of a game, derived from its round facts.

    ``names`` (in seat order) let the engine's messages name the players.
    """
    v = find_variant(variant)
    return play(v, list(rounds), players, first_dealer, v.options(options), names=names)


def score_round(
    variant: str,
    facts: Mapping[str, Any],
    *,
    players: int,
    previous: list[Mapping[str, Any]] = (),
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> RoundScore:
    """Score one round after the ``previous`` rounds: its changes, totals and progress."""
    game = score_game(
        variant, [*previous, facts], players=players, first_dealer=first_dealer, options=options
    )
    return game.rounds[-1]


def score_more(
    variant: str,
    game: GameScore,
    rounds: list[Mapping[str, Any]],
    *,
    options: Mapping[str, Any] | None = None,
) -> GameScore:
    """``game`` (a :class:`GameScore` of ``variant`` under the same ``options``) with more rounds scored on top.

    The same answer as :func:`score_game` over all the rounds, for the price of the new ones.
    """
    v = find_variant(variant)
    return play_on(v, game, list(rounds), v.options(options))
