"""A player's own part of a hand, checked by the engine (issue 38; scorekeeper/rules/parts.py): each
variant's part meets the checks its round scoring makes of a hand form, a second player out is
refused by name, and the whole hand from every part is judged with the name of the player whose
part is wrong. Every sentence is a catalog reason (German on a German phone)."""

from __future__ import annotations

import pytest

from scorekeeper.display.reasons import render_reason
from scorekeeper.rules import RoundError, RulesError, check_part, judge_hand, part_kind, score_game

NAMES = ("Ann", "Bob", "Cy")


def _game(variant: str, names=NAMES, first_dealer: int = 0):
    return score_game(variant, [], players=len(names), names=names, first_dealer=first_dealer)


def _refused(variant: str, part, seat: int = 1, others=None, **game) -> list[tuple[str, str]]:
    with pytest.raises(RoundError) as refused:
        check_part(variant, part, seat, others or {}, game=_game(variant, **game))
    return refused.value.errors


def test_only_the_variants_with_parts_take_them():
    assert [part_kind(v) for v in ("rummikub", "krazy-bee", "crazy-rummy", "rumbugz")] == [
        "tiles",
        "steps",
        "cards",
        "bugz",
    ]
    assert part_kind("crib-rummy") is None
    with pytest.raises(RulesError, match="do not enter their own parts"):
        check_part("crib-rummy", {"hand": "7"}, 0, {}, game=_game("crib-rummy", NAMES[:2]))


def test_a_part_is_an_object_of_known_keys():
    assert _refused("rummikub", []) == [
        ("part", 'a part is an object with the player\'s own entry, such as {"rack": "R5 J"}')
    ]
    assert _refused("rummikub", {"rack": "R5", "laid": True}) == [
        ("part.laid", "unknown key; a part may hold rack, points, went_out")
    ]


def test_tiles_ct7_a_rack_is_read_and_counted_against_the_set():
    assert check_part("rummikub", {"rack": "r5 J"}, 1, {}, game=_game("rummikub")) == {"rack": "r5 J"}
    [(field, reason)] = _refused("rummikub", {"rack": "R5 R5 R5"})
    assert field == "part.rack" and reason.rule == "CT-7" and "only two R5 tiles" in reason
    [(field, reason)] = _refused("rummikub", {"rack": "R5 X9"})
    assert field == "part.rack" and "X9" in reason
    [(field, reason)] = _refused("rummikub", {"points": 9999})
    assert field == "part.points" and reason.rule == "CT-7"


def test_tiles_ct8_one_player_goes_out_with_an_empty_rack():
    [(field, reason)] = _refused("rummikub", {"rack": "R5", "went_out": True})
    assert field == "part.rack" and reason == "CT-8: the player who went out has an empty rack (0 points)"
    assert check_part("rummikub", {"rack": ""}, 2, {}, game=_game("rummikub")) == {
        "rack": "",
        "went_out": True,
    }
    [(field, reason)] = _refused("rummikub", {"points": 0}, seat=2, others={0: {"went_out": True}})
    assert field == "part.went_out" and reason.rule == "CT-8"
    assert reason == "Ann has already gone out of this round; only one player goes out (CT-8)"


def test_krazy_bee_kb9_out_after_laying_the_step_and_only_once():
    game = _game("krazy-bee")
    assert check_part("krazy-bee", {"laid": True, "went_out": True}, 0, {}, game=game) == {
        "laid": True,
        "went_out": True,
    }
    [(field, reason)] = _refused("krazy-bee", {"laid": False, "went_out": True})
    assert field == "part.went_out" and reason == "KB-9: a player who goes out has laid down their Step"
    [(field, reason)] = _refused(
        "krazy-bee", {"laid": True, "went_out": True}, others={2: {"laid": True, "went_out": True}}
    )
    assert reason == "Cy has already gone out of this hand; only one player goes out (KB-9)"


def test_krazy_bee_kb7_the_player_out_counts_nothing():
    [(field, reason)] = _refused("krazy-bee", {"laid": True, "went_out": True, "hand": "3 W"})
    assert field == "part.hand" and reason.rule == "KB-7" and "not 20" in reason


