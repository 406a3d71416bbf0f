"""Krazy Bee Rummy (RULES.md section 1): every rule id KB-1..KB-10, legal and illegal."""

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
from scorekeeper.rules.krazy_bee import DEFAULT_STEPS, parse_steps, steps_of

KB = "krazy-bee"


def verdict(cards, **kw):
    return check(KB, cards, options=kw).to_dict()


# -- lone melds: KB-1 books and runs, KB-2 Wild Bees --------------------------------

LEGAL_MELDS = [
    # id, cards, options, kind, kinds, reading, readings (None: only one)
    ("KB-1-book-of-3", "7 7 7", {}, "book", ["book"], ["7", "7", "7"], None),
    ("KB-1-book-of-5", "13 13 13 13 13", {}, "book", ["book"], ["13"] * 5, None),
    ("KB-1-run-of-3", "3 4 5", {}, "run", ["run"], ["3", "4", "5"], None),
    ("KB-1-run-any-order-N-4", "5 3 4", {}, "run", ["run"], ["5", "3", "4"], None),
    (
        "KB-1-run-of-13",
        " ".join(str(n) for n in range(1, 14)),
        {},
        "run",
        ["run"],
        [str(n) for n in range(1, 14)],
        None,
    ),
    ("KB-1-run-top-11-12-13", "11 12 13", {}, "run", ["run"], ["11", "12", "13"], None),
    ("KB-1-min-4-run", "1 2 3 4", {"min": 4}, "run", ["run"], ["1", "2", "3", "4"], None),
    ("KB-1-min-1-single-card", "7", {"min": 1}, "book", ["book", "run"], ["7"], None),
    ("KB-2-book-5-5-W", "5 5 W", {}, "book", ["book"], ["5", "5", "5"], None),
    ("KB-2-book-7-7-W", "7 7 W", {}, "book", ["book"], ["7", "7", "7"], None),
    ("KB-2-star-alias", "7 7 *", {}, "book", ["book"], ["7", "7", "7"], None),
    ("KB-2-lowercase-w", "7 w 7", {}, "book", ["book"], ["7", "7", "7"], None),
    (
        "KB-2-run-two-readings",
        "5 6 W",
        {},
        "run",
        ["run"],
        ["5", "6", "4"],
        [["5", "6", "4"], ["5", "6", "7"]],
    ),
    ("KB-2-run-gap-filled", "5 W 7", {}, "run", ["run"], ["5", "6", "7"], None),
    ("KB-2-run-no-0", "1 2 W", {}, "run", ["run"], ["1", "2", "3"], None),
    ("KB-2-run-no-wrap", "12 13 W", {}, "run", ["run"], ["12", "13", "11"], None),
    (
        "KB-2-wilds-equal-numbers",
        "W 3 W 5",
        {},
        "run",
        ["run"],
        ["2", "3", "4", "5"],
        [["2", "3", "4", "5"], ["4", "3", "6", "5"]],
    ),
    ("KB-2-W-7-book-or-run", "W 7", {"min": 2}, "book", ["book", "run"], ["7", "7"], None),
    (
        "KB-1-declared-run",
        "W 7",
        {"min": 2, "kind": "run"},
        "run",
        ["book", "run"],
        ["6", "7"],
        [["6", "7"], ["8", "7"]],
    ),
]


@pytest.mark.parametrize(
    "cards,opts,kind,kinds,reading,readings", [p[1:] for p in LEGAL_MELDS], ids=[p[0] for p in LEGAL_MELDS]
)
def test_legal_meld(cards, opts, kind, kinds, reading, readings):
    v = verdict(cards, **opts)
    assert v["valid"] is True and v["reasons"] == []
    assert v["kind"] == kind and v["kinds"] == kinds
    assert v["reading"] == reading
    assert v["points"] is None
    assert v.get("readings") == readings


def test_both_kinds_offer_the_other_as_alternative():
    v = verdict("W 7", min=2)
    assert v["alternatives"] == ["also legal as a run, when declared as one: 6 7"]


