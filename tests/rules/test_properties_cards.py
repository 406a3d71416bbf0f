"""Property tests (Hypothesis) for the card variants: crib-rummy and crazy-rummy.

- Legal melds stay legal, with the same kinds and points, in any order (N-4).
- A legal verdict's reading re-checks as legal with every joker / wildcard
  replaced by what it stands for (N-3).
- A run laid piece by piece pegs what it pegs laid at once (CR-5).
- Random token strings only ever produce a NotationError (N-1).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.rules import NotationError, Verdict, check, hand
from scorekeeper.rules.crib_rummy.melds import RUN_PEGS, SET_PEGS

CRIB, CRAZY = "crib-rummy", "crazy-rummy"
SUITS = "SHDC"
CRIB_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
CRAZY_RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}


def crib_card(rank: int, suit: str) -> str:
    return CRIB_RANKS.get(rank, str(rank)) + suit


@st.composite
def crib_sets(draw):
    rank = draw(st.integers(1, 13))
    size = draw(st.integers(3, 4))
    jokers = draw(st.integers(0, size - 1))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=size - jokers, max_size=size - jokers))
    assume(max(Counter(suits).values()) <= 2)  # two packs
    return [crib_card(rank, s) for s in suits] + ["JK"] * jokers, {"jokers": 4}


@st.composite
def crib_runs(draw):
    """A run as cards in order, which positions are jokers, and its options."""
    ace_high = draw(st.booleans())
    length = draw(st.integers(3, 13))
    top = 14 if ace_high else 13
    start = draw(st.integers(1, top - length + 1))
    suit = draw(st.sampled_from(SUITS))
    jokers = draw(st.sets(st.integers(0, length - 1), max_size=min(4, length - 1)))
    cards = [
        "JK" if i in jokers else crib_card(1 if v == 14 else v, suit)
        for i, v in enumerate(range(start, start + length))
    ]
    return cards, {"ace_high": ace_high, "jokers": 4}


crib_melds = st.one_of(crib_sets(), crib_runs())


def _checked_both_ways(variant: str, cards: list[str], opts: dict, rnd) -> tuple[Verdict, Verdict]:
    """The verdicts on ``cards`` as generated and shuffled; the first must be legal."""
    first = check(variant, " ".join(cards), options=opts)
    assert first.valid, first.reasons
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    return first, check(variant, " ".join(shuffled), options=opts)


@given(crib_melds, st.randoms(use_true_random=False))
def test_crib_legal_melds_stay_legal_when_shuffled(meld, rnd):
    cards, opts = meld
    first, again = _checked_both_ways(CRIB, cards, opts, rnd)
    assert again.valid and again.kinds == first.kinds and again.points == first.points
    expected = {"set": SET_PEGS, "run": RUN_PEGS}
    assert all(again.extra["points_by_kind"][k] == expected[k][len(cards)] for k in again.kinds)


def _recheck(variant: str, verdict: Verdict, **opts) -> Verdict:
    """Check the reading itself (wild cards replaced by what they stand for) as the verdict's kind."""
    return check(variant, " ".join(verdict.reading), options=opts)


@given(crib_melds)
def test_crib_reading_rechecks_as_legal(meld):
    cards, opts = meld
    verdict = check(CRIB, " ".join(cards), options=opts)
    again = _recheck(CRIB, verdict, kind=verdict.kind, ace_high=opts.get("ace_high", False))
    assert again.valid, (cards, verdict.reading, again.reasons)
    assert "JK" not in again.reading and again.points == verdict.points


SMALL_CRIB = st.lists(
    st.sampled_from(["7H", "8H", "9H", "7S", "7D", "KH", "AH", "JK"]), min_size=3, max_size=5
)


