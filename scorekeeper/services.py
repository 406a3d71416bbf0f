"""Load rows, ask the rules engine, write rows: every change to a game goes through here.

Each change is validated by scoring the *whole* game through
:func:`scorekeeper.rules.score_game` before anything is written, so a
:class:`~scorekeeper.rules.RulesError` leaves the game exactly as it was.
Every change adds an :class:`~scorekeeper.models.AuditEntry` (old and new
facts), which is also what :func:`undo_last_change` reverses. Functions
flush but never commit: the view (or API call) commits once. The score a
change was checked with stays with the game object, so :func:`game_score`
right after the change (the API's answer) does not score the game again.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import secrets
import unicodedata
from typing import Any, Mapping, Sequence

from flask import abort
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .extensions import db
from .models import AuditEntry, Game, Player, Round, utcnow
from .rules import GameScore, OptionError, RoundError, RulesError, find_variant, options_for
from .rules.scoring import play, play_on

#: Longest player name kept (longer names are refused, not cut).
NAME_MAX = 40
#: Audit actions that :func:`undo_last_change` can reverse.
UNDOABLE = ("record", "edit", "delete")
#: where a game keeps the score its last change settled on (see :func:`game_score`)
SCORED = "_scorekeeper_score"


class SetupError(RoundError):
    """A new game the rules cannot start: bad names, player count or first dealer.

    A :class:`RoundError` so every boundary shows its ``errors`` field by field.
    """


class ConcurrentChange(RulesError):
    """Another phone changed the same game at the same moment; nothing of this change was kept."""

    def __init__(self):
        super().__init__("someone else changed this game at the same moment; "
                         "reload the game and enter the change again")


class NothingToUndo(RulesError):
    """Undo was asked for a game with no change left to reverse."""

    def __init__(self):
        super().__init__("there is no change left to undo")


# -- edit secrets ---------------------------------------------------------------

def hash_secret(secret: str) -> str:
    """The stored form of an edit secret (sha256 hex; the secret has 128 random bits).

    >>> len(hash_secret("abc")), hash_secret("abc") == hash_secret("abc")
    (64, True)
    """
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(game: Game, secret: str | None) -> bool:
    """Whether ``secret`` is the game's edit secret (constant-time comparison)."""
    if not secret or len(secret) > 200:
        return False
    return hmac.compare_digest(hash_secret(secret), game.secret_hash or "")


# -- reading ---------------------------------------------------------------------

def find_game(public_id: str) -> Game | None:
    """The game with this public id, players and rounds loaded; None when there is none."""
    return db.session.execute(
        select(Game).where(Game.public_id == public_id)
        .options(selectinload(Game.players), selectinload(Game.rounds))
    ).scalar_one_or_none()


def get_game_or_404(public_id: str) -> Game:
    """:func:`find_game`, or 404 when there is no such game."""
    game = find_game(public_id)
    if game is None:
        abort(404, description="There is no game at this address; it may have been deleted.")
    return game


def game_stamp(public_id: str) -> tuple | None:
    """A cheap fingerprint of a game's last change (None: no such game), for page caches."""
    row = db.session.execute(select(Game.id, Game.updated_at, Game.status)
                             .where(Game.public_id == public_id)).first()
    return tuple(row) if row else None


def list_games() -> list[Game]:
    """Every game, newest first, with players loaded (for the games list)."""
    return list(db.session.execute(
        select(Game).options(selectinload(Game.players)).order_by(Game.created_at.desc(), Game.id.desc())
    ).scalars())


def game_score(game: Game, upto: int | None = None) -> GameScore:
    """The engine's verdict on the game as recorded: totals, progress, winners, who deals.

    ``upto``: score only the first ``upto`` hands (to show what still scores
    when a later stored hand is rejected).
    """
    rounds = game.rounds if upto is None else game.rounds[:upto]
    facts = [r.facts for r in rounds]
    kept = getattr(game, SCORED, None)
    if kept is not None and kept[0] == _as_scored(game, facts):
        return kept[1]  # the score the last change settled on, for the same hands
    return _score(game, facts)