ILLEGAL_MELDS = [
    # id, cards, options, the reasons' rule ids, a phrase in the reasons
    ("KB-1-too-few-cards", "7 7", {}, ["KB-1"], "at least 3 cards"),
    ("KB-1-min-4", "7 7 7", {"min": 4}, ["KB-1"], "at least 4 cards"),
    ("KB-1-gap", "3 4 6", {}, ["KB-1", "KB-1"], "the number 5 is missing"),
    ("KB-1-repeat-in-run", "3 3 4", {}, ["KB-1", "KB-1"], "3 appears 2 times"),
    (
        "KB-1-no-wrap-13-1",
        "12 13 1",
        {},
        ["KB-1", "KB-1"],
        "the numbers 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 are missing",
    ),
    ("KB-1-run-longer-than-13", "1 2 3 4 5 6 7 W W W W W W W", {}, ["KB-1", "KB-1"], "at most 13 cards"),
    ("KB-1-declared-book-is-run", "3 4 5", {"kind": "book"}, ["KB-1"], "not a book"),
    ("KB-1-declared-run-is-book", "5 5 W", {"kind": "run"}, ["KB-1"], "5 appears 2 times"),
    ("KB-2-5-W-W", "5 W W", {}, ["KB-2"], "2 Wild Bees but only 1 number card"),
    ("KB-2-all-wild", "W W W", {}, ["KB-2"], "3 Wild Bees but only 0 number cards"),
    ("KB-2-run-too-many-wilds", "3 W W 4 W", {}, ["KB-2"], "3 Wild Bees but only 2"),
    ("KB-2-and-KB-1", "W W", {}, ["KB-1", "KB-2"], "at least 3 cards"),
]


@pytest.mark.parametrize(
    "cards,opts,rules,phrase", [p[1:] for p in ILLEGAL_MELDS], ids=[p[0] for p in ILLEGAL_MELDS]
)
def test_illegal_meld(cards, opts, rules, phrase):
    v = verdict(cards, **opts)
    assert v["valid"] is False and v["kind"] is None
    assert [r.split(":")[0] for r in v["reasons"]] == rules
    assert any(phrase in r for r in v["reasons"]), v["reasons"]
    assert v["reading"] == cards.upper().split()


def test_declared_kind_that_fails_names_the_legal_one():
    v = verdict("5 5 W", kind="run")
    assert v["kinds"] == ["book"]
    assert v["alternatives"] == ["legal as a book: 5 5 5"]


# -- Step list grammar (KB-3, KB-8) ------------------------------------------------------


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("2 books of 3", "2 books of 3"),
        ("Book Of 3 + RUN OF 4", "book of 3 + run of 4"),
        ("1 book of 3+1 run of 4", "book of 3 + run of 4"),
        ("run of 7\nrun of 8\n", "run of 7; run of 8"),
        ("1. 2 books of 3\n2) book of 3 + run of 4", "2 books of 3; book of 3 + run of 4"),
        ("2 runs of 4;", "2 runs of 4"),
        ("  3   books   of 3 ", "3 books of 3"),
        (["run of 7", "book of 5 + book of 2"], "run of 7; book of 5 + book of 2"),
        ("run of 13", "run of 13"),
        (DEFAULT_STEPS, DEFAULT_STEPS),
    ],
    ids=lambda v: f"KB-8-{v}" if isinstance(v, str) else "KB-8-list",
)
def test_step_list_grammar(text, canonical):
    assert parse_steps(text) == canonical
    assert options_for(KB, {"steps": text})["steps"] == canonical


@pytest.mark.parametrize(
    "text,phrase",
    [
        ("", "a value is required"),
        (" ; \n ", "at least one Step"),
        ("book of", "'book of' is not a requirement"),
        ("row of 4", "'row of 4' is not a requirement"),
        ("run of 7; book of 3 + pair of 2", "'pair of 2' is not a requirement (in Step 2)"),
        ("books of 3", "say how many books"),
        ("run of 14", "KB-1: a run holds at most 13 cards"),
        ("book of 0", "at least one meld of at least one card"),
        ("0 books of 3", "at least one meld of at least one card"),
        ("5 books of 3", "needs 15 cards"),
        ("book of 3 +", "empty requirement"),
        ("book of 3 ++ run of 4", "empty requirement"),
    ],
    ids=lambda v: f"KB-8-bad-{v!r}",
)
def test_step_list_errors(text, phrase):
    with pytest.raises(OptionError) as err:
        options_for(KB, {"steps": text})
    assert phrase in str(err.value)
    if text:
        assert "accepted: Steps separated by ';'" in str(err.value)


