"""The ``scorekeeper`` command line: check, hand, check --batch, exit codes and messages.

Most tests run ``main([...])`` in process. The plumbing is tested against a
tiny ``toy`` variant registered only for the test (books of one number, ``W``
wild), so exit codes and output shapes are pinned down whatever the real
engines answer; the real variants are tested with examples from RULES.md
(N-1, KB-1, KB-2, CT-4, CR-5, CZ-2) where the verdict is not in doubt.
One test runs the installed console script in a subprocess.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import commands as cli
from scorekeeper.cli.batch import run_batch, run_batch_stream
from scorekeeper.rules import registry
from scorekeeper.rules.base import Variant
from scorekeeper.rules.cards import Notation
from scorekeeper.rules.options import Option
from scorekeeper.rules.verdict import HandValue, Verdict

SECTION_6_KEYS = {"variant", "valid", "kind", "kinds", "points", "reading", "reasons"}


class Toy(Variant):
    """Books of one number 1..5 with wild ``W``; just enough to drive the command line."""

    slug, name, max_players = "toy", "Toy", 4
    notation = Notation(
        "toy", ranks={str(n): n for n in range(1, 6)}, wild_tokens=("W", "*"), accepted="1..5, W"
    )
    option_spec = (Option("min", "int", 3, "Smallest book", rule="KB-1", low=1, high=5),)

    def check(self, cards, extend, opts):
        laid = self.parse(cards) + self.parse(extend or "")
        numbers = {c.rank for c in laid if not c.wild}
        if len(numbers) == 1 and len(laid) >= opts["min"]:
            number = str(numbers.pop())
            return Verdict("toy", True, "book", ("book",), reading=tuple(number for _ in laid))
        return Verdict(
            "toy",
            False,
            reading=tuple(self.notation.format(c) for c in laid),
            reasons=("KB-1: a book needs at least 3 cards of one number",),
            alternatives=("lay the 2s as their own book",),
        )

    def hand(self, cards, opts):
        return HandValue("toy", points=sum(c.rank or 15 for c in self.parse(cards)))


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(registry._VARIANTS, "toy", Toy())
    return "toy"


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- check: exit codes and output ------------------------------------------------
def test_legal_meld_exits_0_and_shows_the_wild_card_reading(capsys, toy):
    """N-3: the readable verdict shows what each wild card stands for."""
    code, out, err = run(capsys, "check", "toy", "3", "3", "W")
    assert code == 0 and err == ""
    assert out.startswith("LEGAL book")
    assert "reading: 3 3 W=3" in out


def test_not_legal_meld_exits_1_with_reasons_and_alternative(capsys, toy):
    """N-2: a rejection names the failing rule and offers the legal alternative."""
    code, out, _ = run(capsys, "check", "toy", "2 2 3")
    assert code == 1
    assert out.startswith("NOT LEGAL")
    assert "KB-1: a book needs" in out
    assert "instead: lay the 2s as their own book" in out


def test_cards_may_be_one_word_or_many(capsys, toy):
    assert (
        run(capsys, "check", "toy", "4 4, 4", "--json")[1]
        == run(capsys, "check", "toy", "4", "4", "4", "--json")[1]
    )


def test_json_output_has_the_section_6_shape(capsys, toy):
    code, out, _ = run(capsys, "check", "toy", "5 5 W", "--json")
    verdict = json.loads(out)
    assert code == 0
    assert SECTION_6_KEYS <= set(verdict)
    assert verdict == {
        "variant": "toy",
        "valid": True,
        "kind": "book",
        "kinds": ["book"],
        "points": None,
        "reading": ["5", "5", "5"],
        "reasons": [],
    }


def test_options_are_passed_to_the_engine_as_key_value(capsys, toy):
    assert run(capsys, "check", "toy", "2 2")[0] == 1
    assert run(capsys, "check", "toy", "2 2", "--option", "min=2")[0] == 0
    assert run(capsys, "check", "toy", "2 2", "-O", "min=5", "--option", "min=2")[0] == 0  # last wins


def test_extend_adds_the_table_meld(capsys, toy):
    code, out, _ = run(capsys, "check", "toy", "4", "--extend", "4 4", "--json")
    assert code == 0 and json.loads(out)["reading"] == ["4", "4", "4"]


# -- check: errors exit 2 with the message on stderr ----------------------------------
@pytest.mark.parametrize(
    "argv, named",
    [
        (["check", "toy", "3", "9"], "'9'"),  # N-1 notation error
        (["check", "toy", "3", "3", "3", "--extend", "3 X"], "'X'"),  # N-1 in the table meld
        (["check", "toy", "3 3 3", "--option", "min=9"], "'min'"),  # option out of range
        (["check", "toy", "3 3 3", "--option", "colour=red"], "'colour'"),  # unknown option
        (["check", "toy", "3 3 3", "--option", "min"], "'min'"),  # not KEY=VALUE
        (["check", "no-such-game", "3"], "'no-such-game'"),  # unknown variant
        (["hand", "toy", "3", "Q"], "'Q'"),
    ],
    ids=[
        "N-1-token",
        "N-1-extend",
        "option-range",
        "option-unknown",
        "option-form",
        "unknown-variant",
        "N-1-hand",
    ],
)
def test_errors_exit_2_naming_the_offending_token(capsys, toy, argv, named):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("scorekeeper: ") and named in err


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "krazy-bee", " | ".join(["7 7 W"] * 700)],
        ["hand", "rummikub", "R1 " * 1400],
        ["check", "rummikub", "R1 R2 R3", "--extend", "R4 " * 1400],
        ["solve", "crib-rummy", "--rack", "AH " * 1400],
        ["solve", "rummikub", "--rack", "R1", "--table", "R4 " * 1400],
        ["turn", "rummikub", "--rack", "R1 R2 R3", "--after", "R1 " * 1400],
    ],
    ids=["check", "hand", "extend", "solve", "solve-table", "turn"],
)
def test_notation_past_its_bound_is_refused_before_any_work(capsys, argv):
    """The API's 4,000 characters of cards hold on the command line too (8,000 Krazy Bee melds
    took 22 s of CPU before; the refusal is immediate)."""
    assert len(argv[-1]) > 4000
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err == "scorekeeper: too many characters of cards (at most 4,000)\n"


def test_a_batch_line_past_the_bound_is_refused_and_the_batch_goes_on():
    lines = [
        json.dumps({"variant": "krazy-bee", "cards": " | ".join(["7 7 W"] * 700)}),
        json.dumps({"command": "hand", "variant": "rummikub", "cards": "R1 R2"}),
    ]
    out = list(run_batch(lines))
    assert out == [
        {"error": "line 1: too many characters of cards (at most 4,000)"},
        {
            "variant": "rummikub",
            "points": 3,
            "breakdown": [{"card": "R1", "points": 1}, {"card": "R2", "points": 2}],
        },
    ]


def test_a_solve_batch_line_past_the_bound_is_refused_and_the_batch_goes_on(capsys, monkeypatch):
    """solve --batch holds each line's rack and table to the same bound; a rack that is no text is
    the notation's to refuse (N-1), as before the bound."""
    lines = [
        {"variant": "rummikub", "rack": "R1 " * 1400},
        {"variant": "rummikub", "rack": "R7 R8", "table": "R4 " * 1400},
        {"variant": "rummikub", "rack": 5},
        {"variant": "rummikub", "rack": "R7 R8", "table": "R4 R5 R6"},
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(json.dumps(line) for line in lines)))
    code, out, _ = run(capsys, "solve", "--batch")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(answers) == 4
    for n in (1, 2):
        assert answers[n - 1] == {"error": f"line {n}: too many characters of cards (at most 4,000)"}
    assert answers[2]["error"].startswith("line 3: N-1:")
    assert answers[3]["play"] == ["R7", "R8"]


