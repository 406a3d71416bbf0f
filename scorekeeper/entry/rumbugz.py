"""RumBugz hand entry (RB-4, RB-6, RB-7): kinds laid, Bugz left, the winner or none.

Fields: ``winner`` (one seat, or nobody: the bag ran out) and per player
``i``: ``players.i.kinds`` (checkboxes single/double/triple/match),
``players.i.hand`` (Bugz left, RB-6) or ``players.i.points``, ``players.i.bid``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..rules.rumbugz import KINDS
from .base import HandContext, Submission, cards_or_total, notes, seat_value, show_cards_or_total, show_notes

TEMPLATE = "rounds/rumbugz.html"
#: free-text fields per player
NOTES = ("bid",)


def blank(ctx: HandContext) -> dict[str, Any]:
    return {"winner": ""}


def from_facts(facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
    values: dict[str, Any] = {"winner": seat_value(facts.get("winner"))}
    for i, entry in enumerate(facts.get("players") or []):
        p = f"players.{i}"
        values[f"{p}.kinds"] = list(entry.get("kinds") or [])
        values.update(show_cards_or_total(entry, p))
        values.update(show_notes(entry, p, NOTES))
    return values


def parse(sub: Submission, ctx: HandContext) -> dict:
    winner = sub.seat("winner", ctx.players)
    players = []
    for i in ctx.seats:
        p = sub.group(f"players.{i}")
        entry: dict[str, Any] = {"kinds": sub.ticks(f"{p}.kinds", KINDS)}
        entry.update(cards_or_total(sub, p))
        entry.update(notes(sub, p, NOTES))
        players.append(entry)
    return sub.finish({"winner": winner, "players": players})