def test_steps_of_gives_the_parsed_form():
    steps = steps_of(options_for(KB))
    assert len(steps) == 10
    assert [s.number for s in steps] == list(range(1, 11))
    assert steps[1].text == "book of 3 + run of 4"
    assert [(r.kind, r.size) for r in steps[0].melds] == [("book", 3), ("book", 3)]
    assert steps[7].cards == 9 and steps[3].cards == 7
    assert steps[2].label == "Step 3 (book of 4 + run of 4)"


def test_default_step_list_is_the_published_default():
    assert [s.text for s in steps_of(DEFAULT_STEPS)] == [
        "2 books of 3",
        "book of 3 + run of 4",
        "book of 4 + run of 4",
        "run of 7",
        "run of 8",
        "run of 9",
        "2 books of 4",
        "3 books of 3",
        "book of 5 + book of 2",
        "book of 5 + book of 3",
    ]


# -- Step laydowns (KB-3, KB-4, KB-5) -------------------------------------------------------

DEFAULT_LAYDOWNS = [
    (1, "5 5 5 | 9 9 W"),
    (2, "8 8 8 | 1 2 3 4"),
    (3, "8 8 8 8 | 10 11 W 13"),
    (4, "1 2 3 4 5 6 7"),
    (5, "2 3 4 W 6 7 8 9"),
    (6, "W 2 3 4 5 6 7 8 W"),
    (7, "4 4 4 4 | 9 9 W W"),
    (8, "1 1 1 | 2 2 2 | 13 13 W"),
    (9, "6 6 6 6 6 | 7 W"),
    (10, "6 6 6 W W | 7 7 7"),
]


@pytest.mark.parametrize(
    "number,cards", DEFAULT_LAYDOWNS, ids=[f"KB-3-step-{n}" for n, _ in DEFAULT_LAYDOWNS]
)
def test_each_default_step_can_be_laid(number, cards):
    v = verdict(cards, step=number)
    assert v["valid"] is True, v["reasons"]
    assert v["kind"] == "step" and v["kinds"] == ["step"]
    assert v["step"] == number and v["step_text"] == steps_of(DEFAULT_STEPS)[number - 1].text
    assert number in v["steps"]
    assert all(p["valid"] for p in v["parts"])
    assert "W" not in v["reading"]


