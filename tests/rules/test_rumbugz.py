"""RumBugz (RULES.md section 2): every rule id RB-1..RB-8, legal and illegal."""

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
    variants,
)

RB = "rumbugz"


def verdict(cards, **kw):
    return check(RB, cards, options=kw).to_dict()


LEGAL = [
    # id, cards, options, kind, kinds, reading
    ("RB-2-single-2345-seed", "2,3,4,5", {}, "single", ["single"], ["2", "3", "4", "5"]),
    ("RB-2-single-9-12-seed", "9,10,11,12", {}, "single", ["single"], ["9", "10", "11", "12"]),
    ("RB-2-double-2468-seed", "2,4,6,8", {}, "double", ["double"], ["2", "4", "6", "8"]),
    ("RB-2-double-5-7-9-11-seed", "5,7,9,11", {}, "double", ["double"], ["5", "7", "9", "11"]),
    ("RB-2-triple-3-6-9-12-seed", "3,6,9,12", {}, "triple", ["triple"], ["3", "6", "9", "12"]),
    ("RB-2-triple-1-4-7-10-seed", "1,4,7,10", {}, "triple", ["triple"], ["1", "4", "7", "10"]),
    ("RB-2-match-3333-seed", "3,3,3,3", {}, "match", ["match"], ["3", "3", "3", "3"]),
    ("RB-2-match-8888-seed", "8,8,8,8", {}, "match", ["match"], ["8", "8", "8", "8"]),
    ("RB-2-any-order", "8 2 6 4", {}, "double", ["double"], ["8", "2", "6", "4"]),
    (
        "RB-2-longest-single-12",
        " ".join(str(n) for n in range(1, 13)),
        {},
        "single",
        ["single"],
        [str(n) for n in range(1, 13)],
    ),
    ("RB-2-longest-double-6", "1 3 5 7 9 11", {}, "double", ["double"], ["1", "3", "5", "7", "9", "11"]),
    ("RB-2-match-unbounded", "6 " * 9, {}, "match", ["match"], ["6"] * 9),
    ("RB-2-triple-PLYT-is-12-seed", "3 6 9 P", {}, "triple", ["triple"], ["3", "6", "9", "12"]),
    ("RB-2-star-alias-and-case", "3 6 9 *", {}, "triple", ["triple"], ["3", "6", "9", "12"]),
    ("RB-2-plyt-fills-gap", "2 P 6 8", {}, "double", ["double"], ["2", "4", "6", "8"]),
    (
        "RB-3-several-kinds",
        "5 P P P",
        {},
        "single",
        ["single", "double", "triple", "match"],
        ["5", "2", "3", "4"],
    ),
    (
        "RB-3-declared-kind",
        "5 P P P",
        {"kind": "match"},
        "match",
        ["single", "double", "triple", "match"],
        ["5", "5", "5", "5"],
    ),
    ("RB-3-all-PLYT", "P P P P", {}, "single", ["single", "double", "triple", "match"], ["1", "2", "3", "4"]),
    (
        "RB-3-all-PLYT-triple",
        "P p P P",
        {"kind": "triple"},
        "triple",
        ["single", "double", "triple", "match"],
        ["1", "4", "7", "10"],
    ),
    ("RB-1-longer-than-4", "4 5 6 7 8", {}, "single", ["single"], ["4", "5", "6", "7", "8"]),
]


@pytest.mark.parametrize("cards,opts,kind,kinds,reading", [p[1:] for p in LEGAL], ids=[p[0] for p in LEGAL])
def test_legal_sequence(cards, opts, kind, kinds, reading):
    v = verdict(cards, **opts)
    assert v["valid"] is True and v["reasons"] == [] and v["points"] is None
    assert v["kind"] == kind and v["kinds"] == kinds and v["reading"] == reading


def test_rb3_readings_and_alternatives():
    v = verdict("5 P P P")
    assert v["readings"] == [
        ["5", "2", "3", "4"],
        ["5", "3", "4", "6"],
        ["5", "4", "6", "7"],
        ["5", "6", "7", "8"],
    ]
    assert v["alternatives"] == [
        "also legal as a double, when declared as one: 5 1 3 7",
        "also legal as a triple, when declared as one: 5 2 8 11",
        "also legal as a match, when declared as one: 5 5 5 5",
    ]


def test_rb3_all_plyt_match_lists_every_number():
    v = verdict("P P P P", kind="match")
    assert len(v["readings"]) == 12 and v["readings"][-1] == ["12"] * 4


def test_rb3_many_readings_are_capped():
    v = verdict("P P P P", kind="single")
    assert len(v["readings"]) == 9 and "readings_truncated" not in v


