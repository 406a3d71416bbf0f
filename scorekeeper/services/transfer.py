"""A whole game as JSON and back: ``export_game`` and ``import_game``."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..limits import AUDIT_MAX, HANDS_MAX, at_most
from ..rules import GameScore, RoundError, all_variants, score_game
from ..storage.extensions import db
from ..storage.models import AuditEntry, Game, Round
from ..storage.seat_models import SEAT_LOG_ACTIONS
from . import SetupError, clean_names, create_game, game_options, hand_facts
from .change_log import check_walkable
from .log_replay import check_replay
from .seats.seat_log import shown_to, unrecorded

FORMAT = "scorekeeper-game"
VERSION = 1
#: a change log's actions: the hands' changes, then the seats' entries (issue 38), which Undo passes by
AUDIT_ACTIONS = ("create", "record", "edit", "delete", "undo", "redo", *SEAT_LOG_ACTIONS)
#: Largest hand number kept (an INTEGER column: PostgreSQL refuses more, SQLite would not).
HAND_MAX = 2**31 - 1


class TransferError(ValueError):
    """An export document of the wrong shape (HTTP 400): not a rules question."""


def stamp(moment: datetime | None) -> str | None:
    """A stored (naive UTC) time as ISO 8601 with ``Z``.

    >>> stamp(datetime(2024, 5, 1, 20, 30))
    '2024-05-01T20:30:00Z'
    """
    if moment is None:
        return None
    return moment.replace(tzinfo=None).isoformat() + "Z"


#: the years a stamp may fall in, in UTC (the API document's pattern: an export always imports again)
YEARS = range(1000, 3000)


def parse_stamp(text: Any, where: str) -> datetime:
    """ISO 8601 text back to a naive UTC time from year 1000 to 2999; RoundError naming ``where``
    otherwise (a 422: the API has checked the text's shape against its document already, but a time
    zone can move 1000-01-01T00:00+01:00 into year 999, which no export could carry back).

    >>> parse_stamp("2024-05-01T22:30:00+02:00", "created_at")
    datetime.datetime(2024, 5, 1, 20, 30)
    >>> parse_stamp("1000-01-01T00:00:00+01:00", "created_at")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RoundError: created_at: '1000-01-01T00:00:00+01:00' is not ... 1000 to 2999 (in UTC)
    """
    try:
        moment = datetime.fromisoformat(str(text))
        if moment.tzinfo is not None:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
        if moment.year not in YEARS:
            raise ValueError(moment.year)
    except (ValueError, OverflowError):  # OverflowError: a time zone pushes it past year 1 or 9999
        raise RoundError(
            [(where, f"{text!r} is not an ISO 8601 time from year 1000 to 2999 (in UTC)")]
        ) from None
    return moment


def export_game(game: Game, *, editor: bool = True) -> dict:
    """The whole game as a JSON-ready dict (see the module docstring); without the ``editor``'s
    secret, its change log as :func:`~.seats.seat_log.shown_to` shows it."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": game.public_id,
        "variant": game.variant,
        "options": dict(game.options or {}),
        "first_dealer": game.first_dealer,
        "status": game.status,
        "created_at": stamp(game.created_at),
        "updated_at": stamp(game.updated_at),
        "players": [{"seat": p.seat, "name": p.name} for p in game.players],
        "rounds": [
            {
                "number": r.number,
                "facts": r.facts,
                "created_at": stamp(r.created_at),
                "updated_at": stamp(r.updated_at),
            }
            for r in game.rounds
        ],
        "audit": [logged_change(a, None if editor else unrecorded(game)) for a in game.audit_entries],
    }


def logged_change(entry, open_hand: int | None = None) -> dict:
    """One change log entry as exports (and the API's undo and redo) write it; ``open_hand``: the
    number of the hand not recorded yet, for a reader without the edit secret (None: the editor)."""
    old, new, summary = shown_to(entry, open_hand)
    return {
        "at": stamp(entry.at),
        "action": entry.action,
        "round_number": entry.round_number,
        "old": old,
        "new": new,
        "summary": summary,
        "undone": bool(entry.undone),
    }


@dataclass
class GameRead:
    """A game export read and judged by the engine, nothing written yet (:func:`read_game`)."""

    variant: str
    names: list[str]
    options: dict
    first_dealer: int
    facts: list[dict]
    #: each hand's times (those the export gives)
    stamps: list[dict]
    #: the change log when the export has one (None: the new game's own "create" entry)
    audit: list[AuditEntry] | None
    score: GameScore
    #: the game's own times (those the export gives)
    game_stamps: dict = field(default_factory=dict)

    @property
    def status(self) -> str:
        return "finished" if self.score.finished else "in_progress"

    @property
    def version(self) -> int:
        """One per change kept in the log, as the game had it."""
        return sum(entry.action != "create" for entry in self.audit or ())


def import_game(doc: Any) -> tuple[Game, str]:
    """A new game restored from an export, and its new edit secret.

    TransferError for a document of the wrong shape; the engine's RulesError
    (RoundError with the round number) when its players, options or hands are
    not a game the rules accept. Nothing is kept unless everything is valid.
    """
    read = read_game(doc)
    game, secret = create_game(read.variant, read.names, read.options, read.first_dealer)
    for number, (round_facts, when) in enumerate(zip(read.facts, read.stamps), 1):
        game.rounds.append(Round(number=number, facts=round_facts, **when))
    if read.audit is not None:
        game.audit_entries.clear()
        game.audit_entries.extend(read.audit)
        game.version = read.version
    game.status = read.status
    for key, value in read.game_stamps.items():
        setattr(game, key, value)
    db.session.flush()
    return game, secret


