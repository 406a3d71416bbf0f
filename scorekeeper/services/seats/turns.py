"""A seated phone's own turn of a Crib Rummy hand (issue 38, docs/own-phones.md): the hand is
played turn by turn, so a player's part is each turn they take, sent when it is due and recorded
at once (the hand form's turn by turn, :func:`..rounds.record_round` for a hand's first turn and
:func:`..rounds.update_round` after it); the engine checks it (:mod:`scorekeeper.rules.turn_parts`:
the seat due, the melds and their pegs). The hand ends on the hand form (the game's editor), or
by itself when the game's last turns are played (CR-8)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from ...rules import TURN_KINDS, RulesError, check_own_turn, turn_kind, turn_order
from ...storage.models import Game, Round
from ..errors import Conflict
from ..rounds import record_round, update_round
from ..scores import game_score
from .parts import HandClosed, not_open

__all__ = ["TURN_KINDS", "TurnRecorded", "due_turn", "in_play", "send_turn", "turn_kind", "turn_status"]


class TurnRecorded(Conflict):
    """A turn sent again after its turn was recorded (a resubmit, a second tap, a retry): 409."""


def in_play(game: Game) -> tuple[Round | None, Any, Any]:
    """(the hand being played, or None; the game before it, scored; the whole game, scored)."""
    score = game_score(game)
    if not game.rounds or score.in_progress_round is None:
        return None, score, score
    return game.rounds[-1], game_score(game, upto=len(game.rounds) - 1), score


def send_turn(game: Game, seat: int, hand: int, turn: Any, state: tuple | None = None) -> dict[str, Any]:
    """Record seat ``seat``'s turn ``turn`` (``{"melds": [...]}``; no melds: a pass) of hand
    ``hand``: {"hand", "turn" (its number in the hand), "pegs" (what it pegged), "ended"}.

    :class:`HandClosed` (409) for a hand that is not the one being played (or, with no hand in
    play, the next one) and after the game's end; RoundError (422, nothing kept) for a turn the
    rules refuse, such as another player's turn. ``state``: :func:`in_play`'s answer, when the
    caller has it already."""
    playing, before, score = state or in_play(game)
    number = playing.number if playing is not None else len(game.rounds) + 1
    if score.finished:
        raise HandClosed(gettext("The game is over: it takes no more turns."))
    if hand != number:
        raise HandClosed(not_open(game, hand, number, turn=True))
    facts = check_own_turn(
        game.variant, playing.facts if playing else None, seat, turn, game=before, options=game.options
    )
    k, by = len(facts["turns"]), f" from {game.players[seat].name}'s phone"  # for the change log
    if playing is None:
        record_round(game, facts, before=before, turn=k, by=by)
    else:
        update_round(game, number, facts, before=before, turn=k, by=by)
    after = game_score(game)
    pegged = after.rounds[number - 1].details.get("turns", [{}])[k - 1].get("pegs", 0)
    return {"hand": number, "turn": k, "pegs": pegged, "ended": after.in_progress_round is None}


def due_turn(game: Game, seat: int, hand: int, due: int | None, turn: Any) -> dict[str, Any]:
    """:func:`send_turn`, unless ``due`` (the turn the phone saw as due) is a turn of this hand
    already recorded: :class:`TurnRecorded` (409), nothing kept (the seat page, the API)."""
    state = in_play(game)  # the game scored once for both
    status = turn_status(game, state)
    if due is not None and status and status["hand"] == hand and status["turn"] != due:
        if _recorded_as_sent(game, seat, due, turn, state):
            raise TurnRecorded(
                gettext("This turn was already recorded (the form was sent twice): nothing was kept.")
            )
        raise TurnRecorded(
            gettext(
                "Turn %(turn)s was already recorded, with other cards than these: yours were not kept. "
                "Look at the hand as it is now and play on.",
                turn=due,
            )
        )
    return send_turn(game, seat, hand, turn, state)


def _recorded_as_sent(game: Game, seat: int, due: int, turn: Any, state: tuple) -> bool:
    """Whether turn ``due`` of the hand in play was recorded as this phone sends it (this phone's
    own earlier send), not otherwise (the editor's hand form, another phone)."""
    playing, before, _ = state
    turns = list((playing.facts if playing is not None else {}).get("turns") or [])
    if not 0 < due <= len(turns):
        return False
    try:
        mine = check_own_turn(
            game.variant,
            {**playing.facts, "turns": turns[: due - 1]},
            seat,
            turn,
            game=before,
            options=game.options,
        )
    except RulesError:
        return False
    return mine["turns"][due - 1] == turns[due - 1]


def turn_status(game: Game, state: tuple | None = None) -> dict[str, Any] | None:
    """A Crib Rummy game's hand in play for its seat pages (None for other variants): its number,
    the number of the turn due in it, the seat due and its name, and the table's melds to add to
    ({"number", "cards", "owner"}). ``state``: as :func:`send_turn` takes it."""
    if turn_kind(game.variant) is None:
        return None
    playing, before, score = state or in_play(game)
    names = game.names
    if playing is None:
        due = before.first_to_play
        return {"hand": len(game.rounds) + 1, "turn": 1, "due": due, "due_name": names[due], "melds": []}
    played = score.rounds[-1]
    order = turn_order(playing.facts, len(names), game.options, dealer=played.dealer, names=names)
    due = order[-1] if len(order) > len(played.details.get("turns") or []) else None
    melds = [
        {"number": m["meld"], "cards": m["cards"], "owner": names[m["owner"]]}
        for m in played.details.get("table") or []
    ]
    return {
        "hand": playing.number,
        "turn": len(playing.facts.get("turns") or []) + 1,  # the number of the turn due
        "due": due,
        "due_name": None if due is None else names[due],
        "melds": melds,
    }
