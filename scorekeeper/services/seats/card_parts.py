"""Crazy Rummy's parts from each player's own phone (issue 38): the player's board and cards left
as the Crazy Rummy hand form takes them, their face-up first card (the dealer's sets the hand's
wild rank, CZ-1), and whether they went out (CZ-6: one player only, checked in :mod:`.parts`).

The whole hand is assembled here into the round facts :func:`..rounds.record_round` takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules import WILD_CHOICES, RoundError
from ...storage.models import Game
from ..scores import game_score

#: a Crazy Rummy part's keys beside the player's entry of the round facts
TABLE_KEYS = ("face_up", "went_out")


def dealer_of(game: Game) -> int:
    """The seat that deals the open hand."""
    return game_score(game).dealer


def face_up_checked(game: Game, seat: int, part: Mapping[str, Any], others: Mapping[int, dict]) -> str | None:
    """The part's face-up card (a rank, CZ-7), checked: the dealer's part must give it, since it
    sets the hand's wild rank (CZ-1). Returns the hand's wild rank when known, else None."""
    card = part.get("face_up")
    if card not in (None, ""):
        card = str(card).strip().upper()
        if card not in WILD_CHOICES:
            raise RoundError(
                [("part.face_up", f"A face-up card is one rank: {', '.join(WILD_CHOICES)} (CZ-7).")]
            )
    dealer = dealer_of(game)
    if seat == dealer:
        if card in (None, ""):
            raise RoundError(
                [
                    (
                        "part.face_up",
                        "You deal this hand: give your face-up card, it sets the wild rank (CZ-1).",
                    )
                ]
            )
        return card
    return (others.get(dealer) or {}).get("face_up")


def crazy_hand(game: Game, parts: Mapping[int, dict], out: list[int]) -> dict:
    """The hand's Crazy Rummy round facts from every seat's part, in seat order."""
    seats = range(len(game.players))
    face_up = [parts[s].get("face_up") for s in seats]
    dealt = {"face_up": face_up} if all(face_up) else {"wild": face_up[dealer_of(game)]}
    players = [{k: v for k, v in parts[s].items() if k not in TABLE_KEYS} for s in seats]
    return {**dealt, "went_out": out[0] if out else None, "players": players}