def read_game(doc: Any) -> GameRead:
    """A game export checked whole, shape and rules (the errors of :func:`import_game`), nothing written."""
    doc = _document(doc)
    players = object_list(doc, "players")
    at_most(players, max(v.max_players for v in all_variants()), "players", "players")
    at_most(object_list(doc, "rounds", required=False), HANDS_MAX, "rounds", "hands in a game")
    at_most(object_list(doc, "audit", required=False), AUDIT_MAX, "audit", "change-log entries")
    seats = [_int(p.get("seat"), f"players.{i}.seat") for i, p in enumerate(players)]
    if sorted(seats) != list(range(len(players))):
        raise SetupError([("players", f"seats must be 0..{len(players) - 1}, each once")])
    names = [p.get("name") for _, p in sorted(zip(seats, players), key=lambda pair: pair[0])]
    rounds = object_list(doc, "rounds", required=False)
    for i, entry in enumerate(rounds):
        if not isinstance(entry.get("facts"), dict):
            raise TransferError(f"rounds.{i}: give number {i + 1} and its facts (an object)")
        if entry.get("number") != i + 1:  # a gap or a repeat: the shape is right, the numbers are not
            raise RoundError(
                [
                    (
                        f"rounds.{i}.number",
                        f"rounds.{i}: hands are numbered 1, 2, 3 ...; this one must be {i + 1}",
                    )
                ]
            )
    # each hand as the variant reads it (RoundError naming unknown keys, with the hand number)
    facts = [
        pausing(i) or hand_facts(doc["variant"], entry["facts"], i + 1) for i, entry in enumerate(rounds)
    ]
    audit = [_audit_entry(a, i) for i, a in enumerate(object_list(doc, "audit", required=False))]
    check_walkable(doc["variant"], audit, len(rounds))  # Undo and Redo can walk the log (422 otherwise)

    first_dealer = _int(doc.get("first_dealer", 0), "first_dealer")
    stamps = [stamps_in(entry, f"rounds.{i}") for i, entry in enumerate(rounds)]
    # The engine judges the options and every hand before anything is added.
    cleaned, opts = clean_names(names), game_options(doc["variant"], doc.get("options"))
    score = score_game(
        doc["variant"], facts, players=len(names), first_dealer=first_dealer, names=cleaned, options=opts
    )
    # and every game Undo and Redo can reach from it (issue 36)
    start = score_game(
        doc["variant"], [], players=len(names), first_dealer=first_dealer, names=cleaned, options=opts
    )
    check_replay(doc["variant"], audit, facts, start, opts)
    return GameRead(
        variant=doc["variant"],
        names=names,
        options=doc.get("options"),
        first_dealer=first_dealer,
        facts=facts,
        stamps=stamps,
        audit=audit if "audit" in doc else None,
        score=score,
        game_stamps=stamps_in(doc, "game"),
    )


# -- shape checks -----------------------------------------------------------------------
def _document(doc: Any) -> Mapping[str, Any]:
    if not isinstance(doc, dict):
        raise TransferError("an export must be a JSON object")
    if doc.get("format") != FORMAT or doc.get("version") != VERSION:
        raise TransferError(f'not a game export: expected "format": "{FORMAT}" and "version": {VERSION}')
    if not isinstance(doc.get("variant"), str):
        raise TransferError("variant: a variant slug is required")
    if not isinstance(doc.get("options", {}), dict):
        raise TransferError("options: must be an object")
    if doc.get("status", "in_progress") not in ("in_progress", "finished"):
        raise TransferError("status: in_progress or finished")
    return doc


def pausing(i: int) -> None:
    """Every 100 hands read (or games listed), let the server's other requests run: under gevent ``time.sleep(0)``
    yields to the event loop (a long import is read in slices); elsewhere it costs nothing."""
    if i and i % 100 == 0:
        time.sleep(0)


def object_list(doc: Mapping[str, Any], key: str, required: bool = True) -> list[dict]:
    """``doc[key]``: a list of objects (TransferError otherwise); ``[]`` when not ``required`` and left out."""
    value = doc.get(key, None if required else [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise TransferError(f"{key}: must be a list of objects")
    return value


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
        raise TransferError(f"{where}: must be a whole number")
    return int(value)


def stamps_in(
    entry: Mapping[str, Any], where: str, keys: tuple[str, ...] = ("created_at", "updated_at")
) -> dict[str, datetime]:
    """The times of ``entry`` under ``keys`` (:func:`parse_stamp`), those left out or null left out:
    a new row then takes the time of the import."""
    return {key: parse_stamp(entry[key], f"{where}.{key}") for key in keys if entry.get(key) is not None}


def _audit_entry(entry: Mapping[str, Any], index: int) -> AuditEntry:
    where = f"audit.{index}"
    if entry.get("action") not in AUDIT_ACTIONS:
        raise TransferError(f"{where}.action: one of {', '.join(AUDIT_ACTIONS)}")
    number = entry.get("round_number")
    if number is not None and not 1 <= _int(number, f"{where}.round_number") <= HAND_MAX:
        raise TransferError(f"{where}.round_number: a hand number from 1 to {HAND_MAX}")
    for key in ("old", "new"):
        if entry.get(key) is not None and not isinstance(entry[key], (dict, list)):
            raise TransferError(f"{where}.{key}: must be an object or null")
    summary = entry.get("summary", "")
    if not isinstance(summary, str):
        raise TransferError(f"{where}.summary: must be text")
    return AuditEntry(
        at=parse_stamp(entry.get("at"), f"{where}.at"),
        action=entry["action"],
        round_number=number,
        old=entry.get("old"),
        new=entry.get("new"),
        summary=summary[:300],
        undone=bool(entry.get("undone", False)),
    )
