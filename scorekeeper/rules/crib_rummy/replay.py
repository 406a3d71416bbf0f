"""One hand's facts replayed on their own, for the forms (CR-6, CR-9): the table melds so far, who
has laid a meld, and whose turn it is. Each raises RoundError as scoring does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .hand import play_hand
from .variant import CribRummy


def table_melds(
    facts: Mapping[str, Any],
    players: int,
    opts: Mapping[str, Any] | None = None,
    *,
    dealer: int = 0,
    names: Sequence[str] = (),
) -> list[dict]:
    """The hand's table melds so far: number, owner, kind, cards, length, reading, pegs.

    For a form that offers "extend meld k". Raises RoundError like scoring does
    (naming the players by ``names`` when given).

    >>> facts = {"turns": [{"melds": [{"cards": "KH KS KD"}]},
    ...                    {"melds": [{"cards": "3S 4S 5S"}, {"cards": "KC", "extend": 0}]}]}
    >>> [(m["owner"], m["kind"], m["cards"], m["length"]) for m in table_melds(facts, 2)]
    [(1, 'set', 'KH KS KD KC', 4), (0, 'run', '3S 4S 5S', 3)]
    """
    return _replay(facts, players, opts, dealer, names).table_dicts()


def have_laid(
    facts: Mapping[str, Any],
    players: int,
    opts: Mapping[str, Any] | None = None,
    *,
    dealer: int = 0,
    names: Sequence[str] = (),
) -> list[int]:
    """CR-6: the seats that have laid a meld this hand so far (a pegged turn counts), so a form
    offers the cards a player may add only to those who may add them.

    >>> have_laid({"turns": [{"pegs": 2}, {"melds": []}]}, 2)
    [1]
    """
    log = _replay(facts, players, opts, dealer, names)
    return [seat for seat in range(players) if log.has_laid(seat)]


def turn_order(
    facts: Mapping[str, Any],
    players: int,
    opts: Mapping[str, Any] | None = None,
    *,
    dealer: int = 0,
    names: Sequence[str] = (),
) -> list[int]:
    """Who played each recorded turn, then who plays the next one (none once the hand is over).

    Play goes round the table from the starter (CR-9; left of the dealer unless chosen).
    For a form that offers "whose turn"; raises RoundError like scoring does.

    >>> turn_order({"starter": 2, "turns": [{"pegs": 0}]}, 3)
    [2, 0]
    >>> turn_order({}, 3, dealer=1)
    [2]
    """
    log = _replay(facts, players, opts, dealer, names)
    due = [] if log.seat_due is None else [log.seat_due]
    return [turn["player"] for turn in log.turns] + due


def _replay(
    facts: Mapping[str, Any], players: int, opts: Mapping[str, Any] | None, dealer: int, names: Sequence[str]
):
    """One hand's facts replayed on their own (no earlier hands: CR-6 and CR-8 are per hand)."""
    variant = CribRummy()
    opts = variant.options(opts)
    start = replace(variant.start_game(players, dealer, opts), names=tuple(names))
    return play_hand(variant, facts, start, dealer, opts)