LAYDOWNS = [
    # id, cards, options, valid, reading or reason rule ids
    (
        "KB-3-meld-longer-than-required",
        "5 5 5 5 | 1 2 3 4 5",
        {"step": 2},
        True,
        ["5", "5", "5", "5", "|", "1", "2", "3", "4", "5"],
    ),
    (
        "KB-3-melds-in-any-order",
        "1 2 3 4 | 5 5 5",
        {"step": "2"},
        True,
        ["1", "2", "3", "4", "|", "5", "5", "5"],
    ),
    (
        "KB-3-step-by-text",
        "1 2 3 4 | 5 5 5",
        {"step": "Book of 3 + run of 4"},
        True,
        ["1", "2", "3", "4", "|", "5", "5", "5"],
    ),
    (
        "KB-3-step-word-number",
        "1 2 3 4 | 5 5 5",
        {"step": "Step 2"},
        True,
        ["1", "2", "3", "4", "|", "5", "5", "5"],
    ),
    (
        "KB-3-step-outside-the-list",
        "1 2 3 | 9 9 9 | 12 12 12",
        {"step": "run of 3 + 2 books of 3"},
        True,
        ["1", "2", "3", "|", "9", "9", "9", "|", "12", "12", "12"],
    ),
    ("KB-3-too-few-melds", "5 5 5", {"step": 2}, False, ["KB-3"]),
    ("KB-3-too-many-melds", "5 5 5 | 1 2 3 4 | 9 9 9", {"step": 2}, False, ["KB-3"]),
    ("KB-1-meld-too-short", "5 5 | 1 2 3 4", {"step": 2}, False, ["KB-1", "KB-3"]),
    ("KB-3-wrong-kinds", "5 5 5 | 7 7 7 7", {"step": 2}, False, ["KB-3"]),
    ("KB-1-run-of-7-too-short", "1 2 3 4 5 6", {"step": 4}, False, ["KB-1", "KB-3"]),
    ("KB-1-meld-is-nothing", "5 5 5 | 1 2 4 7", {"step": 2}, False, ["KB-1", "KB-3"]),
    ("KB-2-in-a-laydown", "5 W W | 1 2 3 4", {"step": 2}, False, ["KB-2", "KB-3"]),
    ("KB-4-books-same-number", "5 5 5 | 5 5 5", {"step": 1}, False, ["KB-4"]),
    ("KB-4-book-with-wild-same-number", "5 5 W | 5 5 5 5", {"step": 1}, False, ["KB-4"]),
    ("KB-4-two-small-books-same-number", "5 5 5 5 5 | 5 W", {"step": 9}, False, ["KB-4"]),
    ("KB-4-books-different-numbers", "5 5 5 | 6 6 6", {"step": 1}, True, ["5", "5", "5", "|", "6", "6", "6"]),
    ("KB-5-runs-continue", "1 2 3 4 | 5 6 7 8", {"step": "2 runs of 4"}, False, ["KB-5"]),
    ("KB-5-runs-continue-reversed", "5 6 7 8 | 1 2 3 4", {"step": "2 runs of 4"}, False, ["KB-5"]),
    (
        "KB-5-runs-overlap-allowed",
        "1 2 3 4 | 3 4 5 6",
        {"step": "2 runs of 4"},
        True,
        ["1", "2", "3", "4", "|", "3", "4", "5", "6"],
    ),
    (
        "KB-5-runs-apart-allowed",
        "1 2 3 4 | 6 7 8 9",
        {"step": "2 runs of 4"},
        True,
        ["1", "2", "3", "4", "|", "6", "7", "8", "9"],
    ),
    (
        "KB-5-wild-read-to-avoid-continuing",
        "1 2 3 4 | W 6 7 8",
        {"step": "2 runs of 4"},
        True,
        ["1", "2", "3", "4", "|", "9", "6", "7", "8"],
    ),
    ("KB-5-wild-cannot-avoid", "1 2 3 W | 5 6 7 8", {"step": "2 runs of 4"}, False, ["KB-5"]),
]


@pytest.mark.parametrize("cards,opts,valid,expected", [p[1:] for p in LAYDOWNS], ids=[p[0] for p in LAYDOWNS])
def test_laydown(cards, opts, valid, expected):
    v = verdict(cards, **opts)
    assert v["valid"] is valid, v["reasons"]
    if valid:
        assert v["reading"] == expected and v["reasons"] == []
        assert len(v["parts"]) == cards.count("|") + 1
    else:
        assert [r.split(":")[0] for r in v["reasons"]] == expected
        assert v["kind"] is None


def test_kb5_wild_bee_that_must_touch_is_rejected():
    # W can be 9 or 13? no: 10 11 12 + W is 9..12 or 10..13; 5 6 7 8 touches 9..12 only
    v = verdict("5 6 7 8 | 10 11 12 W", step="2 runs of 4")
    assert v["valid"] and v["reading"][-1] == "13"
    v = verdict("5 6 7 8 | 9 10 11 12", step="2 runs of 4")
    assert not v["valid"] and "the runs 5-8 and 9-12 continue each other" in v["reasons"][0]


def test_kb5_message_names_the_combined_run():
    v = verdict("1 2 3 4 | 5 6 7 8", step="2 runs of 4")
    assert "together one run of 8" in v["reasons"][0]


def test_kb5_overlapping_runs_with_a_wild_bee_read_to_overlap():
    # W could make 5-8 (touching 1-4) or 4-7 (overlapping 1-4): the overlap is allowed
    v = verdict("1 2 3 4 | 5 6 7 W", step="2 runs of 4")
    assert v["valid"] and v["reading"][-1] == "4"


def test_kb2_reason_in_a_laydown_reads_plainly():
    v = verdict("5 W W | 6 6 6", step=1)
    assert v["reasons"][0] == (
        "KB-2: meld 1 (5 W W) has 2 Wild Bees but only 1 number card; "
        "Wild Bees may not outnumber number cards"
    )


def test_kb1_a_meld_shorter_than_its_requirement_is_named():
    v = verdict("5 5 5 | 1 2 3", step=2)
    assert v["reasons"][0] == (
        "KB-1: meld 2 (1 2 3) has 3 cards; Step 2 (book of 3 + run of 4) needs a run of at least 4"
    )
    assert v["reasons"][1].startswith("KB-3: the melds do not lay Step 2")


