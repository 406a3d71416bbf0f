"""Property tests (Hypothesis) for the Crazy Rummy best-play hint: it never proposes an illegal set.

Any hand the decks can hold (CZ-1), any wild rank, first play or not, with or
without opponents' boards: every set the hint lays passes the checker (CZ-2,
CZ-3), every bottom-feeding passes it too (CZ-4), and the hand's cards are
exactly shared out between sets, feedings and the cards left. A hand the decks
cannot hold is refused with its CZ-1 reason, never an "internal" error.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import RulesError, check, solve
from scorekeeper.rules.crazy_sets import PER_DECK, decks

CRAZY = "crazy-rummy"
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@st.composite
def deals(draw):
    """(hand, boards, options): a hand and opponents' boards that ``players``' decks can hold, one
    card of the wild rank being the indicator on the table (CZ-7)."""
    players = draw(st.integers(2, 6))
    holds = PER_DECK * decks(players)
    wild = draw(st.sampled_from(RANKS))
    counts = draw(st.dictionaries(st.sampled_from(RANKS), st.integers(1, holds), min_size=1, max_size=6))
    cards = [r for r, n in counts.items() for _ in range(min(n, holds - (r == wild)))]
    cards = draw(st.permutations(cards))
    cut = draw(st.integers(1, len(cards)))
    hand, rest = cards[:cut], cards[cut:]
    boards = [b for b in (rest[: len(rest) // 2], rest[len(rest) // 2 :]) if b]
    options = {"wild": wild, "players": players}
    return hand, boards, options, draw(st.booleans())


@settings(max_examples=300, deadline=None)
@given(deals())
def test_the_hint_only_lays_legal_sets_and_feedings(deal):
    hand, boards, options, first = deal
    table = " | ".join(" ".join(b) for b in boards) or None
    answer = solve(CRAZY, " ".join(hand), table=table, initial=first, **options).to_dict()
    opts = {**options, "first_play": first}
    for laid in answer["sets"]:
        verdict = check(CRAZY, " ".join(laid), options=opts)
        assert verdict.valid, (laid, verdict.reasons)
    for fed in answer["bottom_feeding"]:
        verdict = check(CRAZY, " ".join(fed["cards"]), extend=" ".join(boards[fed["board"]]), options=opts)
        assert verdict.valid, (fed, verdict.reasons)
    used = [c for s in answer["sets"] for c in s] + [c for f in answer["bottom_feeding"] for c in f["cards"]]
    assert Counter(used) + Counter(answer["cards_left"]) == Counter(hand)


def test_five_fives_with_one_deck_are_refused_with_the_deck_reason():
    # the audit's rack: it used to answer "internal: 5 5 5 5 5 is not a legal set"
    with pytest.raises(RulesError, match="CZ-1: 1 deck holds 4 cards of rank 5, not 5") as refused:
        solve(CRAZY, "5 5 5 5 5", wild="7")
    assert "internal" not in str(refused.value)


def test_five_fives_with_two_decks_make_one_set():
    assert solve(CRAZY, "5 5 5 5 5", wild="7", players=3).to_dict()["sets"] == [["5"] * 5]
