"""A table's whole history as JSON (to import back exactly) and as CSV (for spreadsheets)."""

from __future__ import annotations

import csv
import io
import re
import time
from typing import Any

from sqlalchemy import update

from ...limits import (
    HOUSE_GAMES_MAX,
    ROSTER_MAX,
    RULING_NOTE_MAX,
    RULINGS_MAX,
    TABLE_GAMES_MAX,
    TABLE_HANDS_MAX,
    TooMany,
    at_most,
)
from ...storage.extensions import db
from ...storage.table_models import Ruling, Table
from .. import SetupError, game_score, hash_secret
from ..names import look_alike_key
from ..transfer import TransferError, export_game, import_game, object_list, parse_stamp, stamp, stamps_in
from .bgstats_import import set_result
from .house_games import house_decision
from .restorable import BACKUP, export_hands
from .roster import create_table, game_secret, table_games
from .rulings import HOUSE, KINDS
from .summaries import attach, rerate_all

FORMAT = "scorekeeper-table"
VERSION = 1


def export_table(table: Table) -> dict:
    """The table's whole history as a JSON-ready dict, games in the order they were played."""
    members = {m.id: m.name for m in table.members}
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": table.public_id,
        "name": table.name,
        "created_at": stamp(table.created_at),
        "updated_at": stamp(table.updated_at),
        "players": [{"name": m.name, "created_at": stamp(m.created_at)} for m in table.members],
        "rulings": [
            {
                "kind": r.kind,
                "variant": r.variant,
                "decision": r.decision,
                "note": r.note,
                "decided_on": stamp(r.decided_on),
                "created_at": stamp(r.created_at),
            }
            for r in table.rulings
        ],
        "games": [
            {
                "players": [members[s.member_id] for s in summary.seats],
                "game": export_game(game),
                **({"result": _result(summary)} if summary.source is not None else {}),
            }
            for game, summary in reversed(table_games(table, hands=True, log=True))
        ],
    }


def _result(summary) -> dict:
    """A result-only game's imported result: where it came from, when, final totals and winners."""
    return {
        "source": summary.source,
        "played_at": stamp(summary.played_at),
        "totals": [s.total for s in summary.seats],
        "winners": [bool(s.winner) for s in summary.seats],
    }


def import_table(doc: Any) -> tuple[Table, str]:
    """A new table restored from an export, and its new secret (TransferError for a bad shape,
    the engine's RulesError for a game the rules refuse; nothing is kept unless all is valid)."""
    players, rulings, games = export_lists(doc)
    table, secret = create_table(doc.get("name"), [p.get("name") for p in players])
    for member, entry in zip(table.members, players):
        if entry.get("created_at") is not None:
            member.created_at = parse_stamp(entry["created_at"], "players.created_at")
    for i, entry in enumerate(rulings):
        table.rulings.append(_ruling(entry, f"rulings.{i}"))
    by_name = {look_alike_key(m.name): m for m in table.members}  # as the roster cleaned them
    for i, entry in enumerate(games):
        _import_table_game(table, secret, by_name, entry, f"games.{i}")
        # under gevent: the worker's other requests run between two games written (a club's games
        # have one to three hands each, so the game import's pause every 100 hands never came: 500
        # games held the worker 10 to 30 s)
        time.sleep(0)
    if any(entry.get("result") is not None for entry in games):
        rerate_all(table.id)  # result-only games are rated where they fall
    stamps = {key: parse_stamp(doc[key], key) for key in ("created_at", "updated_at") if doc.get(key)}
    db.session.flush()
    if stamps:
        db.session.execute(update(Table).where(Table.id == table.id).values(**stamps))
        db.session.refresh(table)
    return table, secret


