"""Krazy Bee and RumBugz verdicts explain themselves (N-2, N-3): found by the differential probe of
7 December, which agreed with the engine on every legal-or-not answer but not on what it said.

- a wild card already on the table that a change re-reads is shown as re-read, each reading with
  the table reading it needs (``6`` onto ``5 W 7``: W is 4 or 8);
- a card taken off a Sequence keeps its place in the table's reading;
- a refused laydown with no Step named gets the alternative a Step of the list would take;
- a table meld that is no meld says why it is not the kind declared, else not any kind;
- option numbers are whole numbers as written, not Python's ``1_0``; a batch line and the API read
  an option given as a list alike; a meld of one card is "a single card", not "1 cards"."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.checker.checking import InputError, from_json
from scorekeeper.cli.batch import run_batch
from scorekeeper.cli.commands import format_verdict
from scorekeeper.rules import check
from scorekeeper.rules.errors import OptionError


def test_a_wild_on_the_table_is_shown_as_every_change_reads_it():
    verdict = check("krazy-bee", "6", extend="5 W 7").to_dict()
    assert verdict["valid"]
    assert verdict["extend_readings"] == [["5", "4", "7"], ["5", "8", "7"]]
    assert verdict["extend_reading"] == ["5", "4", "7"]
    assert [list(r) for r in verdict["readings"]] == [["6"], ["6"]]
    shown = format_verdict(verdict, "6", "5 W 7")
    assert "reading: 6 (on the table: 5 W=4 7)" in shown and "or: 6 (on the table: 5 W=8 7)" in shown


def test_each_reading_comes_with_the_table_reading_it_needs():
    """``W`` onto ``5 W 6``: the added W read as 8 needs the table's W as 7 (5 6 7 8), not the 4
    the first reading gives it."""
    verdict = check("krazy-bee", "W", extend="5 W 6").to_dict()
    pairs = list(zip(verdict["readings"], verdict["extend_readings"]))
    assert (["8"], ["5", "7", "6"]) in [(list(a), t) for a, t in pairs]
    for added, table in pairs:
        together = " ".join([*table, *added])
        assert check("krazy-bee", together, options={"kind": "run"}).valid, together


@pytest.mark.parametrize("variant,wild", [("krazy-bee", "W"), ("rumbugz", "P")])
def test_every_reading_pair_is_a_legal_meld_of_the_kind(variant, wild):
    """Lay-offs onto runs and Sequences holding a wild card: every reading given, the table's with
    the added cards', is a legal meld of the verdict's kind (checked as a lone meld)."""
    rng = random.Random(7)
    compared = 0
    for _ in range(300):
        start = rng.randint(1, 6)
        step = 1 if variant == "krazy-bee" else rng.choice((1, 2))
        table = [str(start + step * k) for k in range(4)]
        table[rng.randrange(4)] = wild
        above, below = start + step * 4, start - step
        added = rng.choice(
            [[str(above)] if above <= 12 else [wild], [str(below)] if below >= 1 else [wild], [wild]]
        )
        verdict = check(variant, " ".join(added), extend=" ".join(table)).to_dict()
        if not verdict["valid"]:
            continue
        readings = verdict.get("readings") or [verdict["reading"]]
        assert len(readings) == len(verdict["extend_readings"])
        for added_reading, table_reading in zip(readings, verdict["extend_readings"]):
            together = " ".join([*table_reading, *added_reading])
            assert check(variant, together, options={"kind": verdict["kind"]}).valid, (table, added, together)
            compared += 1
    assert compared >= 150


def test_a_bug_taken_off_keeps_its_place_in_the_tables_reading():
    verdict = check("rumbugz", "-3 8", extend="3 4 P 6 7").to_dict()
    assert verdict["valid"]
    assert verdict["extend_reading"] == [None, "4", "5", "6", "7"]
    assert "(on the table: 3 off 4 P=5 6 7)" in format_verdict(verdict, "-3 8", "3 4 P 6 7")


def test_a_refused_laydown_with_no_step_named_gets_the_one_run():
    """KB-5's own example: 1-2-3-4 with 5-6-7-8 is one run of 8 (Step 5), as with step=5."""
    bare = check("krazy-bee", "1 2 3 4 | 5 6 7 8")
    named = check("krazy-bee", "1 2 3 4 | 5 6 7 8", options={"step": 5})
    assert not bare.valid and not named.valid
    assert "lay it as one run: 1 2 3 4 5 6 7 8" in bare.alternatives
    assert "lay it as one run: 1 2 3 4 5 6 7 8" in named.alternatives


def test_a_table_meld_that_is_no_meld_says_why_for_the_kind_declared():
    run = check("krazy-bee", "1", extend="5 5 6", options={"kind": "run"})
    assert run.reasons == (
        "KB-6: the meld on the table is not a run: 5 appears 2 times; no number may repeat",
    )
    either = check("krazy-bee", "7", extend="5 6 8")
    assert either.reasons == (
        "KB-6: the meld on the table is not a book: the numbers differ (5, 6, 8)",
        "KB-6: the meld on the table is not a run: from 5 to 8 the number 7 is missing and no Wild Bee fills it",
    )
    assert (
        either.alternatives == ()
    )  # "the changed meld would be a run, but it must keep its kind" made no sense


@pytest.mark.parametrize("raw", ["1_0", "+5", "1e1", " 3 4"])
def test_an_option_number_is_a_whole_number_as_written(raw):
    with pytest.raises(OptionError, match="is not a whole number"):
        check("krazy-bee", "7 7 W", options={"min": raw})


def test_an_option_number_still_takes_digits_and_spaces():
    assert not check("krazy-bee", "7 7 W", options={"min": " 10 "}).valid
    assert check("krazy-bee", "7 7 W", options={"min": 3}).valid


def test_a_batch_line_and_the_api_refuse_an_option_list_alike():
    body = {"variant": "krazy-bee", "cards": "1 2 3 W", "options": {"steps": ["book of 3", "run of 4"]}}
    with pytest.raises(InputError) as api:
        from_json(body)
    [line] = run_batch([json.dumps(body)])
    assert line == {"error": f"line 1: {api.value}"}


def test_a_meld_of_one_card_is_a_single_card():
    verdict = check("krazy-bee", "7|7|7", options={"step": 8})
    assert (
        "KB-1: meld 1 (7) is a single card; Step 8 (3 books of 3) needs a book of at least 3"
        in verdict.reasons
    )
    assert not any("1 cards" in r for r in verdict.reasons)
