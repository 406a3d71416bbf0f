"""Every ``--json`` answer and every ``--batch`` line parses, for every subcommand and variant.

Each command runs in a process of its own, as a user's pipe runs it: a library
that writes to standard output (HiGHS prints a banner on its first instance in
a process) would break ``scorekeeper ... --json | python3 -m json.tool``, and
only a fresh process shows that.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper.rules.registry import all_variants

#: per variant with cards: a meld that is legal, one that is not, a hand, and a rack for the solver
#: (with the options the variant needs: Crazy Rummy's wild rank): its own samples
#: (scorekeeper/rules/samples.py), found through the registry
CARD_GAMES = [v for v in all_variants() if v.notation.ranks and v.samples]
SAMPLES = {
    v.slug: (v.samples.meld, v.samples.not_meld, v.samples.cards_left, v.samples.rack) for v in CARD_GAMES
}
OPTIONS = {
    v.slug: [a for k, o in v.samples.options.items() for a in ("--option", f"{k}={o}")] for v in CARD_GAMES
}
TILES = [v.slug for v in all_variants() if v.deck_look == "tiles"]


def scorekeeper(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The command in a fresh Python process, exactly as the console script runs it."""
    return subprocess.run(
        [sys.executable, "-c", "import sys; from scorekeeper.cli import main; sys.exit(main())", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def parsed(result: subprocess.CompletedProcess) -> list:
    """Every line of standard output read by ``json.loads`` (one document for ``--json``)."""
    assert result.returncode in (0, 1), result.stderr
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def test_the_samples_cover_every_variant_with_cards():
    with_cards = {v.slug for v in all_variants() if v.notation.ranks}  # points: no cards (PG-1)
    assert set(SAMPLES) == with_cards and all(None not in s for s in SAMPLES.values())


@pytest.mark.parametrize("variant", sorted(SAMPLES))
@pytest.mark.parametrize("command", ["check-legal", "check-illegal", "hand", "solve", "solve-initial"])
def test_every_json_answer_is_one_json_document(variant, command):
    legal, illegal, hand, rack = SAMPLES[variant]
    argv = {
        "check-legal": ["check", variant, legal],
        "check-illegal": ["check", variant, illegal],
        "hand": ["hand", variant, hand],
        "solve": ["solve", variant, "--rack", rack],
        "solve-initial": ["solve", variant, "--rack", rack, "--initial"],
    }[command]
    if variant in TILES and command.startswith("solve"):
        argv += ["--table", "R4 R5 R6"]
    result = scorekeeper(*argv, *OPTIONS.get(variant, []), "--json")
    documents = parsed(result)
    assert len(documents) == 1 and isinstance(documents[0], dict), result.stdout
    assert documents[0].get("variant") == variant


@pytest.mark.parametrize("variant", TILES)
@pytest.mark.parametrize("after, legal", [("R4 R5 R6 R7", True), ("R4 R5 R6 | R7", False)])
def test_every_turn_answer_parses_legal_or_not(variant, after, legal):
    """An illegal turn once went through HiGHS first ("could they have played more?")."""
    result = scorekeeper(
        "turn", variant, "--before", "R4 R5 R6", "--rack", "R7 K2", "--after", after, "--json"
    )
    (answer,) = parsed(result)
    assert answer["valid"] is legal and result.returncode == (0 if legal else 1)


def test_every_solve_batch_line_parses_from_the_first():
    jobs = [
        {
            "variant": v,
            "rack": SAMPLES[v][3],
            **({"table": "R4 R5 R6"} if v in TILES else {}),
            "options": dict(o.split("=") for o in OPTIONS.get(v, [])[1::2]),
        }
        for v in sorted(SAMPLES)
    ]
    jobs.append({"rack": 1})
    result = scorekeeper("solve", "--batch", stdin="".join(json.dumps(job) + "\n" for job in jobs))
    lines = parsed(result)
    assert len(lines) == len(jobs)
    assert [line.get("variant") for line in lines[:-1]] == sorted(SAMPLES) and "error" in lines[-1]


def test_every_check_batch_line_parses():
    jobs = [{"variant": v, "cards": SAMPLES[v][0]} for v in sorted(SAMPLES)]
    jobs += [{"command": "hand", "variant": v, "cards": SAMPLES[v][2]} for v in sorted(SAMPLES)]
    result = scorekeeper("check", "--batch", stdin="".join(json.dumps(job) + "\n" for job in jobs))
    lines = parsed(result)
    assert len(lines) == len(jobs) and all("error" not in line for line in lines), lines
