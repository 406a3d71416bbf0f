"""The Krazy Bee and RumBugz hints against exhaustive searches, on small dealt hands.

Each search tries every group of the hand's cards the rules' own checker calls a meld (or a
Sequence), and every way to lay them together, so a laydown the hint's own search skipped shows up.
Before 6 December the Krazy Bee hint tried melds of the Step's sizes only (KB-3 lets a meld be
longer) and gave up after 5,000 laydowns; the RumBugz hint never put a PLYT where the hand held the
number. Both answered "cannot" where a laydown existed.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, product

import pytest

from scorekeeper.rules import OptionError, RulesError, find_variant, solve
from scorekeeper.rules.krazy_bee import steps_of
from scorekeeper.rules.solver import krazy_bee_hint

KB, RB = find_variant("krazy-bee"), find_variant("rumbugz")
CUSTOM = (
    "2 runs of 3; run of 4 + run of 3; book of 2 + run of 3; 2 books of 2; run of 5; 3 books of 2; run of 7"
)
#: short runs, where a longer run may overlap one that a shorter run would continue (KB-5)
SHORT = "3 runs of 2; 2 runs of 1; run of 2 + run of 1; 2 runs of 3 + book of 2; run of 1 + 2 runs of 2"


def groups(hand: list[str], smallest: int, largest: int) -> set[tuple[str, ...]]:
    """Every sub-multiset of ``hand`` of ``smallest`` to ``largest`` cards, Wild cards last."""
    order = sorted(hand, key=lambda t: (t in ("W", "P"), int(t) if t.isdigit() else 0))
    return {c for n in range(smallest, largest + 1) for c in combinations(order, n)}


def fits(cards, hand: Counter) -> bool:
    return not Counter(cards) - hand


def fewest_wild_bees(hand: list[str], steps_text: str, step) -> int | None:
    """The fewest Wild Bees of any laydown of ``step`` from ``hand`` (KB-1..KB-5), or None."""
    smallest = min(r.size for r in step.melds)
    lone = KB.options({"min": smallest})
    melds = [g for g in groups(hand, smallest, len(hand)) if KB.check(" ".join(g), None, lone).valid]
    opts = KB.options({"steps": steps_text, "step": step.text})
    best = None
    for combo in combinations_with_replacement(melds, len(step.melds)):
        cards = [t for m in combo for t in m]
        if not fits(cards, Counter(hand)) or (best is not None and cards.count("W") >= best):
            continue
        if KB.check(" | ".join(" ".join(m) for m in combo), None, opts).valid:
            best = cards.count("W")
    return best


def kb_hand(rng: random.Random, spread: int = 5) -> list[str]:
    """4 to 8 cards from ``spread`` + 1 numbers in a row and Wild Bees: melds meet often."""
    low = rng.randint(1, 13 - spread)
    return [
        ("W" if rng.random() < 0.25 else str(rng.randint(low, low + spread)))
        for _ in range(rng.randint(4, 8))
    ]


@pytest.mark.parametrize("seed", range(150))
def test_the_krazy_bee_hint_lays_every_step_the_exhaustive_search_lays(seed):
    rng = random.Random(seed)
    steps_text = (KB.options({})["steps"], CUSTOM, SHORT)[seed % 3]
    hand = kb_hand(rng, 3 if steps_text == SHORT else 5)  # short runs: few numbers, so they touch
    found = {}
    for step in steps_of(KB.options({"steps": steps_text})):
        found[step.number] = fewest_wild_bees(hand, steps_text, step)
        answer = solve("krazy-bee", " ".join(hand), steps=steps_text, step=step.number).to_dict()
        assert (answer["wild_bees"] if answer["can_lay"] else None) == found[step.number], (hand, step.text)
        if answer["can_lay"]:
            laid = [t for m in answer["melds"] for t in m]
            assert fits(laid, Counter(hand))
            assert KB.check(
                " | ".join(" ".join(m) for m in answer["melds"]),
                None,
                KB.options({"steps": steps_text, "step": step.text}),
            ).valid
    every = solve("krazy-bee", " ".join(hand), steps=steps_text).to_dict()
    assert every["steps"] == [n for n, w in found.items() if w is not None]


@pytest.mark.parametrize(
    "hand, step, melds",
    [
        ("2 3 3 4 5 5 W", "3 runs of 2", [["2", "3"], ["3", "4", "5"], ["5", "W"]]),
        ("1 2 W", "2 runs of 1", [["1"], ["2", "W"]]),
    ],
)
def test_a_longer_run_may_overlap_where_a_shorter_would_continue_another(hand, step, melds):
    """KB-5: 2 3 | 3 4 | 5 W would continue each other; 3 4 5 overlaps both and is legal."""
    answer = solve("krazy-bee", hand, step=step).to_dict()
    assert answer["can_lay"] and sorted(answer["melds"]) == sorted(melds)


def test_a_longer_run_balances_the_wild_bees():
    """KB-3: a meld may be longer than its Step asks; 1 2 3 W W W W 8 is a run of 8 (KB-2: 4 and 4)."""
    answer = solve("krazy-bee", "1 2 3 8 W W W W", step=4).to_dict()
    assert answer["can_lay"] and answer["melds"] == [["1", "2", "3", "W", "W", "W", "W", "8"]]
    assert solve("krazy-bee", "1 2 3 8 W W W W").to_dict()["steps"] == [4, 5]


#: the bench's custom list (bench/krazy_bee_hint_bench.py), with its hardest Step, 6 runs of 2
BENCH_LIST = "2 runs of 3; run of 4 + run of 3; book of 2 + run of 3; 2 books of 2; 6 runs of 2; 4 books of 3; run of 9"


@pytest.mark.parametrize(
    "hand", ["3 1 7 W W 2 10 9 12 9 8 13 11", "1 8 W W 9 13 W 4 5 3 13 6 7", "4 2 W W 7 10 1 9 3 2 9 8 6"]
)
def test_dealt_hands_once_refused_for_6_runs_of_2_are_answered(hand):
    """Three 13-card hands the bench deals were refused ("more ways than the finder tries") while
    the Step checker judged every partial laydown; KB-4 and KB-5 judged by the finder itself, every
    Step is answered well inside the bound, each laydown the checker's."""
    answer = krazy_bee_hint.hint(hand, steps=BENCH_LIST)
    assert answer.to_dict()["steps"] == [1, 2, 3, 4, 7] and answer.tried < krazy_bee_hint.MOST_TRIED / 2
    for n in answer.to_dict()["steps"]:
        laid = solve("krazy-bee", hand, steps=BENCH_LIST, step=n).to_dict()["melds"]
        options = KB.options({"steps": BENCH_LIST, "step": n})
        assert KB.check(" | ".join(" ".join(m) for m in laid), None, options).valid