@given(SMALL_CRIB, st.booleans())
def test_crib_any_verdict_explains_itself_and_its_readings_recheck(cards, ace_high):
    verdict = check(CRIB, " ".join(cards), options={"ace_high": ace_high, "jokers": 4})
    if not verdict.valid:
        assert verdict.reasons and all(r[:4] in {"CR-1", "CR-2", "CR-3"} for r in verdict.reasons)
        return
    for reading in verdict.readings or (verdict.reading,):
        assert check(CRIB, " ".join(reading), options={"ace_high": ace_high}).valid, (cards, reading)


@given(crib_runs(), st.data())
def test_crib_run_pegs_the_same_laid_at_once_or_grown(run, data):
    cards, opts = run
    size = data.draw(st.integers(3, len(cards)))
    first = data.draw(st.integers(0, len(cards) - size))
    table = cards[first : first + size]
    added = cards[:first] + cards[first + size :]
    assume(any(c != "JK" for c in table))
    assume(added)
    grown = check(CRIB, " ".join(added), extend=" ".join(table), options={"kind": "run", **opts})
    assert grown.valid, (table, added, grown.reasons)
    laid = check(CRIB, " ".join(table), options={"kind": "run", **opts}).points
    assert laid + grown.points == RUN_PEGS[len(cards)]


@st.composite
def crazy_sets(draw):
    rank = draw(st.integers(3, 14))
    wild = draw(st.one_of(st.none(), st.integers(3, 14).filter(lambda w: w != rank)))
    first_play = draw(st.booleans())
    if wild is None:
        naturals, wildcards = draw(st.integers(3, 12)), 0
    elif first_play:
        naturals = draw(st.integers(1, 8))
        wildcards = draw(st.integers(max(0, 3 - naturals), 8))
    else:
        naturals = draw(st.integers(2, 10))
        wildcards = draw(st.integers(max(0, 3 - naturals), 1))
    suits = draw(
        st.lists(
            st.sampled_from(["", "H", "S", "D", "C"]),
            min_size=naturals + wildcards,
            max_size=naturals + wildcards,
        )
    )
    ranks = [rank] * naturals + [wild] * wildcards
    cards = [CRAZY_RANKS.get(r, str(r)) + s for r, s in zip(ranks, suits)]
    opts = {"first_play": first_play, "players": 12}
    if wild is not None:
        opts["wild"] = CRAZY_RANKS.get(wild, str(wild))
    return cards, opts


@given(crazy_sets(), st.randoms(use_true_random=False))
def test_crazy_legal_sets_stay_legal_when_shuffled(meld, rnd):
    cards, opts = meld
    first, again = _checked_both_ways(CRAZY, cards, opts, rnd)
    assert (
        again.valid
        and again.points
        == first.points
        == hand(
            CRAZY, " ".join(cards), options={k: v for k, v in opts.items() if k in ("wild", "players")}
        ).points
    )


@given(crazy_sets())
def test_crazy_reading_rechecks_as_legal(meld):
    cards, opts = meld
    verdict = check(CRAZY, " ".join(cards), options=opts)
    again = _recheck(CRAZY, verdict, **opts)
    assert again.valid, (cards, verdict.reading, again.reasons)
    assert len(set(again.reading)) == 1


TOKEN_TEXT = st.text(alphabet="AJKQT0123456789SHDCsh*♠♥ ,xZ-", max_size=24)


@given(TOKEN_TEXT, st.sampled_from([CRIB, CRAZY]))
def test_random_tokens_only_ever_raise_notation_errors(text, variant):
    for call in (
        lambda: check(variant, text),
        lambda: hand(variant, text),
        lambda: check(variant, text, extend=text),
    ):
        try:
            result = call()
        except NotationError as err:
            assert str(err).startswith("N-1:")
        else:
            assert result.to_dict()["variant"] == variant


@given(st.text(max_size=12), st.sampled_from([CRIB, CRAZY]))
def test_any_text_only_ever_raises_notation_errors(text, variant):
    try:
        check(variant, text)
    except NotationError:
        pass
