"""Club night's printed sheets (issue 39, docs/printing.md "Club night"): table cards, score slips,
the final standings and the organiser's event sheet, from an event's rows.

The context is read from the database in the request (names, rounds, results); the HTML is
rendered there in the reader's language and laid out in the worker pool (:func:`.documents.render_pdf`),
as the blank sheets are. The printing code computes no score: places and points come from
:mod:`scorekeeper.club` through :mod:`scorekeeper.services.club`.
"""

from __future__ import annotations

from typing import Any

from babel.dates import format_date
from sqlalchemy import select

from ..display.isolates import LRI, LRM, PDI, RLI, isolated, mixed, right_to_left
from ..display.qr import qr_png_url
from ..display.words import signed
from ..rules import find_variant
from ..services.club import evening_order, evening_over, names_of, played_final
from ..services.club.results import EDITOR, table_game_of
from ..storage.club_models import ClubEvent, EventRound, EventTable
from ..storage.extensions import db
from ..storage.models import Game
from ..storage.table_models import Table as Club
from ..web.addresses import external_url
from ..web.described import variant_name
from ..web.languages import direction
from .club_words import (
    over_sentence,
    points_text,
    round_title,
    rule_words,
    scheme_sentence,
    tie_sentence,
    tiebreak_sentence,
)
from .documents import page, render_pdf
from .language import language_now

#: lines for hands on a score slip (two slips to a page)
SLIP_LINES = 12
#: a name longer than this prints smaller on a table card, so none is cut off
LONG_NAME = 18
#: the isolates around a shown name (:func:`shown_names`), left out when it is measured
MARKS = LRI + RLI + PDI + LRM
#: half of a landscape page's height, a tent card's side (a hair under, so two fit one page)
CARD_HALF = {"a4": "104.9mm", "letter": "107.8mm"}


def number(value: float) -> str:
    """A point count as the reader writes it: ``4``, ``1.5`` (``1,5`` in German), as the page does."""
    return points_text(value, language_now())


def event_head(event: ClubEvent) -> dict[str, Any]:
    club = db.session.get(Club, event.table_id)
    return {
        "name": event.name,
        "club": club.name if club else "",
        "date": format_date(event.held_on, "long", locale=language_now()),
        "variant": _variant(event),
        "variant_slug": event.variant,
        "public_id": event.public_id,
    }


def _variant(event: ClubEvent) -> str:
    """The game played: the variant's name, and the points game's own ("Five Crowns") when it has one."""
    name = variant_name(find_variant(event.variant).name)
    own = (event.options or {}).get("game_name")
    return f"{name}: {own}" if own else name


def shown_names(event: ClubEvent) -> dict[int, str]:
    """The players' names as printed: each isolated on a right-to-left page, or where a name is written
    right to left (docs/languages.md "Right to left in the PDFs"), so "Ann B." on a Hebrew card never
    prints ".Ann B" and "Ann · דנה · רון" keeps its order on an English one."""
    names = names_of(event)
    if not mixed(names.values(), direction(language_now()) == "rtl"):
        return names
    return {player: isolated(name) for player, name in names.items()}


def round_of(event: ClubEvent, wanted: int | None) -> EventRound | None:
    """Round ``wanted`` of the event, or its latest round (None: none such, or none seated yet)."""
    rounds = event.event_rounds
    if wanted is None:
        return rounds[-1] if rounds else None
    return next((r for r in rounds if r.number == wanted), None)


def table_lines(event: ClubEvent, event_round: EventRound, names: dict[int, str]) -> list[dict[str, Any]]:
    """Each table of a round: its number, players in seat order (the first starts), its game's
    addresses and QR code, and its result once declared."""
    lines = []
    ids = [t.game_id for t in event_round.tables if t.game_id]
    # the round's games' ids in one query, not one a table (an evening's sheet prints 100 tables)
    public = (
        dict(db.session.execute(select(Game.id, Game.public_id).where(Game.id.in_(ids))).all()) if ids else {}
    )
    for table in event_round.tables:
        game = public.get(table.game_id)
        players = [names.get(m, "?") for m in table.members]
        line = {
            "number": table.number,
            "players": players,
            "long": any(len(name.strip(MARKS)) > LONG_NAME for name in players),
            # each name's own direction, for a box of its own: a long Latin name wrapped on a Hebrew
            # slip reads "Wojciechowski-", not "-Wojciechowski" (Pango lays out each line apart)
            "dirs": ["rtl" if right_to_left(name) else "ltr" for name in players],
            "starter": players[0] if players else "",
            "result": _result(event, table, players),
            "game_url": external_url("games.show", public_id=game) if game else "",
            "seat_url": external_url("seats.seat_page", public_id=game) if game else "",
        }
        line["qr"] = qr_png_url(line["game_url"], border=2) if game else ""
        lines.append(line)
    return lines


