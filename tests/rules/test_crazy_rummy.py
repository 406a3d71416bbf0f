"""Crazy Rummy (RULES.md section 5): notation, sets and wildcards (CZ-1..CZ-4), values (CZ-5), hands (CZ-5..CZ-8)."""

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

V = "crazy-rummy"

# -- notation ------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["2", "JK", "2H", "1", "11", "0", "B", "*", "W", "KX", "10HH"])
def test_N1_no_twos_no_jokers(token):
    with pytest.raises(NotationError) as err:
        check(V, f"K {token} K")
    assert str(err.value).startswith(f"N-1: unknown token {token!r} for Crazy Rummy")
    assert "; accepted: 3..10 (T = 10), J, Q, K, A" in str(err.value)
    assert "no 2s, no jokers" in str(err.value)


@pytest.mark.parametrize(
    "token,hint",
    [
        ("2", "Crazy Rummy plays without 2s"),
        ("2H", "Crazy Rummy plays without 2s"),
        ("JK", "Crazy Rummy plays without jokers"),
        ("*", "Crazy Rummy plays without jokers"),
        ("1", "an ace is written A"),
        ("11", "a jack is written J"),
        ("13S", "a king is written K"),
    ],
    ids=lambda x: f"N-1-hint-{x}" if len(x) < 4 else None,
)
def test_N1_message_says_what_players_meant(token, hint):
    with pytest.raises(NotationError) as err:
        check(V, f"K {token} K")
    assert str(err.value).startswith(f"N-1: unknown token {token!r} for Crazy Rummy ({hint}); accepted:")


def test_N1_suits_are_optional_and_ignored():
    v = check(V, "7H 7 7s, 7♣").to_dict()
    assert v["valid"] and v["reading"] == ["7", "7", "7", "7"]
    assert check(V, "t T 10").reading == ("10", "10", "10")


# -- check: sets (CZ-2, CZ-3) -----------------------------------------------------------------

LEGAL = [
    # rule, cards, options, points, reading
    ("CZ-2-three-kings", "K K K", {}, 30, ["K", "K", "K"]),
    ("CZ-2-no-maximum", "5 5 5 5 5 5 5", {"players": 4}, 35, ["5"] * 7),
    ("CZ-2-aces", "A A A", {}, 300, ["A", "A", "A"]),
    ("CZ-2-one-wildcard", "J J 7", {"wild": "7"}, 120, ["J", "J", "J"]),
    ("CZ-2-wild-rank-alone-is-natural", "7 7 7", {"wild": "7"}, 300, ["7", "7", "7"]),
    ("CZ-2-wild-aces-alone", "A A A", {"wild": "A"}, 600, ["A", "A", "A"]),
    ("CZ-3-first-play-two-wildcards", "J 7 7", {"wild": "7", "first_play": True}, 210, ["J", "J", "J"]),
    # the seed's "dealt 4 WILDCARDS and 3 Jacks": with the wild indicator on the table that is five
    # cards of the wild rank, so two decks (three or more players; CZ-7)
    (
        "CZ-3-seed-4-wildcards-3-jacks",
        "J J J 9 9 9 9",
        {"wild": "9", "first_play": True, "players": 4},
        430,
        ["J"] * 7,
    ),
    ("CZ-3-wild-ace-counts-200", "K K A", {"wild": "A"}, 220, ["K", "K", "K"]),
    ("CZ-3-ten-wild", "Q Q 10", {"wild": "10"}, 120, ["Q", "Q", "Q"]),
]


@pytest.mark.parametrize("rule,cards,opts,points,reading", LEGAL, ids=[c[0] for c in LEGAL])
def test_legal_sets(rule, cards, opts, points, reading):
    v = check(V, cards, options=opts).to_dict()
    assert v["valid"] is True, v["reasons"]
    assert (v["kind"], v["kinds"], v["points"], v["reading"]) == ("set", ["set"], points, reading)