def test_kb3_one_meld_for_a_two_meld_step_says_how_to_separate():
    v = verdict("5 5 5 6 6 6", step=1)
    assert v["reasons"] == [
        "KB-3: Step 1 (2 books of 3) needs 2 melds; this laydown has 1 (separate melds with '|')"
    ]


def test_laydown_lists_every_reading_of_its_wild_bees():
    v = verdict("5 5 5 | 5 6 7 W", step=2)
    assert v["readings"] == [
        ["5", "5", "5", "|", "5", "6", "7", "4"],
        ["5", "5", "5", "|", "5", "6", "7", "8"],
    ]
    assert v["parts"][1] == {
        "cards": "5 6 7 W",
        "requirement": "run of 4",
        "valid": True,
        "kind": "run",
        "kinds": ["run"],
        "reading": ["5", "6", "7", "4"],
        "reasons": [],
    }


def test_laydown_without_step_names_every_step_it_lays():
    v = verdict("5 5 5 5 5 | 7 7 7")
    assert v["valid"] and v["steps"] == [1, 9, 10]
    assert v["step"] == 1
    assert v["alternatives"] == [
        "also lays Step 9 (book of 5 + book of 2)",
        "also lays Step 10 (book of 5 + book of 3)",
    ]


def test_laydown_without_step_that_lays_nothing():
    v = verdict("5 5 5 | 5 5 W")
    assert not v["valid"] and v["steps"] == []
    assert v["reasons"][0] == "KB-3: this laydown lays no Step of the list (2 melds)"
    assert any(r.startswith("KB-4: Step 1 (2 books of 3)") for r in v["reasons"])


def test_laydown_of_the_wrong_step_suggests_the_right_one():
    v = verdict("1 2 3 4 5 6 7", step=5)
    assert not v["valid"]
    assert v["alternatives"] == ["lays Step 4 (run of 7) instead"]


def test_laydown_checks_a_custom_step_list():
    v = verdict("1 2 3 | 7 7 7", steps="run of 3 + book of 3; 2 books of 3", step=1)
    assert v["valid"] and v["steps"] == [1]


@pytest.mark.parametrize(
    "step,phrase",
    [
        ("11", "there is no Step 11; the list has 10 Steps"),
        ("0", "Steps are numbered from 1"),
        ("run of 3; run of 4", "give one Step"),
        ("pair of 3", "'pair of 3' is not a requirement"),
    ],
    ids=lambda v: f"KB-3-bad-step-{v}",
)
def test_bad_step_option(step, phrase):
    with pytest.raises(OptionError) as err:
        check(KB, "1 2 3 | 4 4 4", options={"step": step})
    assert phrase in str(err.value)


# -- extensions (KB-6, KB-2 after every addition) ----------------------------------------

EXTENSIONS = [
    # id, added, table, options, valid, kind, reading / reasons' rule ids
    ("KB-6-run-up", "8", "4 5 6 7", {}, True, "run", ["8"]),
    ("KB-6-run-down", "3", "4 5 6 7", {}, True, "run", ["3"]),
    ("KB-6-run-both-ends", "3 8", "4 5 6 7", {}, True, "run", ["3", "8"]),
    ("KB-6-book", "5", "5 5 5", {}, True, "book", ["5"]),
    ("KB-6-book-with-wild", "W", "5 5 5", {}, True, "book", ["5"]),
    ("KB-6-run-wild-at-top", "W", "11 12 13", {}, True, "run", ["10"]),
    ("KB-2-wilds-up-to-numbers", "W W W", "5 5 5", {}, True, "book", ["5", "5", "5"]),
    ("KB-6-run-gap", "9", "4 5 6 7", {}, False, None, ["KB-6"]),
    ("KB-6-run-repeat", "5", "4 5 6", {}, False, None, ["KB-6"]),
    ("KB-6-book-wrong-number", "6", "5 5 5", {}, False, None, ["KB-6"]),
    ("KB-6-no-wrap", "1", "11 12 13", {}, False, None, ["KB-6"]),
    ("KB-6-declared-kind-differs", "8", "4 5 6 7", {"kind": "book"}, False, None, ["KB-6"]),
    # N-2: a table meld that is no meld says why it is neither kind (one reason each)
    ("KB-6-table-meld-illegal", "5", "3 4 6", {}, False, None, ["KB-6", "KB-6"]),
    ("KB-6-table-meld-illegal-declared", "5", "3 4 6", {"kind": "run"}, False, None, ["KB-6"]),
    ("KB-2-too-many-wilds", "W W W W", "5 5 5", {}, False, None, ["KB-2"]),
    # N-4: the cards of one lay-off are a multiset; laid number cards first, KB-2 holds after each one
    ("KB-2-lay-off-order-does-not-matter", "W W 5", "5 5 W", {}, True, "book", ["5", "5", "5"]),
    ("KB-2-numbers-first-is-fine", "5 W W", "5 5 W", {}, True, "book", ["5", "5", "5"]),
    ("KB-2-lone-wild-on-even-book", "W", "5 5 W W", {}, False, None, ["KB-2"]),
    ("KB-2-wild-then-number-on-even-book", "W 5", "5 5 W W", {}, True, "book", ["5", "5"]),
    ("KB-6-table-meld-breaks-KB-2", "5", "5 W W", {}, False, None, ["KB-6"]),
    ("KB-6-table-run-breaks-KB-2", "8", "W W 7", {}, False, None, ["KB-6"]),
]


