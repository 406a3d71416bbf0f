"""A table's house games: a named variant with its options ("Five Crowns: points, low wins, 11 rounds"),
kept in the table's rulings ledger (kind ``house``) with the day it was adopted."""

from __future__ import annotations

from typing import Any

from ...limits import HOUSE_GAME_NAME_MAX as NAME_MAX
from ...limits import HOUSE_GAMES_MAX
from ...rules import RulesError, find_variant
from ...storage.table_models import Ruling, Table
from .. import game_options
from .rulings import HOUSE, RulingError, _keep, rulings_of, withdraw
from .summaries import touch


def house_games(table: Table) -> list[Ruling]:
    """The table's house games, oldest adoption first."""
    return [r for r in rulings_of(table) if r.kind == HOUSE]


def house_game(table: Table, hid: Any) -> Ruling | None:
    """One of the table's house games by its id (a number, or its text), else None."""
    return next((r for r in house_games(table) if str(r.id) == str(hid).strip()), None)


def adopt_house_game(
    table: Table, name: Any, variant: Any, options: Any = None, note: str = "", adopted_on: Any = None
) -> Ruling:
    """Keep a named house game: the variant's options checked by the engine and kept as chosen (a
    ``points`` house game plays under its own name unless ``game_name`` says otherwise).

    The table's row is held first (:func:`.summaries.touch`), so two house games adopted at the same
    moment are checked one after the other: under PostgreSQL's READ COMMITTED both passed the check
    for a name already taken, and the table kept two house games of one name."""
    touch(table.id)
    decision = house_decision(table, name, variant, options)
    return _keep(table, HOUSE, decision["variant"], decision["house"], note, adopted_on, "adopted_on")


def house_decision(table: Table | None, name: Any, variant: Any, options: Any) -> dict:
    """The checked decision of a house game (``{"variant", "house": {"name", "options"}}``), or a
    RulingError naming each field the table must fix."""
    errors = []
    text = " ".join(name.split()) if isinstance(name, str) else ""
    if not text:
        errors.append(("name", "give the house game a name"))
    elif len(text) > NAME_MAX:
        errors.append(("name", f"a house game's name can be at most {NAME_MAX} characters"))
    elif table is not None and any(
        h.decision["name"].casefold() == text.casefold() for h in house_games(table)
    ):
        errors.append(("name", f"the table already has a house game called {text!r}"))
    if table is not None and len(house_games(table)) >= HOUSE_GAMES_MAX:
        errors.append(("", f"a table keeps at most {HOUSE_GAMES_MAX} house games; withdraw one first"))
    if options is not None and not isinstance(options, dict):
        errors.append(("options", "the options must be an object of option names and values"))
        options = {}
    try:
        slug = find_variant(str(variant or "")).slug
    except RulesError:
        raise RulingError([*errors, ("variant", f"{variant!r} is not a variant of this app")]) from None
    chosen = dict(options or {})
    if slug == "points" and text and not chosen.get("game_name"):
        chosen["game_name"] = text
    try:
        full = game_options(slug, chosen)
    except RulesError as err:  # one OptionError, or a SetupError naming every bad option
        errors.extend(getattr(err, "errors", None) or [("options", str(err))])
        full = {}
    if errors:
        raise RulingError(errors)
    return {"variant": slug, "house": {"name": text, "options": {k: full[k] for k in chosen}}}


def drop_house_game(table: Table, hid: Any) -> Ruling | None:
    """Withdraw one of the table's house games; None when it has no such house game."""
    found = house_game(table, hid)
    return withdraw(table, found.id) if found is not None else None
