"""What the event page shows, in the reader's language: the round's tables with their result's state,
the standings and the log as sentences with names (each in ``<bdi>``), never seat numbers."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext
from markupsafe import Markup, escape

from ..display.bidi import bdi, number
from ..display.words import name_list
from ..printing.club_words import points_text, tie_sentence
from ..rulebook.book import N_
from ..services.club import current_round, evening_order
from ..services.club.results import EDITOR
from ..storage.club_models import ClubEvent, EventLogEntry, EventTable
from ..storage.extensions import db
from ..storage.models import Game
from .refusals import EDITOR_WORDS
from .words import RULE_NAMES, said_markup


@dataclass
class TableView:
    """One table of the round as the page shows it."""

    row: EventTable
    names: list[str]
    game: str | None
    state: Markup
    scores: list[tuple[str, int]] = field(default_factory=list)


def names_markup(names: list[str]) -> Markup:
    """Names joined as the language joins a list, each isolated."""
    from ..display.bidi import isolated_names

    return isolated_names(names, name_list)


def scores_markup(names: list[str], scores: list[int] | None) -> Markup:
    """``Ann 12, Bob -3``: each name isolated, each score isolated left to right."""
    if not scores:
        return Markup("")
    return Markup(", ").join(
        bdi(n) + Markup("\u00a0") + number(s) for n, s in zip(names, scores, strict=False)
    )


def _who(names: list[str], seat: int | None) -> Markup:
    """Who declared or confirmed: a seat's name, else the game's editor (a seat of -1)."""
    if seat is None or not 0 <= seat < len(names):
        return escape(gettext(EDITOR_WORDS))
    return bdi(names[seat])


def table_state(t: EventTable, names: list[str]) -> Markup:
    """Where a table's result stands, in a sentence."""
    if t.result is None:
        return escape(gettext("playing"))
    if t.overridden:
        return said_markup(N_("set by the organiser: %(reason)s"), {"reason": bdi(t.reason)})
    if t.final:
        return said_markup(N_("final, confirmed by %(name)s"), {"name": _who(names, t.confirmed_by)})
    return said_markup(
        N_("declared by %(name)s, waiting for a second player"), {"name": _who(names, t.declared_by)}
    )


def round_tables(event: ClubEvent, names: dict[int, str]) -> list[TableView]:
    """The tables of the round being played (or the last one), each with its game's address."""
    event_round = current_round(event)
    tables = event_round.tables if event_round else []
    ids = [t.game_id for t in tables if t.game_id]
    games = (
        dict(db.session.execute(db.select(Game.id, Game.public_id).where(Game.id.in_(ids))).all())
        if ids
        else {}
    )
    views = []
    for t in tables:
        seated = [names.get(m, "?") for m in t.members]
        scores = list(zip(seated, t.result or [], strict=False))
        views.append(TableView(t, seated, games.get(t.game_id), table_state(t, seated), scores))
    return views


def standing_rows(event: ClubEvent, names: dict[int, str]) -> list[dict]:
    return [
        {
            "rank": s.rank,
            "name": names.get(s.player, "?"),
            "points": points_text(s.points),
            "games": s.games,
            "wins": s.wins,
            "tie": tie_sentence(s.parted_by),  # the printed standings' words too; the page escapes it
        }
        for s in evening_order(event)
    ]


def log_lines(event: ClubEvent) -> list[Markup]:
    """The event's log, oldest first, each change a sentence."""
    entries = db.session.execute(
        db.select(EventLogEntry).where(EventLogEntry.event_id == event.id).order_by(EventLogEntry.id)
    ).scalars()
    seated: list[list[str]] = []
    lines = []
    for entry in entries:
        d = entry.detail or {}
        if entry.action == "seated":
            seated = d.get("tables") or []
        note = GAME_NOTES.get(entry.action)
        lines.append(
            said_markup(note, {"table": d.get("table")}) if note else _sentence(entry.action, d, seated)
        )
    return [line for line in lines if line]


#: what the services log of a table's game after its result was declared (services/club/results.py)
GAME_NOTES = {
    "withdrawn": N_("Table %(table)s's declared result was withdrawn: a hand of its game changed."),
    "changed_after_final": N_(
        "Table %(table)s's game changed after its result was final: set the result as the organiser."
    ),
    "game_deleted": N_("Table %(table)s's game was deleted: set the result as the organiser."),
}


def _table_names(seated: list[list[str]], number_: int) -> list[str]:
    return seated[number_ - 1] if 0 < number_ <= len(seated) else []


def _sentence(action: str, d: dict, seated: list[list[str]]) -> Markup | None:
    table = d.get("table", 0)
    scores = scores_markup(_table_names(seated, table), d.get("scores"))
    by = d.get("by", EDITOR)  # the seat that declared or confirmed (-1: the game's editor)
    who = _who(_table_names(seated, table), by if isinstance(by, int) else EDITOR)
    if action == "created":
        return said_markup(N_("The evening %(name)s was set up."), {"name": bdi(d.get("name", ""))})
    if action == "check_in":
        return said_markup(
            N_("%(name)s checked in, seated from round %(round)s."),
            {"name": bdi(d.get("name")), "round": d.get("round")},
        )
    if action == "check_out":
        return said_markup(
            N_("%(name)s checked out after round %(round)s."),
            {"name": bdi(d.get("name")), "round": d.get("round")},
        )
    if action == "seated":
        return _seated(d)
    if action == "declared":
        return said_markup(
            N_("Table %(table)s's result declared by %(name)s: %(scores)s."),
            {"table": table, "name": who, "scores": scores},
        )
    if action == "confirmed":
        return said_markup(
            N_("Table %(table)s's result confirmed by %(name)s: %(scores)s."),
            {"table": table, "name": who, "scores": scores},
        )
    if action == "ended":
        return said_markup(
            N_("The organiser ended the evening after round %(round)s: its standings are final."),
            {"round": d.get("round")},
        )
    if action == "reopened":
        return said_markup(
            N_("The organiser reopened the evening after round %(round)s."), {"round": d.get("round")}
        )
    if action == "overridden":
        return said_markup(
            N_("Table %(table)s's result set by the organiser: %(scores)s. Why: %(reason)s"),
            {"table": table, "scores": scores, "reason": bdi(d.get("reason", ""))},
        )
    return None


def _seated(d: dict) -> Markup:
    """A round seated (or a cut), its tables by names, and whom a cut's lot drew among."""
    tables = Markup(" ").join(
        said_markup(N_("Table %(table)s: %(names)s."), {"table": i + 1, "names": names_markup(n)})
        for i, n in enumerate(d.get("tables") or [])
    )
    values = {
        "round": d.get("round"),
        "seed": d.get("seed"),
        "rule": gettext(RULE_NAMES.get(d.get("rule"), "")),
    }
    if d.get("stage") == "semi":
        head = said_markup(N_("Cut to the semi-finals (round %(round)s, seed %(seed)s)."), values)
    elif d.get("stage") == "final":
        head = said_markup(N_("Cut to the final (round %(round)s, seed %(seed)s)."), values)
    else:
        head = said_markup(N_("Round %(round)s seated (%(rule)s, seed %(seed)s)."), values)
    if d.get("drawn"):  # a cut line among players tied after every tiebreak
        tables += Markup(" ") + said_markup(
            N_("%(names)s were tied at the cut line after every tiebreak: the seed drew who went through."),
            {"names": names_markup(d["drawn"])},
        )
    return head + Markup(" ") + tables