@pytest.mark.parametrize(
    "added,table,opts,valid,kind,expected", [p[1:] for p in EXTENSIONS], ids=[p[0] for p in EXTENSIONS]
)
def test_extension(added, table, opts, valid, kind, expected):
    v = check(KB, added, extend=table, options=opts).to_dict()
    assert v["valid"] is valid, v["reasons"]
    if valid:
        assert v["kind"] == kind and v["reading"] == expected
        assert len(v["extend_reading"]) == len(table.split())
    else:
        assert [r.split(":")[0] for r in v["reasons"]] == expected


def test_extension_re_reads_wild_bees_on_the_table():
    v = check(KB, "W", extend="4 5 W").to_dict()
    # the table's Wild Bee keeps a reading it could have had (3 in 3-4-5) where one exists
    assert v["valid"] and v["readings"] == [["2"], ["6"], ["7"]]
    assert v["extend_reading"] == ["4", "5", "3"]


def test_extension_says_when_the_meld_would_change_kind():
    v = check(KB, "5", extend="5 W").to_dict()  # table: book of 5s or run 4-5/5-6 -> stays a book
    assert v["valid"] and v["kind"] == "book" and v["kinds"] == ["book"]
    v = check(KB, "6", extend="5 5 W", options={"kind": "book"}).to_dict()
    assert not v["valid"] and v["reasons"][0].startswith("KB-6: the meld must stay a book")


# -- notation (N-1) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards,token",
    [
        ("14", "14"),
        ("0", "0"),
        ("X", "X"),
        ("W2", "W2"),
        ("5 5 R5", "R5"),
        ("-5 5 5", "-5"),
    ],
    ids=lambda v: f"N-1-{v}",
)
def test_unknown_token(cards, token):
    with pytest.raises(NotationError) as err:
        check(KB, cards)
    assert err.value.token == token
    assert "accepted: 1..13, W (Wild Bee; or *)" in str(err.value)


@pytest.mark.parametrize(
    "cards,extend",
    [
        ("", None),
        ("  ,  ", None),
        ("5 5 5 | | 1 2 3", None),
        ("|", None),
        ("5 5 5 |", None),
        ("5 | 6", "5 5 5"),
        ("5", ""),
        ("5", "5 5 5 | 6 6 6"),
    ],
    ids=lambda v: f"N-1-{v!r}",
)
def test_malformed_input(cards, extend):
    with pytest.raises(NotationError):
        check(KB, cards, extend=extend)


# -- options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name,value",
    [
        ("min", "0"),
        ("min", "14"),
        ("min", "three"),
        ("kind", "set"),
        ("steps", 7),
        ("colour", "red"),
        ("step", "Step x"),
    ],
    ids=lambda v: f"option-{v}",
)
def test_bad_option(name, value):
    with pytest.raises(OptionError):
        check(KB, "7 7 7", options={name: value})


