"""Krazy Bee hand entry (KB-9): laid down or not, cards left, who went out, notes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import KrazyBee
from .base import HandContext, HandEntry, Submission, seat_value
from .players import player_entries, show_player_entries, went_out_or_empty_hand

#: the card classes of KB-7, as the form labels them
CLASSES = (("low", "1–9"), ("high", "10–13"), ("wild", "Wild Bee"))
CLASS_KEYS = tuple(key for key, _ in CLASSES)
#: free-text fields per player (floating / Rummy notes)
NOTES = ("notes",)


def current_steps(ctx: HandContext) -> list[dict]:
    """Each player's progress before this hand (engine: Step attempted, done, list length)."""
    return [dict(p) for p in ctx.before.progress]


class KrazyBeeEntry(HandEntry):
    """Krazy Bee's hand form (KB-7, KB-9)."""

    template = "rounds/krazy_bee.html"
    CLASSES = CLASSES
    current_steps = staticmethod(current_steps)

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        players = facts.get("players") or []
        # yes/no facts read as the engine reads them ("no" is no), so an edit keeps them
        values = show_player_entries(
            facts,
            lambda entry, p: {f"{p}.laid": KrazyBee.flag(entry, "laid")},
            classes=CLASS_KEYS,
            note_keys=NOTES,
        )
        values["went_out"] = seat_value(
            max((i for i, e in enumerate(players) if KrazyBee.flag(e, "went_out")), default=None)
        )
        return values

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        def own(p: str, seat: int) -> dict[str, Any]:
            entry: dict[str, Any] = {"laid": sub.ticked(f"{p}.laid")}
            step = sub.number(f"{p}.step")
            if step is not None:
                entry["step"] = step
            return entry

        # KB-7: the cards left, counts per class or a total
        players = player_entries(sub, ctx, own, classes=CLASS_KEYS, note_keys=NOTES)
        went_out, inferred = went_out_or_empty_hand(sub, "went_out", ctx, players)
        for seat, entry in enumerate(players):
            entry["went_out"] = went_out == seat
            if inferred and went_out == seat:
                entry["laid"] = True  # KB-9: whoever goes out has laid the Step (the default)
        return sub.finish({"players": players})
