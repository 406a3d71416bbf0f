"""Issue 41: a variant added by the guide alone. `make variant` (scripts/new_variant.py) scaffolds one
in a copy of the tree; it touches exactly the files docs/adding-a-variant.md lists (at most eight
of code, no shared test), and the shared tests pass on it, reading its samples from its own module."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import new_variant  # noqa: E402

GUIDE = ROOT / "docs" / "adding-a-variant.md"
COPIED = ("scorekeeper", "tests", "scripts")
#: the shared tests that run every variant (the registry, the engine's common ground, rule coverage,
#: the profiles), and those of the web tier's per-variant tables, for the new variant alone
SHARED = [
    "tests/test_variant_registry.py",
    "tests/rules/test_common_ground.py",
    "tests/rules/test_engine_words.py::test_no_engine_sentence_is_written_outside_the_catalog",
    "tests/test_rule_coverage.py",
    "tests/web/test_profiles.py",
    "tests/web/test_api_solver.py::test_the_document_names_the_variants_goals_and_required_fields",
    "tests/web/test_every_page.py::test_the_sweep_sees_every_kind_of_page",
]
PER_VARIANT = [
    "tests/web/test_rounds_routes.py",
    "tests/web/test_games.py",
    "tests/web/test_api_games.py",
    "tests/pdf/test_sheet_lines.py",
]


def _files(root: Path) -> dict[str, bytes]:
    """Every file of the copied folders, by path, with its content (the shared tree changes meanwhile)."""
    ignored = {"__pycache__", ".pytest_cache"}
    return {
        str(p.relative_to(root)): p.read_bytes()
        for folder in COPIED
        for p in (root / folder).rglob("*")
        if p.is_file() and not ignored.intersection(p.parts)
    }


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A copy of the tree with a scaffolded "Scaffold Rummy" (rules SR-1..SR-3)."""
    root = tmp_path_factory.mktemp("variant")
    spec = ROOT.parent / "shared"  # RULES.md beside the tree: the rulebook is checked to be in our words
    if spec.is_dir() and not (root.parent / "shared").exists():
        (root.parent / "shared").symlink_to(spec)
    for folder in COPIED:
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "babel.cfg", "Makefile"):
        shutil.copy(ROOT / name, root / name)
    before = _files(root)
    written = new_variant.scaffold(root, new_variant.names("Scaffold Rummy", "SR"))
    return root, written, before


def test_the_scaffold_touches_exactly_the_files_the_guide_lists(tree):
    root, written, before = tree
    after = _files(root)
    changed = sorted(p for p in after if before.get(p) != after[p])
    assert changed == sorted(written)
    code = [p for p in written if not p.startswith("tests/")]
    assert len(code) <= 8 and not [p for p in written if p.startswith("tests/") and "scaffold_rummy" not in p]
    listed = set(re.findall(r"`((?:scorekeeper|tests)/[^`]+)`", GUIDE.read_text(encoding="utf-8")))
    generic = {p.replace("scaffold_rummy", "<variant>") for p in written}
    assert generic <= listed, f"the guide does not list {sorted(generic - listed)}"


def test_the_scaffolded_files_keep_the_projects_style(tree):
    """make test runs ruff check and ruff format --check first: a scaffold must not stop it (issue 41)."""
    root, written, _ = tree
    python = [p for p in written if p.endswith(".py")]
    for args in (["check"], ["format", "--check"]):
        ran = subprocess.run(
            [sys.executable, "-m", "ruff", *args, *python], cwd=root, capture_output=True, text=True
        )
        assert ran.returncode == 0, ran.stdout[-2000:]


def test_a_second_variant_of_a_taken_name_or_family_is_refused(tree):
    root, *_ = tree
    with pytest.raises(SystemExit, match="exists"):
        new_variant.scaffold(root, new_variant.names("Scaffold Rummy", "SQ"))
    with pytest.raises(SystemExit, match="family KB is taken"):
        new_variant.scaffold(root, new_variant.names("Krazy Other", "KB"))
    with pytest.raises(SystemExit, match="unknown variant"):
        new_variant.scaffold(root, new_variant.names("No Such Variant", "NV"))


def _pytest(root: Path, *args: str) -> subprocess.CompletedProcess:
    """pytest run in the scaffolded tree, on its own code (not this tree's)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_shared_tests_pass_on_the_scaffolded_variant(tree):
    root, written, _ = tree
    ran = _pytest(root, *[p for p in written if p.startswith("tests/")], *SHARED)
    assert ran.returncode == 0, ran.stdout[-3000:]
    picked = _pytest(root, "-k", "scaffold-rummy", *PER_VARIANT)
    assert picked.returncode == 0 and " passed" in picked.stdout, picked.stdout[-3000:]


def test_make_messages_puts_the_variants_engine_words_in_the_engine_catalog(tree):
    """The guide's words step, `make messages`, writes the new variant's own sentences (own_messages)
    and its describing words into engine.pot and every language's engine.po, to translate (issue 41:
    it wrote only the pages' words, so a faithful follower left the engine's untranslated)."""
    root, written, _ = tree
    venv = Path(sys.executable).parents[1]
    outer = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")  # `make test`'s own flags and variables stay its own
    ran = subprocess.run(
        ["make", "--no-print-directory", "-o", f"{venv}/.installed-test", "messages", f"VENV={venv}"],
        cwd=root,
        env={k: v for k, v in os.environ.items() if k not in outer},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    keys = set(re.findall(r'"(scaffold_rummy\.\w+)":', (root / written[0]).read_text(encoding="utf-8")))
    assert len(keys) >= 2
    catalogs = sorted(root.glob("scorekeeper/translations/*/LC_MESSAGES/engine.po"))
    assert "de" in [p.parents[1].name for p in catalogs]
    for path in catalogs:
        with path.open("rb") as f:
            notes = {note for m in read_po(f) for note in m.auto_comments}
        assert keys <= notes, f"{path.parents[1].name}: engine.po lacks {sorted(keys - notes)}"
    described = _pytest(
        root, "tests/rules/test_engine_words.py::test_the_variants_describing_words_are_in_the_catalog"
    )
    assert described.returncode == 0, described.stdout[-2000:]
