"""Tile games hand entry (CT-7, CT-8): each rack left, who went out or nobody.

Fields: ``winner`` (the seat that went out, or nobody) and per player ``i``:
``players.i.rack`` (tiles left) or ``players.i.points`` (a typed total).
The game's scoring method (CT-8) is applied by the engine.
"""

from __future__ import annotations

from typing import Any, Mapping

from .base import HandContext, Submission, cards_or_total, seat_value, show_cards_or_total

TEMPLATE = "rounds/tiles.html"


def blank(ctx: HandContext) -> dict[str, Any]:
    return {"winner": ""}


def from_facts(facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
    values: dict[str, Any] = {"winner": seat_value(facts.get("winner"))}
    for i, entry in enumerate(facts.get("players") or []):
        values.update(show_cards_or_total(entry, f"players.{i}", cards_key="rack"))
    return values


def parse(sub: Submission, ctx: HandContext) -> dict:
    winner = sub.seat("winner", ctx.players)
    players = [cards_or_total(sub, sub.group(f"players.{i}"), cards_key="rack") for i in ctx.seats]
    return sub.finish({"winner": winner, "players": players})