ILLEGAL = [
    ("CZ-2-too-few", "K K", {}, "CZ-2: a set needs at least 3 cards"),
    ("CZ-2-mixed", "J J Q", {}, "CZ-2: a set needs one rank; these are J, Q"),
    ("CZ-2-no-wild-without-option", "J J 7", {}, "CZ-2: a set needs one rank; these are 7, J"),
    (
        "CZ-3-two-wildcards-later",
        "J 7 7",
        {"wild": "7"},
        "CZ-3: after the first play a set holds at most one",
    ),
    (
        "CZ-3-two-naturals-later",
        "J J 7 7",
        {"wild": "7"},
        "CZ-3: after the first play a set holds at most one",
    ),
    ("CZ-3-one-natural-later", "J 7 7", {"wild": "7"}, "CZ-3: after the first play a set needs at least two"),
    ("CZ-3-seed-4-wildcards-not-first", "J J J 9 9 9 9", {"wild": "9"}, "CZ-3:"),
    ("CZ-1-more-than-one-deck", "J J J J J", {}, "CZ-1: 1 deck holds 4 cards of rank J, not 5"),
    (
        "CZ-7-seed-4-wildcards-one-deck",
        "J J J 9 9 9 9",
        {"wild": "9", "first_play": True},
        "CZ-7: 1 deck holds 4 cards of rank 9 and one of them is the wild indicator on the table: at most 3",
    ),
    (
        "CZ-1-more-than-three-decks",
        "Q " * 13,
        {"players": 6},
        "CZ-1: 3 decks hold 12 cards of rank Q, not 13",
    ),
]