ILLEGAL = [
    ("RB-1-three-bugz", "2 3 4", {}, ["RB-1"], "at least 4 Bugz; it has 3"),
    ("RB-1-three-plyts", "P P P", {}, ["RB-1"], "at least 4 Bugz"),
    ("RB-2-nothing", "1 2 4 8", {}, ["RB-2"] * 4, "not a single"),
    ("RB-2-no-wrap", "11 12 1 2", {}, ["RB-2"] * 4, "not a single"),
    ("RB-2-single-longer-than-12", "1 2 3 4 5 6 7 8 9 10 11 12 P", {}, ["RB-2"] * 4, "at most 12 cards"),
    ("RB-2-double-longer-than-6", "1 3 5 7 9 11 P", {}, ["RB-2"] * 4, "at most 6 cards fit"),
    ("RB-2-triple-longer-than-4", "3 6 9 12 P", {"kind": "triple"}, ["RB-2"], "at most 4 cards fit"),
    ("RB-2-triple-needs-0", "P 3 6 9 12", {"kind": "triple"}, ["RB-2"], "at most 4"),
    ("RB-2-repeat-in-single", "3 3 4 5", {"kind": "single"}, ["RB-2"], "3 appears 2 times"),
    ("RB-3-declared-kind-fails", "2 4 6 8", {"kind": "single"}, ["RB-2"], "not a single"),
    ("RB-3-declared-match", "2 4 6 P", {"kind": "match"}, ["RB-2"], "the numbers differ (2, 4, 6)"),
]


@pytest.mark.parametrize("cards,opts,rules,phrase", [p[1:] for p in ILLEGAL], ids=[p[0] for p in ILLEGAL])
def test_illegal_sequence(cards, opts, rules, phrase):
    v = verdict(cards, **opts)
    assert v["valid"] is False and v["kind"] is None
    assert [r.split(":")[0] for r in v["reasons"]] == rules
    assert any(phrase in r for r in v["reasons"]), v["reasons"]


def test_declared_kind_that_fails_names_the_legal_one():
    v = verdict("2 4 6 P", kind="match")
    assert v["kinds"] == ["double"] and v["alternatives"] == ["legal as a double: 2 4 6 8"]


# -- changing a Sequence (RB-5) ----------------------------------------------------------

CHANGES = [
    # id, cards, table, options, valid, kind, reading / reasons' rule ids
    ("RB-5-add-7-take-3-seed", "7 -3", "3 4 5 6", {}, True, "single", ["7"]),
    ("RB-5-replace-plyt-with-12-seed", "12 -P", "3 6 9 P", {}, True, "triple", ["12"]),
    ("RB-5-add-8-to-4567-seed", "8", "4 5 6 7", {}, True, "single", ["8"]),
    ("RB-5-add-10-to-match-seed", "10", "10 10 10 10", {}, True, "match", ["10"]),
    ("RB-5-add-plyt", "P", "2 4 6 8", {}, True, "double", ["10"]),
    ("RB-5-take-one-of-five", "-9", "5 6 7 8 9", {}, True, "single", []),
    ("RB-5-declared-kind-kept", "5", "5 P P P", {"kind": "match"}, True, "match", ["5"]),
    ("RB-5-too-few-left", "-3", "3 4 5 6", {}, False, None, ["RB-5"]),
    ("RB-5-breaks-the-kind", "9", "3 4 5 6", {}, False, None, ["RB-5"]),
    ("RB-5-take-from-the-middle", "-5 7", "3 4 5 6", {}, False, None, ["RB-5"]),
    ("RB-5-not-on-the-table", "7 -9", "3 4 5 6", {}, False, None, ["RB-5"]),
    ("RB-5-declared-kind-lost", "6", "5 P P P", {"kind": "match"}, False, None, ["RB-5"]),
    ("RB-5-declared-kind-not-on-table", "7", "3 4 5 6", {"kind": "double"}, False, None, ["RB-5"]),
    # N-2: a table Sequence of no kind says why, for each of the four
    ("RB-5-table-illegal", "7", "1 2 4 8", {}, False, None, ["RB-5"] * 4),
    ("RB-5-table-illegal-declared", "7", "1 2 4 8", {"kind": "double"}, False, None, ["RB-5"]),
    ("RB-5-no-wrap", "1", "9 10 11 12", {}, False, None, ["RB-5"]),
    # RB-1: a Sequence on the table has at least 4 Bugz, so 3 are not a Sequence to change
    ("RB-5-table-under-four-Bugz", "5", "5 5 5", {}, False, None, ["RB-5"]),
    ("RB-5-match-unbounded", "5 5 5 5 5 5 5 5", "5 5 5 5", {}, True, "match", ["5"] * 8),
    ("RB-5-triple-at-most-4", "P", "1 4 7 10", {}, False, None, ["RB-5"]),
]


