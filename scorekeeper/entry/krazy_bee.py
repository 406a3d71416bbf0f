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

from .base import HandContext, Submission, seat_value, show_cards_or_total

TEMPLATE = "rounds/krazy_bee.html"
#: the card classes of KB-7, as the form labels them
CLASSES = (("low", "1–9"), ("high", "10–13"), ("wild", "Wild Bee"))


def current_steps(ctx: HandContext) -> list[dict]:
    """Each player's progress before this hand (engine: Step attempted, done, list length)."""
    return [dict(p) for p in ctx.before.progress]


def step_names(ctx: HandContext) -> list[str]:
    """The game's Step list as written in its options (KB-8), one entry per Step."""
    return [s.strip() for s in str(ctx.options.get("steps") or "").split(";") if s.strip()]


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
        values.update(show_cards_or_total(entry, p))
        for key, _ in CLASSES:
            count = (entry.get("counts") or {}).get(key)
            if count:
                values[f"{p}.counts.{key}"] = str(count)
        if entry.get("notes"):
            values[f"{p}.notes"] = str(entry["notes"])
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
        entry.update(_cards_left(sub, p))
        notes = sub.text(f"{p}.notes")
        if notes:
            entry["notes"] = notes
        players.append(entry)
    return sub.finish({"players": players})


def _cards_left(sub: Submission, p: str) -> dict[str, Any]:
    """Cards (KB-7), counts per class, or a total: exactly one way, or none for 0."""
    cards = sub.text(f"{p}.hand")
    counts = {key: sub.number(f"{p}.counts.{key}") for key, _ in CLASSES}
    points = sub.number(f"{p}.points")
    given = [name for name, filled in (("hand", bool(cards)),
                                       ("counts", any(c is not None for c in counts.values())),
                                       ("points", points is not None)) if filled]
    if len(given) > 1:
        sub.fail(f"{p}.{given[-1]}" if given[-1] != "counts" else f"{p}.counts.low",
                 "enter the cards left, the counts per class or a total: only one of them")
        return {}
    if cards:
        return {"hand": cards}
    if given == ["counts"]:
        return {"counts": {key: counts[key] or 0 for key, _ in CLASSES}}
    if points is not None:
        return {"points": points}
    return {}