@pytest.mark.parametrize("rule,cards,opts,fragment", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_sets(rule, cards, opts, fragment):
    v = check(V, cards, options=opts).to_dict()
    assert v["valid"] is False and v["kind"] is None and v["points"] is None
    assert any(r.startswith(fragment) for r in v["reasons"]), v["reasons"]


def test_CZ3_alternative_is_the_first_play():
    assert check(V, "J J J 9 9 9 9", options={"wild": "9"}).alternatives == (
        "legal as the player's first play of the hand",
    )
    assert check(V, "J Q 9", options={"wild": "9"}).alternatives == ()


def test_CZ1_without_wild_rank_there_are_no_wildcards_and_a_note_says_so():
    v = check(V, "K K K").to_dict()
    assert v["notes"] == ["CZ-1: no wild rank given, so every card counts as a natural card"]
    assert "notes" not in check(V, "K K K", options={"wild": "7"}).to_dict()


# -- check: bottom feeding (CZ-4) -----------------------------------------------------------------


@pytest.mark.parametrize(
    "cards,board,opts,points",
    [
        ("Q", "Q Q Q", {}, 10),
        ("Q Q 5", "Q Q 7 5 5 5", {"wild": "7"}, 25),
        ("A", "K K K A A A", {}, 100),
    ],
    ids=["CZ-4-one-card", "CZ-4-two-ranks", "CZ-4-ace"],
)
def test_CZ4_bottom_feeding_legal(cards, board, opts, points):
    v = check(V, cards, extend=board, options=opts).to_dict()
    assert v["valid"] and v["points"] == points and v["bottom_feeding"] is True
    assert v["reading"] == cards.split()


@pytest.mark.parametrize(
    "cards,board,opts,fragment",
    [
        ("7", "Q Q Q", {"wild": "7"}, "CZ-4: wildcards (7) are never bottom-fed"),
        ("7", "7 7 7", {"wild": "7"}, "CZ-4: wildcards (7) are never bottom-fed"),
        ("K", "Q Q Q", {}, "CZ-4: the opponent's board has no K"),
        ("Q", "J J 7", {"wild": "7"}, "CZ-4: the opponent's board has no Q"),
        ("", "Q Q Q", {}, "CZ-4: add at least one card"),
        ("Q Q", "Q Q Q", {}, "CZ-1: 1 deck holds 4 cards of rank Q, not 5"),
    ],
    ids=[
        "CZ-4-never-wild",
        "CZ-4-never-wild-rank-set",
        "CZ-4-rank-absent",
        "CZ-4-wildcard-is-not-its-rank",
        "CZ-4-nothing-added",
        "CZ-1-deck",
    ],
)
def test_CZ4_bottom_feeding_illegal(cards, board, opts, fragment):
    v = check(V, cards, extend=board, options=opts).to_dict()
    assert not v["valid"] and any(r.startswith(fragment) for r in v["reasons"]), v["reasons"]


def test_CZ4_rejected_feed_that_is_a_set_says_so():
    assert check(V, "K K K", extend="Q Q Q").alternatives == (
        "these cards are a legal new set on their own (30 points)",
    )


# -- values (CZ-5) and hand sizes (CZ-7) ------------------------------------------------------------------


@pytest.mark.parametrize(
    "card,wild,points",
    [
        *[(str(r), None, 5) for r in range(3, 8)],
        *[(r, None, 10) for r in ("8", "9", "10", "J", "Q", "K")],
        ("A", None, 100),
        ("7", "7", 100),
        ("K", "K", 100),
        ("A", "A", 200),
        ("A", "K", 100),
    ],
    ids=lambda x: str(x),
)
def test_CZ5_seed_card_values(card, wild, points):
    opts = {"wild": wild} if wild else {}
    assert hand(V, card, options=opts).points == points


def test_CZ5_hand_breakdown():
    assert hand(V, "3 K A 7", options={"wild": "7"}).to_dict() == {
        "variant": V,
        "points": 215,
        "breakdown": [
            {"card": "3", "points": 5},
            {"card": "K", "points": 10},
            {"card": "A", "points": 100},
            {"card": "7", "points": 100},
        ],
    }
    assert hand(V, "").points == 0


@pytest.mark.parametrize(
    "face_up,dealt,more",
    [("4", 4, 3), ("J", 10, 9), ("A", 11, 10), ("10", 10, 9), ("3", 3, 2), ("K", 10, 9)],
    ids=lambda x: f"CZ-7-{x}",
)
def test_CZ7_seed_hand_sizes(face_up, dealt, more):
    facts = {"face_up": ["Q", face_up], "went_out": None, "players": [{"board": ""}, {"board": ""}]}
    r = score_round(V, facts, players=2)
    assert r.details["hand_sizes"][1] == dealt == more + 1
    assert r.details["playing"] == [9, dealt]  # the dealer (seat 0) plays one short: Q -> 10 - 1


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "opts",
    [
        {"target": 1500},
        {"target": "500"},
        {"target": 1},
        {"wild": "7"},
        {"wild": "a"},
        {"wild": "10"},
        {"wild": ""},
        {"first_play": "yes"},
        {"first_play": False},
        {"players": 2},
        {"players": "12"},
    ],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_valid_options(opts):
    assert set(options_for(V, opts)) == {"target", "wild", "first_play", "players"}


@pytest.mark.parametrize(
    "opts,name",
    [
        ({"target": 0}, "target"),
        ({"target": "x"}, "target"),
        ({"wild": "2"}, "wild"),
        ({"wild": "JK"}, "wild"),
        ({"first_play": "sometimes"}, "first_play"),
        ({"players": 1}, "players"),
        ({"players": 13}, "players"),
        ({"kind": "set"}, "kind"),
    ],
    ids=lambda o: str(o),
)
def test_invalid_options(opts, name):
    with pytest.raises(OptionError) as err:
        check(V, "K K K", options=opts)
    assert err.value.name == name and "accepted" in str(err.value)


def test_option_defaults():
    assert options_for(V, {}) == {"target": 1500, "wild": None, "first_play": False, "players": 2}


# -- hands (CZ-1, CZ-5..CZ-8) ----------------------------------------------------------------------------


def seats(*pairs):
    return [{"board": b, "hand": h} for b, h in pairs]


def test_CZ6_board_minus_hand_with_the_dealers_wild_rank():
    # dealer seat 0 turns up a 7: sevens are wild this hand
    facts = {
        "face_up": ["7", "J", "4"],
        "went_out": 2,
        "players": seats(("K K K", "3 7"), ("Q Q 7", "A"), ("5 5 5 5 8 8 8", "")),
    }
    r = score_round(V, facts, players=3)
    assert r.changes == (30 - 105, 120 - 100, 20 + 30)
    assert (
        r.details["wild"] == "7"
        and r.details["board"] == [30, 120, 50]
        and r.details["hand"] == [105, 100, 0]
    )
    assert r.details["hand_sizes"] == [7, 10, 4] and r.details["playing"] == [6, 10, 4]
    assert r.starter == 1 and r.complete and r.details["went_out"] == 2


def test_typed_totals_instead_of_cards():
    facts = {
        "face_up": ["Q", "J"],
        "went_out": 1,
        "players": [{"board_points": 40, "points": 15}, {"board": "J J J"}],
    }
    assert score_round(V, facts, players=2).changes == (25, 30)


def test_CZ5_boards_and_hands_counted_per_class_score_as_their_cards():
    """Counts per class (3-7, 8-K, aces, wildcards) give the same changes as the cards they count."""
    cards = {
        "face_up": ["7", "9", "Q"],
        "went_out": 0,
        "players": [
            {"board": "8 8 8 K K K"},
            {"board": "4 4 4 7", "hand": "5 9"},
            {"board": "A A A", "hand": "Q Q K"},
        ],
    }
    counted = {
        "face_up": ["7", "9", "Q"],
        "went_out": 0,
        "players": [
            {"board_counts": {"high": 6}},
            {"board_counts": {"low": 3, "wild": 1}, "counts": {"low": 1, "high": 1}},
            {"board_counts": {"ace": 3}, "counts": {"high": 3}},
        ],
    }
    assert (
        score_round(V, counted, players=3).changes
        == score_round(V, cards, players=3).changes
        == (60, 100, 270)
    )


def test_CZ5_counted_aces_count_200_when_aces_are_wild():
    facts = {
        "face_up": ["A", "9"],
        "went_out": 0,
        "players": [{"board_counts": {"ace": 1, "high": 2}}, {"counts": {"wild": 1, "low": 1}}],
    }
    assert score_round(V, facts, players=2).changes == (220, -205)


@pytest.mark.parametrize(
    "players,entries,start",
    [
        # one deck: four aces; the fifth is counted by the second player
        (
            2,
            [{"board": "A A A"}, {"counts": {"ace": 2}}],
            "CZ-1: 1 deck holds 4 cards counted as aces this hand, not 5",
        ),
        # one deck: 3-7 holds 16 cards when 7s are wild (five ranks but the wild one)
        (
            2,
            [{"board_counts": {"low": 12}}, {"counts": {"low": 5}}],
            "CZ-1: 1 deck holds 16 cards counted as 3-7",
        ),
        # the wild indicator stays on the table: three wildcards left to count, not four
        (
            2,
            [{"board_counts": {"wild": 2}}, {"counts": {"wild": 2}}],
            "CZ-7: 1 deck holds 4 cards of rank 7 and one",
        ),
        # two decks (three players): 8 to K is six ranks, 48 cards
        (
            3,
            [{"board_counts": {"high": 30}}, {"counts": {"high": 19}}, {}],
            "CZ-1: 2 decks hold 48 cards counted as 8-K",
        ),
    ],
)
def test_CZ1_cards_counted_per_class_are_no_more_than_the_decks_deal(players, entries, start):
    """A typed count no deck deals (a sixth ace at a table of two) is refused, the class named,
    with the cards typed beside it; as many as the decks deal is scored."""
    face_up = ["7", "9", "Q"][:players]
    with pytest.raises(RoundError) as err:
        score_round(V, {"face_up": face_up, "players": entries}, players=players)
    assert err.value.errors[0][0] == "players" and err.value.errors[0][1].startswith(start), err.value.errors
    fewer = [
        {k: {c: n - 1 for c, n in v.items()} if k.endswith("counts") else v for k, v in e.items()}
        for e in entries
    ]
    assert score_round(V, {"face_up": face_up, "players": fewer}, players=players).changes


def test_CZ5_when_aces_are_wild_an_ace_counted_as_an_ace_is_a_wildcard():
    """Aces wild, one deck: the indicator is an ace, so three aces are left to count, in either class."""
    facts = {"face_up": ["A", "9"], "players": [{"board_counts": {"ace": 2}}, {"counts": {"wild": 2}}]}
    with pytest.raises(RoundError) as err:
        score_round(V, facts, players=2)
    assert "at most 3 here, not 4" in str(err.value.errors[0][1])
    facts["players"][1]["counts"]["wild"] = 1
    assert score_round(V, facts, players=2).changes == (400, -200)


@pytest.mark.parametrize(
    "entry,field,start",
    [
        ({"board_counts": {"kings": 3}}, "players.0.board_counts.kings", "CZ-5: unknown card class"),
        ({"counts": {"low": -1}}, "players.0.counts.low", "a card count cannot be below 0"),
        ({"counts": 4}, "players.0.counts", "CZ-5: give the cards per class"),
    ],
)
def test_CZ5_bad_counts_are_field_errors(entry, field, start):
    with pytest.raises(RoundError) as err:
        score_round(V, {"face_up": ["7", "J"], "players": [entry, {}]}, players=2)
    assert err.value.errors[0][0] == field and err.value.errors[0][1].startswith(start), err.value.errors


@pytest.mark.parametrize(
    "facts,field,start",
    [
        (
            {"face_up": ["7", "J"], "wild": "8", "players": seats(("", ""), ("", ""))},
            "wild",
            "CZ-1: the wild rank is the dealer's face-up card (7), not 8",
        ),
        ({"players": seats(("", ""), ("", ""))}, "face_up", "CZ-1: give the face-up cards"),
        (
            {"face_up": ["7"], "players": seats(("", ""), ("", ""))},
            "face_up",
            "CZ-7: give one face-up card per player",
        ),
        (
            {"face_up": ["7", "J J"], "players": seats(("", ""), ("", ""))},
            "face_up.1",
            "CZ-7: give exactly one",
        ),
        ({"face_up": ["7", "2"], "players": seats(("", ""), ("", ""))}, "face_up.1", "N-1:"),
        (
            {"face_up": ["7", "J"], "went_out": 1, "players": seats(("", ""), ("J J J", "3"))},
            "players.1.hand",
            "CZ-6: the player who went out has no cards left in hand",
        ),
        (
            {"face_up": ["7", "J"], "went_out": 1, "players": [{"board": ""}, {"board": "", "points": 5}]},
            "players.1.hand",
            "CZ-6:",
        ),
        ({"face_up": ["7", "J"], "went_out": 4, "players": seats(("", ""), ("", ""))}, "went_out", "CZ-6:"),
        (
            {"face_up": ["7", "J"], "players": seats(("K K K K", ""), ("K", ""))},
            "players",
            "CZ-1: 1 deck holds 4 cards of rank K, not 5",
        ),
        ({"face_up": ["K", "J"], "players": seats(("K K K", ""), ("K", ""))}, "players", "CZ-1:"),
        ({"face_up": ["7", "J"], "players": seats(("K Z", ""), ("", ""))}, "players.0.board", "N-1:"),
        (
            {"face_up": ["7", "J"], "players": [{"points": -4}, {}]},
            "players.0.points",
            "points in hand cannot be below",
        ),
        ({"face_up": ["7", "J"], "players": [{}]}, "players", "give one entry per player"),
    ],
    ids=[
        "CZ-1-wild-must-match",
        "CZ-1-wild-needed",
        "CZ-7-one-per-seat",
        "CZ-7-one-card",
        "N-1-face-up",
        "CZ-6-out-holds-cards",
        "CZ-6-out-holds-points",
        "CZ-6-seat",
        "CZ-1-deck-boards",
        "CZ-1-deck-counts-wild-indicator",
        "N-1-board",
        "negative",
        "entries",
    ],
)
def test_bad_hands_are_field_errors(facts, field, start):
    with pytest.raises(RoundError) as err:
        score_round(V, facts, players=2)
    got_field, message = err.value.errors[0]
    assert got_field == field and message.startswith(start), message


def test_CZ1_wild_given_without_face_up_cards():
    r = score_round(V, {"wild": "A", "players": seats(("K K A", ""), ("", "A"))}, players=2)
    assert r.changes == (220, -200) and r.details["hand_sizes"] is None and r.details["wild"] == "A"
    assert score_round(
        V, {"face_up": "4 J", "wild": "4", "players": seats(("", ""), ("", ""))}, players=2
    ).details["face_up"] == ["4", "J"]


def test_CZ1_more_players_more_decks():
    facts = {"face_up": ["7", "J", "4"], "players": seats(("K K K K K", ""), ("K K K", ""), ("", ""))}
    assert score_round(V, facts, players=3).changes == (50, 30, 0)  # 2 decks: 8 kings


def test_CZ8_whole_game_to_the_winner():
    hands = [
        # dealer 0 (wild Q), then 1 (wild 5), then 2 (wild A)
        {
            "face_up": ["Q", "8", "3"],
            "went_out": 0,
            "players": seats(("A A A Q", ""), ("K K K", "3 3"), ("8 8 8", "A")),
        },
        {
            "face_up": ["9", "5", "K"],
            "went_out": 1,
            "players": seats(("J J J", "A"), ("A A 5 A A", ""), ("", "5 K")),
        },
        {
            "face_up": ["6", "J", "A"],
            "went_out": 2,
            "players": seats(("", "K"), ("A A A", "3"), ("K K A", "")),
        },
    ]
    g = score_game(V, hands, players=3, options={"target": 700})
    assert [r.changes for r in g.rounds] == [(400, 20, -70), (-70, 500, -110), (-10, 595, 220)]
    assert g.totals == (320, 1115, 40) and g.finished and g.winners == (1,)
    with pytest.raises(RoundError) as err:
        score_game(V, [*hands, hands[0]], players=3, options={"target": 700})
    assert err.value.round == 4


def test_CZ8_ties_share_the_win():
    hands = [{"face_up": ["Q", "8"], "went_out": 0, "players": [{"board": "A A A"}, {"board_points": 300}]}]
    g = score_game(V, hands, players=2, options={"target": 300})
    assert g.finished and g.winners == (0, 1)
    assert not score_game(V, hands, players=2).finished  # 1500 by default


def test_dealer_passes_left_and_play_begins_left_of_the_dealer():
    hands = [{"face_up": ["Q", "8", "3"], "players": seats(("", ""), ("", ""), ("", ""))}] * 2
    g = score_game(V, hands, players=3, first_dealer=2)
    assert [(r.dealer, r.starter) for r in g.rounds] == [(2, 0), (0, 1)]
    assert g.rounds[0].details["playing"] == [10, 8, 2]


def test_CZ7_without_face_up_cards_typed_cards_and_counts_are_held_to_one_limit():
    """A hand given its wild rank alone (no face-up cards) is held to the whole deck, as games kept
    so always read back (tests/rules/test_deck_limits.py); its counts per class are held to the same
    limit, whatever the other player typed (the review of 7 December found the two apart)."""
    typed = {"wild": "7", "went_out": 0, "players": [{"board": "7 7 7 7 K"}, {}]}
    counted = {"wild": "7", "went_out": 0, "players": [{"board": "7 7 7 7 K"}, {"counts": {"low": 1}}]}
    assert score_round(V, typed, players=2).changes[0] == score_round(V, counted, players=2).changes[0] == 410
    counted["players"][1]["counts"] = {"wild": 1}  # a fifth 7 in one deck: no deck deals it
    with pytest.raises(RoundError) as err:
        score_round(V, counted, players=2)
    assert "1 deck holds 4 cards of rank 7, not 5" in str(err.value.errors[0][1])
    face_up = {"face_up": ["7", "9"], "players": [{"board_counts": {"wild": 2}}, {"counts": {"wild": 2}}]}
    with pytest.raises(RoundError):  # the indicator lies on the table: three wildcards left, not four
        score_round(V, face_up, players=2)
