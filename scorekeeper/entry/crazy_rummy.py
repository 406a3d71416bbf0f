"""Crazy Rummy hand entry (CZ-1, CZ-5..7): face-up cards, boards, cards left, who went out.

Fields: ``face_up.i`` (each player's face-up first card; the dealer's sets
the wild rank, CZ-1), ``went_out`` (one seat or nobody) and per player ``i``:
``players.i.board`` (cards on the board, CZ-6) and ``players.i.hand`` (cards
left) or ``players.i.points`` (their typed value). Hand sizes (CZ-7) and the
wild rank are read back from the engine's round details.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import WILD_CHOICES
from .base import HandContext, Submission, player_entries, seat_value, show_player_entries

TEMPLATE = "rounds/crazy_rummy.html"
#: the ranks a face-up card can show (the same ranks a wild rank can be)
FACE_UP = WILD_CHOICES


def blank(ctx: HandContext) -> dict[str, Any]:
    return {"went_out": ""}


def from_facts(facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
    values: dict[str, Any] = {"went_out": seat_value(facts.get("went_out"))}
    for i, card in enumerate(facts.get("face_up") or []):
        values[f"face_up.{i}"] = str(card or "")
    values.update(show_player_entries(
        facts, lambda entry, p: {f"{p}.board": str(entry["board"])} if entry.get("board") else {}))
    return values


def parse(sub: Submission, ctx: HandContext) -> dict:
    face_up = []
    for i in ctx.seats:
        card = sub.text(f"face_up.{i}")
        if not card:
            sub.fail(f"face_up.{i}", "CZ-7: choose the card dealt face up to this player")
        face_up.append(card)
    went_out = sub.seat("went_out", ctx.players)
    players = player_entries(sub, ctx, lambda p, seat: {"board": sub.text(f"{p}.board")})
    return sub.finish({"face_up": face_up, "went_out": went_out, "players": players})


def hand_sizes(details: Mapping[str, Any]) -> list[str] | None:
    """Each seat's hand size (CZ-7) as the engine gives it, in words; the dealer plays one short.

    >>> hand_sizes({"hand_sizes": [5, 10], "playing": [4, 10]})
    ['5 cards (plays 4)', '10 cards']
    """
    sizes, playing = details.get("hand_sizes"), details.get("playing") or []
    if not isinstance(sizes, list):
        return None
    return [f"{size} cards" + (f" (plays {playing[i]})" if i < len(playing) and playing[i] != size else "")
            for i, size in enumerate(sizes)]


def shown(details: Mapping[str, Any]) -> dict[str, Any]:
    """What the form shows of a hand's details: each seat's hand size in words (the live preview)."""
    return {"hand_sizes": hand_sizes(details) or []}


def wild_rank(details: Mapping[str, Any]) -> str | None:
    """The hand's wild rank (CZ-1) from the engine's round details."""
    value = details.get("wild")
    return str(value) if value not in (None, "") else None
