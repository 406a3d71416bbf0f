"""A hand no deck deals is refused (a typo), in every card game as in the tile games, and Crazy
Rummy's wild indicator is one card of its rank that no meld or hand can hold (CZ-7: the dealer's
face-up card stays on the table). Found by the differential probe of 7 December."""

from __future__ import annotations

import pytest

from scorekeeper.rules import check, hand, score_game
from scorekeeper.rules.errors import RulesError


@pytest.mark.parametrize(
    ("cards", "options", "legal"),
    [
        ("K K K", {"wild": "K"}, True),
        ("K K K K", {"wild": "K"}, False),  # one deck: four kings, one of them the indicator
        ("K K K K", {}, True),  # no wild rank given: no indicator known
        ("K K K K K K K", {"wild": "K", "players": 3}, True),  # two decks: seven kings may be here
        ("K K K K K K K K", {"wild": "K", "players": 3}, False),
        ("7 7 7 7", {"wild": "K"}, True),  # the indicator is a king, not a 7
    ],
)
def test_the_wild_indicator_is_not_in_any_meld(cards, options, legal):
    verdict = check("crazy-rummy", cards, options=options)
    assert verdict.valid is legal
    if not legal:
        assert verdict.reasons[-1].startswith("CZ-7: ")
        assert "wild indicator on the table" in verdict.reasons[-1]


def test_bottom_feeding_counts_the_indicator_too():
    verdict = check("crazy-rummy", "K", extend="K K K", options={"wild": "K", "first_play": True})
    assert not verdict.valid
    assert any(r.startswith("CZ-7: ") for r in verdict.reasons)


@pytest.mark.parametrize(
    ("variant", "cards", "options", "rule"),
    [
        ("crib-rummy", "7H 7H 7H", {}, "CR-1"),
        ("crib-rummy", "JK JK JK", {}, "CR-3"),
        ("crazy-rummy", "K K K K K", {}, "CZ-1"),
        ("crazy-rummy", "7 7 7 7", {"wild": "7"}, "CZ-7"),
        ("rummikub", "R1 R1 R1", {}, "CT-7"),
    ],
)
def test_a_hand_no_deck_deals_is_refused(variant, cards, options, rule):
    with pytest.raises(RulesError) as refused:
        hand(variant, cards, options)
    assert str(refused.value).startswith(f"{rule}: ")


@pytest.mark.parametrize(
    ("variant", "cards", "options", "field", "value"),
    [
        ("crib-rummy", "7H 7H JK JK", {}, "cards", 4),
        ("crib-rummy", "JK JK JK JK", {"jokers": 4}, "cards", 4),
        ("crazy-rummy", "K K K K", {}, "points", 40),
        ("crazy-rummy", "7 7 7", {"wild": "7"}, "points", 300),
    ],
)
def test_a_hand_a_deck_deals_is_counted(variant, cards, options, field, value):
    assert hand(variant, cards, options).to_dict()[field] == value


def test_a_recorded_hand_is_counted_against_the_games_decks():
    """Three players play with two decks (eight kings): a hand of five kings is recorded and scored
    (CZ-5, CZ-6), as five kings on a board are. The probe of game scoring found it refused with
    "1 deck holds 4" after the checker's hand learned the deck limit; a round counts its decks
    itself, over every board and hand and the wild indicator."""
    facts = {
        "face_up": ["Q", "5", "5"],
        "went_out": 0,
        "players": [{"board": "J J J"}, {"board": "", "hand": "K K K K K"}, {"board": "", "hand": "3"}],
    }
    assert score_game("crazy-rummy", [facts], players=3).totals == (30, -50, -5)
    four_wild = {
        **facts,
        "players": [{"board": "J J J"}, {"board": "", "hand": "Q Q Q Q"}, {"board": "", "hand": "3"}],
    }
    assert score_game("crazy-rummy", [four_wild], players=3).totals == (30, -400, -5)


def test_a_round_kept_before_the_checker_counted_hands_still_reads_back():
    """A two-player hand recorded with its wild rank but no face-up cards, four 7s in one hand: the
    checker's ``hand`` refuses it now (one of the four 7s is the wild indicator, CZ-7), but a game
    kept with it still scores as it did (a round counts the indicator only when the face-up cards
    are recorded, and a recorded history must read back)."""
    with pytest.raises(RulesError):
        hand("crazy-rummy", "7 7 7 7", {"wild": "7"})
    kept = {"wild": "7", "went_out": 0, "players": [{"board": "K K K"}, {"board": "", "hand": "7 7 7 7"}]}
    assert score_game("crazy-rummy", [kept], players=2).totals == (30, -400)
