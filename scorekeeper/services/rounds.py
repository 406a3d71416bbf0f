"""Changing a game's hands: record, correct, delete, each written to the change log.

Each change scores the whole game with it first (see :mod:`.scores`); only
then are rows written, and an :class:`~scorekeeper.storage.models.AuditEntry` with
the old and new facts is added, which is what :mod:`.undo` reverses and redoes.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..display.fact_words import NOTHING, fact_text
from ..display.words import signed
from ..limits import FACT_TEXT_MAX, HANDS_MAX, TooMany, text_at_most
from ..rules import GameScore, RoundError, RoundScore, RulesError, find_variant
from ..storage.extensions import db
from ..storage.models import AuditEntry, Game, Round, utcnow
from .errors import HandNotFound
from .events import hands_changed
from .scores import _keep_score, _score, _score_from, game_score, score_on
from .versions import ConcurrentChange, claim


def record_round(
    game: Game,
    facts: Mapping[str, Any],
    *,
    before: GameScore | None = None,
    version: int | None = None,
    turn: int | None = None,
    by: str = "",
) -> Round:
    """Append a hand after checking the whole game with it; RulesError leaves nothing written.

    ``before``: the game as already scored (every stored hand), when the
    caller has it, so only the new hand is scored again. ``version``: the
    game's version the change was made against (:func:`.versions.claim`). ``by``: who entered
    it, for the change log (`` from the players' phones``, :mod:`.seats`).
    """
    claim(game, version)
    number = len(game.rounds) + 1
    if number > HANDS_MAX:
        raise TooMany([("", f"a game holds at most {HANDS_MAX:,} {_word(game)}s; start a new game")])
    facts = hand_facts(game.variant, facts, number)
    score = _score_from(game, [r.facts for r in game.rounds] + [facts], number - 1, before)
    round_ = Round(number=number, facts=facts)
    game.rounds.append(round_)
    _flush()  # claims the hand number now: a concurrent record fails here
    _audit(
        game,
        "record",
        number,
        None,
        facts,
        f"{_what(game, score, number, turn, 'recorded')}{by}: {_changes_text(game, score, number)}",
    )
    _settle(game, score)
    return round_


def update_round(
    game: Game,
    number: int,
    facts: Mapping[str, Any],
    *,
    before: GameScore | None = None,
    version: int | None = None,
    turn: int | None = None,
    by: str = "",
) -> Round:
    """Replace hand ``number``'s facts after checking the whole game (HandNotFound: no such hand).

    ``before``: the game scored up to hand ``number`` (not included), when the
    caller has it, so only this hand and the later ones are scored again. ``turn``: the
    hand is played turn by turn and this change records its turn ``turn`` (or ends it), not a correction.
    ``by``: who entered it, for the change log (`` from Ann's phone``, :mod:`.seats.turns`).
    """
    claim(game, version)
    round_ = get_round(game, number)
    facts = hand_facts(game.variant, facts, number)
    score = _score_from(
        game, [facts if r.number == number else r.facts for r in game.rounds], number - 1, before
    )
    was = _scored_before(game, before, number, round_.facts)
    old = copy.deepcopy(round_.facts)
    round_.facts = facts
    round_.updated_at = utcnow()
    _audit(
        game,
        "edit",
        number,
        old,
        facts,
        f"{_what(game, score, number, turn, 'corrected')}{by}: {_corrections_text(game, was, score, number)}",
    )
    _settle(game, score)
    return round_


def delete_round(game: Game, number: int, *, version: int | None = None) -> None:
    """Remove hand ``number`` (later hands move up one) after checking the rest still scores."""
    claim(game, version)
    round_ = get_round(game, number)
    score = _score(game, [r.facts for r in game.rounds if r.number != number])
    old = copy.deepcopy(round_.facts)
    _remove_round(game, round_)
    later = f" (later {_word(game)}s renumbered)" if number <= len(game.rounds) else ""
    _audit(game, "delete", number, old, None, f"{_word(game).capitalize()} {number} deleted{later}")
    _settle(game, score)


def get_round(game: Game, number: int) -> Round:
    """Hand ``number`` of ``game``; :class:`~.errors.HandNotFound` when it has no such hand."""
    for round_ in game.rounds:
        if round_.number == number:
            return round_
    raise HandNotFound(number, _word(game))


# -- writing rows ---------------------------------------------------------------------


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
    hands_changed.send(game, score=score)


def _flush() -> None:
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise ConcurrentChange() from None


# -- the change log -------------------------------------------------------------------


def _audit(game: Game, action: str, number: int | None, old: Any, new: Any, summary: str) -> None:
    # Setting ``game`` (not appending to game.audit_entries) does not load the whole trail.
    db.session.add(
        AuditEntry(
            game=game,
            action=action,
            round_number=number,
            old=copy.deepcopy(old),
            new=copy.deepcopy(new),
            summary=summary[:300],
        )
    )


def _word(game: Game) -> str:
    """What the game's variant calls a round: "hand" or "round" (``Variant.round_word``)."""
    return find_variant(game.variant).round_word


def _what(game: Game, score: GameScore, number: int, turn: int | None, done: str) -> str:
    """What a change did, as the change log and Undo name it: ``Hand 2 recorded``, ``Hand 2 corrected``;
    for a hand played turn by turn (``turn``), ``Hand 2, turn 3 recorded`` or ``Hand 2 ended``."""
    word = _word(game).capitalize()
    if turn is None:
        return f"{word} {number} {done}"
    if score.rounds[number - 1].complete:
        return f"{word} {number} ended"
    return f"{word} {number}, turn {turn} recorded"


def _changes_text(game: Game, score: GameScore, number: int) -> str:
    """``Ann +5, Bob -3`` for round ``number`` of ``score``."""
    changes = score.rounds[number - 1].changes
    return ", ".join(f"{p.name} {signed(c)}" for p, c in zip(game.players, changes))


def _ahead(before: GameScore | None, number: int) -> bool:
    """Whether ``before`` scored exactly the hands ahead of hand ``number``."""
    return before is not None and len(before.rounds) == number - 1


def _scored_before(game: Game, before: GameScore | None, number: int, facts: Any) -> RoundScore | None:
    """Hand ``number`` as it scored before a correction (its old ``facts``): on top of ``before``
    when the caller scored the hands ahead of it (one hand more to score), else from the game's
    score as stored (the one its last change kept: no engine run when this process has it); None
    when the stored hands no longer score."""
    if _ahead(before, number):
        return score_on(game, before, [facts]).rounds[-1]
    try:
        return game_score(game).rounds[number - 1]
    except (RulesError, IndexError):
        return None


def _corrections_text(game: Game, was: RoundScore | None, score: GameScore, number: int) -> str:
    """``Bob +35 → +25`` for each player whose score in round ``number`` a correction changed, then
    (``; `` between) each change beyond scores the variant counts (``Margarethe missed Step 1``,
    :mod:`..display.fact_words`); ``was`` None: the hand as it was is not known, so every player's
    new score: ``Ann +5, Bob -3``."""
    if was is None:
        return _changes_text(game, score, number)
    now = score.rounds[number - 1]
    moved = [
        f"{p.name} {signed(a)} → {signed(b)}"
        for p, a, b in zip(game.players, was.changes, now.changes)
        if a != b
    ]
    names = [p.name for p in game.players]
    facts = [fact_text(*change, names) for change in _hand_changes(game, was, now)]
    return "; ".join(filter(None, [", ".join(moved), *facts])) or NOTHING


def _hand_changes(game: Game, was: RoundScore, now: RoundScore) -> tuple:
    """What the variant counts beyond scores that a correction changed (``rules.hand_changes``)."""
    if not was.complete or not now.complete:  # a hand still being played: its turns say it
        return ()
    return find_variant(game.variant).hand_changes(was, now)


def hand_facts(variant: str, facts: Any, number: int) -> dict:
    """Hand ``number``'s facts as ``variant`` reads them: known keys, JSON types, a deep copy
    (RoundError naming each unknown key or mistyped value, with the hand number; TooMany for a
    text past :data:`~scorekeeper.limits.FACT_TEXT_MAX`)."""
    try:
        texts_at_most(facts, FACT_TEXT_MAX)
        return find_variant(variant).canonical_facts(facts)
    except RoundError as err:
        raise err.in_round(number) from None


def texts_at_most(value: Any, most: int) -> None:
    """TooMany naming the first text inside ``value`` (nested lists and objects, however deep) past
    ``most`` characters."""
    waiting = [("", value)]
    while waiting:
        where, value = waiting.pop()
        if isinstance(value, str):
            text_at_most(value, most, where)
        elif isinstance(value, (dict, list)):
            items = value.items() if isinstance(value, dict) else enumerate(value)
            waiting.extend(
                (f"{where}.{key}" if where else str(key), item) for key, item in reversed(list(items))
            )
