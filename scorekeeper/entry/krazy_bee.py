"""Krazy Bee hand entry (KB-9): laid down or missed, cards left, who went out, notes.

Left unchosen, a player's Step is taken as laid down when the cards left show it could be
(:func:`~scorekeeper.rules.kept_when_laid`: at most the 12 dealt less the Step's cards) and as
missed when they show it could not; a typed total shows no cards, so it is taken as missed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import DEALT, DEFAULT_STEPS, KrazyBee, RulesError, kept_when_laid, tokenize
from .base import HandContext, HandEntry, Submission, seat_value
from .players import player_entries, show_player_entries, went_out_or_empty_hand

#: the card classes of KB-7, as the form labels them
CLASSES = (("low", "1–9"), ("high", "10–13"), ("wild", "Wild Bee"))
CLASS_KEYS = tuple(key for key, _ in CLASSES)
#: free-text fields per player (floating / Rummy notes)
NOTES = ("notes",)


def current_steps(ctx: HandContext) -> list[dict]:
    """Each player's progress before this hand (engine: Step attempted, done, list length), with
    ``keeps``: the most cards left that still show the Step laid down (None once every Step is done)."""
    return [
        {
            **p,
            "keeps": None
            if p["done"]
            else kept_when_laid(ctx.options.get("steps") or DEFAULT_STEPS, p["step"]),
        }
        for p in ctx.before.progress
    ]


def cards_held(entry: dict[str, Any]) -> int | None:
    """How many cards a player's entry says are left (None for a typed total, which does not say).

    >>> cards_held({"hand": "3 12 W"}), cards_held({"counts": {"low": 2, "wild": 1}}), cards_held({"points": 20})
    (3, 3, None)
    """
    if entry.get("hand"):
        try:
            return len(tokenize(entry["hand"]))
        except RulesError:
            return None
    if entry.get("points") is not None:
        return None
    return sum((entry.get("counts") or {}).values())


def laid_from_cards(entry: dict[str, Any], keeps: int | None) -> bool:
    """A Step left unchosen: laid down when the cards left can follow a laydown (KB-6, KB-9)."""
    held = cards_held(entry)
    return held is not None and keeps is not None and held <= keeps


class KrazyBeeEntry(HandEntry):
    """Krazy Bee's hand form (KB-7, KB-9)."""

    template = "rounds/krazy_bee.html"
    CLASSES = CLASSES
    DEALT = DEALT
    current_steps = staticmethod(current_steps)

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        players = facts.get("players") or []
        # yes/no facts read as the engine reads them ("no" is no), so an edit keeps them
        values = show_player_entries(
            facts,
            lambda entry, p: {f"{p}.laid": "1" if KrazyBee.flag(entry, "laid") else "0"},
            classes=CLASS_KEYS,
            note_keys=NOTES,
        )
        values["went_out"] = seat_value(
            max((i for i, e in enumerate(players) if KrazyBee.flag(e, "went_out")), default=None)
        )
        return values

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        chosen: dict[int, bool] = {}

        def own(p: str, seat: int) -> dict[str, Any]:
            choice = sub.text(f"{p}.laid")  # "1" laid, "0" missed, unset: from the cards left
            if choice:
                chosen[seat] = sub.ticked(f"{p}.laid")
            entry: dict[str, Any] = {}
            step = sub.number(f"{p}.step")
            if step is not None:
                entry["step"] = step
            return entry

        # KB-7: the cards left, counts per class or a total
        players = player_entries(sub, ctx, own, classes=CLASS_KEYS, note_keys=NOTES)
        went_out, _ = went_out_or_empty_hand(sub, "went_out", ctx, players)
        steps = current_steps(ctx)
        for seat, entry in enumerate(players):
            entry["went_out"] = went_out == seat
            # KB-9: whoever goes out has laid the Step; the others' unchosen Steps follow their cards
            default = went_out == seat or laid_from_cards(entry, steps[seat]["keeps"])
            entry["laid"] = chosen.get(seat, default)
        return sub.finish({"players": players})
