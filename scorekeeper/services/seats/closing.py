"""The game's editor closes the open hand with the parts that are in (issue 38, docs/own-phones.md).

What each variant allows is the engine's (:mod:`scorekeeper.rules.part_closing`, declared on each
variant's class); this module checks the hand, says the refusals and records it. Where the variant
allows it: where each player's score for the hand is their own part's alone, a
player without a part sat the hand out: Krazy Bee (KB-7: each player counts the points in their own
hand; KB-9: a player who did not lay the Step down stays on it) and Crazy Rummy (CZ-6: a player's
score is their own board minus their own hand). The missing player then scores 0 for the hand (their
total does not move) and, in Krazy Bee, did not lay the Step down (stays on it). Crazy Rummy needs
the dealer's part, whose face-up card sets the hand's wild rank (CZ-1).

Refused where a missing part changes the others' scores: the tile games (CT-8: the winner scores the
losers' racks; with nobody out the lowest rack wins) and RumBugz (RB-7: the winner scores the
losers' hands). There the editor fills the missing part instead (``send_part(..., by="editor")``).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext
from sqlalchemy import delete

from ...rules import RoundError, dealer_part_needed, find_variant, judge_hand, sat_out_part
from ...storage.extensions import db
from ...storage.models import Game
from ...storage.seat_models import SeatPart
from ..rounds import record_round
from ..scores import game_score
from .parts import OWN_PARTS, hand_status, open_hand, parts_of

#: why the hand cannot be closed without every part, per kind (the rule that makes each part count)
NOT_CLOSABLE = {
    "tiles": lazy_gettext(
        "In a tile game every rack counts in the winner's score (CT-8): enter %(names)s's part instead."
    ),
    "bugz": lazy_gettext(
        "In RumBugz the winner scores every loser's hand (RB-7): enter %(names)s's part instead."
    ),
}
#: any other game's (a hand entered turn by turn, say)
EVERY_PART = lazy_gettext(
    "This game's %(word)s is closed only with every part: enter %(names)s's part instead."
)


def closable(game: Game) -> bool:
    """Whether the game's variant lets the editor close a hand with the parts that are in."""
    return game.variant in OWN_PARTS and sat_out_part(game.variant) is not None


def close_hand(game: Game, hand: int) -> dict[str, Any]:
    """The editor closes hand ``hand`` with the parts that are in: the players without one sat it
    out (the variant's ``sat_out_part``), the parts waiting for a confirmation count as sent. The hand's status
    after it, with ``recorded``.

    HandClosed (409) for a hand not open; RoundError (422, nothing changed) where the variant does
    not allow it, with no part in, with a dispute open, without the Crazy Rummy dealer's part, or
    when the engine refuses the whole hand.
    """
    number = open_hand(game, hand)
    parts = parts_of(game, number)
    kind, word = OWN_PARTS.get(game.variant), gettext(find_variant(game.variant).round_word)
    missing = [p for p in game.players if p.seat not in parts]
    sat_out = sat_out_part(game.variant) if kind else None
    if sat_out is None:
        names = ", ".join(p.name for p in missing) or gettext("the missing player")
        raise RoundError([("", str(NOT_CLOSABLE.get(kind, EVERY_PART)) % {"names": names, "word": word})])
    if not parts:
        raise RoundError(
            [
                (
                    "",
                    gettext(
                        "No part of this %(word)s is in yet: there is nothing to close it with.", word=word
                    ),
                )
            ]
        )
    disputed = [game.players[s].name for s, row in sorted(parts.items()) if row.disputed_by is not None]
    if disputed:
        names = ", ".join(disputed)
        raise RoundError(
            [
                (
                    "",
                    gettext(
                        "%(names)s's part is disputed: settle it before closing the %(word)s.",
                        names=names,
                        word=word,
                    ),
                )
            ]
        )
    before = game_score(game)
    dealer = before.dealer
    if dealer_part_needed(game.variant) and dealer not in parts:
        name = game.players[dealer].name
        said = gettext(
            "%(name)s deals this %(word)s: %(name)s's face-up card sets the wild rank (CZ-1), so it is needed.",
            name=name,
            word=word,
        )
        raise RoundError([("", said)])
    entries = {s: row.part for s, row in parts.items()} | {p.seat: dict(sat_out) for p in missing}
    facts = judge_hand(game.variant, entries, game=before, options=game.options)
    who = f" ({', '.join(p.name for p in missing)} sat it out)" if missing else ""
    by = f" by the editor with the parts that were in{who}"
    recorded = record_round(game, facts, before=before, by=by).number
    db.session.execute(delete(SeatPart).where(SeatPart.game_id == game.id, SeatPart.hand == number))
    db.session.flush()
    return {**hand_status(game), "recorded": recorded}
