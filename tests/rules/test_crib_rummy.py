"""Crib Rummy (RULES.md section 4): the checker (CR-1..CR-5), ``hand`` and hands turn by turn (CR-4..CR-9).

Tables are parametrized with the rule id first, so every rule has a legal and
an illegal case; the seed sheet's examples are marked ``seed``.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    NotationError,
    OptionError,
    RoundError,
    check,
    hand,
    options_for,
    score_game,
    score_round,
)
from scorekeeper.rules.crib_rummy import table_melds
from scorekeeper.rules.crib_rummy.melds import RUN_PEGS

V = "crib-rummy"
RUN_OF_HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH".split()

# -- check: new melds ---------------------------------------------------------------

LEGAL = [
    # rule, cards, options, kind, kinds, points, reading
    ("CR-1-seed-K-K-K", "KH KS KD", {}, "set", ["set"], 2, ["KH", "KS", "KD"]),
    ("CR-1-four", "KH KS KD KC", {}, "set", ["set"], 4, ["KH", "KS", "KD", "KC"]),
    ("CR-1-duplicates-fine", "7H 7H 7S", {}, "set", ["set"], 2, ["7H", "7H", "7S"]),
    ("CR-1-symbols", "Q♠ Q♥ Q♦", {}, "set", ["set"], 2, ["QS", "QH", "QD"]),
    ("CR-2-seed-3-to-7-spades", "3S 4S 5S 6S 7S", {}, "run", ["run"], 10, ["3S", "4S", "5S", "6S", "7S"]),
    ("CR-2-any-order", "5S 3S 4S", {}, "run", ["run"], 3, ["5S", "3S", "4S"]),
    ("CR-2-aces-low", "AS 2S 3S", {}, "run", ["run"], 3, ["AS", "2S", "3S"]),
    ("CR-2-ten-as-T", "9C TC JC", {}, "run", ["run"], 3, ["9C", "10C", "JC"]),
    ("CR-2-thirteen", " ".join(RUN_OF_HEARTS), {}, "run", ["run"], 55, RUN_OF_HEARTS),
    ("CR-2-ace-high-Q-K-A", "QH KH AH", {"ace_high": True}, "run", ["run"], 3, ["QH", "KH", "AH"]),
    ("CR-2-ace-high-still-low", "AH 2H 3H", {"ace_high": True}, "run", ["run"], 3, ["AH", "2H", "3H"]),
    (
        "CR-2-ace-high-thirteen",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        {"ace_high": True},
        "run",
        ["run"],
        55,
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD".split(),
    ),
    ("CR-3-joker-in-run-gap", "3H JK 5H", {}, "run", ["run"], 3, ["3H", "4H", "5H"]),
    ("CR-3-joker-alias", "3H * 5H", {}, "run", ["run"], 3, ["3H", "4H", "5H"]),
    ("CR-3-joker-in-set", "KH KD JK", {}, "set", ["set"], 2, ["KH", "KD", "KS"]),
    ("CR-3-joker-never-a-third-copy", "JK 7S 7S", {"kind": "set"}, "set", ["set"], 2, ["7H", "7S", "7S"]),
    ("CR-3-set-and-run-default-run", "7H JK JK", {}, "run", ["set", "run"], 3, ["7H", "5H", "6H"]),
    # section 6: kinds lists every kind the cards read as, also when one is declared
    ("CR-3-declared-set", "7H JK JK", {"kind": "set"}, "set", ["set", "run"], 2, ["7H", "7S", "7D"]),
    ("CR-3-declared-run", "7H JK JK", {"kind": "run"}, "run", ["set", "run"], 3, ["7H", "5H", "6H"]),
    (
        "CR-3-four-jokers-option",
        "7H JK JK JK",
        {"jokers": 4},
        "run",
        ["set", "run"],
        6,
        ["7H", "4H", "5H", "6H"],
    ),
    ("CR-3-joker-ends-at-K", "QS KS JK", {}, "run", ["run"], 3, ["QS", "KS", "JS"]),
    ("CR-3-joker-as-ace-high", "QS KS JK", {"ace_high": True}, "run", ["run"], 3, ["QS", "KS", "JS"]),
]


@pytest.mark.parametrize("rule,cards,opts,kind,kinds,points,reading", LEGAL, ids=[c[0] for c in LEGAL])
def test_legal_melds(rule, cards, opts, kind, kinds, points, reading):
    v = check(V, cards, options=opts).to_dict()
    assert v["valid"] is True, v["reasons"]
    assert (v["kind"], v["kinds"], v["points"], v["reading"]) == (kind, kinds, points, reading)
    assert v["reasons"] == []


ILLEGAL = [
    # rule, cards, options, fragments every one of which must start some reason
    ("CR-1-too-few", "KH KS", {}, ["CR-1: a set needs at least 3", "CR-2: a run needs at least 3"]),
    ("CR-1-five-of-a-rank", "7H 7S 7D 7C 7H", {"kind": "set"}, ["CR-1: a set has at most 4"]),
    ("CR-1-mixed-ranks", "5H 6S 7D", {}, ["CR-1: a set needs one rank", "CR-2: a run needs one suit"]),
    ("CR-1-more-than-two-packs", "8H 8H 8H", {}, ["CR-1: two packs hold 2"]),
    ("CR-2-one-suit", "3S 4H 5S", {"kind": "run"}, ["CR-2: a run needs one suit"]),
    ("CR-2-gap", "3S 5S 7S", {}, ["CR-2: not in sequence"]),
    ("CR-2-no-repeats", "5S 5S 6S", {"kind": "run"}, ["CR-2: a run has no repeats"]),
    ("CR-2-aces-low-only", "QH KH AH", {}, ["CR-2: aces are low only"]),
    ("CR-2-never-K-A-2", "KH AH 2H", {"ace_high": True}, ["CR-2: a run never wraps"]),
    ("CR-2-never-K-A-2-low", "KH AH 2H", {}, ["CR-2: a run never wraps"]),
    ("CR-2-at-most-13", " ".join(RUN_OF_HEARTS) + " JK", {}, ["CR-2: a run has at most 13"]),
    ("CR-3-needs-a-natural", "JK JK", {"jokers": 4}, ["CR-3: a meld needs at least one natural"]),
    ("CR-3-three-jokers", "JK JK JK", {"jokers": 4}, ["CR-3: a meld needs at least one natural"]),
    ("CR-3-deck-jokers", "7H JK JK JK", {}, ["CR-3: the deck has 2 jokers"]),
    ("CR-3-declared-set-fails", "5H 6H 7H", {"kind": "set"}, ["CR-1: a set needs one rank"]),
    ("CR-3-declared-run-fails", "KH KS KD", {"kind": "run"}, ["CR-2: a run needs one suit"]),
    ("CR-4-sets-closed-at-4", "9H 9S 9D 9C JK", {"jokers": 4, "kind": "set"}, ["CR-1: a set has at most 4"]),
]


@pytest.mark.parametrize("rule,cards,opts,fragments", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_melds(rule, cards, opts, fragments):
    v = check(V, cards, options=opts).to_dict()
    assert v["valid"] is False and v["kind"] is None and v["points"] is None
    for fragment in fragments:
        assert any(r.startswith(fragment) for r in v["reasons"]), (fragment, v["reasons"])
    assert all(r.split(":")[0] in {"CR-1", "CR-2", "CR-3", "CR-4"} for r in v["reasons"])


@pytest.mark.parametrize(
    "cards,opts,alternative",
    [
        ("QH KH AH", {}, "legal as a run where Q-K-A runs are allowed: 3 pegs"),
        ("5H 6H 7H", {"kind": "set"}, "legal as a run (3 pegs): declare it a run"),
        ("KH KS KD", {"kind": "run"}, "legal as a set (2 pegs): declare it a set"),
    ],
    ids=["CR-2-ace-high", "CR-3-run-instead", "CR-3-set-instead"],
)
def test_rejections_name_a_legal_alternative(cards, opts, alternative):
    assert alternative in check(V, cards, options=opts).alternatives


def test_CR3_both_kinds_are_listed_with_their_points_and_readings():
    v = check(V, "7H JK JK").to_dict()
    assert v["points_by_kind"] == {"set": 2, "run": 3}
    assert check(V, "7H JK JK", options={"kind": "set"}).to_dict()["points_by_kind"] == {"set": 2, "run": 3}
    refused = check(V, "7H 8H 9H", options={"kind": "set"}).to_dict()
    assert not refused["valid"] and refused["kinds"] == ["run"]
    grown = check(V, "JK", extend="7H JK JK", options={"jokers": 4, "kind": "set"}).to_dict()
    assert grown["kind"] == "set" and grown["kinds"] == ["set", "run"]
    assert grown["points_by_kind"] == {"set": 2, "run": 3}
    assert v["readings"] == [["7H", "5H", "6H"], ["7H", "6H", "8H"], ["7H", "8H", "9H"], ["7H", "7S", "7D"]]
    assert v["notes"][0].startswith("CR-3:")


# -- CR-5: the pegging table -------------------------------------------------------------

CUMULATIVE = {3: 3, 4: 6, 5: 10, 6: 14, 7: 18, 8: 23, 9: 28, 10: 33, 11: 39, 12: 45, 13: 55}
PER_CARD = {4: 3, 5: 4, 6: 4, 7: 4, 8: 5, 9: 5, 10: 5, 11: 6, 12: 6, 13: 10}


@pytest.mark.parametrize("length", range(3, 14), ids=lambda n: f"CR-5-run-of-{n}")
def test_CR5_run_laid_at_once_pegs_the_cumulative_total(length):
    assert check(V, " ".join(RUN_OF_HEARTS[:length])).points == CUMULATIVE[length] == RUN_PEGS[length]


@pytest.mark.parametrize("length", range(4, 14), ids=lambda n: f"CR-5-card-{n}")
def test_CR5_each_added_card_pegs_by_the_new_length(length):
    v = check(V, RUN_OF_HEARTS[length - 1], extend=" ".join(RUN_OF_HEARTS[: length - 1]))
    assert v.valid and v.points == PER_CARD[length]


def test_CR5_seed_three_card_run_then_fourth_then_fifth():
    assert check(V, "3S 4S 5S").points == 3
    assert check(V, "6S", extend="3S 4S 5S").points == 3
    assert check(V, "7S", extend="3S 4S 5S 6S").points == 4


def test_CR5_a_card_pegs_the_same_laid_with_the_meld_or_added_later():
    step_by_step = check(V, "AH 2H 3H").points + sum(
        check(V, RUN_OF_HEARTS[n], extend=" ".join(RUN_OF_HEARTS[:n])).points for n in range(3, 13)
    )
    assert step_by_step == check(V, " ".join(RUN_OF_HEARTS)).points == 55
    assert check(V, "6S 7S", extend="3S 4S 5S").points == 7 == check(V, "3S 4S 5S 6S 7S").points - 3


def test_CR5_sets_peg_2_and_their_fourth_card_2():
    assert check(V, "KH KS KD").points == 2
    assert check(V, "KC", extend="KH KS KD").points == 2


# -- check: extensions (CR-4) -----------------------------------------------------------------

EXTEND_LEGAL = [
    # rule, cards, table meld, options, kind, points, reading of the added cards
    ("CR-4-low-end", "2H", "3H 4H 5H", {}, "run", 3, ["2H"]),
    ("CR-4-both-ends", "2H 6H", "3H 4H 5H", {}, "run", 7, ["2H", "6H"]),
    ("CR-4-joker-added", "JK", "AS 2S 3S", {}, "run", 3, ["4S"]),
    ("CR-4-set-fourth", "KC", "KH KS KD", {}, "set", 2, ["KC"]),
    ("CR-4-set-joker", "JK", "KH KS KD", {}, "set", 2, ["KC"]),
    ("CR-4-ambiguous-table-as-set", "7S", "7H JK JK", {}, "set", 2, ["7S"]),
    ("CR-4-ambiguous-table-as-run", "8H", "7H JK JK", {}, "run", 3, ["8H"]),
    ("CR-4-ace-high-extension", "AH", "JH QH KH", {"ace_high": True}, "run", 3, ["AH"]),
    ("CR-4-joker-keeps-open-reading", "6H", "5H JK JK", {}, "run", 3, ["6H"]),
]


@pytest.mark.parametrize(
    "rule,cards,table,opts,kind,points,reading", EXTEND_LEGAL, ids=[c[0] for c in EXTEND_LEGAL]
)
def test_legal_extensions(rule, cards, table, opts, kind, points, reading):
    v = check(V, cards, extend=table, options=opts).to_dict()
    assert v["valid"] is True, v["reasons"]
    assert (v["kind"], v["points"], v["reading"]) == (kind, points, reading)
    assert v["length"] == len(table.split()) + len(cards.split())


EXTEND_ILLEGAL = [
    ("CR-4-set-closed-at-4", "KC", "KH KS KD KC", {}, "CR-4: sets are closed at 4"),
    ("CR-4-not-at-the-ends", "7H 8H", "3H 4H 5H", {}, "CR-4:"),
    ("CR-4-joker-never-moves", "4H", "3H JK 5H", {}, "CR-4:"),
    ("CR-4-no-wrap-below-ace", "KS", "AS 2S 3S", {}, "CR-4:"),
    ("CR-2-Q-K-A-needs-option", "AH", "JH QH KH", {}, "CR-2: aces are low only"),  # issue 18: CR-2 decides
    ("CR-4-nothing-added", "", "3H 4H 5H", {}, "CR-4: add at least one card"),
    ("CR-4-table-meld-illegal", "6H", "3H 5H 9H", {}, "CR-4: the meld on the table is not legal"),
    (
        "CR-4-declared-kind-does-not-fit",
        "8H",
        "7H JK JK",
        {"kind": "set"},
        "CR-1: 8H cannot join a set of 7s",
    ),
    ("CR-2-wrong-suit", "6S", "3H 4H 5H", {}, "CR-2: 6S cannot join a run of hearts"),
    ("CR-2-past-13", "JK", " ".join(RUN_OF_HEARTS), {}, "CR-2: a run has at most 13"),
    ("CR-1-wrong-rank", "QH", "KH KS KD", {}, "CR-1: QH cannot join a set of Ks"),
    ("CR-3-too-many-jokers", "JK", "7H JK JK", {}, "CR-3: the deck has 2 jokers"),
]


@pytest.mark.parametrize("rule,cards,table,opts,fragment", EXTEND_ILLEGAL, ids=[c[0] for c in EXTEND_ILLEGAL])
def test_illegal_extensions(rule, cards, table, opts, fragment):
    v = check(V, cards, extend=table, options=opts).to_dict()
    assert v["valid"] is False
    assert any(r.startswith(fragment) for r in v["reasons"]), v["reasons"]


def test_CR4_failed_extension_suggests_a_new_meld():
    v = check(V, "5S 6S 7S", extend="3H 3D 3C")
    assert v.alternatives == ("the added cards are a legal new run on their own (3 pegs)",)


# -- hand ----------------------------------------------------------------------------


@pytest.mark.parametrize("players,bonus", [(2, 10), (3, 5), (4, 3)], ids=lambda x: f"CR-7-{x}")
def test_hand_counts_cards_and_the_rummy_bonus_they_give(players, bonus):
    out = hand(V, "3H 4H JK KS 9D", options={"players": players}).to_dict()
    assert out == {"variant": V, "cards": 5, "players": players, "rummy_bonus": bonus}


def test_hand_of_nothing():
    assert hand(V, "").to_dict()["cards"] == 0


# -- notation and options --------------------------------------------------------------------


@pytest.mark.parametrize("cards", ["1H", "11H", "7", "7X", "JKH", "2", "H", "10", "KK", "0S", "A♥♥"])
def test_N1_notation_errors_name_the_token(cards):
    with pytest.raises(NotationError) as err:
        check(V, f"3H {cards} 5H")
    assert str(err.value).startswith(f"N-1: unknown token {cards!r} for Crib Rummy")
    assert "; accepted: rank A 2..10 J Q K (T = 10) + suit S H D C" in str(err.value)


# Decision (N-1): the deck's tokens are A J Q K, so 1 and 11..13 are refused everywhere
# (crib-rummy and crazy-rummy alike), with a hint naming the letter to use.
@pytest.mark.parametrize(
    "cards,hint",
    [
        ("1S", "an ace is written A, e.g. AS"),
        ("1", "an ace is written A, e.g. AS"),
        ("11H", "a jack is written J, e.g. JS"),
        ("12D", "a queen is written Q, e.g. QS"),
        ("13C", "a king is written K, e.g. KS"),
        ("7", "a card needs its suit, e.g. 7H"),
        ("10", "a card needs its suit, e.g. 7H"),
    ],
    ids=lambda x: f"N-1-hint-{x}" if len(x) < 4 else None,
)
def test_N1_message_says_what_players_meant(cards, hint):
    with pytest.raises(NotationError) as err:
        check(V, f"3H {cards} 5H")
    assert str(err.value).startswith(f"N-1: unknown token {cards!r} for Crib Rummy ({hint}); accepted:")


def test_N1_tokens_are_case_insensitive_and_comma_separated():
    assert check(V, "qs, ks,jk").to_dict()["reading"] == ["QS", "KS", "JS"]


def test_empty_meld_is_not_legal_and_not_an_error():
    v = check(V, "")
    assert not v.valid and v.reasons


@pytest.mark.parametrize(
    "opts",
    [
        {"target": 61},
        {"target": "121"},
        {"target": 241},
        {"jokers": 2},
        {"jokers": "4"},
        {"ace_high": "on"},
        {"ace_high": False},
        {"players": 3},
        {"players": 4},
        {"kind": "set"},
        {"kind": "RUN"},
        {"kind": ""},
    ],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_valid_options(opts):
    resolved = options_for(V, opts)
    assert set(resolved) == {"target", "jokers", "ace_high", "players", "kind"}


@pytest.mark.parametrize(
    "opts,name",
    [
        ({"target": 100}, "target"),
        ({"target": "lots"}, "target"),
        ({"jokers": 3}, "jokers"),
        ({"ace_high": "maybe"}, "ace_high"),
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"kind": "book"}, "kind"),
        ({"wild": "7"}, "wild"),
    ],
    ids=lambda o: str(o),
)
def test_invalid_options(opts, name):
    with pytest.raises(OptionError) as err:
        check(V, "KH KS KD", options=opts)
    assert err.value.name == name and "accepted" in str(err.value)


def test_option_defaults():
    assert options_for(V, {}) == {"target": 121, "jokers": 2, "ace_high": False, "players": 2, "kind": None}


# -- hands turn by turn (CR-4..CR-9) --------------------------------------------------------------


def meld(cards, extend=None, kind=None):
    out = {"cards": cards}
    if extend is not None:
        out["extend"] = extend
    if kind:
        out["kind"] = kind
    return out


def turn(*melds, pegs=None, player=None):
    out = {"melds": list(melds)}
    if pegs is not None:
        out["pegs"] = pegs
    if player is not None:
        out["player"] = player
    return out


def out(player, *cards_left):
    return {"type": "out", "player": player, "cards_left": list(cards_left)}


def round_error(facts, players=2, previous=(), **opts):
    with pytest.raises(RoundError) as err:
        score_round(V, facts, players=players, previous=list(previous), options=opts)
    return err.value.errors[0]


def test_CR5_turns_peg_the_player_who_adds_the_cards_on_any_meld():
    # dealer 0, so seat 1 starts
    facts = {
        "turns": [
            turn(meld("3H 4H 5H")),  # seat 1: run of 3 -> 3
            turn(meld("KS KD KC"), meld("6H", extend=0)),  # seat 0: set 2 + 4th card of seat 1's run 3
            turn(meld("7H 8H", extend=0)),  # seat 1: 5th and 6th card -> 4 + 4
            turn(meld("JK", extend=1)),  # seat 0: 4th card of own set -> 2
        ]
    }
    r = score_round(V, facts, players=2)
    assert r.changes == (7, 11) and r.complete is False and r.starter == 1
    assert [t["pegs"] for t in r.details["turns"]] == [3, 5, 8, 2]
    assert [t["player"] for t in r.details["turns"]] == [1, 0, 1, 0]
    assert [(m["owner"], m["kind"], m["cards"], m["length"]) for m in r.details["table"]] == [
        (1, "run", "3H 4H 5H 6H 7H 8H", 6),
        (0, "set", "KS KD KC JK", 4),
    ]
    assert r.details["turns"][3]["melds"][0]["reading"] == ["KH"]
    assert r.progress == ({"front": 7, "back": 5}, {"front": 11, "back": 3})


def test_CR9_starter_given_and_player_checked():
    facts = {"starter": 0, "turns": [turn(meld("3H 4H 5H"), player=0), turn(player=1)]}
    assert score_round(V, facts, players=2).changes == (3, 0)
    field, message = round_error({"starter": 0, "turns": [turn(player=1)]})
    assert field == "turns.0.player" and message.startswith("it is player 1's turn")  # names, never seats
    field, message = round_error({"starter": 2, "turns": []})
    assert field == "starter" and message.startswith("CR-9:")


def test_messages_name_the_players_when_the_game_has_names():
    lay = turn(meld("3H 4H 5H"))
    with pytest.raises(RoundError) as err:
        score_game(V, [{"turns": [lay, turn(meld("6H", extend=0))]}], players=2, names=["Ann", "Bob"])
    assert err.value.errors == [
        (
            "turns.1.melds.0.extend",
            "CR-6: Ann may add to another player's meld only "
            "after laying a meld of their own (earlier this hand or this turn)",
        )
    ]
    assert str(err.value).startswith("hand 1: ")  # Crib Rummy's word for a round
    with pytest.raises(RoundError) as err:
        score_game(V, [{"turns": [turn()], "end": out(0, 0, 3)}], players=2, names=["Ann", "Bob"])
    assert err.value.errors[0][1] == "CR-7: Ann went out, but the last turn recorded is Bob's"
    with pytest.raises(RoundError) as err:
        table_melds({"starter": 1, "turns": [turn(player=0)]}, 2, names=["Ann", "Bob"])
    assert (
        err.value.errors[0][1] == "it is Bob's turn: play goes round the table from the starter (Bob) (CR-9)"
    )


def test_CR6_another_players_meld_needs_one_of_your_own_first():
    lay = turn(meld("3H 4H 5H"))
    field, message = round_error({"turns": [lay, turn(meld("6H", extend=0))]})
    assert field == "turns.1.melds.0.extend" and message.startswith("CR-6:")
    # laid earlier in the same turn: allowed
    r = score_round(V, {"turns": [lay, turn(meld("9C 9D 9S"), meld("6H", extend=0))]}, players=2)
    assert r.changes == (5, 3)
    # in the wrong order within the turn: not yet
    field, _ = round_error({"turns": [lay, turn(meld("6H", extend=0), meld("9C 9D 9S"))]})
    assert field == "turns.1.melds.0.extend"
    # your own meld: always
    r = score_round(V, {"turns": [lay, turn(), turn(meld("6H", extend=0))]}, players=2)
    assert r.changes == (0, 6)


@pytest.mark.parametrize(
    "facts,field,start",
    [
        (
            {"turns": [turn(meld("3H 4H 5H", extend=0))]},
            "turns.0.melds.0.extend",
            "CR-4: there is no table meld 0",
        ),
        (
            {"turns": [turn(meld("KH KS KD KC")), turn(), turn(meld("KH", extend=0))]},
            "turns.2.melds.0.cards",
            "CR-4: sets are closed at 4",
        ),
        (
            {"turns": [turn(meld("3H 4H 5H")), turn(), turn(meld("8H", extend=0))]},
            "turns.2.melds.0.cards",
            "CR-4:",
        ),
        (
            {"turns": [turn(meld("3H 4H 5H")), turn(), turn(meld("6H", extend=0, kind="set"))]},
            "turns.2.melds.0.kind",
            "CR-4: meld 0 is a run",
        ),
        ({"turns": [turn(meld("3H 4S 5H"))]}, "turns.0.melds.0.cards", "CR-1:"),
        ({"turns": [turn(meld("KH KS KD", kind="run"))]}, "turns.0.melds.0.cards", "CR-2:"),
        ({"turns": [turn(meld("KH KS KD", kind="book"))]}, "turns.0.melds.0.kind", "CR-3:"),
        ({"turns": [turn(meld("3H 4H 9X"))]}, "turns.0.melds.0.cards", "N-1:"),
        ({"turns": [turn(meld(""))]}, "turns.0.melds.0.cards", "give the cards"),
        ({"turns": [turn(meld("3H 4H 5H"), pegs=4)]}, "turns.0.pegs", "CR-5: these melds peg 3, not 4"),
        ({"turns": [turn(pegs=-1)]}, "turns.0.pegs", "pegs cannot be below 0"),
        ({"turns": "3H"}, "turns", "give the turns as a list"),
        ({"turns": ["3H"]}, "turns.0", "each turn must be an object"),
        (
            {"turns": [turn(meld("JK 7H JK")), turn(meld("JK JK 9S"))]},
            "turns.1.melds.0.cards",
            "CR-3: the deck has 2",
        ),
    ],
    ids=[
        "CR-4-no-such-meld",
        "CR-4-set-closed",
        "CR-4-gap",
        "CR-4-kind-fixed",
        "CR-1-bad-meld",
        "CR-2-declared",
        "CR-3-unknown-kind",
        "N-1-in-a-meld",
        "CR-4-empty-meld",
        "CR-5-manual-mismatch",
        "CR-5-negative",
        "turns-not-list",
        "turn-not-object",
        "CR-3-jokers-across-table",
    ],
)
def test_bad_turns_are_field_errors(facts, field, start):
    got_field, message = round_error(facts)
    assert got_field == field and message.startswith(start), message


def test_CR1_seed_A23_locked_by_a_set_holding_both_4_of_spades():
    facts = {"turns": [turn(meld("AS 2S 3S")), turn(meld("4S 4S 4H")), turn(meld("4S", extend=0))]}
    field, message = round_error(facts)
    assert field == "turns.2.melds.0.cards" and message.startswith("CR-1: two packs hold 2 of each card; 4S")
    assert not check(V, "KS", extend="AS 2S 3S").valid  # nor below the ace


def test_CR4_a_joker_keeps_what_earlier_additions_fixed():
    # 5H JK JK may read 3-5, 4-6 or 5-7; adding 8H fixes the jokers as 6H 7H, so 6H can no longer join
    facts = {
        "turns": [
            turn(meld("5H JK JK", kind="run")),
            turn(),
            turn(meld("8H", extend=0)),
            turn(),
            turn(meld("6H", extend=0)),
        ]
    }
    field, message = round_error(facts)
    assert field == "turns.4.melds.0.cards" and message.startswith("CR-4:")
    assert check(V, "6H", extend="5H JK JK").valid  # without that history it could


def test_CR3_ambiguous_meld_counts_as_a_run_unless_declared():
    r = score_round(V, {"turns": [turn(meld("7H JK JK"))]}, players=2)
    assert r.changes == (0, 3) and r.details["table"][0]["kind"] == "run"
    assert r.details["notes"][0].startswith("turn 1: 7H JK JK counted as a run (CR-3")
    r = score_round(
        V, {"turns": [turn(meld("7H JK JK", kind="set")), turn(), turn(meld("7S", extend=0))]}, players=2
    )
    assert r.changes == (0, 4) and r.details["table"][0]["kind"] == "set"


def test_manual_pegs_and_empty_turns():
    r = score_round(V, {"turns": [turn(pegs=5), turn(), turn(pegs="7")]}, players=2)
    assert r.changes == (0, 12)
    assert [t["manual"] for t in r.details["turns"]] == [True, False, True]
    r = score_round(V, {"turns": [turn(meld("3H 4H 5H"), pegs=3)]}, players=2)
    assert r.changes == (0, 3)


@pytest.mark.parametrize(
    "players,cards_left,bonus",
    [
        (2, [0, 7], 14),
        (3, [0, 4, 3], 7),
        (4, [0, 3, 2, 2], 4),  # 7 cards -> 3.5 -> rounded up once
        (4, [0, 1, 1, 1], 2),  # 3 cards -> 1.5 -> 2 (not 1 + 1 + 1)
        (4, [0, 2, 2, 4], 4),
    ],
    ids=[
        "CR-7-2p-2-a-card",
        "CR-7-3p-1-a-card",
        "CR-7-4p-half-rounded-up",
        "CR-7-4p-rounded-once",
        "CR-7-4p-even",
    ],
)
def test_CR7_rummy_bonus(players, cards_left, bonus):
    # seat 0 deals; the out player is seat 0, whose turn is the last of one round of turns
    facts = {"turns": [turn() for _ in range(players)], "end": out(0, *cards_left)}
    r = score_round(V, facts, players=players)
    assert r.complete and r.changes == (bonus,) + (0,) * (players - 1)
    assert r.details["bonus"] == {"player": 0, "points": bonus, "cards_left": cards_left}
    assert r.details["ended_by"] == "out"


def test_CR7_draw_pile_ends_a_hand_without_bonus():
    r = score_round(V, {"turns": [turn(pegs=3)], "end": {"type": "draw_pile"}}, players=2)
    assert r.complete and r.changes == (0, 3) and r.details["bonus"] is None


@pytest.mark.parametrize(
    "end,field,start",
    [
        (out(1, 3, 0), "end.player", "CR-7: player 2 went out, but the last turn recorded is player 1's"),
        (out(0, 2, 3), "end.cards_left.0", "CR-7: the player who goes out has no cards left"),
        (out(0, 0), "end.cards_left", "CR-7: give the cards left"),
        (out(0, 0, -2), "end.cards_left.1", "cards left cannot be below 0"),
        ({"type": "out", "cards_left": [0, 3]}, "end.player", "CR-7: say who went out"),
        ({"type": "out", "player": 5, "cards_left": [0, 3]}, "end.player", "CR-7:"),
        ({"type": "rummy"}, "end.type", "'rummy' is not how a hand ends"),
        ("out", "end", "give the end of the hand as an object"),
    ],
    ids=[
        "CR-7-not-last-turn",
        "CR-7-out-holds-cards",
        "CR-7-counts-per-seat",
        "CR-7-negative",
        "CR-7-who",
        "CR-7-seat",
        "end-type",
        "end-object",
    ],
)
def test_CR7_bad_ends(end, field, start):
    got_field, message = round_error({"turns": [turn(), turn()], "end": end})
    assert got_field == field and message.startswith(start), message


def test_CR7_out_without_recorded_turns_is_accepted():
    r = score_round(V, {"end": out(1, 5, 0)}, players=2)
    assert r.changes == (0, 10)


def pegged_hand(players, pegs_by_seat):
    """A complete hand: one round of manual turns from the default starter, ended by the draw pile."""
    return {"turns": [turn(pegs=p) for p in pegs_by_seat], "end": {"type": "draw_pile"}}


def test_CR8_final_turns_mid_hand_then_the_game_ends():
    # 3 players, target 61, dealer 0: hand 1 starts with seat 1 (turn order 1, 2, 0)
    first = {"turns": [turn(pegs=50), turn(pegs=40), turn(pegs=55)], "end": {"type": "draw_pile"}}
    # hand 2: dealer 1, seat 2 starts (order 2, 0, 1); seat 0 reaches 61 on turn 2 -> seat 1 is still due
    second = {"starter": 2, "turns": [turn(pegs=3), turn(pegs=8)]}
    g = score_game(V, [first, second], players=3, options={"target": 61})
    r = g.rounds[-1]
    assert not g.finished and not r.complete
    assert r.details["reached"] == {"player": 0, "turn": 2} and r.details["final_turns"] == [1]
    done = {"starter": 2, "turns": [turn(pegs=3), turn(pegs=8), turn(pegs=15)]}
    g = score_game(V, [first, done], players=3, options={"target": 61})
    assert g.finished and g.rounds[-1].complete and g.totals == (63, 65, 43)
    assert g.winners == (1,)  # the final turn overtook the player who reached 61 first
    late = {"starter": 2, "turns": [turn(pegs=3), turn(pegs=8), turn(pegs=15), turn()]}
    with pytest.raises(RoundError) as err:
        score_game(V, [first, late], players=3, options={"target": 61})
    assert err.value.round == 2 and err.value.errors[0][0] == "turns.3"
    assert err.value.errors[0][1].startswith("CR-8: the game ended after turn 3")


def test_CR8_reaching_on_the_last_turn_of_a_round_ends_at_once():
    g = score_game(V, [{"turns": [turn(pegs=30), turn(pegs=61)]}], players=2, options={"target": 61})
    assert g.finished and g.winners == (0,) and g.rounds[0].details["final_turns"] == []


def test_CR8_a_round_of_turns_counts_from_the_starter():
    # dealer 0, starter 1: order 1, 0, 1, 0 ... seat 1 reaching on turn 3 leaves seat 0 one turn
    g = score_game(V, [{"turns": [turn(pegs=20), turn(), turn(pegs=41)]}], players=2, options={"target": 61})
    assert not g.finished and g.rounds[0].details["final_turns"] == [0]
    g = score_game(
        V,
        [{"turns": [turn(pegs=20), turn(), turn(pegs=41), turn(pegs=61)]}],
        players=2,
        options={"target": 61},
    )
    assert g.finished and g.winners == (0, 1) and g.totals == (61, 61)  # N-5: a tie shares the win


def test_CR8_rummy_bonus_can_end_the_game_and_no_hand_follows():
    g = score_game(V, [{"turns": [turn(pegs=55)], "end": out(1, 4, 0)}], players=2, options={"target": 61})
    assert g.finished and g.totals == (0, 63)
    with pytest.raises(RoundError) as err:
        score_game(
            V,
            [{"turns": [turn(pegs=55)], "end": out(1, 4, 0)}, {"turns": []}],
            players=2,
            options={"target": 61},
        )
    assert "already over" in str(err.value)


def test_CR9_the_player_behind_chooses_who_starts():
    g = score_game(V, [], players=3)
    assert (g.dealer, g.starter, g.chooser) == (0, 1, None)  # first hand: left of the dealer
    g = score_game(V, [pegged_hand(3, [10, 4, 9])], players=3)  # order 1, 2, 0
    assert g.totals == (9, 10, 4) and (g.dealer, g.starter, g.chooser) == (1, None, 2)
    g = score_game(V, [pegged_hand(3, [5, 5, 5])], players=3)
    assert g.chooser == 2  # all tied: the first from the new dealer's (seat 1's) left
    g = score_game(V, [pegged_hand(3, [9, 4, 4])], players=3)
    assert g.totals == (4, 9, 4) and g.chooser == 2  # seats 0 and 2 tied: seat 2 plays first from dealer 1
    # a hand in progress keeps its starter and still shows who was behind
    g = score_game(V, [pegged_hand(3, [10, 4, 9]), {"starter": 0, "turns": [turn(pegs=1)]}], players=3)
    assert (g.dealer, g.starter, g.chooser) == (1, 0, 2)


def test_progress_front_and_back_pegs_carry_across_hands():
    g = score_game(V, [pegged_hand(2, [5, 7]), {"turns": [turn(pegs=3), turn()]}], players=2)
    # hand 1: seat 1 then seat 0; hand 2: dealer 1 -> seat 0 then seat 1
    assert g.totals == (10, 5)
    assert g.progress == ({"front": 10, "back": 7}, {"front": 5, "back": 0})


def test_whole_game_to_the_winner_with_4_players():
    hands = [
        # dealer 0 -> order 1, 2, 3, 0, 1; seat 1 goes out on turn 5: the others hold 3 + 4 + 2 = 9 -> 4.5 -> 5
        {
            "turns": [
                turn(meld("3H 4H 5H")),
                turn(meld("9S 9D 9C")),
                turn(meld("QH QS QC")),
                turn(meld("2C 3C 4C")),
                turn(meld("6H 7H", extend=0)),
            ],
            "end": out(1, 3, 0, 4, 2),
        },
        # dealer 1 -> the player behind (seat 2) lets seat 3 start: order 3, 0, 1, 2
        {
            "starter": 3,
            "turns": [turn(pegs=40), turn(pegs=20), turn(pegs=10), turn(pegs=5)],
            "end": {"type": "draw_pile"},
        },
        # dealer 2, seat 3 starts and reaches 61 at once; seats 0, 1 and 2 still take their turns
        {"starter": 3, "turns": [turn(pegs=21), turn(pegs=6), turn(pegs=40), turn(pegs=2)]},
    ]
    g = score_game(V, hands, players=4, options={"target": 61})
    assert g.rounds[0].changes == (3, 15, 2, 2)  # seat 1: run 3, then 4th 3 + 5th 4, bonus 5
    assert g.rounds[0].details["bonus"]["points"] == 5
    assert g.rounds[1].changes == (20, 10, 5, 40)
    assert g.rounds[1].totals == (23, 25, 7, 42)
    assert g.rounds[2].details["reached"] == {"player": 3, "turn": 1}
    assert g.totals == (29, 65, 9, 63)
    assert g.finished and g.winners == (1,) and g.ranks == (3, 1, 4, 2)


def test_table_melds_helper_for_forms():
    facts = {
        "turns": [
            turn(meld("AS 2S 3S")),
            turn(meld("8D 8C 8H")),
            turn(meld("5D 5C JK"), meld("4S", extend=0)),
        ]
    }
    assert table_melds(facts, 3) == [
        {
            "meld": 0,
            "owner": 1,
            "kind": "run",
            "cards": "AS 2S 3S 4S",
            "length": 4,
            "reading": ["AS", "2S", "3S", "4S"],
            "pegs": 6,
        },
        {
            "meld": 1,
            "owner": 2,
            "kind": "set",
            "cards": "8D 8C 8H",
            "length": 3,
            "reading": ["8D", "8C", "8H"],
            "pegs": 2,
        },
        {
            "meld": 2,
            "owner": 0,
            "kind": "set",
            "cards": "5D 5C JK",
            "length": 3,
            "reading": ["5D", "5C", "5S"],
            "pegs": 2,
        },
    ]
    assert (
        table_melds({"starter": 0, "turns": [turn(meld("AS 2S 3S"))]}, 2, {"ace_high": True})[0]["owner"] == 0
    )
    with pytest.raises(RoundError):
        table_melds({"turns": [turn(meld("AS 2S 9S"))]}, 2)
