"""Every rule id of RULES.md is explained, tested and enforced.

For each id defined in ``../shared/RULES.md`` (a line ``- KB-3 ...``):

(a) the rulebook explains it in our own words (and explains nothing else);
(b) some test file under ``tests/`` other than this one names it, so a
    behaviour test is tied to the rule;
(c) for the engine ids (KB, RB, CT, CR, CZ) the rules engine
    (``scorekeeper/rules/``) names it where it is enforced.

(b) and (c) fail while an engine is unfinished; that is on purpose.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from scorekeeper.rulebook import all_rule_ids, rule_text, rulebooks

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
RULES_MD = SHARED / "RULES.md"
ENGINE_PREFIXES = ("KB", "RB", "CT", "CR", "CZ")
#: Rules that are tables of examples, not behaviour: CT-1..CT-3 enforce them, the tests hold them.
EXAMPLES_ONLY = {"CT-4"}
DEFINITION = re.compile(r"^- ((?:N|KB|RB|CT|CR|CZ)-\d+)\b", re.MULTILINE)


def _defined_ids() -> list[str]:
    if not RULES_MD.exists():
        return []
    return DEFINITION.findall(RULES_MD.read_text(encoding="utf-8"))


RULE_IDS = _defined_ids()
needs_spec = pytest.mark.skipif(not RULE_IDS, reason=f"RULES.md not found at {RULES_MD}: "
                                                      "the shared spec must sit beside the repo")


def mentions(text: str, rule_id: str) -> bool:
    """Whether ``rule_id`` appears as a whole id (KB-1 is not found inside KB-10).

    >>> mentions("KB-10: the last Step", "KB-1"), mentions("test_KB_1", "KB-1"), mentions("(KB-1)", "KB-1")
    (False, False, True)
    """
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(rule_id)}(?!\d)", text) is not None


@cache
def _sources(folder: Path, *, exclude: tuple[Path, ...] = ()) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py"))
            if p not in exclude and "__pycache__" not in p.parts}


def _tests() -> dict[Path, str]:
    return _sources(REPO / "tests", exclude=(Path(__file__).resolve(),))


def _engine() -> dict[Path, str]:
    return _sources(REPO / "scorekeeper" / "rules")


@needs_spec
def test_rules_md_defines_every_section():
    prefixes = {rid.split("-")[0] for rid in RULE_IDS}
    assert prefixes == {"N", *ENGINE_PREFIXES}
    assert len(RULE_IDS) == len(set(RULE_IDS)), "a rule id is defined twice in RULES.md"


@needs_spec
@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_rulebook_explains(rule_id):
    assert len(rule_text(rule_id)) > 40, f"{rule_id}: the rulebook's text is missing or too short"
    assert any(rule_id in book.rule_ids for book in rulebooks()), f"{rule_id} is on no rules page"


@needs_spec
def test_rulebook_explains_only_rules_that_exist():
    assert sorted(set(all_rule_ids()) - set(RULE_IDS)) == []


@needs_spec
@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_has_a_test(rule_id):
    files = [p.relative_to(REPO) for p, text in _tests().items() if mentions(text, rule_id)]
    assert files, f"{rule_id}: no test under tests/ names this rule (put it in a test id or param)"


@needs_spec
@pytest.mark.parametrize("rule_id", [r for r in RULE_IDS if r.startswith(ENGINE_PREFIXES) and r not in EXAMPLES_ONLY])
def test_engine_enforces(rule_id):
    files = [p.name for p, text in _engine().items() if mentions(text, rule_id)]
    assert files, f"{rule_id}: no module of scorekeeper/rules/ names the rule it enforces"


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
            run = words[i:i + 7]
            if sum(w.isalpha() for w in run) >= 5 and f" {' '.join(run)} " in corpus:
                copied.add(f"{where}: {' '.join(run)}")
    assert not copied, "rephrase for players:\n" + "\n".join(sorted(copied))
