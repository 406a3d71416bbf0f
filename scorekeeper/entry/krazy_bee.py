"""Krazy Bee hand entry (KB-9): laid down or not, cards left, who went out, notes.

Fields per player ``i`` (each named after its round fact):
``players.i.laid`` (checkbox), ``players.i.hand`` (cards, KB-7) or ``players.i.counts.low/high/wild``
(cards per class) or ``players.i.points`` (a typed total), ``players.i.notes``;
and ``went_out`` (one seat or nobody). The Step each player is on comes from
the engine's progress and is shown, not stored: a correction to an earlier
hand moves every later Step with it. (``players.i.step`` is still read when
a client posts it, so the engine can check it.)
"""

from __future__ import annotations

from typing import Any, Mapping

from .base import HandContext, Submission, cards_or_total, notes, seat_value, show_cards_or_total, show_notes

TEMPLATE = "rounds/krazy_bee.html"
#: the card classes of KB-7, as the form labels them
CLASSES = (("low", "1–9"), ("high", "10–13"), ("wild", "Wild Bee"))
CLASS_KEYS = tuple(key for key, _ in CLASSES)
#: free-text fields per player (floating / Rummy notes)
NOTES = ("notes",)


def current_steps(ctx: HandContext) -> list[dict]:
    """Each player's progress before this hand (engine: Step attempted, done, list length)."""
    return [dict(p) for p in ctx.before.progress]


def blank(ctx: HandContext) -> dict[str, Any]:
    return {"went_out": ""}


def from_facts(facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
    values = blank(ctx)
    went_out = None
    for i, entry in enumerate(facts.get("players") or []):
        p = f"players.{i}"
        values[f"{p}.laid"] = bool(entry.get("laid"))
        if entry.get("went_out"):
            went_out = i
        values.update(show_cards_or_total(entry, p, classes=CLASS_KEYS))
        values.update(show_notes(entry, p, NOTES))
    values["went_out"] = seat_value(went_out)
    return values


def parse(sub: Submission, ctx: HandContext) -> dict:
    went_out = sub.seat("went_out", ctx.players)
    players = []
    for i in ctx.seats:
        p = sub.group(f"players.{i}")
        entry: dict[str, Any] = {"laid": sub.ticked(f"{p}.laid"), "went_out": went_out == i}
        step = sub.number(f"{p}.step")
        if step is not None:
            entry["step"] = step
        entry.update(cards_or_total(sub, p, classes=CLASS_KEYS))  # KB-7: cards, counts per class or a total
        entry.update(notes(sub, p, NOTES))
        players.append(entry)
    return sub.finish({"players": players})
