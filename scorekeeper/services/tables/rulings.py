"""A table's rulings: checker verdicts it adopted, option choices and readings of unclear cases."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from sqlalchemy import func, select
from werkzeug.datastructures import MultiDict

from ...checker.checking import from_query, run, share_query
from ...limits import RULING_NOTE_MAX as NOTE_MAX
from ...limits import RULING_TEXT_MAX as TEXT_MAX
from ...limits import RULINGS_MAX
from ...rules import RoundError, RulesError, find_variant
from ...storage.extensions import db
from ...storage.table_models import Ruling, Table
from .. import game_options
from ..transfer import YEARS
from .summaries import touch

#: a house game (:mod:`.house_games`): a named variant with its options, kept in the same ledger
HOUSE = "house"
KINDS = ("verdict", "option", "reading", HOUSE)


class RulingError(RoundError):
    """A ruling the table cannot keep (field by field, like a form's errors)."""


def option_choices(table: Table | None, variant: str) -> dict[str, Any]:
    """The table's latest choice of each option of ``variant`` (what its new games start with)."""
    if table is None:
        return {}
    choices: dict[str, Any] = {}
    for ruling in _rulings(table.id, variant, "option"):
        choices[ruling.decision["option"]] = ruling.decision["value"]
    return choices


def _rulings(table_id: int, variant: str | None = None, kind: str | None = None) -> list[Ruling]:
    query = select(Ruling).where(Ruling.table_id == table_id).order_by(Ruling.decided_on, Ruling.id)
    if variant is not None:
        query = query.where(Ruling.variant == variant)
    if kind is not None:
        query = query.where(Ruling.kind == kind)
    return list(db.session.execute(query).scalars())


def rulings_of(table: Table, variant: str | None = None) -> list[Ruling]:
    """The table's rulings (of one variant, when given), oldest decision first."""
    return _rulings(table.id, variant)


def adopt_verdict(
    table: Table, variant: str, query: Mapping[str, Any], note: str = "", decided_on: Any = None
) -> Ruling:
    """Keep the engine's verdict on the check ``query`` asks (the checker's link) as a ruling."""
    ask = from_query(find_variant(variant).slug, query if hasattr(query, "getlist") else MultiDict(query))
    if not ask.cards.strip():
        raise RulingError([("cards", "give the cards the table argued about")])
    verdict = run(ask)
    decision = {
        "ask": share_query(ask),
        "verdict": {
            key: verdict.get(key)
            for key in ("valid", "kind", "kinds", "points", "reasons", "alternatives")
            if key in verdict
        },
    }
    return _keep(table, "verdict", variant, decision, note, decided_on)


def choose_option(
    table: Table, variant: str, option: str, value: Any, note: str = "", decided_on: Any = None
) -> Ruling:
    """Keep a house-rule choice of a game option (validated by the engine, kept in its own spelling)."""
    try:
        chosen = game_options(variant, {option: value})[option]
    except RulesError as err:  # an OptionError: not a game option, or a value the engine refuses
        raise RulingError([("value", str(err))]) from None
    return _keep(table, "option", variant, {"option": option, "value": chosen}, note, decided_on)


def record_reading(
    table: Table, variant: str, question: str, answer: str, note: str = "", decided_on: Any = None
) -> Ruling:
    """Keep how the table reads an unclear case: the question and its answer."""
    question, answer = _text(question, "question"), _text(answer, "answer")
    return _keep(table, "reading", variant, {"question": question, "answer": answer}, note, decided_on)


def withdraw(table: Table, ruling_id: int) -> Ruling | None:
    """Remove one of the table's rulings; None when it has no such ruling."""
    ruling = db.session.get(Ruling, ruling_id)
    if ruling is None or ruling.table_id != table.id:
        return None
    db.session.delete(ruling)
    touch(table.id)
    db.session.flush()
    return ruling


def _keep(
    table: Table, kind: str, variant: str, decision: dict, note: Any, decided_on: Any, day: str = "decided_on"
) -> Ruling:
    """The ruling kept (``day``: the name the caller gave its day, for a refusal's field)."""
    note = " ".join(str(note or "").split())
    errors = []
    if len(note) > NOTE_MAX:
        errors.append(("note", f"a note can be at most {NOTE_MAX} characters"))
    when = _day(decided_on, errors, day)
    kept = db.session.execute(select(func.count()).select_from(Ruling).where(Ruling.table_id == table.id))
    if kept.scalar_one() >= RULINGS_MAX:
        errors.append(("", f"a table keeps at most {RULINGS_MAX} rulings; withdraw one first"))
    if errors:
        raise RulingError(errors)
    ruling = Ruling(
        table=table,
        kind=kind,
        variant=find_variant(variant).slug,
        decision=decision,
        note=note,
        decided_on=when,
    )
    db.session.add(ruling)
    touch(table.id)
    db.session.flush()
    return ruling


def _day(value: Any, errors: list, field: str = "decided_on") -> datetime:
    """A decision's day: a date, ``YYYY-MM-DD`` text, or today when not given; from year 1000 to
    2999, as the table's export writes it (so it always imports again)."""
    if value in (None, ""):
        today = date.today()
        return datetime(today.year, today.month, today.day)
    try:
        day = value if isinstance(value, date) else date.fromisoformat(str(value).strip())
        if day.year not in YEARS:
            raise ValueError(day.year)
        return day if isinstance(day, datetime) else datetime(day.year, day.month, day.day)
    except ValueError:
        errors.append((field, f"{value!r} is not a date (YYYY-MM-DD) from year 1000 to 2999"))
        return datetime(2000, 1, 1)


def _text(value: Any, field: str) -> str:
    text = " ".join(str(value or "").split())
    if not text:
        raise RulingError([(field, f"write the {field}")])
    if len(text) > TEXT_MAX:
        raise RulingError([(field, f"the {field} can be at most {TEXT_MAX} characters")])
    return text