def test_notation_error_says_what_is_accepted(capsys, toy):
    _, _, err = run(capsys, "check", "toy", "3 9")
    assert "N-1" in err and "accepted: 1..5, W" in err


@pytest.mark.parametrize(
    "argv",
    [["check"], ["frobnicate"], ["check", "--batch", "toy"], []],
    ids=["no-variant", "unknown-command", "batch-with-cards", "nothing"],
)
def test_usage_errors_exit_2(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "check" in out and "Exit codes" in out


# -- hand -----------------------------------------------------------------------------
def test_hand_prints_points(capsys, toy):
    assert run(capsys, "hand", "toy", "3 5 W") == (0, "23 points in hand\n", "")
    code, out, _ = run(capsys, "hand", "toy", "3", "5", "--json")
    assert code == 0 and json.loads(out) == {"variant": "toy", "points": 8}


# -- batch ------------------------------------------------------------------------------
BATCH = [
    '{"command": "check", "variant": "toy", "cards": "2 2 W"}',
    "this is not json",
    "",
    '{"command": "hand", "variant": "toy", "cards": "5 W"}',
    '{"variant": "toy", "cards": "1 2 3"}',
    '{"variant": "toy", "cards": 123}',
    '{"variant": "toy", "cards": "1 1", "options": {"min": 2}}',
    '{"variant": "toy", "cards": "1 1", "options": {"min": "nine"}}',
    '{"variant": "ghost", "cards": "1"}',
    '{"variant": "toy", "cards": "1 1 7"}',
    '{"command": "shout", "variant": "toy", "cards": "1"}',
    "[1, 2]",
    '{"variant": "toy", "cards": "1", "colour": "red"}',
    '{"command": "hand", "variant": "toy", "cards": "1", "extend": "1"}',
    '{"variant": "toy", "cards": "1", "extend": "1 1"}',
    '{"variant": "toy", "cards": "1", "options": [1]}',
]


def test_batch_answers_every_line_in_order_and_goes_on(toy):
    out = list(run_batch(BATCH))
    assert len(out) == len(BATCH) - 1  # the blank line is skipped
    assert out[0]["valid"] is True and out[0]["reading"] == ["2", "2", "2"]
    assert out[1]["error"].startswith("line 2: this line is not valid JSON")
    assert out[2] == {"variant": "toy", "points": 20}
    assert out[3]["valid"] is False and out[3]["reasons"][0].startswith("KB-1")
    assert out[4] == {"error": "line 6: 'cards' must be a string"}
    assert out[5]["valid"] is True
    assert "line 8: option 'min'" in out[6]["error"]
    assert "line 9: unknown variant 'ghost'" in out[7]["error"]
    assert "N-1" in out[8]["error"] and "'7'" in out[8]["error"]
    assert "'command'" in out[9]["error"] and "'shout'" in out[9]["error"]
    assert "expected a JSON object" in out[10]["error"]
    assert "'colour'" in out[11]["error"]
    assert "'extend' belongs to check" in out[12]["error"]
    assert out[13]["valid"] is True
    assert "'options' must be an object" in out[14]["error"]
    for answer in out:
        assert set(answer) == {"error"} or SECTION_6_KEYS <= set(answer) or "points" in answer


def test_batch_applies_each_lines_own_options(toy):
    lines = [json.dumps({"variant": "toy", "cards": "1 1", "options": {"min": m}}) for m in (2, 3, 2, 3)]
    assert [a["valid"] for a in run_batch(lines)] == [True, False, True, False]


def test_batch_survives_an_engine_crash(toy, monkeypatch):
    monkeypatch.setattr(Toy, "hand", lambda self, cards, opts: 1 / 0)
    out = list(
        run_batch(
            ['{"command": "hand", "variant": "toy", "cards": "1"}', '{"variant": "toy", "cards": "1 1 1"}']
        )
    )
    assert "internal error" in out[0]["error"] and out[1]["valid"] is True


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('{"variant": "toy", "variant": "nope", "cards": "1 1 1"}', 'gives the key "variant" twice'),
        ('{"variant": "toy", "cards": "1 1 1", "options": {"steps": NaN}}', "NaN is not a JSON number"),
        ("[" * 100_000 + "]" * 100_000, "this line is nested too deeply to be read"),
    ],
)
def test_a_batch_line_is_read_as_the_api_reads_a_body(toy, line, said):
    """The API's one reading of JSON (checker/json_text.py): before, a key given twice counted its
    last value, NaN was taken and a line nested 100,000 deep was an "internal error"."""
    out = list(run_batch([line, '{"variant": "toy", "cards": "1 1 1"}']))
    assert said in out[0]["error"] and "internal error" not in out[0]["error"]
    assert out[1]["valid"] is True  # the batch goes on


