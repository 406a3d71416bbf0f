"""A game folded from its round history (N-5): :func:`play` and :func:`play_on`. Totals are never
stored; they are always derived here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .base import Variant
from .errors import RoundError
from .reasons import say
from .scoring import GameScore, RoundScore

#: a round refused as a whole, by what the variant calls a round (``Variant.round_word``)
OVER = {"hand": "game.over_hand", "round": "game.over_round"}
UNFINISHED = {"hand": "game.unfinished_hand", "round": "game.unfinished_round"}
NOT_OBJECT = {"hand": "game.hand_object", "round": "round.object"}


def play(
    variant: Variant,
    rounds: list[Mapping[str, Any]],
    players: int,
    first_dealer: int,
    opts: Mapping[str, Any],
    *,
    names: Sequence[str] = (),
) -> GameScore:
    """Fold ``rounds`` through ``variant`` and return the derived :class:`GameScore`.

    Raises :class:`RoundError` labelled with the 1-based round number at the
    first round the rules reject, including a round recorded after the game
    ended or after a hand that is still in progress. ``names`` (in seat order)
    let the engine's messages name the players.
    """
    if not isinstance(players, int) or not variant.min_players <= players <= variant.max_players:
        raise RoundError(
            [
                (
                    "players",
                    say(
                        "game.players",
                        variant=variant.name,
                        least=variant.min_players,
                        most=variant.max_players,
                        players=players,
                    ),
                )
            ]
        )
    if not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
        raise RoundError([("first_dealer", say("game.first_dealer", last=players - 1))])
    if names and len(names) != players:
        raise RoundError([("players", say("game.names", players=players, count=len(names)))])
    game = replace(variant.start_game(players, first_dealer, opts), names=tuple(names))
    return play_on(variant, game, rounds, opts)


def play_on(
    variant: Variant, game: GameScore, rounds: list[Mapping[str, Any]], opts: Mapping[str, Any]
) -> GameScore:
    """Fold more ``rounds`` onto ``game``, a :class:`GameScore` of the same variant and options.

    ``play_on(v, play(v, a, n, d, o), b, o) == play(v, a + b, n, d, o)``, so a
    change at the end of a long game (recording the next hand) scores only
    that hand. Who deals, starts and chooses is what ``describe_next`` adds
    after the fold; it is reset to the start's values first, so the fold
    goes on exactly as if it had never stopped.
    """
    game = replace(game, dealer=game.first_dealer, starter=None, chooser=None, notes=())
    word = variant.round_word
    for index, facts in enumerate(rounds, start=len(game.rounds)):
        number = index + 1
        if game.finished:
            raise RoundError([("", say(OVER[word]))], number, word)
        if game.in_progress_round is not None:
            raise RoundError([("", say(UNFINISHED[word]))], number, word)
        if not isinstance(facts, Mapping):
            raise RoundError([("", say(NOT_OBJECT[word]))], number, word)
        dealer = variant.dealer_for(game, index)
        try:
            outcome = variant.score_round(facts, game, dealer, opts)
        except RoundError as err:
            raise err.in_round(number, word) from None
        totals = tuple(t + c for t, c in zip(game.totals, outcome.changes))
        round_score = RoundScore(
            number,
            dealer,
            outcome.starter,
            tuple(outcome.changes),
            totals,
            tuple(outcome.progress),
            dict(outcome.details),
            outcome.complete,
        )
        game = replace(
            game, rounds=(*game.rounds, round_score), totals=totals, progress=tuple(outcome.progress)
        )
        game = variant.finish_round(game, outcome, opts)
    return variant.describe_next(game, opts)