def test_crazy_rummy_cz1_the_dealer_gives_the_face_up_card_the_wild_rank():
    # Ann deals the first hand (seat 0): her part must give her face-up card
    [(field, reason)] = _refused("crazy-rummy", {"board": "5 5 5", "points": 20}, seat=0)
    assert field == "part.face_up" and reason.rule == "CZ-1"
    kept = check_part("crazy-rummy", {"face_up": "q", "board": "5 5 5"}, 0, {}, game=_game("crazy-rummy"))
    assert kept == {"board": "5 5 5", "face_up": "Q"}
    # another player's part, before or after the dealer's, needs no face-up card
    assert check_part("crazy-rummy", {"board": "9 9 9", "hand": "Q"}, 1, {}, game=_game("crazy-rummy")) == {
        "board": "9 9 9",
        "hand": "Q",
    }


def test_crazy_rummy_cz7_a_face_up_card_is_one_rank():
    for card in ("Z", "5 6", "2"):
        [(field, reason)] = _refused("crazy-rummy", {"face_up": card, "points": 5}, seat=2)
        assert field == "part.face_up" and reason.rule == "CZ-7" and "one rank" in reason


def test_crazy_rummy_cz6_the_player_out_has_no_cards_and_is_the_only_one():
    [(field, reason)] = _refused("crazy-rummy", {"board": "9 9 9", "points": 5, "went_out": True})
    assert field == "part.points" or field == "part.hand"
    assert reason == "CZ-6: the player who went out has no cards left in hand"
    [(field, reason)] = _refused(
        "crazy-rummy",
        {"board": "K K K", "went_out": True},
        seat=2,
        others={1: {"board": "9 9 9", "went_out": True}},
    )
    assert reason == "Bob has already gone out of this hand; only one player goes out (CZ-6)"


def test_rumbugz_rb4_and_rb7_the_winner_empties_the_hand_and_is_the_only_one():
    kinds = ["single", "double", "triple", "match"]
    [(field, reason)] = _refused("rumbugz", {"kinds": kinds, "hand": "3", "went_out": True})
    assert field == "part.hand" and reason == "RB-4: the winner has emptied the hand, so it counts 0, not 3"
    [(field, reason)] = _refused("rumbugz", {"kinds": ["single"], "went_out": True})
    assert field == "part.kinds" and reason.rule == "RB-4"
    [(field, reason)] = _refused(
        "rumbugz", {"kinds": kinds, "went_out": True}, others={0: {"kinds": kinds, "went_out": True}}
    )
    assert (
        field == "part.went_out"
        and reason == "Ann has already gone out of this round; only one player goes out (RB-7)"
    )


def test_the_whole_hand_is_judged_with_the_name_of_the_player_at_fault():
    game = _game("rummikub")
    parts = {0: {"rack": "R5 R5"}, 1: {"rack": "", "went_out": True}, 2: {"rack": "r5"}}
    with pytest.raises(RoundError) as refused:
        judge_hand("rummikub", parts, game=game)
    [(field, reason)] = refused.value.errors
    assert field == "players.2.rack" and reason.rule == "CT-7"
    assert reason == "Cy's part: CT-7: the game has only two R5 tiles; these racks hold 3"
    parts[2] = {"rack": "B7"}
    assert judge_hand("rummikub", parts, game=game) == {
        "winner": 1,
        "players": [{"rack": "R5 R5"}, {"rack": ""}, {"rack": "B7"}],
    }


def test_crazy_rummy_hand_facts_take_the_dealers_card_as_the_wild_rank():
    game = _game("crazy-rummy", NAMES[:2], first_dealer=1)
    parts = {0: {"board": "5 5 5", "hand": "K"}, 1: {"face_up": "Q", "board": "A A A", "went_out": True}}
    assert judge_hand("crazy-rummy", parts, game=game) == {
        "wild": "Q",
        "went_out": 1,
        "players": [{"board": "5 5 5", "hand": "K"}, {"board": "A A A"}],
    }


def test_a_part_refused_reads_german():
    [(_, reason)] = _refused("rummikub", {"went_out": True}, seat=2, others={0: {"went_out": True}})
    assert (
        render_reason(reason, "de")
        == "Ann ist in dieser Runde schon rausgegangen; nur eine Person geht raus (CT-8)"
    )
    [(_, reason)] = _refused("crazy-rummy", {"points": 5}, seat=0)
    assert render_reason(reason, "de").startswith("CZ-1: du gibst in dieser Runde")