def test_option_defaults_and_description():
    assert options_for(KB) == {"steps": DEFAULT_STEPS, "min": 3, "step": None, "kind": None}
    described = next(v for v in variants() if v["slug"] == KB)
    assert described["high_wins"] is False
    assert {o["name"]: o["rule"] for o in described["options"]} == {
        "steps": "KB-8",
        "min": "KB-1",
        "step": "KB-3",
        "kind": "KB-1",
    }


# -- hand values (KB-7) ----------------------------------------------------------------


@pytest.mark.parametrize(
    "cards,points",
    [
        ("3 12 W", 30),
        ("1 9", 10),
        ("10 13", 20),
        ("W *", 30),
        ("", 0),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 W", 45 + 40 + 15),
    ],
    ids=lambda v: f"KB-7-{v}",
)
def test_hand_points(cards, points):
    assert hand(KB, cards).points == points


def test_hand_breakdown():
    assert hand(KB, "9 10 w").to_dict() == {
        "variant": KB,
        "points": 30,
        "breakdown": [{"card": "9", "points": 5}, {"card": "10", "points": 10}, {"card": "W", "points": 15}],
    }


def test_hand_notation_error():
    with pytest.raises(NotationError):
        hand(KB, "3 Q")


# -- scoring (KB-9, KB-10) ---------------------------------------------------------------

TWO_STEPS = "book of 3; run of 4"


def seat(laid=False, **kw):
    return {"laid": laid, **kw}


def game(rounds, players=2, steps=TWO_STEPS, **kw):
    return score_game(KB, rounds, players=players, options={"steps": steps, **kw})


def test_kb9_progress_and_points():
    g = game([{"players": [seat(True, went_out=True), seat(False, hand="3 12 W")]}])
    r = g.rounds[0]
    assert r.changes == (0, 30) and g.totals == (0, 30)
    assert g.progress == (
        {"step": 2, "completed": 1, "steps": 2, "step_text": "run of 4", "done": False},
        {"step": 1, "completed": 0, "steps": 2, "step_text": "book of 3", "done": False},
    )
    assert r.details == {
        "steps": [1, 1],
        "step_texts": ["book of 3", "book of 3"],
        "laid": [True, False],
        "went_out": 0,
        "points": [0, 30],
        "notes": ["", ""],
    }
    assert r.dealer == 0 and r.starter == 1
    assert not g.finished and g.dealer == 1 and g.starter == 0


def test_kb9_initial_progress():
    g = game([])
    assert (
        g.progress == ({"step": 1, "completed": 0, "steps": 2, "step_text": "book of 3", "done": False},) * 2
    )


@pytest.mark.parametrize(
    "entry,points",
    [
        ({"hand": "3 12 W"}, 30),
        ({"counts": {"low": 2, "high": 1, "wild": 1}}, 35),
        ({"counts": {"wild": "2"}}, 30),
        ({"counts": {"low": None, "high": "", "wild": 1}}, 15),
        ({"points": 25}, 25),
        ({"points": "40"}, 40),
        ({"hand": "W", "points": 99}, 15),
        ({"counts": {"low": 1}, "points": 99}, 5),
        ({}, 0),
    ],
    ids=lambda v: f"KB-9-{v}",
)
def test_kb9_points_in_hand(entry, points):
    r = score_round(
        KB, {"players": [seat(True, went_out=True), seat(**entry)]}, players=2, options={"steps": TWO_STEPS}
    )
    assert r.changes == (0, points)


BAD_ROUNDS = [
    (
        "KB-9-two-went-out",
        [seat(True, went_out=True), seat(True, went_out=True)],
        "players.1.went_out",
        "KB-9",
    ),
    ("KB-9-went-out-without-laying", [seat(False, went_out=True), seat()], "players.0.went_out", "KB-9"),
    ("KB-7-went-out-with-points", [seat(True, went_out=True, points=5), seat()], "players.0.points", "KB-7"),
    (  # said on what was given, so a form marks the field the player typed in
        "KB-7-went-out-with-counts",
        [seat(True, went_out=True, counts={"low": 2}), seat()],
        "players.0.counts",
        "KB-7",
    ),
    ("KB-7-went-out-with-cards", [seat(True, went_out=True, hand="3 W"), seat()], "players.0.hand", "KB-7"),
    ("KB-9-wrong-step", [seat(True, step=2), seat()], "players.0.step", "KB-9"),
    ("KB-8-step-beyond-list", [seat(True, step=3), seat()], "players.0.step", "KB-8"),
    ("KB-7-unknown-class", [seat(True, counts={"jokers": 1}), seat()], "players.0.counts.jokers", "KB-7"),
    ("KB-7-negative-count", [seat(True, counts={"low": -1}), seat()], "players.0.counts.low", ""),
    ("KB-7-bad-hand", [seat(True, hand="3 Z"), seat()], "players.0.hand", "N-1"),
    ("KB-7-negative-points", [seat(True, points=-5), seat()], "players.0.points", ""),
    ("KB-9-laid-not-yes-no", [seat("perhaps"), seat()], "players.0.laid", ""),
]


