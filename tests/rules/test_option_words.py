"""How an option's refusal quotes what was sent: JSON's ``null`` and ``true`` as JSON writes them (an
API client sent those, never Python's ``None`` or ``True``), and a whole number written ``30.0``
taken as one, as JSON Schema's ``integer`` and the hands' facts take it."""

from __future__ import annotations

import pytest

from scorekeeper.rules import OptionError, check, find_variant, solve


@pytest.mark.parametrize(
    ("variant", "options", "said"),
    [
        ("rummikub", {"time_limit": None}, "option 'time_limit': null is not a number of seconds"),
        ("rummikub", {"initial_meld": True}, "option 'initial_meld': true is not a number"),
        ("rummikub", {"initial_meld": "lots"}, "option 'initial_meld': 'lots' is not a whole number"),
        ("crazy-rummy", {"wild": False}, "option 'wild': false is not one of the choices"),
    ],
)
def test_a_refused_option_quotes_json_as_json(variant, options, said):
    with pytest.raises(OptionError) as refused:
        solve(variant, "R5 R6 R7" if variant == "rummikub" else "5 5 5", **options)
    assert said in str(refused.value)


def test_a_whole_number_written_with_a_point_is_that_number():
    """``initial_meld: 30.0`` was "not a whole number"; 30.5 still is not."""
    assert find_variant("rummikub").options({"initial_meld": 30.0})["initial_meld"] == 30
    assert check("rummikub", "R10 R11 R12", options={"initial_meld": 30.0}).valid
    with pytest.raises(OptionError, match=r"30\.5 is not a whole number"):
        find_variant("rummikub").options({"initial_meld": 30.5})


def test_a_rank_chosen_as_a_whole_number_with_a_point_is_that_rank():
    """Crazy Rummy's ``wild: 4.0`` (a JSON client's number) was "not one of the choices"; ``4.5`` still is."""
    crazy = find_variant("crazy-rummy")
    assert crazy.options({"wild": 4.0})["wild"] == crazy.options({"wild": 4})["wild"] == "4"
    assert check("crazy-rummy", "4 4 4", options={"wild": 4.0, "first_play": True}).valid
    with pytest.raises(OptionError, match=r"4\.5 is not one of the choices"):
        crazy.options({"wild": 4.5})


def test_the_wild_rank_ten_may_be_written_t_as_the_cards_are():
    """RULES.md section 5: ``T`` = 10 in the cards, so in the ``wild`` option too (the probe of
    7 December found ``wild=T`` refused while ``Q Q T`` was read); ``X`` is still refused."""
    crazy = find_variant("crazy-rummy")
    assert crazy.options({"wild": "T"})["wild"] == crazy.options({"wild": "t"})["wild"] == "10"
    assert check("crazy-rummy", "Q Q T", options={"wild": "T"}).points == 120
    with pytest.raises(OptionError, match=r"'X' is not one of the choices"):
        crazy.options({"wild": "X"})
