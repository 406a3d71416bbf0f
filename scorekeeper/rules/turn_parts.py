"""A player's own turn of a hand played turn by turn, entered on their own phone (issue 38,
docs/own-phones.md): Crib Rummy's parts (:mod:`.parts` has the games whose players each enter one
part of a hand once it is over).

In Crib Rummy no player's share of a hand stands alone: the hand is its turns in play order, each
pegged as it is laid (CR-5). So a seated phone's part is its player's turn, sent when it is due:
:func:`check_own_turn` adds it to the hand in play and judges the hand as the variant's round scoring
does on top of the game so far, so the engine checks the turn order (the seat due, CR-9, CR-8's
last turns), the melds (CR-1..CR-4) and laying before adding (CR-6) exactly as on the hand form.

>>> from scorekeeper.rules import score_game
>>> game = score_game("crib-rummy", [], players=2, names=("Ann", "Bob"))
>>> check_own_turn("crib-rummy", None, 1, {"melds": [{"cards": "3H 4H 5H"}]}, game=game)["turns"]
[{'player': 1, 'melds': [{'cards': '3H 4H 5H'}]}]
>>> check_own_turn("crib-rummy", None, 0, {"melds": []}, game=game)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.rules.errors.RoundError: part: it is Bob's turn: play goes round the table from the starter (Bob) (CR-9)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import RoundError, RulesError
from .game import play_on
from .reasons import say
from .registry import PartKinds, find_variant
from .scoring import GameScore

#: the kind of part entered turn by turn (a variant's :attr:`.Variant.part_kind`)
TURN = "turns"
#: the variants whose players enter their own turns: read from the registry (no table to edit here)
TURN_KINDS = PartKinds(TURN)
#: the keys a turn may hold (a turn without melds is a pass)
TURN_KEYS = ("melds",)
EXAMPLE = '{"melds": [{"cards": "3H 4H 5H"}]}'


def turn_kind(variant: str) -> str | None:
    """The kind of part ``variant``'s players enter turn by turn on their own phones, or None."""
    return TURN if getattr(find_variant(variant), "part_kind", None) == TURN else None


def check_own_turn(
    variant: str,
    hand: Mapping[str, Any] | None,
    seat: int,
    turn: Any,
    *,
    game: GameScore,
    options: Mapping[str, Any] | None = None,
) -> dict:
    """The hand in play (``hand``: its facts so far; None: a new hand) with seat ``seat``'s turn
    ``turn`` added, judged on top of ``game`` (the game before this hand). RoundError (fields
    ``part``, ``part.melds.<n>.cards`` ...) for a turn the rules refuse: not this seat's turn, a
    meld that is none, an addition before a meld of one's own."""
    v = find_variant(variant)
    if turn_kind(variant) is None:
        raise RulesError(say("part.not_own", variant=v.name))
    if not isinstance(turn, Mapping):
        raise RoundError([("part", say("part.object", example=EXAMPLE))])
    unknown = [k for k in turn if k not in TURN_KEYS]
    if unknown:
        raise RoundError(
            [(f"part.{k}", say("part.unknown_key", accepted=", ".join(TURN_KEYS))) for k in unknown]
        )
    so_far = dict(hand or {})
    if so_far.get("starter") is None:  # a new hand: who plays first as the engine has it (CR-9)
        so_far["starter"] = game.first_to_play
    turns = [*(so_far.get("turns") or []), {"player": seat, "melds": list(turn.get("melds") or [])}]
    facts = {**so_far, "turns": turns, "end": None}
    mine = f"turns.{len(turns) - 1}"
    try:
        play_on(v, game, [v.canonical_facts(facts)], v.options(options))
    except RoundError as err:
        said = [
            ("part" + f.removeprefix(mine) if f.startswith(mine + ".m") else "part", m) for f, m in err.errors
        ]
        raise RoundError(said) from None
    return facts