@pytest.mark.parametrize("players,field,rule", [p[1:] for p in BAD_ROUNDS], ids=[p[0] for p in BAD_ROUNDS])
def test_kb9_bad_round(players, field, rule):
    with pytest.raises(RoundError) as err:
        score_round(KB, {"players": players}, players=2, options={"steps": TWO_STEPS})
    fields = [f for f, _ in err.value.errors]
    assert field in fields
    assert err.value.errors[fields.index(field)][1].startswith(rule)


def test_kb9_wrong_number_of_players():
    with pytest.raises(RoundError) as err:
        score_round(KB, {"players": [seat()]}, players=2)
    assert err.value.errors[0][0] == "players"


def test_kb9_step_field_matches_derived_step_in_later_hands():
    first = {"players": [seat(True), seat(False, points=10)]}
    ok = {"players": [seat(True, step="2"), seat(False, step=1, points=10)]}
    g = game([first, ok])
    assert g.rounds[1].details["steps"] == [2, 1]
    with pytest.raises(RoundError) as err:
        game([first, {"players": [seat(True, step=1), seat()]}])
    assert err.value.round == 2 and "on Step 2, not Step 1" in str(err.value)


def test_kb10_game_ends_when_the_last_step_is_laid_lowest_completer_wins():
    rounds = [
        {"players": [seat(True, went_out=True), seat(True, points=5), seat(False, points=50)]},
        {"players": [seat(False, points=40), seat(False, points=0), seat(True, went_out=True)]},
        {"players": [seat(True, went_out=True), seat(False, points=10), seat(False, points=0)]},
    ]
    g = game(rounds, players=3)
    assert g.totals == (40, 15, 50)
    assert [p["completed"] for p in g.progress] == [2, 1, 1]
    assert g.finished and g.winners == (0,)  # seat 1 has less but has not laid the last Step
    assert g.progress[0] == {"step": 3, "completed": 2, "steps": 2, "step_text": None, "done": True}
    with pytest.raises(RoundError) as err:
        game([*rounds, {"players": [seat(), seat(), seat()]}], players=3)
    assert "already over" in str(err.value)


def test_kb10_lowest_of_several_completers_and_ties_share():
    rounds = [
        {"players": [seat(True, points=10), seat(True, went_out=True)]},
        {"players": [seat(True, went_out=True), seat(True, points=5)]},
    ]
    g = game(rounds)
    assert g.finished and g.totals == (10, 5) and g.winners == (1,)
    tie = [rounds[0], {"players": [seat(True, went_out=True), seat(True, points=10)]}]
    assert game(tie).winners == (0, 1)


def test_kb10_full_default_game_to_its_winner():
    rounds = []
    for hand_no in range(10):
        rounds.append(
            {
                "players": [
                    seat(True, went_out=True, step=hand_no + 1),
                    seat(hand_no % 2 == 0, hand="9 10"),
                    seat(False, counts={"low": 1}),
                ]
            }
        )
    g = score_game(KB, rounds, players=3, first_dealer=2)
    assert g.finished and g.winners == (0,)
    assert g.totals == (0, 150, 50)
    assert [p["completed"] for p in g.progress] == [10, 5, 0]
    assert g.progress[1]["step_text"] == "run of 9"
    assert [r.dealer for r in g.rounds[:4]] == [2, 0, 1, 2]
    assert [r.starter for r in g.rounds[:4]] == [0, 1, 2, 0]
    # KB-10: the Step reached ranks before the total: seat 1 (5 Steps done, 150) before seat 2 (none, 50)
    assert g.ranks == (1, 2, 3)
