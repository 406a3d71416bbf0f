"""A game's score: asking the engine, and keeping the answer a change settled on."""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from ..rules import GameScore, Variant, score_game, score_more
from ..storage.models import Game

#: where a game keeps the score its last change settled on (see :func:`game_score`)
SCORED = "_scorekeeper_score"
#: game id -> {what was scored: its score}, the most recently kept game last; per process
_recent: dict[int, dict[str, GameScore]] = {}
#: games whose last scores this process keeps, and scores kept per game (the whole game, and the
#: hands before a Crib Rummy hand still in play)
RECENT_GAMES, PER_GAME = 128, 2
_recent_lock = threading.Lock()


def game_score(game: Game, upto: int | None = None) -> GameScore:
    """The engine's verdict on the game as recorded: totals, progress, winners, who deals.

    ``upto``: score only the first ``upto`` hands (to show what still scores
    when a later stored hand is rejected).
    """
    rounds = game.rounds if upto is None else game.rounds[:upto]
    facts = [r.facts for r in rounds]
    scored = _as_scored(game, facts)
    kept = getattr(game, SCORED, None)
    if kept is not None and kept[0] == scored:
        return kept[1]  # the score the last change settled on, for the same hands
    score = _recent.get(game.id, {}).get(scored)
    if score is None:
        score = _score(game, facts)
        _remember(game, scored, score)
    return score


def score_on(game: Game, before: GameScore, facts: Sequence[Mapping[str, Any]]) -> GameScore:
    """``before`` (the engine's score of this game's first hands) with more hands scored on top.

    The same answer as scoring all the hands again (:func:`scorekeeper.rules.score_more`),
    for the price of the new ones.
    """
    return score_more(game.variant, before, list(facts), options=game.options or {})


def _score_setup(
    variant: Variant, names: Sequence[str], first_dealer: int, options: Mapping[str, Any]
) -> GameScore:
    """The score of a game not started yet: the engine's last word on players, dealer and options."""
    return score_game(
        variant.slug, [], players=len(names), first_dealer=first_dealer, names=names, options=options
    )


def _score(game: Game, facts: Sequence[Mapping[str, Any]]) -> GameScore:
    """The engine's score of ``facts``, the hands of ``game``."""
    return score_game(
        game.variant,
        list(facts),
        players=len(game.players),
        first_dealer=game.first_dealer,
        names=game.names,
        options=game.options or {},
    )


def _score_from(
    game: Game, hands: Sequence[Mapping[str, Any]], changed: int, before: GameScore | None
) -> GameScore:
    """The score of all ``hands``, of which those from index ``changed`` on are new.

    ``before`` (when given and it scored exactly the ``changed`` hands ahead
    of the new ones) spares scoring those again.
    """
    if before is not None and len(before.rounds) == changed:
        return score_on(game, before, hands[changed:])
    return _score(game, hands)


def _keep_score(game: Game, score: GameScore) -> None:
    """Keep ``score`` with the game, and in this process, so :func:`game_score` hands it back
    instead of scoring again.

    Kept with what it scored written out (players, options, every hand's
    facts): game_score compares and scores afresh if anything differs.
    """
    scored = _as_scored(game, [r.facts for r in game.rounds])
    setattr(game, SCORED, (scored, score))
    _remember(game, scored, score)


def _remember(game: Game, scored: str, score: GameScore) -> None:
    """Keep ``score`` of what was ``scored`` in this process, for the game's next requests."""
    if game.id is None:
        return
    with _recent_lock:
        mine = _recent.pop(game.id, {})
        mine[scored] = score
        while len(mine) > PER_GAME:
            mine.pop(next(iter(mine)))
        _recent[game.id] = mine
        while len(_recent) > RECENT_GAMES:
            _recent.pop(next(iter(_recent)))


def _as_scored(game: Game, facts: Sequence[Mapping[str, Any]]) -> str:
    """Everything a game's score depends on, written out to compare (a copy nothing can change)."""
    return json.dumps(
        [game.variant, game.names, game.first_dealer, game.options, list(facts)],
        sort_keys=True,
        separators=(",", ":"),
        default=repr,
    )
