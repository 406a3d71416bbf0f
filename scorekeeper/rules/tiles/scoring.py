"""Round scoring and game end of the tile games (CT-7, CT-8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card
from ..errors import RoundError
from ..reasons import say
from ..scoring import GameScore, RoundOutcome, best_seats, rank_totals
from .sets import supply_reasons


def check_tile_supply(variant, entries: list[Mapping[str, Any]]) -> None:
    """Refuse racks that together hold more of a tile than the set has (section 3: two of each).

    >>> from scorekeeper.rules import find_variant
    >>> check_tile_supply(find_variant("rummikub"), [{"rack": "R5 J"}, {"rack": "R5 J"}])
    >>> check_tile_supply(find_variant("rummikub"), [{"rack": "R5 R5"}, {"rack": "r5"}])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RoundError: players.1.rack: CT-7: the game has only two R5 tiles; these racks hold 3
    """
    seen: list[Card] = []
    for seat, entry in enumerate(entries):
        rack = entry.get("rack")
        if rack in (None, ""):
            continue
        seen += variant.parse_for_round(rack, f"players.{seat}.rack")
        too_many = supply_reasons(seen, "CT-7", "these racks hold")
        if too_many:
            raise RoundError([(f"players.{seat}.rack", too_many[0])])


def round_changes(
    racks: list[int], winner: int | None, scoring: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """CT-8: each seat's score change and the round's winners.

    >>> round_changes([0, 12, 30], 0, "A")
    ((42, -12, -30), (0,))
    >>> round_changes([5, 12, 5], None, "A")
    ((7, -12, 7), (0, 2))
    >>> round_changes([0, 12, 30], 0, "C")
    ((0, 12, 30), (0,))
    """
    winners = (winner,) if winner is not None else best_seats(tuple(racks), high_wins=False)
    losses = sum(r for seat, r in enumerate(racks) if seat not in winners)
    changes = []
    for seat, rack in enumerate(racks):
        won = seat in winners
        changes.append(
            {
                "A": losses - rack if won else -rack,
                "B": losses - rack if won else 0,
                "C": 0 if won else rack,
                "wins": 1 if won else 0,
                "none": 0,
            }[scoring]
        )
    return tuple(changes), winners


def score_tile_round(variant, facts: Mapping[str, Any], game: GameScore, opts) -> RoundOutcome:
    """Validate one round's facts and score it by ``opts['scoring']`` (CT-8)."""
    entries = variant.seat_entries(facts, game.players)
    winner = variant.seat_or_none(facts, "winner", game.players, "CT-8")
    racks = [
        variant.hand_points(e, f"players.{i}", opts, key="rack", what="points on the rack")
        for i, e in enumerate(entries)
    ]
    check_tile_supply(variant, entries)
    if winner is not None and racks[winner]:
        raise RoundError([(f"players.{winner}.rack", say("ct.out_empty_rack"))])
    changes, winners = round_changes(racks, winner, opts["scoring"])
    progress = tuple({"wins": game.progress[s]["wins"] + (s in winners)} for s in range(game.players))
    return RoundOutcome(
        changes=changes,
        progress=progress,
        details={"racks": racks, "winners": list(winners), "went_out": winner},
    )


def tile_game_over(game: GameScore, opts) -> bool:
    """CT-8 (our decision): after ``rounds`` rounds, or once a total (win count) reaches ``target``."""
    if opts["target"] is None:
        return len(game.rounds) >= opts["rounds"]
    if opts["scoring"] in ("wins", "none"):
        return any(p["wins"] >= opts["target"] for p in game.progress)
    return any(t >= opts["target"] for t in game.totals)


def tile_ranks(game: GameScore, opts) -> tuple[int, ...]:
    """CT-8: the best total 1st (high for A, B, wins; low for C); with ``none`` the most rounds won."""
    if opts["scoring"] == "none":
        return rank_totals(tuple(p["wins"] for p in game.progress), high_wins=True)
    return rank_totals(game.totals, game.high_wins)
