"""Property-based tests (Hypothesis) for Krazy Bee and RumBugz.

- generated legal melds stay legal when shuffled (N-4: a meld is a multiset);
- a legal verdict's reading re-checks as legal with every wild card replaced
  by what it stands for (melds, Step laydowns, extensions);
- the polynomial fitting agrees with brute force over every wild-card value
  on small melds;
- random token strings only ever produce a NotationError (or a verdict).
"""

from __future__ import annotations

from itertools import pairwise, product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import NotationError, OptionError, check, hand, options_for

KB, RB = "krazy-bee", "rumbugz"
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def text(cards):
    return " ".join(str(c) for c in cards)


# -- generators of legal melds ------------------------------------------------------------


@st.composite
def kb_books(draw):
    number = draw(st.integers(1, 13))
    naturals = draw(st.integers(1, 7))
    wilds = draw(st.integers(0, naturals))
    return [number] * naturals + ["W"] * wilds


@st.composite
def kb_runs(draw):
    length = draw(st.integers(1, 13))
    start = draw(st.integers(1, 14 - length))
    cards = list(range(start, start + length))
    wild_spots = draw(st.sets(st.integers(0, length - 1), max_size=length // 2))
    return ["W" if i in wild_spots else c for i, c in enumerate(cards)]


@st.composite
def rb_sequences(draw):
    step = draw(st.sampled_from([0, 1, 2, 3]))
    longest = 15 if step == 0 else 11 // step + 1
    length = draw(st.integers(4, longest))
    start = draw(st.integers(1, 12 - step * (length - 1)))
    cards = [start + step * i for i in range(length)]
    wild_spots = draw(st.sets(st.integers(0, length - 1)))
    return ["P" if i in wild_spots else c for i, c in enumerate(cards)]


def rechecks(variant, verdict, **options):
    """Every reading of a legal verdict is itself legal, with no wild card left."""
    assert verdict["valid"], verdict["reasons"]
    for reading in verdict.get("readings", [verdict["reading"]]):
        assert not {"W", "P", "*"} & set(reading)
        again = check(variant, text(reading), options=options).to_dict()
        assert again["valid"], (reading, again["reasons"])
        assert again.get("readings") is None  # no wild card left: one reading


@SETTINGS
@given(st.one_of(kb_books(), kb_runs()).flatmap(lambda m: st.permutations(m)))
def test_kb_legal_melds_stay_legal_shuffled_and_readings_recheck(meld):
    v = check(KB, text(meld), options={"min": 1}).to_dict()
    ordered = check(KB, text(sorted(meld, key=str)), options={"min": 1}).to_dict()
    assert v["valid"] and ordered["valid"]
    assert v["kinds"] == ordered["kinds"]
    rechecks(KB, v, min=1, kind=v["kind"])


@SETTINGS
@given(rb_sequences().flatmap(lambda m: st.permutations(m)))
def test_rb_legal_sequences_stay_legal_shuffled_and_readings_recheck(meld):
    v = check(RB, text(meld)).to_dict()
    ordered = check(RB, text(sorted(meld, key=str))).to_dict()
    assert v["valid"] and ordered["valid"] and v["kinds"] == ordered["kinds"]
    rechecks(RB, v, kind=v["kind"])


# -- brute force agrees with the polynomial fitting --------------------------------------------


def brute_kinds(cards, values, kinds):
    """Kinds legal for some value of every wild card (tries them all: small melds only)."""
    wild = [i for i, c in enumerate(cards) if c in ("W", "P")]
    legal = set()
    for choice in product(values, repeat=len(wild)):
        read = list(cards)
        for i, v in zip(wild, choice):
            read[i] = v
        nums = sorted(read)
        for kind, step in kinds:
            if all(b - a == step for a, b in pairwise(nums)):
                legal.add(kind)
    return legal


small_kb = st.lists(st.one_of(st.integers(1, 13), st.just("W")), min_size=1, max_size=6).filter(
    lambda m: sum(c == "W" for c in m) <= 3
)
small_rb = st.lists(st.one_of(st.integers(1, 12), st.just("P")), min_size=4, max_size=7).filter(
    lambda m: sum(c == "P" for c in m) <= 3
)


@SETTINGS
@given(small_kb)
def test_kb_fitting_matches_brute_force(meld):
    v = check(KB, text(meld), options={"min": 1}).to_dict()
    wilds = meld.count("W")
    expected = (
        brute_kinds(meld, range(1, 14), [("book", 0), ("run", 1)]) if wilds <= len(meld) - wilds else set()
    )
    assert set(v["kinds"]) == expected
    assert v["valid"] == bool(expected)


@SETTINGS
@given(small_rb)
def test_rb_fitting_matches_brute_force(meld):
    v = check(RB, text(meld)).to_dict()
    expected = brute_kinds(meld, range(1, 13), [("single", 1), ("double", 2), ("triple", 3), ("match", 0)])
    assert set(v["kinds"]) == expected
    assert v["valid"] == bool(expected)


# -- laydowns and extensions re-check with their readings ---------------------------------------

kb_token = st.one_of(st.integers(1, 13).map(str), st.just("W"))
kb_meld_text = st.lists(kb_token, min_size=1, max_size=6).map(" ".join)


@SETTINGS
@given(
    st.lists(kb_meld_text, min_size=1, max_size=3),
    st.sampled_from(
        ["2 runs of 3", "book of 3 + run of 3", "2 books of 2", "run of 2 + book of 2 + run of 2", "run of 4"]
    ),
)
def test_kb_laydown_reading_rechecks(melds, step):
    v = check(KB, " | ".join(melds), options={"step": step}).to_dict()
    if v["valid"]:
        rechecks(KB, v, step=step)
        assert [p["requirement"] for p in v["parts"]].count(None) == 0
    else:
        assert v["reasons"] and all(r[:3] in ("KB-",) for r in v["reasons"])


@SETTINGS
@given(kb_meld_text, kb_meld_text)
def test_kb_extension_reading_rechecks(table, added):
    v = check(KB, added, extend=table).to_dict()
    if v["valid"]:
        for reading in v.get("readings", [v["reading"]]):
            assert "W" not in reading
        whole = v["extend_reading"] + v["reading"]
        assert check(KB, text(whole), options={"min": 1, "kind": v["kind"]}).to_dict()["valid"]
    else:
        assert all(r.startswith(("KB-2", "KB-6")) for r in v["reasons"])


rb_token = st.one_of(st.integers(1, 12).map(str), st.just("P"))


@SETTINGS
@given(
    st.lists(rb_token, min_size=1, max_size=7).map(" ".join),
    st.lists(st.one_of(rb_token, rb_token.map(lambda t: "-" + t)), min_size=1, max_size=3).map(" ".join),
)
def test_rb_change_reading_rechecks(table, change):
    v = check(RB, change, extend=table).to_dict()
    if v["valid"]:
        whole = [r for r in v["extend_reading"] if r is not None] + v["reading"]  # None: taken off
        again = check(RB, text(whole), options={"kind": v["kind"]}).to_dict()
        assert again["valid"], (whole, again["reasons"])
    else:
        assert all(r.startswith("RB-5") for r in v["reasons"])


# -- random token strings only ever give a NotationError ---------------------------------------

junk = st.sampled_from(
    [
        "14",
        "0",
        "13",
        "12",
        "W",
        "w",
        "*",
        "P",
        "p",
        "X",
        "-3",
        "-",
        "|",
        "||",
        ",",
        " ",
        "W2",
        "R5",
        "10H",
        "JK",
        "1.5",
        "é",
        "\t",
        "\n",
        "-P",
        "00",
        "+7",
    ]
)
token_text = st.lists(st.one_of(junk, st.text(max_size=4)), max_size=10).map(" ".join)


@SETTINGS
@given(st.sampled_from([KB, RB]), token_text, st.one_of(st.none(), token_text))
def test_random_tokens_only_raise_notation_errors(variant, cards, extend):
    for call in (lambda: check(variant, cards, extend=extend), lambda: hand(variant, cards)):
        try:
            result = call().to_dict()
        except NotationError as err:
            assert str(err).startswith("N-1: ")
        else:
            assert result["variant"] == variant


@SETTINGS
@given(st.text(max_size=40))
def test_random_step_lists_only_raise_option_errors(raw):
    try:
        canonical = options_for(KB, {"steps": raw})["steps"]
    except OptionError as err:
        assert "'steps'" in str(err)
    else:
        assert options_for(KB, {"steps": canonical})["steps"] == canonical
