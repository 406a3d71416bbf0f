"""What a player holds at the end of a hand, as every hand form reads it: the cards left,
counts per card class or a typed total (one way only), free-text notes, and who went out
when the form leaves it to the cards left.

Shape of input only: the values come from the rules engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import gettext

from .base import HandContext, Submission


def cards_or_total(
    sub: Submission,
    prefix: str,
    cards_key: str = "hand",
    classes: Sequence[str] = (),
    counts_key: str = "counts",
    points_key: str = "points",
) -> dict[str, Any]:
    """A player's cards left: the cards (notation), counts per card class or a typed total; one way only.

    ``classes`` names the card classes that can be counted instead (Krazy
    Bee's ``low``/``high``/``wild``, KB-7); without them the choice is cards
    or total. Returns the round-facts keys that were filled (``{cards_key:
    text}``, ``{"counts": {...}}`` or ``{"points": n}``; ``counts_key`` and ``points_key``
    name the other two, as Crazy Rummy's board does), or ``{}`` for an empty hand.

    >>> from werkzeug.datastructures import MultiDict
    >>> sub = Submission(MultiDict([("p.counts.low", "2"), ("q.hand", "3 4"), ("q.points", "7")]))
    >>> cards_or_total(sub, "p", classes=("low", "wild")), cards_or_total(sub, "q")
    ({'counts': {'low': 2, 'wild': 0}}, {})
    >>> sub.errors
    [('q.points', 'enter the cards left or a total, not both')]
    """
    cards = sub.text(f"{prefix}.{cards_key}")
    counts = {key: sub.number(f"{prefix}.{counts_key}.{key}") for key in classes}
    points = sub.number(f"{prefix}.{points_key}")
    given = [
        name
        for name, filled in (
            (cards_key, bool(cards)),
            (counts_key, any(c is not None for c in counts.values())),
            (points_key, points is not None),
        )
        if filled
    ]
    if len(given) > 1:
        field = f"{prefix}.{counts_key}.{classes[0]}" if given[-1] == counts_key else f"{prefix}.{given[-1]}"
        sub.fail(
            field,
            gettext("enter the cards, the counts per class or a total: only one of them")
            if classes
            else gettext("enter the cards left or a total, not both"),
        )
        return {}
    if cards:
        return {cards_key: cards}
    if given == [counts_key]:
        return {counts_key: {key: counts[key] or 0 for key in classes}}
    if points is not None:
        return {points_key: points}
    return {}


def _nothing(value: Any) -> bool:
    """Nothing left in hand: no cards, a total of 0 or every count 0 (what a table types for the
    player who went out), as much as a field left empty."""
    if isinstance(value, Mapping):
        return not any(value.values())
    return value in (None, "", 0) and value is not False


def went_out_or_empty_hand(
    sub: Submission,
    name: str,
    ctx: HandContext,
    entries: Sequence[Mapping[str, Any]],
    keys: Sequence[str] = ("hand", "counts", "points"),
) -> tuple[int | None, bool]:
    """Who went out: the seat chosen in ``name``; when the form sent no choice at all (no
    button of the group pressed), the one player with nothing left in hand (none of ``keys``
    given) while every other player has something. Returns (seat or None, whether it was inferred).

    >>> from werkzeug.datastructures import MultiDict
    >>> ctx = HandContext("tiles", {}, ("Ann", "Bob", "Cy"), None, 1)
    >>> entries = [{}, {"points": 4}, {"rack": "R5"}]
    >>> went_out_or_empty_hand(Submission(MultiDict()), "winner", ctx, entries, ("rack", "points"))
    (0, True)
    >>> went_out_or_empty_hand(Submission(MultiDict([("winner", "")])), "winner", ctx, [{}, {"points": 4}, {}])
    (None, False)
    >>> zeros = [{"points": 4}, {"counts": {"low": 0}}, {"points": 2}]
    >>> went_out_or_empty_hand(Submission(MultiDict()), "winner", ctx, zeros)
    (1, True)
    >>> went_out_or_empty_hand(Submission(MultiDict()), "winner", ctx, [{}, {"points": 0}, {"points": 4}])
    (0, True)
    """
    if name in sub.form:
        return sub.seat(name, ctx.players), False
    sub.names.add(name)
    # a seat left empty first; else one whose counts or total are all 0 (a PLYT worth 0 is not "out")
    for nothing in (lambda value: value in (None, "", {}), _nothing):
        empty = [seat for seat, entry in enumerate(entries) if all(nothing(entry.get(k)) for k in keys)]
        if empty:
            return (empty[0], True) if len(empty) == 1 and len(entries) > 1 else (None, False)
    return None, False


def show_cards_or_total(
    entry: Mapping[str, Any],
    prefix: str,
    cards_key: str = "hand",
    classes: Sequence[str] = (),
    counts_key: str = "counts",
    points_key: str = "points",
) -> dict[str, str]:
    """The form values of :func:`cards_or_total` from a player's stored entry."""
    values = {}
    if entry.get(cards_key):
        values[f"{prefix}.{cards_key}"] = str(entry[cards_key])
    for key in classes:
        count = (entry.get(counts_key) or {}).get(key)
        if count:
            values[f"{prefix}.{counts_key}.{key}"] = str(count)
    if entry.get(points_key) not in (None, ""):
        values[f"{prefix}.{points_key}"] = str(entry[points_key])
    return values


def notes(sub: Submission, prefix: str, keys: Sequence[str]) -> dict[str, str]:
    """A player's optional free-text fields (``notes``, ``bid``) that were filled in."""
    return {key: text for key in keys if (text := sub.text(f"{prefix}.{key}"))}


def show_notes(entry: Mapping[str, Any], prefix: str, keys: Sequence[str]) -> dict[str, str]:
    """The form values of :func:`notes` from a player's stored entry."""
    return {f"{prefix}.{key}": str(entry[key]) for key in keys if entry.get(key)}


def player_entries(
    sub: Submission,
    ctx: HandContext,
    own: Callable[[str, int], dict[str, Any]] | None = None,
    *,
    cards_key: str = "hand",
    classes: Sequence[str] = (),
    note_keys: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """Every player's entry (``players.i``): the variant's ``own(prefix, seat)`` fields first,
    then the cards left (:func:`cards_or_total`) and the free-text ``note_keys`` (:func:`notes`)."""
    entries = []
    for seat in ctx.seats:
        p = sub.group(f"players.{seat}")
        entry = own(p, seat) if own else {}
        entry.update(cards_or_total(sub, p, cards_key, classes))
        entry.update(notes(sub, p, note_keys))
        entries.append(entry)
    return entries


def show_player_entries(
    facts: Mapping[str, Any],
    own: Callable[[Mapping[str, Any], str], dict[str, Any]] | None = None,
    *,
    cards_key: str = "hand",
    classes: Sequence[str] = (),
    note_keys: Sequence[str] = (),
) -> dict[str, Any]:
    """The form values of :func:`player_entries` from stored facts (``own(entry, prefix)``: the variant's)."""
    values: dict[str, Any] = {}
    for seat, entry in enumerate(facts.get("players") or []):
        p = f"players.{seat}"
        if own:
            values.update(own(entry, p))
        values.update(show_cards_or_total(entry, p, cards_key, classes))
        values.update(show_notes(entry, p, note_keys))
    return values
