"""Every rule id of the project's rulebook is explained, tested and enforced.

The list of rule ids is the rulebook's own (``scorekeeper/rulebook/``), so this
test runs in any clone of the repository. For each id:

(a) the rulebook explains it on some variant's rules page;
(b) some test file under ``tests/`` other than this one names it, so a
    behaviour test is tied to the rule;
(c) for the engine ids (every id but the common N rules) the rules engine
    (``scorekeeper/rules/``) names it where it is enforced.

When the shared spec ``../shared/RULES.md`` sits beside the repository (a line
``- KB-3 ...`` defines an id), two more checks run: the rulebook lists exactly
RULES.md's ids, and it is in our own words (no run of RULES.md copied). The
project's own additions (:data:`OWN_FAMILIES`: the points game, PG) are families
RULES.md does not define at all; an id of a family RULES.md does define must be
one of its ids.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from scorekeeper.rulebook import RULE_ID, all_rule_ids, rule_text, rulebooks
from scorekeeper.rulebook.common import COMMON_RULES
from scorekeeper.rules import all_variants, find_variant, variants

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
RULES_MD = SHARED / "RULES.md"
#: The rule ids this file checks: the project's own rulebook, common rules first.
RULE_IDS = list(all_rule_ids())
#: The engine's ids: every family a variant's rules page is home to, less the common N rules.
COMMON_IDS = {r.id for r in COMMON_RULES}
ENGINE_IDS = [rid for rid in RULE_IDS if rid not in COMMON_IDS]
#: Rules that are tables of examples, not behaviour: CT-1..CT-3 enforce them, the tests hold them.
EXAMPLES_ONLY = {"CT-4"}
#: rule families the project adds for variants RULES.md does not define (the points game, issue 21):
#: each such variant says so itself (``Variant.own_rules``), so a new one touches no shared test
OWN_FAMILIES = {f for v in all_variants() if v.own_rules for f in v.rules_home}
DEFINITION = re.compile(r"^- ([A-Z]{1,3}-\d+)\b", re.MULTILINE)


def _defined_ids() -> list[str]:
    """The ids RULES.md defines, in its order ([] when it is not beside the repository)."""
    if not RULES_MD.exists():
        return []
    return DEFINITION.findall(RULES_MD.read_text(encoding="utf-8"))


needs_spec = pytest.mark.skipif(
    not RULES_MD.exists(),
    reason=f"RULES.md not found at {RULES_MD}: the cross-check needs the shared spec beside the repo",
)


def mentions(text: str, rule_id: str) -> bool:
    """Whether ``rule_id`` appears as a whole id (KB-1 is not found inside KB-10).

    >>> mentions("KB-10: the last Step", "KB-1"), mentions("test_KB_1", "KB-1"), mentions("(KB-1)", "KB-1")
    (False, False, True)
    """
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(rule_id)}(?!\d)", text) is not None


@cache
def _sources(folder: Path, *, exclude: tuple[Path, ...] = ()) -> dict[Path, str]:
    return {
        p: p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*.py"))
        if p not in exclude and "__pycache__" not in p.parts
    }


def _tests() -> dict[Path, str]:
    return _sources(REPO / "tests", exclude=(Path(__file__).resolve(),))


def _engine() -> dict[Path, str]:
    return _sources(REPO / "scorekeeper" / "rules")


def test_the_rulebook_lists_every_variants_rules():
    """The list is not empty by accident: every family of rules has its ids, each a well-formed id, once."""
    families = {family for v in variants() for family in find_variant(v["slug"]).rules_home}
    assert {rid.split("-")[0] for rid in RULE_IDS} == families
    assert all(RULE_ID.fullmatch(rid) for rid in RULE_IDS), RULE_IDS
    assert len(RULE_IDS) == len(set(RULE_IDS))
    assert COMMON_IDS and set(COMMON_IDS) <= set(RULE_IDS) and ENGINE_IDS


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_rulebook_explains(rule_id):
    assert len(rule_text(rule_id)) > 40, f"{rule_id}: the rulebook's text is missing or too short"
    assert any(rule_id in book.rule_ids for book in rulebooks()), f"{rule_id} is on no rules page"


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_has_a_test(rule_id):
    files = [p.relative_to(REPO) for p, text in _tests().items() if mentions(text, rule_id)]
    assert files, f"{rule_id}: no test under tests/ names this rule (put it in a test id or param)"


@pytest.mark.parametrize("rule_id", [r for r in ENGINE_IDS if r not in EXAMPLES_ONLY])
def test_engine_enforces(rule_id):
    files = [p.name for p, text in _engine().items() if mentions(text, rule_id)]
    assert files, f"{rule_id}: no module of scorekeeper/rules/ names the rule it enforces"


@needs_spec
def test_rules_md_defines_every_section():
    defined = _defined_ids()
    assert not OWN_FAMILIES & {rid.split("-")[0] for rid in defined}, "RULES.md now defines an own family"
    assert {rid.split("-")[0] for rid in defined} == {rid.split("-")[0] for rid in RULE_IDS} - OWN_FAMILIES
    assert len(defined) == len(set(defined)), "a rule id is defined twice in RULES.md"


@needs_spec
def test_rulebook_lists_exactly_the_rules_md_ids():
    defined = _defined_ids()
    ours = {rid for rid in RULE_IDS if rid.split("-")[0] in OWN_FAMILIES}
    assert sorted(set(RULE_IDS) - set(defined) - ours) == [], (
        "the rulebook explains ids RULES.md does not define"
    )
    assert sorted(set(defined) - set(RULE_IDS)) == [], "RULES.md defines ids the rulebook does not explain"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _rulebook_texts():
    for book in rulebooks():
        yield book.slug, book.lead
        for section in book.sections:
            for para in section.intro:
                yield book.slug, para
            for rule in section.rules:
                yield rule.id, rule.text
                for example in rule.examples:
                    yield rule.id, example
        for lines in book.digest.values():
            for line in lines:
                yield book.slug, line


@needs_spec
def test_rulebook_is_in_our_own_words():
    """No run of 7 words (5 or more of them plain words, not card codes) is copied from RULES.md or a seed sheet."""
    sources = [RULES_MD, *sorted((SHARED / "seeds").glob("*.txt"))]
    corpus = " " + " | ".join(" ".join(_words(p.read_text(encoding="utf-8"))) for p in sources) + " "
    copied = set()
    for where, text in _rulebook_texts():
        words = _words(text)
        for i in range(len(words) - 6):
            run = words[i : i + 7]
            if sum(w.isalpha() for w in run) >= 5 and f" {' '.join(run)} " in corpus:
                copied.add(f"{where}: {' '.join(run)}")
    assert not copied, "rephrase for players:\n" + "\n".join(sorted(copied))
