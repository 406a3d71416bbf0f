"""Issue 41 (review of issue 38): the editor closing a hand with the parts that are in is each
variant's own rule, declared on its class and read by the engine (scorekeeper/rules/part_closing.py);
the seats service only asks it."""

from __future__ import annotations

from types import SimpleNamespace

from scorekeeper.rules import all_variants, dealer_part_needed, judge_hand, sat_out_part, score_game
from scorekeeper.rules.krazy_bee import KrazyBee
from scorekeeper.rules.rumbugz import RumBugz
from scorekeeper.services.seats.closing import closable


def _game(variant: str):
    return score_game(variant, [], players=3, names=("Ann", "Bob", "Cy"), first_dealer=0)


def test_only_games_where_each_score_is_the_players_own_close_with_what_is_in():
    allowed = {v.slug for v in all_variants() if sat_out_part(v.slug) is not None}
    assert allowed == {"krazy-bee", "crazy-rummy"}  # KB-7/KB-9, CZ-6; CT-8 and RB-7 refuse
    assert [v.slug for v in all_variants() if dealer_part_needed(v.slug)] == ["crazy-rummy"]  # CZ-1


def test_kb7_kb9_a_player_who_sat_out_scores_nothing_and_stays_on_the_step():
    parts = {
        0: {"laid": True, "went_out": True},
        1: {"laid": True, "hand": "3 4"},
        2: sat_out_part("krazy-bee"),
    }
    facts = judge_hand("krazy-bee", parts, game=_game("krazy-bee"))
    round_ = score_game("krazy-bee", [facts], players=3, names=("Ann", "Bob", "Cy"), first_dealer=0)
    assert round_.totals[2] == 0 and not facts["players"][2]["laid"]


def test_cz6_a_player_who_sat_out_scores_nothing():
    parts = {0: {"face_up": "Q", "board": "5 5 5", "went_out": True}, 1: {"board": "9 9 9", "hand": "Q"}}
    parts[2] = sat_out_part("crazy-rummy")
    facts = judge_hand("crazy-rummy", parts, game=_game("crazy-rummy"))
    round_ = score_game("crazy-rummy", [facts], players=3, names=("Ann", "Bob", "Cy"), first_dealer=0)
    assert round_.totals[2] == 0


def test_the_seats_follow_what_the_variants_class_declares(monkeypatch):
    rumbugz, krazy_bee = SimpleNamespace(variant="rumbugz"), SimpleNamespace(variant="krazy-bee")
    assert not closable(rumbugz) and closable(krazy_bee)
    monkeypatch.setattr(RumBugz, "sat_out_part", {"kinds": [], "points": 0, "went_out": False})
    monkeypatch.setattr(KrazyBee, "sat_out_part", None)
    assert closable(rumbugz) and not closable(krazy_bee)