def test_check_batch_reads_stdin_and_writes_json_lines(capsys, toy, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(BATCH) + "\n"))
    code, out, err = run(capsys, "check", "--batch")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert [json.loads(line) for line in lines] == list(run_batch(BATCH))


def test_batch_stream_counts_and_flushes(toy):
    sink = io.StringIO()
    assert run_batch_stream(io.StringIO('{"variant":"toy","cards":"3 3 3"}\n'), sink) == 1
    assert json.loads(sink.getvalue())["valid"] is True


# -- readable output helpers ------------------------------------------------------------------
def test_show_reading_pairs_tokens_across_step_and_grid_separators():
    assert cli.show_reading("krazy-bee", "7 7 w|8 8 W", list("777888")) == "7 7 W=7 8 8 W=8"
    assert cli.show_reading("crazy-tiles", "R1 R2 J / . R3 .", ["R1", "R2", "R3", "R3"]) == "R1 R2 J=R3 R3"


def test_show_reading_falls_back_to_the_plain_reading_when_shapes_differ():
    assert cli.show_reading("krazy-bee", "7 W", ["7"]) == "7"
    assert cli.show_reading("crazy-tiles", "r6 J", ["R9", ["R10", "R7"]]) == "R6=R9 J=R10/R7"


def test_headline_lists_every_other_kind():
    verdict = {
        "variant": "rumbugz",
        "valid": True,
        "kind": "single",
        "kinds": ["single", "match"],
        "points": None,
        "reading": ["1", "2", "3", "4"],
        "reasons": [],
    }
    assert cli.format_verdict(verdict, "1 2 3 4").splitlines()[0] == "LEGAL single (could also be: match)"
    verdict = {
        "variant": "crib-rummy",
        "valid": True,
        "kind": "run",
        "kinds": ["run"],
        "points": 3,
        "reading": [],
        "reasons": [],
        "parts": [{"valid": False, "kind": None, "kinds": [], "reasons": ["CR-2: x"]}],
    }
    text = cli.format_verdict(verdict, "")
    assert "LEGAL run · 3 points" in text and "part 1: NOT LEGAL" in text and "- CR-2: x" in text


