"""The engine's words: every sentence a catalog entry, every entry in German with the same
placeholders, the compiled catalog the one its .po gives, and the engine still pure."""

from __future__ import annotations

import ast
import io
import pickle
import re
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from scorekeeper.display.reasons import languages, render_reason
from scorekeeper.display.variant_words import described_texts
from scorekeeper.rules import RoundError, Verdict, check, say
from scorekeeper.rules.messages import MESSAGES

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
RULES = PACKAGE / "rules"
TRANSLATIONS = PACKAGE / "translations"
#: every msgid of the engine domain: the sentences, then the variants' describing words
TEXTS = list(dict.fromkeys([*MESSAGES.values(), *described_texts()]))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name is not None}


def catalog(language: str):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "engine.po").open("rb") as f:
        return read_po(f, locale=language, domain="engine")


def test_german_is_shipped():
    assert "de" in languages()


@pytest.mark.parametrize("language", [lang for lang in languages() if lang != "en"])
def test_every_message_is_translated_with_the_same_placeholders(language):
    translated = {m.id: m for m in catalog(language) if m.id}
    missing = [t for t in TEXTS if not (t in translated and translated[t].string)]
    assert missing == [], f"{language}: {len(missing)} engine messages untranslated, first: {missing[:3]}"
    fuzzy = [t for t in TEXTS if translated[t].fuzzy]
    assert fuzzy == [], f"{language}: fuzzy translations: {fuzzy[:3]}"
    wrong = [
        (t, translated[t].string) for t in TEXTS if placeholders(t) != placeholders(translated[t].string)
    ]
    assert wrong == [], f"{language}: placeholders differ: {wrong[:3]}"


@pytest.mark.parametrize("language", [lang for lang in languages() if lang != "en"])
def test_rule_ids_stay_as_rules_md_writes_them(language):
    translated = {m.id: m.string for m in catalog(language) if m.id}
    changed = [
        t
        for t in TEXTS
        if re.findall(r"\b[A-Z]{1,2}-\d+\b", t) != re.findall(r"\b[A-Z]{1,2}-\d+\b", translated[t])
    ]
    assert changed == []


@pytest.mark.parametrize("language", [lang for lang in languages() if lang != "en"])
def test_the_compiled_catalog_is_the_one_its_po_gives(language):
    """engine.mo is committed (a fresh checkout needs no build step); this fails when someone edits
    the .po and forgets `.venv/bin/python scripts/engine_catalog.py`."""
    compiled = io.BytesIO()
    write_mo(compiled, catalog(language))
    compiled.seek(0)
    shipped = (TRANSLATIONS / language / "LC_MESSAGES" / "engine.mo").read_bytes()
    # the messages, not the bytes: the header names the Babel that wrote it (a newer release differs)
    assert _messages(compiled) == _messages(io.BytesIO(shipped)), (
        f"{language}: engine.mo is stale; run scripts/engine_catalog.py"
    )


def _messages(mo) -> dict:
    return {m.id: m.string for m in read_mo(mo) if m.id}


def test_the_variants_describing_words_are_in_the_catalog():
    """Every summary, option label, help line, choice word and word choice of every variant is a msgid
    of the engine domain (scripts/engine_catalog.py collects them from the registry)."""
    with (TRANSLATIONS / "engine.pot").open("rb") as f:
        template = {m.id for m in read_po(f) if m.id}
    texts = described_texts()
    assert {
        "Standard tile rummy: groups and same-colour runs.",
        "Same colour groups",
        "set",
        "count rounds won",
    } <= set(texts)
    assert sorted(set(texts) - template) == []


def _keys_said() -> dict[str, list[str]]:
    """Every literal key given to ``say(...)`` in the engine, with where."""
    found: dict[str, list[str]] = {}
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "say" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    found.setdefault(first.value, []).append(f"{path.name}:{node.lineno}")
    return found


def test_every_key_the_engine_says_is_in_the_catalog():
    said = _keys_said()
    assert len(said) > 20
    assert sorted(set(said) - set(MESSAGES)) == []