@pytest.mark.parametrize(
    "cards,table,opts,valid,kind,expected", [p[1:] for p in CHANGES], ids=[p[0] for p in CHANGES]
)
def test_change(cards, table, opts, valid, kind, expected):
    v = check(RB, cards, extend=table, options=opts).to_dict()
    assert v["valid"] is valid, v["reasons"]
    if valid:
        assert v["kind"] == kind and v["reading"] == expected
    else:
        assert [r.split(":")[0] for r in v["reasons"]] == expected


def test_change_shows_the_table_reading_and_what_was_taken_off():
    v = check(RB, "7 -3", extend="3 4 5 6").to_dict()
    assert v["extend_reading"] == [None, "4", "5", "6"] and v["removed"] == ["3"]  # 3 taken off: None
    v = check(RB, "P", extend="3 P 5 6").to_dict()
    assert v["extend_reading"] == ["3", "4", "5", "6"] and v["readings"] == [["2"], ["7"]]


def test_change_keeps_any_kind_of_a_table_sequence_with_several():
    v = check(RB, "7", extend="P P P P").to_dict()
    assert v["valid"] and v["kinds"] == ["single", "double", "match"]  # a triple holds at most 4
    v = check(RB, "9", extend="3 4 5 6").to_dict()
    assert v["reasons"][0].startswith("RB-5: the Sequence must stay a single")


@pytest.mark.parametrize(
    "cards,table,token",
    [("-", "3 4 5 6", "-"), ("-13", "3 4 5 6", "-13"), ("13", "3 4 5 6", "13"), ("7", "3 4 5 Q", "Q")],
    ids=lambda v: f"N-1-{v}",
)
def test_change_notation_errors(cards, table, token):
    with pytest.raises(NotationError) as err:
        check(RB, cards, extend=table)
    assert err.value.token == token


# -- notation and options -----------------------------------------------------------------


@pytest.mark.parametrize(
    "cards,token",
    [("13", "13"), ("0", "0"), ("W", "W"), ("2 3 4 J", "J"), ("3|4", "3|4")],
    ids=lambda v: f"N-1-{v}",
)
def test_unknown_token(cards, token):
    with pytest.raises(NotationError) as err:
        check(RB, cards)
    assert err.value.token == token and "accepted: 1..12, P (PLYT; or *)" in str(err.value)


@pytest.mark.parametrize(
    "cards,extend", [("", None), (" , ", None), ("", "3 4 5 6"), ("7", "")], ids=lambda v: f"N-1-empty-{v!r}"
)
def test_nothing_given(cards, extend):
    with pytest.raises(NotationError):
        check(RB, cards, extend=extend)


@pytest.mark.parametrize(
    "name,value",
    [
        ("kind", "quad"),
        ("plyt_value", "-1"),
        ("plyt_value", "101"),
        ("plyt_value", "lots"),
        ("rounds", "0"),
        ("target", "0"),
        ("colour", "red"),
    ],
    ids=lambda v: f"option-{v}",
)
def test_bad_option(name, value):
    with pytest.raises(OptionError):
        options_for(RB, {name: value})


def test_option_defaults_and_description():
    assert options_for(RB) == {"plyt_value": 12, "rounds": 5, "target": None, "kind": None}
    assert options_for(RB, {"target": "", "plyt_value": "20"}) == {
        "plyt_value": 20,
        "rounds": 5,
        "target": None,
        "kind": None,
    }
    described = next(v for v in variants() if v["slug"] == RB)
    assert described["high_wins"] is True and described["max_players"] == 6
    assert {o["name"]: o["rule"] for o in described["options"]} == {
        "plyt_value": "RB-6",
        "rounds": "RB-8",
        "target": "RB-8",
        "kind": "RB-3",
    }


# -- hand values (RB-6) -----------------------------------------------------------------


@pytest.mark.parametrize(
    "cards,opts,points",
    [
        ("3 P", {}, 15),
        ("12 11", {}, 23),
        ("P P", {"plyt_value": 20}, 40),
        ("P", {"plyt_value": 0}, 0),
        ("", {}, 0),
    ],
    ids=lambda v: f"RB-6-{v}",
)
def test_hand_points(cards, opts, points):
    assert hand(RB, cards, options=opts).points == points


def test_hand_breakdown():
    assert hand(RB, "7 p", options={"plyt_value": 25}).to_dict() == {
        "variant": RB,
        "points": 32,
        "breakdown": [{"card": "7", "points": 7}, {"card": "P", "points": 25}],
    }


# -- scoring (RB-4, RB-7, RB-8) -------------------------------------------------------------


def rnd(winner, *hands, kinds=None):
    players = [{"hand": h} if isinstance(h, str) else {"points": h} for h in hands]
    if kinds is not None:
        for p, k in zip(players, kinds):
            p["kinds"] = k
    return {"winner": winner, "players": players}


