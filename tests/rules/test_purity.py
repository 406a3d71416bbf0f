"""Habit 1: the rules engine imports nothing from the web, database or PDF stacks."""

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"
FORBIDDEN = (
    "flask",
    "flask_sqlalchemy",
    "flask_wtf",
    "flask_migrate",
    "sqlalchemy",
    "wtforms",
    "weasyprint",
    # the engine speaks in reasons; their words in other languages are the display's (display/reasons.py)
    "babel",
    "flask_babel",
    "gettext",
)


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", sorted(RULES.rglob("*.py")), ids=lambda p: str(p.relative_to(RULES)))
def test_engine_module_is_pure(path):
    bad = [n for n in _imports(path) if n.split(".")[0] in FORBIDDEN]
    assert not bad, f"{path.relative_to(RULES)} imports {bad}"


def test_the_scan_reaches_the_variant_subpackages():
    scanned = {p.relative_to(RULES).parts[0] for p in RULES.rglob("*.py")}
    assert {"tiles", "krazy_bee", "crib_rummy"} <= scanned


def test_purity_check_catches_a_forbidden_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("from flask import Flask\nimport sqlalchemy.orm\n")
    assert _imports(sample) == ["flask", "sqlalchemy.orm"]