def test_parts_say_which_requirement_or_grid_line_they_are():
    step = {
        "variant": "krazy-bee",
        "valid": True,
        "kind": "step",
        "kinds": ["step"],
        "points": None,
        "reading": [],
        "reasons": [],
        "parts": [
            {
                "cards": "7 7 W",
                "requirement": "book of 3",
                "valid": True,
                "kind": "book",
                "reading": ["7", "7", "7"],
                "reasons": [],
            },
            {
                "direction": "down",
                "row": 1,
                "col": 3,
                "cells": ["R3", "R4"],
                "valid": False,
                "kind": None,
                "reading": [],
                "reasons": [],
            },
        ],
    }
    lines = cli.format_verdict(step, "").splitlines()
    assert lines[1] == "  part 1 (book of 3): LEGAL book: 7 7 W=7"
    assert lines[2] == "  part 2 (down from row 1, column 3): NOT LEGAL: R3 R4"


# -- the real variants (RULES.md examples whose verdict is not in doubt) ----------------------
@pytest.mark.parametrize(
    "variant, cards, extend, valid, kind",
    [
        ("krazy-bee", "7 7 W", None, True, "book"),  # KB-1, KB-2
        ("krazy-bee", "7 W W", None, False, None),  # KB-2: more Wild Bees than numbers
        ("krazy-bee", "3 4 5 6", None, True, "run"),  # KB-1
        ("crazy-tiles", "R8 R6 R10", None, True, "run"),  # CT-4
        ("crazy-tiles", "R11 K1", None, False, None),  # CT-4 invalid
        ("runny-tiles", "R1 B2 K3", None, True, "run"),  # CT-4 runny
        ("rummikub", "R7 B7 K7", None, True, "group"),  # CT-2
        ("crib-rummy", "3H 4H 5H", None, True, "run"),  # CR-2, CR-5
        ("crib-rummy", "6H", "3H 4H 5H", True, "run"),  # CR-5 extension
        ("crazy-rummy", "8 8 8", None, True, "set"),  # CZ-2
        ("rumbugz", "2 4 6 8", None, True, "double"),  # RB-2
    ],
    ids=[
        "KB-1-book",
        "KB-2-too-wild",
        "KB-1-run",
        "CT-4-crazy",
        "CT-4-invalid",
        "CT-4-runny",
        "CT-2-group",
        "CR-2-run",
        "CR-5-extend",
        "CZ-2-set",
        "RB-2-double",
    ],
)
def test_real_variants_exit_code_matches_verdict(capsys, variant, cards, extend, valid, kind):
    argv = ["check", variant, *cards.split()] + (["--extend", extend] if extend else []) + ["--json"]
    code, out, err = run(capsys, *argv)
    verdict = json.loads(out)
    assert code == (0 if valid else 1), err
    assert SECTION_6_KEYS <= set(verdict)
    assert verdict["valid"] is valid and verdict["kind"] == kind
    assert all(reason[:2].isalpha() and "-" in reason[:5] for reason in verdict["reasons"])
    assert bool(verdict["reasons"]) is (not valid)
    readable = run(capsys, *argv[:-1])[1]
    assert readable.startswith("LEGAL" if valid else "NOT LEGAL")


