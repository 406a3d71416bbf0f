"""Numbers typed as text reach the engine from forms and JSON: odd digits are a RulesError, never a crash."""

from __future__ import annotations

import pytest

from scorekeeper.rules import OptionError, RoundError, check, score_game

#: text that passes a bare ``isdigit()`` test but that ``int()`` cannot read, or should not try to
ODD_DIGITS = ["²", "⑦", "9" * 5000, "-" + "9" * 5000]


@pytest.mark.parametrize("text", ODD_DIGITS)
def test_points_in_hand_as_odd_text_is_a_round_error(text):
    facts = {"winner": 0, "players": [{}, {"points": text}]}
    with pytest.raises(RoundError) as err:
        score_game("rummikub", [facts], players=2)
    assert err.value.errors[0][0] == "players.1.points"


@pytest.mark.parametrize("text", ["12", " 12 ", "0"])
def test_points_in_hand_as_plain_text_still_count(text):
    facts = {"winner": 0, "players": [{}, {"points": text}]}
    assert score_game("rummikub", [facts], players=2).rounds[0].changes[1] == -int(text)


@pytest.mark.parametrize("step", ["9" * 5000, "Step " + "9" * 5000])
def test_kb8_step_number_with_thousands_of_digits_is_an_option_error(step):
    with pytest.raises(OptionError, match="KB-8"):
        check("krazy-bee", "3 3 3", options={"step": step})
