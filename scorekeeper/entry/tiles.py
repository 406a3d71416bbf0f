"""Tile games hand entry (CT-7, CT-8): each rack left, who went out or nobody."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from .base import HandContext, HandEntry, Submission, seat_value
from .players import player_entries, show_player_entries, went_out_or_empty_hand


class TilesEntry(HandEntry):
    """The tile games' hand form (CT-7, CT-8)."""

    template = "rounds/tiles.html"

    @staticmethod
    def rack_counts(variant: str) -> dict[str, int]:
        """The engine's counts the photo's check screen totals a rack by (CT-7)."""
        return rules.rack_counts(variant)

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        return {"winner": seat_value(facts.get("winner")), **show_player_entries(facts, cards_key="rack")}

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        players = player_entries(sub, ctx, cards_key="rack")
        winner, _ = went_out_or_empty_hand(sub, "winner", ctx, players, ("rack", "points"))
        return sub.finish({"winner": winner, "players": players})