def _score(game: Game, facts: Sequence[Mapping[str, Any]]) -> GameScore:
    """Exactly :func:`scorekeeper.rules.score_game`, without spreading options as keywords.

    Some variants have an option called ``rounds`` (or ``players``) that would
    collide with ``score_game``'s own parameters, so the same two engine steps
    are called directly: validate the options, then :func:`play`.
    """
    variant = find_variant(game.variant)
    return play(variant, list(facts), len(game.players), game.first_dealer,
                variant.options(game.options or {}))


def _score_from(game: Game, hands: Sequence[Mapping[str, Any]], changed: int,
                before: GameScore | None) -> GameScore:
    """The score of all ``hands``, of which those from index ``changed`` on are new.

    ``before`` (when given and it scored exactly the ``changed`` hands ahead
    of the new ones) spares scoring those again.
    """
    if before is not None and len(before.rounds) == changed:
        return score_on(game, before, hands[changed:])
    return _score(game, hands)


def score_on(game: Game, before: GameScore, facts: Sequence[Mapping[str, Any]]) -> GameScore:
    """``before`` (the engine's score of this game's first hands) with more hands scored on top.

    The same answer as scoring all the hands again (:func:`scorekeeper.rules.scoring.play_on`),
    for the price of the new ones.
    """
    variant = find_variant(game.variant)
    return play_on(variant, before, list(facts), variant.options(game.options or {}))


# -- creating --------------------------------------------------------------------