@pytest.mark.parametrize(
    "variant, cards, token",
    [
        ("krazy-bee", "7 14", "14"),
        ("rumbugz", "1 13", "13"),
        ("crazy-tiles", "R1 X5", "X5"),
        ("crib-rummy", "3H 4Z", "4Z"),
        ("crazy-rummy", "8 2", "2"),
    ],
    ids=["N-1-krazy-bee", "N-1-rumbugz", "N-1-tiles", "N-1-crib-rummy", "N-1-crazy-rummy"],
)
def test_real_notation_errors_exit_2_naming_the_token(capsys, variant, cards, token):
    code, out, err = run(capsys, "check", variant, cards)
    assert code == 2 and out == ""
    assert "N-1" in err and repr(token) in err


@pytest.mark.parametrize(
    "variant, cards, key, value",
    [
        ("krazy-bee", "3 12 W", "points", 30),  # KB-7
        ("rumbugz", "3 P", "points", 15),  # RB-6
        ("rummikub", "R5 J", "points", 35),  # CT-7
        ("crazy-rummy", "3 K A", "points", 115),  # CZ-5
        ("crib-rummy", "3H JK QS", "cards", 3),  # card count
    ],
    ids=["KB-7", "RB-6", "CT-7", "CZ-5", "crib-count"],
)
def test_real_hand_values(capsys, variant, cards, key, value):
    code, out, _ = run(capsys, "hand", variant, cards, "--json")
    assert code == 0 and json.loads(out)[key] == value


# -- the installed console script ------------------------------------------------------------
def _console_script() -> Path:
    script = Path(sys.executable).with_name("scorekeeper")
    if not script.exists():
        pytest.skip(f"console script not installed next to {sys.executable}; run `make test`")
    return script


def test_installed_console_script_runs_check_and_batch():
    script = _console_script()
    bad = subprocess.run(
        [str(script), "check", "no-such-game", "1"], capture_output=True, text=True, timeout=60
    )
    assert bad.returncode == 2 and "'no-such-game'" in bad.stderr and bad.stdout == ""
    lines = [
        '{"variant": "krazy-bee", "cards": "7 7 W"}',
        "{oops",
        '{"variant": "ghost", "cards": "1"}',
        '{"command": "hand", "variant": "crazy-rummy", "cards": "3 K A"}',
    ]
    batch = subprocess.run(
        [str(script), "check", "--batch"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert batch.returncode == 0, batch.stderr
    out = [json.loads(line) for line in batch.stdout.splitlines()]
    assert len(out) == 4
    assert out[0].get("valid") is True
    assert out[1]["error"].startswith("line 2: this line is not valid JSON")
    assert "unknown variant 'ghost'" in out[2]["error"]
    assert out[3].get("points") == 115


# -- init-db -------------------------------------------------------------------------------------
def test_init_db_applies_the_migrations(capsys, monkeypatch, tmp_path):
    import sqlite3

    db_file = tmp_path / "fresh.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{db_file}")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "cli-test")
    code, out, _ = run(capsys, "init-db")
    assert code == 0 and str(db_file) in out
    tables = {row[0] for row in sqlite3.connect(db_file).execute("select name from sqlite_master")}
    assert {"alembic_version", "games", "players", "rounds"} <= tables
    assert run(capsys, "init-db")[0] == 0  # running it again is harmless


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path):
    """``scorekeeper check --batch < lines | head -1``: once head has its line and goes, the
    command stops with 141 (as a shell reports a tool ended by SIGPIPE), with no traceback."""
    script = _console_script()
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"variant": "krazy-bee", "cards": "7 7 W"}\n' * 3000)  # far more than a pipe holds
    done = subprocess.run(
        ["bash", "-c", f'"{script}" check --batch < "{lines}" | head -1; echo "exit ${{PIPESTATUS[0]}}" >&2'],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert json.loads(done.stdout)["variant"] == "krazy-bee"
    assert done.stderr.strip() == "exit 141"


def test_a_batch_line_that_is_not_json_says_the_column_only():
    """A batch line is one line: where its JSON stops is a column of it ("line 2: ... (at column 12)"),
    not "line 2: ... (at line 1, column 12)", which named two lines for one."""
    out = list(run_batch(['{"variant": "toy", "cards": "1 1 1"}', '{"variant": toy}']))
    assert out[1] == {"error": "line 2: this line is not valid JSON (at column 13)"}