def _result(event: ClubEvent, table: EventTable, players: list[str]) -> dict[str, Any] | None:
    if table.result is None:
        return None
    # a line of names and signed scores keeps its order in a Hebrew sheet: each score isolated as the
    # names are (:func:`shown_names`)
    rtl = direction(language_now()) == "rtl"
    mark = isolated if mixed(players, rtl) else str
    shared = table_game_of(event, table).places()  # tied players share the places they fill (2.5)
    places = [1 + sum(q < p for q in shared) for p in shared]  # as read aloud: 1st, 2nd, 2nd, 4th
    return {
        "scores": [
            (name, mark(signed(score)), place) for name, score, place in zip(players, table.result, places)
        ],
        "final": table.final,
        "overridden": table.overridden,
        # the organiser's own words, in their own direction on any sheet: an English reason on a Hebrew
        # sheet printed its ";" at the far end of the line (and a Hebrew one turned an English line)
        "reason": isolated(table.reason) if mixed([table.reason or ""], rtl) else table.reason,
        "declared_by": _who(players, table.declared_by),
        "confirmed_by": _who(players, table.confirmed_by),
    }


def _who(players: list[str], seat: int | None) -> str | None:
    """A seat's player; the game's editor as ``""``; nobody as None."""
    if seat is None:
        return None
    return "" if seat == EDITOR or not 0 <= seat < len(players) else players[seat]


def round_head(event_round: EventRound) -> dict[str, Any]:
    return {
        "number": event_round.number,
        "title": round_title(event_round.number, event_round.stage),
        "rule": rule_words(event_round.rule),
        "seed": event_round.seed,
    }


def round_context(event: ClubEvent, event_round: EventRound) -> dict[str, Any]:
    return {
        "event": event_head(event),
        "round": round_head(event_round),
        "tables": table_lines(event, event_round, shown_names(event)),
    }


def table_cards_pdf(event: ClubEvent, event_round: EventRound, paper: str = "a4") -> bytes:
    """One folded tent card per table (A4 or Letter landscape, folded across): the back half
    upside down, so the table's number reads from across the room on either side."""
    context = round_context(event, event_round)
    return render_pdf(
        "pdf/events/cards.html",
        page=page(paper, "landscape"),
        half=CARD_HALF[paper],
        title=f"{event.name}: {context['round']['title']}",
        **context,
    )


def score_slips_pdf(event: ClubEvent, event_round: EventRound, paper: str = "a4") -> bytes:
    """A slip per table to keep by hand when a phone dies: two to a page, cut apart."""
    context = round_context(event, event_round)
    tables = context["tables"]
    return render_pdf(
        "pdf/events/slips.html",
        page=page(paper, "portrait"),
        pages=[tables[i : i + 2] for i in range(0, len(tables), 2)],
        lines=SLIP_LINES,
        title=f"{event.name}: {context['round']['title']}",
        **context,
    )


def standings_context(event: ClubEvent) -> dict[str, Any]:
    names = shown_names(event)
    lines = evening_order(event)  # the final's places first once it is played, as on the page
    cut_rounds = [r for r in event.event_rounds if r.stage != "round"]
    final = played_final(event)
    order = [s.player for s in lines[: len(final.members)]] if final else None
    return {
        "event": event_head(event),
        "lines": [
            {
                "rank": s.rank,
                "name": names.get(s.player, "?"),
                "points": number(s.points),
                "games": s.games,
                "wins": s.wins,
                "tie": tie_sentence(s.parted_by),  # the event page's note, in its words
            }
            for s in lines
        ],
        "cuts": [
            {"title": round_title(r.number, r.stage), "tables": table_lines(event, r, names)}
            for r in cut_rounds
        ],
        "order": [names.get(p, "?") for p in order] if order else [],
        "scheme": scheme_sentence(event.scheme),
        "tiebreaks": [tiebreak_sentence(t) for t in event.tiebreaks],
        "rounds_played": sum(1 for r in event.event_rounds if r.stage == "round"),
        # said as the event page says it: ended by the organiser, or by the final's result
        "over": over_sentence() if evening_over(event) else "",
    }


def standings_pdf(event: ClubEvent, paper: str = "a4") -> bytes:
    """The evening's ranking: the final's order when there was a cut, then every player's line."""
    return render_pdf(
        "pdf/events/standings.html",
        page=page(paper, "portrait"),
        title=event.name,
        **standings_context(event),
    )


def event_sheet_pdf(event: ClubEvent, paper: str = "a4") -> bytes:
    """The organiser's record: the settings, who checked in, every round's seating with its seed,
    every table's result (and each override with its reason), then the standings."""
    names, shown = names_of(event), shown_names(event)
    entrants = [
        {"name": shown.get(e.member_id, "?"), "arrived": e.arrived, "left_after": e.left_after}
        for e in sorted(event.entrants, key=lambda e: names.get(e.member_id, "?").casefold())
    ]
    rounds = [{**round_head(r), "tables": table_lines(event, r, shown)} for r in event.event_rounds]
    return render_pdf(
        "pdf/events/sheet.html",
        page=page(paper, "portrait"),
        title=event.name,
        settings={
            "rounds": event.rounds,
            "scale": ", ".join(number(v) for v in event.scale),
            "places": event.scheme == "places",
            "fives": event.fives,
            "twos": event.twos,
            "minutes": event.round_minutes,
        },
        entrants=entrants,
        rounds=rounds,
        **standings_context(event),
    )
