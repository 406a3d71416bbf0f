"""Sentences that point at an option carry it as data, and the command line names it.

The engine's words say a game's choices in the players' words ("no wild rank given"), as the
checker page has a field for each option; a command-line user still learns which ``--option``
to set: each such sentence carries the option's key (and the value that would change the
verdict) in :data:`scorekeeper.rules.messages.OPTIONS`, and ``scorekeeper check`` prints the
``--option`` after its line. The API's side is ``tests/web/test_api_option_pointers.py``.
"""

from __future__ import annotations

import pytest

from scorekeeper.cli import commands as cli
from scorekeeper.rules import check, check_turn, pointed_option, say
from scorekeeper.rules.crazy_sets import class_reasons
from scorekeeper.rules.messages import MESSAGES, OPTIONS

#: (key, variant, cards, options, where in the verdict, option, value, the command line's hint)
CASES = [
    ("cz.no_wild", "crazy-rummy", "7H 7S 7C 9D", {}, "notes", "wild", None, "--option wild=VALUE; accepted: 3, 4,"),
    ("cz.first_play_legal", "crazy-rummy", "7H 7S JH JD", {"wild": "J"}, "alternatives", "first_play", True,
     "--option first_play=on"),
    ("cz.one_deck_holds", "crazy-rummy", "7H 7H 7H 7H 7H", {}, "reasons", "players", None,
     "--option players=VALUE; accepted: a whole number"),
    ("cz.decks_hold", "crazy-rummy", " ".join(["7H"] * 9), {"players": 4}, "reasons", "players", None,
     "--option players=VALUE"),
    ("cz.one_deck_indicator", "crazy-rummy", "KH KS KD KC", {"wild": "K"}, "reasons", "players", None,
     "--option players=VALUE"),
    ("cz.decks_indicator", "crazy-rummy", "KH KS KD KC KH KS KD KC", {"wild": "K", "players": 4}, "reasons",
     "players", None, "--option players=VALUE"),
    ("cr.aces_low", "crib-rummy", "QH KH AH", {}, "reasons", "ace_high", True, "--option ace_high=on"),
    ("cr.legal_ace_high", "crib-rummy", "QH KH AH", {}, "alternatives", "ace_high", True, "--option ace_high=on"),
    ("cr.jokers_more", "crib-rummy", "8H 8H 8H JK JK JK", {}, "reasons", "jokers", 4, "--option jokers=4"),
    ("cr.both_ways", "crib-rummy", "7H JK JK", {}, "notes", "kind", None, "--option kind=VALUE; accepted: set, run"),
    ("cr.legal_as_set", "crib-rummy", "7H 7S 7D", {"kind": "run"}, "alternatives", "kind", "set",
     "--option kind=set"),
    ("cr.legal_as_run", "crib-rummy", "7H 8H 9H", {"kind": "set"}, "alternatives", "kind", "run",
     "--option kind=run"),
    ("pr.legal_as", "krazy-bee", "5 6 7", {"kind": "book"}, "alternatives", "kind", "run", "--option kind=run"),
    ("pr.also_legal", "krazy-bee", "7 W", {"min": 2}, "alternatives", "kind", "run", "--option kind=run"),
    ("kb.meld_too_small", "krazy-bee", "5 6", {}, "reasons", "min", None,
     "--option min=VALUE; accepted: a whole number 1..13"),
    ("kb.lays_instead", "krazy-bee", "7 7 7 | 7 8 9 10", {"step": 1}, "alternatives", "step", 2,
     "--option step=2"),
    ("kb.also_lays", "krazy-bee", "7 7 7 7 | 8 8 8 8", {}, "alternatives", "step", 7, "--option step=7"),
    ("ct.legal_as_group", "rummikub", "R1 B1 K1", {"kind": "run"}, "alternatives", "kind", "group",
     "--option kind=group"),
    ("ct.legal_as_run", "rummikub", "R1 R2 R3", {"kind": "group"}, "alternatives", "kind", "run",
     "--option kind=run"),
    ("ct.first_laydown", "rummikub", "R1 R2 R3", {}, "notes", "initial_meld", None,
     "--option initial_meld=VALUE; accepted: a whole number"),
]  # fmt: skip
#: pointers met outside a lone check's verdict, tested below each where it is met
ELSEWHERE = {
    "cz.one_deck_class",  # a hand's cards counted per class
    "cz.decks_class",
    "ct.board_needs_grid",  # a refusal: a board without the grid switch
    "cz.hint_wild",  # a refusal of Crazy Rummy's best-play hint
    "tt.initial_short",  # a whole turn's verdict
    "tt.no_arrangement",  # the tile search out of time (its words name time_limit already)
}


