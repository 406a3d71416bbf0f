"""The Crib Rummy best-play finder: proved best against an exhaustive search, and bounded on any hand.

The exhaustive search below tries every sub-multiset of the hand as a meld or an addition (the
rules' own check judging each), so a group the finder's quick filter dropped would show up here.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import RulesError, find_variant, solve
from scorekeeper.rules.solver import crib_hint

GAME = find_variant("crib-rummy")
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def exhaustive(hand: list[str], melds: list[str], initial: bool, opts: dict) -> int:
    """The most pegs over every way to lay disjoint groups of ``hand`` (CR-6 under ``initial``)."""

    @cache
    def judged(group: tuple[str, ...], where: int | None) -> int | None:
        v = GAME.check(" ".join(group), None if where is None else melds[where], opts)
        return v.points if v.valid else None

    @cache
    def best(left: tuple[str, ...], used: frozenset, own: bool) -> int:
        if not left:
            return 0 if own or not used or not initial else -(10**6)
        first, rest = left[0], left[1:]
        top = best(rest, used, own)  # the first card stays in the hand
        for size in range(len(rest) + 1):
            for others in set(combinations(rest, size)):
                group = (first, *others)
                after = tuple(sorted((Counter(rest) - Counter(others)).elements()))
                for where in (None, *(n for n in range(len(melds)) if n not in used)):
                    pegs = judged(group, where)
                    if pegs is not None:
                        grown = used | {where} if where is not None else used
                        top = max(top, pegs + best(after, grown, own or where is None))
        return top

    return max(best(tuple(sorted(hand)), frozenset(), not initial), 0)


def dealt(rng: random.Random) -> tuple[list[str], list[str], dict]:
    """A small hand and table from a narrow deck, so melds, copies and jokers meet often."""
    opts = GAME.options({"ace_high": rng.random() < 0.5, "jokers": rng.choice((2, 4))})
    deck = [r + s for r in ("A", "2", "3", "4", "5", "Q", "K") for s in "SH"] * 2 + ["JK"] * opts["jokers"]
    rng.shuffle(deck)
    melds = []
    for _ in range(rng.randint(0, 2)):
        for _try in range(40):
            group = [deck[i] for i in sorted(rng.sample(range(len(deck)), 3))]
            if GAME.check(" ".join(group), None, opts).valid:
                melds.append(" ".join(group))
                for card in group:
                    deck.remove(card)
                break
    return deck[: rng.randint(4, 8)], melds, opts


@pytest.mark.parametrize("seed", range(100))
def test_the_finder_pegs_what_an_exhaustive_search_pegs(seed):
    rng = random.Random(seed)
    hand, melds, opts = dealt(rng)
    initial = rng.random() < 0.3
    raw = {"ace_high": opts["ace_high"], "jokers": opts["jokers"]}
    answer = solve("crib-rummy", " ".join(hand), table=" | ".join(melds), initial=initial, **raw).to_dict()
    assert answer["pegs"] == exhaustive(hand, melds, initial, opts)
    laid = [c for m in answer["melds"] + answer["additions"] for c in m["cards"]]
    assert Counter(laid) + Counter(answer["cards_left"]) == Counter(hand)  # every card once
    for m in answer["melds"]:
        assert GAME.check(" ".join(m["cards"]), None, opts).points == m["pegs"]


def test_copies_of_one_card_make_a_set():
    """CR-1: suits do not matter and two packs hold two of each card (the old finder pegged 0)."""
    answer = solve("crib-rummy", "7H 7H 7S KD").to_dict()
    assert answer["pegs"] == 2 and answer["melds"][0]["cards"] == ["7S", "7H", "7H"]


def test_a_run_is_shown_in_its_order():
    answer = solve("crib-rummy", "QD 10D KD 9D JD 2C").to_dict()
    assert answer["melds"] == [{"cards": ["9D", "10D", "JD", "QD", "KD"], "kind": "run", "pegs": 10}]


@pytest.mark.parametrize(
    "rack, table, options, named",
    [
        ("8H 8H 8H", "", {}, "CR-1: two packs hold 2 of each card; 8H is here 3 times"),
        ("8H 8H 9H", "8H 8S 8D", {}, "8H is here 3 times"),  # the table's cards come from the same packs
        ("JK JK JK 5S", "", {}, "CR-3: the deck has 2 jokers, not 3"),
        ("JK JK JK JK JK 5S", "", {"jokers": 4}, "CR-3: the deck has 4 jokers, not 5"),
    ],
)
def test_a_hand_the_packs_cannot_hold_is_refused(rack, table, options, named):
    with pytest.raises(RulesError, match=named):
        solve("crib-rummy", rack, table=table, **options)


def test_a_huge_hand_is_refused_by_the_deck_not_by_python():
    """24,000 aces of hearts ended in a RecursionError; now the packs refuse them at once."""
    start = time.process_time()
    with pytest.raises(RulesError, match="CR-1"):
        solve("crib-rummy", " ".join(["AH"] * 24_000))
    assert time.process_time() - start < 10  # a bound on a runaway, not a speed target


def test_the_whole_deck_is_refused_for_its_groups():
    deck = [r + s for r in RANKS for s in "SHDC"] * 2 + ["JK"] * 4
    with pytest.raises(
        RulesError, match=r"more card groups to judge \([\d,]+\) than the best-play finder takes"
    ):
        solve("crib-rummy", " ".join(deck), jokers=4)


def test_a_hand_of_too_many_ways_is_refused_after_bounded_work(monkeypatch):
    """Two whole suits of hearts and four jokers: few groups, but more ways than the finder weighs."""
    monkeypatch.setattr(crib_hint, "MOST_WEIGHED", 50_000)  # the same refusal, sooner
    hand = " ".join([r + "H" for r in RANKS] * 2 + ["JK"] * 4)
    with pytest.raises(RulesError, match=r"more ways than the best-play finder weighs \(50,000\)"):
        solve("crib-rummy", hand, jokers=4)


def test_a_hand_dealt_at_the_table_is_searched_well_inside_the_bounds():
    rng = random.Random(3)
    deck = [r + s for r in RANKS for s in "SHDC"] * 2 + ["JK"] * 2
    for size in (11, 12, 18):
        rng.shuffle(deck)
        h = crib_hint.hint(" ".join(deck[:size]))
        assert h.judged < crib_hint.MOST_JUDGED // 10 and h.weighed < crib_hint.MOST_WEIGHED // 10


def test_the_command_line_refuses_a_huge_hand_with_exit_2(capsys):
    """Past the server's bound of notation (4,000 characters) before any work; within it, the deck
    check (CR-1) refuses a hand no two packs hold."""
    assert main(["solve", "crib-rummy", "--rack", " ".join(["AH"] * 24_000)]) == 2
    assert "too many characters of cards (at most 4,000)" in capsys.readouterr().err
    assert main(["solve", "crib-rummy", "--rack", " ".join(["AH"] * 1_300)]) == 2
    assert "CR-1: two packs hold 2 of each card; AH is here 1300 times" in capsys.readouterr().err


def test_the_command_line_counts_the_table_melds_from_1(capsys):
    """The text names the run the cards go to as a player counts the table's melds (the second);
    --json keeps the API's count from 0."""
    args = ["solve", "crib-rummy", "--rack", "5H 6H 9C", "--table", "5S 5D 5C | 2H 3H 4H"]
    assert main(args) == 0
    assert "additions: to meld 2: 5H 6H (7 pegs)" in capsys.readouterr().out
    assert main([*args, "--json"]) == 0
    assert '"additions": [{"meld": 1, "cards": ["5H", "6H"], "pegs": 7}]' in capsys.readouterr().out


def test_a_table_meld_that_is_not_a_meld_is_named():
    """The table's melds were laid legally (CR-1..CR-3); 52 one-card 'melds' took 2.4 s to refuse."""
    with pytest.raises(
        RulesError, match=r"the table's meld 2 \(5S\) is not a meld: CR-1: a set needs at least 3"
    ):
        solve("crib-rummy", "3H 4H 5H", table="6H 7H 8H | 5S")
    # a run on the table stays a meld when the player declares a set for their own (option kind)
    assert solve("crib-rummy", "2C 2D 2S", table="7H 8H JK", kind="set").to_dict()["pegs"] == 2


def test_groups_past_the_bound_are_refused_while_they_are_gathered(monkeypatch):
    monkeypatch.setattr(crib_hint, "MOST_JUDGED", 500)
    deck = [r + s for r in RANKS for s in "SHDC"] * 2 + ["JK"] * 4
    start = time.process_time()
    with pytest.raises(RulesError, match=r"than the best-play finder takes \(500\)"):
        solve("crib-rummy", " ".join(deck), jokers=4)
    assert time.process_time() - start < 10  # a bound on a runaway, not a speed target