def test_rb7_winner_scores_the_losers_hands():
    r = score_round(
        RB, rnd(1, "3 P", "", 10, kinds=[["single"], ["single", "double", "triple", "match"], []]), players=3
    )
    assert r.changes == (0, 25, 0)
    assert r.progress == (
        {"wins": 0, "kinds": ["single"]},
        {"wins": 1, "kinds": ["single", "double", "triple", "match"]},
        {"wins": 0, "kinds": []},
    )
    assert r.details == {"winner": 1, "hands": [15, 0, 10], "notes": ["", "", ""]}


def test_rb7_plyt_value_counts_in_the_losers_hands():
    assert score_round(RB, rnd(0, "", "P P"), players=2, options={"plyt_value": 5}).changes == (10, 0)


def test_rb7_no_winner_nobody_scores():
    r = score_round(RB, rnd(None, "3 4", "P"), players=2)
    assert r.changes == (0, 0) and r.progress[0]["wins"] == 0


def test_rb4_winner_with_no_kinds_ticked_has_laid_all_four():
    r = score_round(RB, rnd(0, "", "3", kinds=[[], ["match"]]), players=2)
    assert r.progress[0]["kinds"] == ["single", "double", "triple", "match"]
    assert r.progress[1]["kinds"] == ["match"]


def test_rb4_winner_kinds_default_to_all_four_and_notes_are_kept():
    facts = rnd(0, "", "2")
    facts["players"][1]["bid"] = "bid on the 7"
    facts["players"][0]["kinds"] = "match, single triple double"
    r = score_round(RB, facts, players=2)
    assert r.progress[0]["kinds"] == ["single", "double", "triple", "match"]
    assert r.details["notes"] == ["", "bid on the 7"]


BAD = [
    (
        "RB-4-winner-missing-a-kind",
        rnd(0, "", "3", kinds=[["single", "double", "triple"], []]),
        "players.0.kinds",
        "RB-4",
    ),
    ("RB-4-winner-with-a-hand", rnd(0, "3", "3"), "players.0.hand", "RB-4"),
    ("RB-4-winner-with-points", rnd(0, 4, "3"), "players.0.points", "RB-4"),
    ("RB-2-unknown-kind", rnd(0, "", "3", kinds=[["single"], ["quad"]]), "players.1.kinds", "RB-2"),
    ("RB-7-winner-not-a-seat", rnd(5, "", "3"), "winner", "RB-7"),
    ("RB-6-bad-hand", rnd(0, "", "3 W"), "players.1.hand", "N-1"),
    ("RB-6-negative-points", rnd(0, "", -3), "players.1.points", ""),
    ("RB-7-bad-starter", {**rnd(0, "", "3"), "starter": 9}, "starter", ""),
]


@pytest.mark.parametrize("facts,field,rule", [p[1:] for p in BAD], ids=[p[0] for p in BAD])
def test_bad_round(facts, field, rule):
    with pytest.raises(RoundError) as err:
        score_round(RB, facts, players=2)
    fields = [f for f, _ in err.value.errors]
    assert field in fields
    assert err.value.errors[fields.index(field)][1].startswith(rule)


def test_rb8_game_of_five_rounds_highest_total_wins():
    rounds = [rnd(0, "", "12"), rnd(1, "P", ""), rnd(None, "1", "2"), rnd(1, "3 4", ""), rnd(0, "", "5")]
    g = score_game(RB, rounds, players=2)
    assert g.totals == (17, 19) and g.finished and g.winners == (1,)
    assert [p["wins"] for p in g.progress] == [2, 2]
    with pytest.raises(RoundError):
        score_game(RB, [*rounds, rnd(None, "", "")], players=2)
    assert not score_game(RB, rounds[:4], players=2).finished


def test_rb8_rounds_option_and_ties_share():
    g = score_game(RB, [rnd(0, "", "5"), rnd(1, "5", "")], players=2, options={"rounds": 2})
    assert g.finished and g.winners == (0, 1)


def test_rb8_target_ends_after_the_round_it_is_reached():
    rounds = [rnd(0, "", "12 12"), rnd(1, "10", ""), rnd(0, "", "10")]
    g = score_game(RB, rounds[:2], players=2, options={"target": 30})
    assert not g.finished
    # the target wins over the round count
    g = score_game(RB, rounds, players=2, options={"target": 30, "rounds": 1})
    assert g.finished and g.totals == (34, 10) and g.winners == (0,)


def test_starter_is_who_drew_the_highest_bug_or_left_of_the_dealer():
    g = score_game(RB, [{**rnd(0, "", "3", "4"), "starter": 2}, rnd(0, "", "3", "4")], players=3)
    assert [r.starter for r in g.rounds] == [2, 2]