def test_every_pointer_is_tested_and_points_at_a_sentence():
    assert set(OPTIONS) == {c[0] for c in CASES} | ELSEWHERE
    assert set(OPTIONS) <= set(MESSAGES)


@pytest.mark.parametrize(
    "key, variant, cards, options, where, option, value, hint", CASES, ids=[c[0] for c in CASES]
)
def test_the_verdict_carries_the_option_its_sentence_points_at(
    key, variant, cards, options, where, option, value, hint
):
    found = [r for r in getattr(check(variant, cards, options=options), where) if r.key == key]
    assert found, f"{key} not among the {where}"
    assert found[0].option == (option, value)
    described = found[0].described()
    assert described["option"] == option
    assert described.get("option_value") == value


@pytest.mark.parametrize(
    "key, variant, cards, options, where, option, value, hint", CASES, ids=[c[0] for c in CASES]
)
def test_the_command_line_names_the_option_after_the_line(
    key, variant, cards, options, where, option, value, hint, capsys
):
    argv = ["check", variant, *cards.split(" ")]
    for name, given in options.items():
        argv += ["--option", f"{name}={given}"]
    cli.main(argv)
    lines = capsys.readouterr().out.splitlines()
    sentence = next(i for i, line in enumerate(lines) if str(_reason(key, variant, cards, options)) in line)
    assert f"(set it with {hint}" in lines[sentence + 1]
    # lined up under the sentence it belongs to
    assert lines[sentence + 1].index("(") == lines[sentence].index(str(_reason(key, variant, cards, options)))


def _reason(key, variant, cards, options):
    verdict = check(variant, cards, options=options)
    return next(r for r in (*verdict.reasons, *verdict.alternatives, *verdict.notes) if r.key == key)


def test_a_sentence_that_points_at_no_option_gets_no_hint(capsys):
    assert cli.main(["check", "crib-rummy", "7H", "8S", "9D"]) == cli.EXIT_NOT_LEGAL
    assert "--option" not in capsys.readouterr().out
    assert say("cr.set_one_rank", ranks="7, 8").option is None
    assert "option" not in say("cr.set_one_rank", ranks="7, 8").described()


def test_the_class_counts_of_a_hand_point_at_the_players():
    reasons = class_reasons({"ace": 5, "low": 20}, players=2, wild=7)
    reasons += class_reasons({"low": 40}, players=4, wild=7)
    assert [r.key for r in reasons] == ["cz.one_deck_class", "cz.one_deck_class", "cz.decks_class"]
    assert {r.option for r in reasons} == {("players", None)}


def test_a_refusal_names_the_option_it_points_at(capsys):
    assert cli.main(["check", "rummikub", "R1 R2 R3/. . ."]) == cli.EXIT_USAGE
    err = capsys.readouterr().err.splitlines()
    assert "needs the grid switch" in err[0]
    assert err[1] == "scorekeeper: (set it with --option grid=on)"
    assert cli.main(["solve", "crazy-rummy", "--rack", "7H 7S"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "scorekeeper: CZ-1: give the hand's wild rank"
    assert err[1].startswith("scorekeeper: (set it with --option wild=VALUE; accepted: 3, 4, 5")


def test_a_turn_short_of_the_initial_meld_names_the_option(capsys):
    verdict = check_turn("rummikub", "", "R1 R2 R3 B5", "R1 R2 R3", initial=True)
    assert [pointed_option(r) for r in verdict.reasons] == [("initial_meld", None)]
    argv = ["turn", "rummikub", "--rack", "R1 R2 R3 B5", "--after", "R1 R2 R3", "--initial"]
    assert cli.main(argv) == cli.EXIT_NOT_LEGAL
    out = capsys.readouterr().out
    assert "(set it with --option initial_meld=VALUE; accepted: a whole number" in out


def test_a_pointer_inside_another_sentence_is_found():
    wrapped = say("round.ruled", rule="CR-9", message=say("cr.jokers_more", jokers=2, count=3))
    assert wrapped.option is None
    assert pointed_option(wrapped) == ("jokers", 4)
    assert pointed_option("plain words") is None