def game_options(variant: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The variant's game options (``game: true``) validated, defaults filled.

    Options that only matter for a lone check (``game: false``) are refused
    when given and left out of the stored dict. Each option is validated on
    its own so that every bad one is reported: one bad option raises its
    :class:`OptionError`, several a :class:`SetupError` naming ``options.<name>``.
    """
    v = find_variant(variant)
    names = [o.name for o in v.option_spec if o.game]
    given = dict(options or {})
    problems: list[OptionError] = []
    for name, value in given.items():
        if name not in names:
            problems.append(OptionError(name, "not a game option", ", ".join(names) or "none"))
            continue
        try:
            options_for(v.slug, {name: value})
        except OptionError as err:
            problems.append(err)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise SetupError([(f"options.{err.name}", str(err)) for err in problems])
    full = options_for(v.slug, given)  # options that depend on each other are checked together
    return {name: full[name] for name in names}


def clean_names(names: Sequence[Any]) -> list[str]:
    """Player names stripped and checked (non-empty, short, different); SetupError otherwise."""
    cleaned, errors = [], []
    for i, raw in enumerate(names):
        name = " ".join(str(raw if raw is not None else "").split())
        if not name:
            errors.append((f"players.{i}", "give every player a name"))
        elif any(unicodedata.category(ch) == "Cc" for ch in name):
            errors.append((f"players.{i}", "a name cannot hold control characters"))
        elif len(name) > NAME_MAX:
            errors.append((f"players.{i}", f"a name can be at most {NAME_MAX} characters"))
        elif name.casefold() in (n.casefold() for n in cleaned):
            errors.append((f"players.{i}", f"two players are called {name!r}; tell them apart"))
        cleaned.append(name)
    if errors:
        raise SetupError(errors)
    return cleaned


def create_game(variant: str, names: Sequence[str], options: Mapping[str, Any] | None = None,
                first_dealer: int = 0) -> tuple[Game, str]:
    """A new game and its edit secret (shown once; only its hash is stored)."""
    v = find_variant(variant)
    errors: list[tuple[str, str]] = []
    try:
        cleaned = clean_names(names)
    except SetupError as err:
        cleaned, errors = list(names), list(err.errors)
    if not v.min_players <= len(cleaned) <= v.max_players:
        errors.append(("players", f"{v.name} is played by {v.min_players} to "
                                  f"{v.max_players} players, not {len(cleaned)}"))
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) \
            or not 0 <= first_dealer < len(cleaned):
        errors.append(("first_dealer", "the first dealer must be one of the players"))
    try:
        opts = game_options(v.slug, options)
    except SetupError as err:
        errors.extend(err.errors)
    except OptionError as err:
        if not errors:
            raise
        errors.append((f"options.{err.name}", str(err)))
    if errors:
        raise SetupError(errors)
    # The engine has the last word on players, dealer and options.
    score = play(v, [], len(cleaned), first_dealer, v.options(opts))

    secret = secrets.token_urlsafe(24)
    game = Game(public_id=_new_public_id(), variant=v.slug, options=opts,
                first_dealer=first_dealer, secret_hash=hash_secret(secret), status="in_progress")
    game.players = [Player(seat=i, name=name) for i, name in enumerate(cleaned)]
    db.session.add(game)
    _audit(game, "create", None, None, {"players": cleaned, "options": opts,
                                        "first_dealer": first_dealer},
           f"Game of {v.name} started: {', '.join(cleaned)}")
    db.session.flush()
    _keep_score(game, score)
    return game, secret


def rematch(game: Game) -> tuple[Game, str]:
    """A new game with the same variant, players, seats, options and first dealer."""
    return create_game(game.variant, game.names, dict(game.options or {}), game.first_dealer)


def delete_game(game: Game) -> None:
    """Remove a game with its players, hands and audit trail."""
    db.session.delete(game)
    db.session.flush()


def _new_public_id() -> str:
    while True:
        public_id = secrets.token_urlsafe(9)
        if not db.session.execute(select(Game.id).where(Game.public_id == public_id)).first():
            return public_id


# -- changing hands ----------------------------------------------------------------

def record_round(game: Game, facts: Mapping[str, Any], *, before: GameScore | None = None) -> Round:
    """Append a hand after checking the whole game with it; RulesError leaves nothing written.

    ``before``: the game as already scored (every stored hand), when the
    caller has it, so only the new hand is scored again.
    """
    facts = _plain(facts)
    number = len(game.rounds) + 1
    score = _score_from(game, [r.facts for r in game.rounds] + [facts], number - 1, before)
    round_ = Round(number=number, facts=facts)
    game.rounds.append(round_)
    _flush()  # claims the hand number now: a concurrent record fails here
    _audit(game, "record", number, None, facts,
           f"Hand {number} recorded: {_changes_text(game, score, number)}")
    _settle(game, score)
    return round_


def update_round(game: Game, number: int, facts: Mapping[str, Any], *,
                 before: GameScore | None = None) -> Round:
    """Replace hand ``number``'s facts after checking the whole game; 404 for no such hand.

    ``before``: the game scored up to hand ``number`` (not included), when the
    caller has it, so only this hand and the later ones are scored again.
    """
    round_ = round_or_404(game, number)
    facts = _plain(facts)
    score = _score_from(game, [facts if r.number == number else r.facts for r in game.rounds],
                        number - 1, before)
    old = copy.deepcopy(round_.facts)
    round_.facts = facts
    round_.updated_at = utcnow()
    _audit(game, "edit", number, old, facts,
           f"Hand {number} corrected: {_changes_text(game, score, number)}")
    _settle(game, score)
    return round_


def delete_round(game: Game, number: int) -> None:
    """Remove hand ``number`` (later hands move up one) after checking the rest still scores."""
    round_ = round_or_404(game, number)
    score = _score(game, [r.facts for r in game.rounds if r.number != number])
    old = copy.deepcopy(round_.facts)
    _remove_round(game, round_)
    later = " (later hands renumbered)" if number <= len(game.rounds) else ""
    _audit(game, "delete", number, old, None, f"Hand {number} deleted{later}")
    _settle(game, score)


def last_undoable(game: Game) -> AuditEntry | None:
    """The change :func:`undo_last_change` would reverse, or None."""
    return db.session.execute(
        select(AuditEntry).where(AuditEntry.game_id == game.id, AuditEntry.undone.is_(False),
                                 AuditEntry.action.in_(UNDOABLE))
        .order_by(AuditEntry.id.desc()).limit(1)
    ).scalar_one_or_none()


def undo_last_change(game: Game) -> str:
    """Reverse the latest record/edit/delete not yet undone; returns what was undone."""
    entry = last_undoable(game)
    if entry is None:
        raise NothingToUndo()
    number = entry.round_number
    facts = [r.facts for r in game.rounds]
    if entry.action == "record":
        facts = facts[:number - 1] + facts[number:]
    elif entry.action == "edit":
        facts = facts[:number - 1] + [entry.old] + facts[number:]
    else:
        facts = facts[:number - 1] + [entry.old] + facts[number - 1:]
    score = _score(game, facts)

    if entry.action == "record":
        _remove_round(game, round_or_404(game, number))
    elif entry.action == "edit":
        round_ = round_or_404(game, number)
        round_.facts = copy.deepcopy(entry.old)
        round_.updated_at = utcnow()
    else:
        _insert_round(game, number, copy.deepcopy(entry.old))
    entry.undone = True
    what = f"Undid: {entry.summary}"
    _audit(game, "undo", number, entry.new, entry.old, what)
    _settle(game, score)
    return what


# -- helpers -------------------------------------------------------------------------

def round_or_404(game: Game, number: int) -> Round:
    """Hand ``number`` of ``game``; 404 when the game has no such hand."""
    for round_ in game.rounds:
        if round_.number == number:
            return round_
    abort(404, description=f"This game has no hand {number}.")


def _remove_round(game: Game, round_: Round) -> None:
    """Delete a round and close the gap; one flush per move keeps (game, number) unique."""
    number = round_.number
    game.rounds.remove(round_)
    db.session.delete(round_)
    _flush()
    for later in sorted(game.rounds, key=lambda r: r.number):
        if later.number > number:
            later.number -= 1
            _flush()


def _insert_round(game: Game, number: int, facts: dict) -> None:
    """Put a round back at ``number``, moving later rounds down one (highest first)."""
    for later in sorted(game.rounds, key=lambda r: r.number, reverse=True):
        if later.number >= number:
            later.number += 1
            _flush()
    game.rounds.append(Round(number=number, facts=facts))
    _flush()
    game.rounds.sort(key=lambda r: r.number)


def _settle(game: Game, score: GameScore) -> None:
    """Refresh the status cache and the change stamp, then flush.

    Two editors recording at once both aim at the same hand number; the
    unique (game, number) key refuses the second, which becomes a
    :class:`ConcurrentChange` (a RulesError, so boundaries answer 4xx).
    """
    game.status = "finished" if score.finished else "in_progress"
    game.updated_at = utcnow()
    _flush()
    _keep_score(game, score)


def _keep_score(game: Game, score: GameScore) -> None:
    """Keep ``score`` with the game, so :func:`game_score` hands it back instead of scoring again.

    Kept with a copy of what it scored (players, options, every hand's
    facts): game_score compares and scores afresh if anything differs.
    """
    setattr(game, SCORED, (copy.deepcopy(_as_scored(game, [r.facts for r in game.rounds])), score))


def _as_scored(game: Game, facts: Sequence[Mapping[str, Any]]) -> tuple:
    """Everything a game's score depends on, as plain values to compare."""
    return game.variant, len(game.players), game.first_dealer, game.options, list(facts)


def _flush() -> None:
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise ConcurrentChange() from None


def _audit(game: Game, action: str, number: int | None, old: Any, new: Any, summary: str) -> None:
    # Setting ``game`` (not appending to game.audit_entries) does not load the whole trail.
    db.session.add(AuditEntry(game=game, action=action, round_number=number,
                              old=copy.deepcopy(old), new=copy.deepcopy(new), summary=summary[:300]))


def _changes_text(game: Game, score: GameScore, number: int) -> str:
    """``Ann +5, Bob -3`` for round ``number`` of ``score``."""
    changes = score.rounds[number - 1].changes
    return ", ".join(f"{p.name} {'+' if c > 0 else ''}{c}" for p, c in zip(game.players, changes))


def _plain(facts: Mapping[str, Any]) -> dict:
    """A deep JSON-ready copy of round facts (RoundError when they are not plain JSON)."""
    if not isinstance(facts, Mapping):
        raise RoundError([("", "a round must be an object of facts")])
    try:
        return json.loads(json.dumps(facts))
    except (TypeError, ValueError):
        raise RoundError([("", "round facts must be plain JSON values")]) from None