@pytest.mark.parametrize(
    ("melds", "step", "apart"),
    [
        ([(2, 3), (5, 6)], "2 runs of 2", True),
        ([(2, 3), (4, 5)], "2 runs of 2", False),  # 4 starts right after 3 ends (KB-5)
        ([(2, 3), (4, None)], "2 runs of 2", True),  # the Wild Bee stands for 3: 3 4 overlaps 2 3
        ([(2, 3), (3, 4, 5), (5, None)], "3 runs of 2", True),  # 3 4 5 overlaps both (KB-5 allows it)
        ([(1, None), (2, None)], "2 runs of 1", True),  # 1 2 and 1 2 (or 2 3) overlap
        ([(5, 5, 5), (5, 5, None)], "2 books of 3", False),  # KB-4
        ([(5, 5, 5), (6, 6, None)], "2 books of 3", True),
    ],
)
def test_the_finder_keeps_melds_apart_as_the_step_checker_does(melds, step, apart):
    """:func:`krazy_bee_hint.apart` says what the Step checker says of the same melds."""
    wanted = steps_of(KB.options({"steps": step}))[0].melds
    assert krazy_bee_hint.apart(tuple(melds), wanted) is apart
    text = " | ".join(" ".join("W" if v is None else str(v) for v in m) for m in melds)
    assert KB.check(text, None, KB.options({"steps": step, "step": 1})).valid is apart


def test_a_krazy_bee_hand_of_too_many_ways_is_refused_not_answered_cannot(monkeypatch):
    monkeypatch.setattr(krazy_bee_hint, "MOST_TRIED", 2_000)
    with pytest.raises(RulesError, match=r"more ways than the best-play finder tries \(2000\)"):
        solve("krazy-bee", "1 2 3 4 5 6 7 8 9 10 11 12 13 W W W W W W", step="6 runs of 2")


def best_sequences(hand: list[str], laid: tuple[str, ...]) -> tuple[int, int]:
    """The most kinds laid together from ``hand`` (one Sequence of four Bugz each, RB-1..RB-3),
    then the fewest PLYTs: as (kinds, -PLYTs)."""
    kinds = [k for k in ("single", "double", "triple", "match") if k not in laid]
    valid = {
        k: [g for g in groups(hand, 4, 4) if RB.check(" ".join(g), None, {"kind": k}).valid] for k in kinds
    }
    best = (0, 0)
    for choice in product(*[[None, *valid[k]] for k in kinds]):
        chosen = [c for c in choice if c is not None]
        if fits([t for c in chosen for t in c], Counter(hand)):
            best = max(best, (len(chosen), -sum(c.count("P") for c in chosen)))
    return best


@pytest.mark.parametrize("seed", range(150))
def test_the_rumbugz_hint_lays_what_the_exhaustive_search_lays(seed):
    rng = random.Random(seed)
    low = rng.randint(1, 8)  # a narrow window of values: kinds compete for the same Bugz
    hand = [
        ("P" if rng.random() < 0.25 else str(rng.randint(low, low + 4))) for _ in range(rng.randint(6, 10))
    ]
    laid = tuple(k for k in ("single", "double", "triple", "match") if rng.random() < 0.25)
    answer = solve("rumbugz", " ".join(hand), laid=", ".join(laid)).to_dict()
    chosen = [s["cards"] for s in answer["sequences"]]
    assert (len(chosen), -sum(c.count("P") for c in chosen)) == best_sequences(hand, laid), hand
    assert fits([t for c in chosen for t in c], Counter(hand))
    for s in answer["sequences"]:
        assert RB.check(" ".join(s["cards"]), None, {"kind": s["kind"]}).valid


def test_a_plyt_stands_in_to_keep_a_bug_for_another_kind():
    answer = solve("rumbugz", "4 5 6 7 6 6 6 P").to_dict()
    assert [s["kind"] for s in answer["sequences"]] == ["single", "match"]


@pytest.mark.parametrize("laid", [5, True, 2.5])
def test_laid_that_is_not_text_or_a_list_is_refused_by_name(laid):
    with pytest.raises(OptionError, match="option 'laid'"):
        solve("rumbugz", "1 2 3 4", laid=laid)
