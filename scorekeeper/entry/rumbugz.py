"""RumBugz hand entry (RB-4, RB-6, RB-7): kinds laid, Bugz left, the winner or none."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import RUMBUGZ_KINDS as KINDS
from .base import HandContext, HandEntry, Submission, seat_value
from .players import player_entries, show_player_entries, went_out_or_empty_hand

#: free-text fields per player
NOTES = ("bid",)


class RumBugzEntry(HandEntry):
    """RumBugz's hand form (RB-4, RB-6, RB-7)."""

    template = "rounds/rumbugz.html"
    KINDS = KINDS

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        values = show_player_entries(
            facts, lambda entry, p: {f"{p}.kinds": list(entry.get("kinds") or [])}, note_keys=NOTES
        )
        return {"winner": seat_value(facts.get("winner")), **values}

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        players = player_entries(
            sub, ctx, lambda p, seat: {"kinds": sub.ticks(f"{p}.kinds", KINDS)}, note_keys=NOTES
        )
        winner, _ = went_out_or_empty_hand(sub, "winner", ctx, players)
        return sub.finish({"winner": winner, "players": players})
