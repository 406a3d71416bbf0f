"""One way to ask for a best play or a whole-turn verdict from outside input (the pages and the API).

No rule is decided here; only the web's bounds are (:func:`bounded`).

>>> best_play(SolveAsk("rummikub", "R7 R8 K2", "R4 R5 R6"))["play"]
['R7', 'R8']
>>> judge_turn(TurnAsk("rummikub", "R5 R6 R7", "R8", "R5 R6 R7 R8"))["played"]
['R8']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules import (
    OptionError,
    RulesError,
    all_variants,
    check_turn,
    find_variant,
    solve,
    time_limit,
    tokenize,
)
from .checking import InputError, check_length, fields_of, options_field, variant_field

GOALS = ("tiles", "value")
#: the longest a web request may let the solver search, in seconds (the engine allows more)
MOST_SECONDS = 5.0
#: seconds the best-play finder searches when the asker names no ``time_limit`` (the engine's default)
DEFAULT_SECONDS = 2.0
#: seconds the whole-turn checker lets the solver look for a correction (the engine's default)
TURN_SECONDS = 1.0
SOLVE_FIELDS = ("variant", "rack", "table", "goal", "initial", "options")
TURN_FIELDS = ("variant", "before", "rack", "after", "initial", "options")


def tile_slugs() -> list[str]:
    """The tile games (``deck_look == "tiles"``, the one trait): the games a whole turn is checked in."""
    return [v.slug for v in all_variants() if v.deck_look == "tiles"]


@dataclass(frozen=True)
class SolveAsk:
    """A best play as asked: the rack (a hand), the table, the goal, the initial meld, raw options."""

    variant: str
    rack: str = ""
    table: str | None = None
    goal: str = "tiles"
    initial: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TurnAsk:
    """A whole tile turn as asked: the table before, the rack before, the table after."""

    variant: str
    before: str = ""
    rack: str = ""
    after: str = ""
    initial: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)


def _past(raw: Any) -> bool:
    """Whether ``raw`` is a number of seconds past this server's bound (61 is: its refusal names 5)."""
    try:
        return float(raw) > MOST_SECONDS
    except (TypeError, ValueError):
        return False


def bounded(
    variant: str, options: Mapping[str, Any], cards: str = "", default: float = DEFAULT_SECONDS
) -> dict:
    """``options`` with ``time_limit`` read and held to :data:`MOST_SECONDS` (OptionError naming it),
    and a card game's hand held to its most cards (RulesError saying how many)."""
    out = dict(options)
    raw = out.get("time_limit", default)
    if _past(raw):  # (before the engine's reading, whose own bound, 60, this server does not keep)
        raise OptionError(
            "time_limit",
            f"{raw!r} is more than this server allows",
            f"seconds, more than 0 and at most {MOST_SECONDS:g}",
        )
    out["time_limit"] = time_limit(raw, most=MOST_SECONDS)  # the engine's reading: a number of seconds
    v = find_variant(variant)
    if v.deck_look != "tiles":
        out.pop("time_limit")  # the card games' finders take no clock
        most = v.most_hint_cards
        if len(tokenize(cards)) > most:
            raise RulesError(
                f"the best-play finder here takes a hand of at most {most} cards "
                f"({len(tokenize(cards))} were given)"
            )
    return out


def best_play(ask: SolveAsk) -> dict:
    """The engine's best play (tile games) or hint (card games) as JSON; RulesError on bad input."""
    options = bounded(ask.variant, ask.options, ask.rack)
    return solve(
        ask.variant, ask.rack, table=ask.table or None, goal=ask.goal, initial=ask.initial, **options
    ).to_dict()


def judge_turn(ask: TurnAsk) -> dict:
    """The engine's whole-turn verdict as JSON (RULES.md section 6 plus ``played`` and ``value``)."""
    options = bounded(ask.variant, ask.options, default=TURN_SECONDS)
    return check_turn(ask.variant, ask.before, ask.rack, ask.after, initial=ask.initial, **options).to_dict()


# -- from a JSON body --------------------------------------------------------------------------
def _text(body: Mapping[str, Any], name: str, *, required: bool = False, null: bool = False) -> str | None:
    value = body.get(name)
    if value is None and not required:
        return None if null else ""
    if not isinstance(value, str):
        raise InputError(f"'{name}' must be a string of card tokens" + (" (or null)" if null else ""))
    check_length(value)
    return value


def _flag(body: Mapping[str, Any], name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise InputError(f"'{name}' must be true or false")
    return value


def solve_from_json(body: Any) -> SolveAsk:
    """``{"variant", "rack", "table", "goal", "initial", "options"}`` to a :class:`SolveAsk`.

    >>> solve_from_json({"variant": "rummikub", "rack": "R7", "goal": "most"})
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RulesError: goal 'most': accepted: tiles, value
    """
    body = fields_of(body, SOLVE_FIELDS)
    variant, rack = variant_field(body), _text(body, "rack", required=True)
    goal = body.get("goal", "tiles")
    if goal not in GOALS:  # a value the schema's enum judges: 422, as the engine says it
        raise RulesError(f"goal {goal!r}: accepted: {', '.join(GOALS)}")
    return SolveAsk(
        variant, rack, _text(body, "table", null=True), goal, _flag(body, "initial"), options_field(body)
    )


def turn_from_json(body: Any) -> TurnAsk:
    """``{"variant", "before", "rack", "after", "initial", "options"}`` to a :class:`TurnAsk`."""
    body = fields_of(body, TURN_FIELDS)
    variant = variant_field(body)
    return TurnAsk(
        variant,
        _text(body, "before"),
        _text(body, "rack", required=True),
        _text(body, "after", required=True),
        _flag(body, "initial"),
        options_field(body),
    )


# -- from a query string (the pages' shareable URLs) -----------------------------------------------
def _query_options(variant: str, args: Any, names: tuple[str, ...], base: Mapping[str, Any]) -> dict:
    """The options named ``names`` from the query (the last value of each), else from ``base``."""
    spec = {o["name"] for o in find_variant(variant).describe()["options"]}
    options = {k: v for k, v in base.items() if k in names and k in spec}
    for name in names:
        values = args.getlist(name)
        if values:
            options[name] = values[-1]
    return options


def solve_from_query(variant: str, args: Any, names: tuple[str, ...], base: Mapping[str, Any]) -> SolveAsk:
    """The Best play page's query (``rack``, ``table``, ``goal``, ``initial``, the options ``names``)."""
    rack, table = args.get("rack", ""), args.get("table", "").strip() or None
    check_length(rack, table)
    goal = args.get("goal", "tiles")
    return SolveAsk(
        variant,
        rack,
        table,
        goal if goal in GOALS else "tiles",
        _on(args, "initial"),
        _query_options(variant, args, names, base),
    )


def turn_from_query(variant: str, args: Any, names: tuple[str, ...], base: Mapping[str, Any]) -> TurnAsk:
    """The whole-turn page's query (``before``, ``rack``, ``after``, ``initial``, the options ``names``)."""
    before, rack, after = args.get("before", ""), args.get("rack", ""), args.get("after", "")
    check_length(before, rack, after)
    return TurnAsk(
        variant, before, rack, after, _on(args, "initial"), _query_options(variant, args, names, base)
    )


def _on(args: Any, name: str) -> bool:
    values = args.getlist(name)
    return bool(values) and values[-1] in ("on", "yes", "true", "1")