def export_lists(doc: Any) -> tuple[list, list, list]:
    """The export's players, rulings and games, once its format and sizes are checked (cheap: the
    import asks it before the body's shape check, which for a big body waits for the worker pool)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
        raise TransferError(f'not a table export: expected "format": "{FORMAT}" and "version": {VERSION}')
    players, rulings, games = (
        object_list(doc, key, required=False) for key in ("players", "rulings", "games")
    )
    at_most(players, ROSTER_MAX, "players", "players on a roster")
    at_most(rulings, RULINGS_MAX, "rulings", "rulings")
    at_most([r for r in rulings if r.get("kind") == HOUSE], HOUSE_GAMES_MAX, "rulings", "house games")
    hands = export_hands(games)
    if len(games) > TABLE_GAMES_MAX or hands > TABLE_HANDS_MAX:  # the export said so too (restorable)
        raise TooMany(
            [
                (
                    "games",
                    f"at most {TABLE_GAMES_MAX:,} games and {TABLE_HANDS_MAX:,} hands in all the games, "
                    f"not {len(games):,} and {hands:,}: to move a bigger table, {BACKUP}",
                )
            ]
        )
    return players, rulings, games


def _import_table_game(table: Table, secret: str, by_name: dict, entry: dict, where: str) -> None:
    """One exported game, restored and seated at the roster players it names."""
    seats = entry.get("players")
    if not isinstance(seats, list) or not all(isinstance(n, str) for n in seats):
        raise TransferError(f"{where}.players: the roster names of the game's seats (a list of text)")
    seats = [look_alike_key(n) for n in seats]
    if not all(n in by_name for n in seats):  # the shape is right, the names are not the roster's: a 422
        raise SetupError([(f"{where}.players", "name a roster player for every seat")])
    game, _ = import_game(entry.get("game"))
    if len(seats) != len(game.players) or len(set(seats)) != len(seats):
        raise SetupError([(f"{where}.players", "one different roster player per seat")])
    game.secret_hash = hash_secret(game_secret(secret, game.public_id))
    attach(table, game, [by_name[n] for n in seats], game_score(game))
    result = entry.get("result")
    if result is not None:  # a result-only game (imported from BG Stats) keeps its result
        if not isinstance(result, dict) or not isinstance(result.get("source"), str):
            raise TransferError(f"{where}.result: a result-only game's source, time, totals and winners")
        totals, winners = result.get("totals"), result.get("winners")
        if not (
            isinstance(totals, list)
            and isinstance(winners, list)
            and len(totals) == len(winners) == len(seats)
        ):
            raise TransferError(f"{where}.result: one total and one winner flag per seat")
        when = parse_stamp(result.get("played_at"), f"{where}.result.played_at")
        set_result(game, result["source"][:64], when, [int(t) for t in totals], [bool(w) for w in winners])


def _ruling(entry: dict, where: str) -> Ruling:
    if entry.get("kind") not in KINDS or not isinstance(entry.get("variant"), str):
        raise TransferError(f"{where}: a kind ({', '.join(KINDS)}) and a variant are required")
    if not isinstance(entry.get("decision"), dict) or not isinstance(entry.get("note", ""), str):
        raise TransferError(f"{where}: the decision must be an object and the note text")
    if entry["kind"] == HOUSE:  # a house game is checked again, as when it was adopted
        d = entry["decision"]
        checked = house_decision(None, d.get("name"), entry["variant"], d.get("options"))
        entry = {**entry, "variant": checked["variant"], "decision": checked["house"]}
    # a time left out (or null, as the document allows) is the time of the import, as for a new ruling
    return Ruling(
        kind=entry["kind"],
        variant=entry["variant"],
        decision=entry["decision"],
        note=entry.get("note", "")[:RULING_NOTE_MAX],
        **stamps_in(entry, where, ("decided_on", "created_at")),
    )


# -- CSV -----------------------------------------------------------------------------------

GAME_COLUMNS = (
    "game",
    "variant",
    "started",
    "status",
    "hands",
    "seat",
    "player",
    "name_in_game",
    "total",
    "rank",
    "won",
    "rating_mu",
    "rating_sigma",
)
HAND_COLUMNS = ("game", "variant", "hand", "dealer", "seat", "player", "change", "total")
#: where a spreadsheet may start a cell inside a text cell: a spreadsheet splitting the file on another
#: separator than the comma (much of Europe: ';'; or a tab, a pipe) or reading a line break inside
#: quotes as a new row starts a cell there, and quoting the cell does not stop it (LibreOffice reading
#: ';' starts a cell at `=4+4` in `"x"";=4+4"` and runs it)
CELL_STARTS = ";,\t|\r\n"
#: what makes a spreadsheet read a cell as a formula (OWASP "CSV injection"), the full-width forms
#: (which a spreadsheet typed in Japanese or Chinese takes for them) too; spaces (any: a non-breaking
#: or ideographic one; not a tab or line break, which start a cell of their own) and double quotes
#: before it are skipped, as a spreadsheet that trims a cell would
FORMULA = re.compile(
    rf"(?:^|(?<=[{CELL_STARTS}]))(?:(?=[\t\r])|(?:[^\S\t\r\n]|\")*(?=[=+\-@\uff1d\uff0b\uff0d\uff20]))"
)


def inert(cell):
    r"""A text cell with a ``'`` before each place a spreadsheet would start a formula, so it reads as
    text: one rule for the cell's start and for each place a cell may start inside it (after ';', a
    tab, '|', ',' or a line break); spaces and double quotes before the sign do not hide it, and a
    tab or CR at such a place gets one too (OWASP). Numbers (negative changes included) and other text
    unchanged (the JSON export stays exact).

    >>> print(inert('=HYPERLINK("http://ev.il","x")'), inert("@SUM(A1)"), inert("-5"), inert(-5), inert("Ann"))
    '=HYPERLINK("http://ev.il","x") '@SUM(A1) '-5 -5 Ann
    >>> print(inert("Ann;=1+1"), inert('x";=4+4;"'), inert('Bo; "-2'), inert("Smith-Jones; Ann"))
    Ann;'=1+1 x";'=4+4;" Bo; "'-2 Smith-Jones; Ann
    >>> [inert(c) for c in (" =1+1", '"+1', "\u00a0@A1", "Jo\n-1", "\tx", "\r=1", " \t=1")]
    [" '=1+1", '"\'+1', "\xa0'@A1", "Jo\n'-1", "'\tx", "'\r'=1", " \t'=1"]
    >>> inert("\uff1d1+1") == "'\uff1d1+1"  # a full-width equals sign
    True
    """
    if not isinstance(cell, str):
        return cell
    return FORMULA.sub(lambda found: found[0] + "'", cell)


def _csv(columns: tuple[str, ...], rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows([inert(cell) for cell in row] for row in rows)
    return out.getvalue()


def games_csv(table: Table) -> str:
    """One line per player per game: result, finishing rank, win and the rating after the game."""
    names = {m.id: m.name for m in table.members}
    return _csv(
        GAME_COLUMNS,
        (
            (
                game.public_id,
                game.variant,
                stamp(game.created_at),
                "finished" if summary.finished else "in_progress",
                summary.hands,
                s.seat + 1,
                names[s.member_id],
                game.names[s.seat],
                s.total,
                s.rank,
                "yes" if s.winner else "no",
                "" if s.mu is None else round(s.mu, 3),
                "" if s.sigma is None else round(s.sigma, 3),
            )
            for game, summary in reversed(table_games(table))
            for s in summary.seats
        ),
    )


def hands_csv(table: Table) -> str:
    """One line per player per hand: the change the engine scored and the running total."""
    names = {m.id: m.name for m in table.members}
    rows = []
    for game, summary in reversed(table_games(table, hands=True)):
        score = game_score(game)
        for r in score.rounds:
            rows.extend(
                (
                    game.public_id,
                    game.variant,
                    r.number,
                    game.names[r.dealer],
                    s.seat + 1,
                    names[s.member_id],
                    r.changes[s.seat],
                    r.totals[s.seat],
                )
                for s in summary.seats
            )
    return _csv(HAND_COLUMNS, rows)