def test_every_catalog_entry_is_said_somewhere():
    """By the engine, or by a layer above it that says an engine sentence (a game's setup)."""
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py") if "messages" not in p.parts
    )
    unused = [k for k in MESSAGES if f'"{k}"' not in source]
    assert unused == []


def test_a_reason_is_its_english_sentence_and_carries_rule_key_and_values():
    verdict = check("crib-rummy", "7H 8S 9D")
    reason = next(r for r in verdict.reasons if r.key == "cr.set_one_rank")
    assert reason == "CR-1: a set needs one rank; these are 7, 8, 9"
    assert (reason.rule, reason.values) == ("CR-1", {"ranks": "7, 8, 9"})
    assert pickle.loads(pickle.dumps(reason)).described() == reason.described()


def test_german_rendering_keeps_the_cards_and_the_rule_id():
    reason = check("crib-rummy", "7H 8S 9D").reasons[0]
    german = render_reason(reason, "de-DE")
    assert german != str(reason) and german.startswith(reason.rule)
    assert render_reason(reason, "en") == render_reason(reason, "fr") == str(reason)


def test_round_errors_keep_their_reasons():
    err = RoundError([("winner", say("cr.set_one_rank", ranks="7, 8"))])
    assert err.errors[0][1].key == "cr.set_one_rank"
    assert err.in_round(2, "hand").errors[0][1].key == "cr.set_one_rank"


def test_a_verdict_keeps_reasons_as_text_in_its_dict():
    verdict = Verdict("crib-rummy", False, reasons=(say("cr.set_one_rank", ranks="7, 8"),))
    assert verdict.to_dict()["reasons"] == ["CR-1: a set needs one rank; these are 7, 8"]


def _labelled_sentences(source: str) -> list[str]:
    """String literals (docstrings aside) that start like an engine sentence: a rule id label."""
    tree = ast.parse(source)
    skipped = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    skipped |= {
        id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values
    }
    # a variant's own catalog entries, in its class: own_messages({key: template}) (rules/registry.py)
    skipped |= {
        id(value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "own_messages"
        for arg in node.args
        if isinstance(arg, ast.Dict)
        for value in arg.values
    }
    label = re.compile(r"^\s*[A-Z]{1,2}-\d+: ")
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            text = str(node.values[0].value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            text = node.value
        else:
            continue
        if label.match(text):
            found.append(f"line {node.lineno}: {text[:60]}")
    return found


def test_no_engine_sentence_is_written_outside_the_catalog():
    """Every sentence with a rule id is a catalog entry, said by key: none is written in place."""
    written = {
        str(p.relative_to(RULES)): found
        for p in sorted(RULES.rglob("*.py"))
        if "messages" not in p.parts and (found := _labelled_sentences(p.read_text(encoding="utf-8")))
    }
    assert written == {}


def test_the_scan_finds_a_sentence_written_in_place():
    source = '"""KB-1: a docstring"""\nx = f"CR-5: these melds peg {n}"\ny = "KB-2: too wild"\n'
    assert _labelled_sentences(source) == ["line 2: CR-5: these melds peg ", "line 3: KB-2: too wild"]


def test_a_variants_own_catalog_entries_are_not_sentences_written_in_place():
    """Issue 41: a new variant brings its sentences in its class (own_messages), keyed like the catalog's."""
    source = 'messages = own_messages({"gr.knock": "GR-2: say who knocked"})\nz = "GR-3: in place"\n'
    assert _labelled_sentences(source) == ["line 2: GR-3: in place"]


@pytest.mark.parametrize(
    "language,most",
    [("en", "1,000,000"), ("de", "1.000.000"), ("nl", "1.000.000"), ("pl", "1\xa0000\xa0000")],
)
def test_a_large_number_in_a_sentence_is_written_as_its_language_writes_it(language, most):
    """A bound of a million in a refusal reads "1,000,000" in English and "1.000.000" in German, not
    "1000000"; a small number (a count, a year) stays as it is."""
    reason = say("cr.hint_too_many_ways", most=1_000_000)
    written = render_reason(reason, language)
    assert most in written and "1000000" not in written
    assert "2026" in render_reason(
        say("ct.only_two", rule="CT-7", tile="R1", shown="these racks hold", count=2026), language
    )
