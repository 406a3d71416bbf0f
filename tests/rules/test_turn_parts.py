"""A player's own turn of a Crib Rummy hand, checked by the engine (issue 38;
scorekeeper/rules/turn_parts.py): the turn goes into the hand in play and the hand is judged as on
the hand form, so the seat due (CR-9), the melds and their pegs (CR-5) and laying before adding
(CR-6) are the engine's; each refusal is a catalog reason, on the part's fields."""

from __future__ import annotations

import pytest

from scorekeeper.display.reasons import render_reason
from scorekeeper.rules import RoundError, RulesError, check_own_turn, score_game, turn_kind

NAMES = ("Ann", "Bob", "Cy")


def _game(names=NAMES):
    return score_game("crib-rummy", [], players=len(names), names=names)


def _refused(hand, seat: int, turn) -> list[tuple[str, str]]:
    with pytest.raises(RoundError) as refused:
        check_own_turn("crib-rummy", hand, seat, turn, game=_game())
    return [(field, render_reason(message)) for field, message in refused.value.errors]


def test_only_crib_rummy_is_entered_turn_by_turn():
    assert turn_kind("crib-rummy") == "turns" and turn_kind("rummikub") is None
    with pytest.raises(RulesError, match="do not enter their own parts"):
        check_own_turn("rummikub", None, 0, {"melds": []}, game=score_game("rummikub", [], players=2))


def test_turns_follow_the_play_order_and_peg_as_on_the_hand_form():
    first = check_own_turn("crib-rummy", None, 1, {"melds": [{"cards": "3H 4H 5H"}]}, game=_game())
    assert first["starter"] == 1 and first["end"] is None  # left of the dealer (CR-9)
    assert _refused(first, 1, {"melds": []}) == [
        ("part", "it is Cy's turn: play goes round the table from the starter (Bob) (CR-9)")
    ]
    second = check_own_turn("crib-rummy", first, 2, {"melds": []}, game=_game())
    third = check_own_turn("crib-rummy", second, 0, {"melds": [{"cards": "7S 7D 7C"}]}, game=_game())
    hand = score_game("crib-rummy", [third], players=3, names=NAMES)
    assert hand.totals == (2, 3, 0)  # CR-5: a set of 3 pegs 2, a run of 3 pegs 3


def test_a_refused_turn_says_why_on_its_own_fields():
    first = check_own_turn("crib-rummy", None, 1, {"melds": [{"cards": "3H 4H 5H"}]}, game=_game())
    (field, said), *_ = _refused(first, 2, {"melds": [{"cards": "6H", "extend": 0}]})
    assert field.startswith("part.melds.0") and "CR-6" in said
    (field, said), *_ = _refused(None, 1, {"melds": [{"cards": "3H 4S 5H"}]})
    assert field.startswith("part.melds.0") and "CR-" in said
    assert _refused(None, 1, {"cards": "3H"})[0][0] == "part.cards"
    assert _refused(None, 1, ["3H"])[0][0] == "part"
