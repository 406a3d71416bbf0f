"""`make variant NAME="Gin Rummy" [FAMILY=GR]`: a new variant's files, exactly those the guide lists.

Writes a small working variant (each player's points per hand, first to a target wins: rules
FAMILY-1..FAMILY-3, the project's own family) in the seven code files of
docs/adding-a-variant.md, and its two test files; it touches nothing else. Then the guide's
steps: the game's own rules in place of the three, ``make messages`` (both catalogs: the pages'
words and the engine's, scripts/engine_catalog.py), the German words, ``make translations``, the
tests. ``tests/test_new_variant.py`` scaffolds one in a copy of the tree and runs the shared
tests on it, so the guide, this script and the code cannot drift apart.

    python scripts/new_variant.py "Gin Rummy" --family GR [--root DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

from variant_files import ENGINE, ENTRY, LAYOUT, PROFILE, RULEBOOK, RULES_TESTS, TEMPLATE, WEB_TESTS

ROOT = Path(__file__).resolve().parents[1]
#: the tests' own example of a variant nobody has (tests/web/test_variant_lookup.py)
RESERVED = {"no-such-variant"}

#: the seven code files, by what goes in them (the guide's table, in its order)
NEW_FILES = {
    "engine": "scorekeeper/rules/{module}.py",
    "rulebook": "scorekeeper/rulebook/{module}.py",
    "entry": "scorekeeper/entry/{module}.py",
    "template": "scorekeeper/templates/rounds/{module}.html",
}
EDITED_FILES = {
    "registration": "scorekeeper/rules/__init__.py",
    "sheet": "scorekeeper/profiles/sheet_layouts.py",
    "profile": "scorekeeper/profiles/__init__.py",
}
TEST_FILES = {"rules tests": "tests/rules/test_{module}.py", "web tests": "tests/web/test_{module}.py"}


def names(name: str, family: str | None) -> dict[str, str]:
    """Every spelling of the new variant: slug, module, class, rule family, message key."""
    words = re.findall(r"[A-Za-z0-9]+", name)
    if not words or not words[0][0].isalpha():
        raise SystemExit(f"make variant: {name!r} is no name (letters first, e.g. NAME='Gin Rummy')")
    slug = "-".join(w.lower() for w in words)
    family = (family or "".join(w[0] for w in words)[:2]).upper()
    if not re.fullmatch(r"[A-Z]{1,2}", family):
        raise SystemExit(f"make variant: FAMILY={family!r}: one or two capital letters (a rule id is GR-2)")
    module = slug.replace("-", "_")
    cls = "".join(w[:1].upper() + w[1:] for w in words)
    return {"name": " ".join(words), "slug": slug, "module": module, "cls": cls, "F": family, "key": module}


def _taken(root: Path, n: dict[str, str]) -> str | None:
    """Why the variant cannot be made here (its slug, family or files taken), or None."""
    if n["slug"] in RESERVED:
        return f"{n['slug']} is the tests' example of an unknown variant"
    for path in [*NEW_FILES.values(), *TEST_FILES.values()]:
        if (root / path.format(**n)).exists():
            return f"{path.format(**n)} exists"
    families = re.findall(r"\brules_home\b[^\n]*?\(([^)]*)\)", _engine_sources(root))
    if any(f'"{n["F"]}"' in f for f in families) or n["F"] == "N":
        return f"the rule family {n['F']} is taken: give another, FAMILY=XY"
    return None


def _engine_sources(root: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (root / "scorekeeper" / "rules").rglob("*.py"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise SystemExit(f"make variant: {path} has changed ({old.strip()!r} not found): add by the guide")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def scaffold(root: Path, n: dict[str, str]) -> list[str]:
    """Write the variant's files under ``root``; the paths written, code first, then tests."""
    why = _taken(root, n)
    if why:
        raise SystemExit(f"make variant: {why}")
    made = {
        NEW_FILES["engine"]: ENGINE,
        NEW_FILES["rulebook"]: RULEBOOK,
        NEW_FILES["entry"]: ENTRY,
        NEW_FILES["template"]: TEMPLATE,
        TEST_FILES["rules tests"]: RULES_TESTS,
        TEST_FILES["web tests"]: WEB_TESTS,
    }
    for path, text in made.items():
        (root / path.format(**n)).write_text(text.format(**n), encoding="utf-8")
    m = n["module"]
    rules = root / EDITED_FILES["registration"]
    found = re.search(r"^from \. import ([\w, ]+)  # noqa: F401$", rules.read_text(encoding="utf-8"), re.M)
    if found is None:
        raise SystemExit(f"make variant: {rules} has changed (no registering import line): add by the guide")
    _edit(rules, found.group(0), found.group(0).replace(found.group(1), f"{found.group(1)}, {m}"))
    sheet = root / EDITED_FILES["sheet"]
    sheet.write_text(
        sheet.read_text(encoding="utf-8").rstrip("\n") + "\n" + LAYOUT.format(**n), encoding="utf-8"
    )
    profile = root / EDITED_FILES["profile"]
    _edit(
        profile,
        "from .table_figures import TableFigures, no_figures\n",
        f"from ..entry.{m} import {n['cls']}Entry\nfrom .sheet_layouts import {n['cls']}Layout\n"
        "from .table_figures import TableFigures, no_figures\n",
    )
    _edit(profile, "\n    )\n}\n", "\n" + PROFILE.format(**n) + "    )\n}\n")
    written = [p.format(**n) for p in [*NEW_FILES.values(), *EDITED_FILES.values(), *TEST_FILES.values()]]
    _tidy(root, [p for p in written if p.endswith(".py")])
    return written


def _tidy(root: Path, paths: list[str]) -> None:
    """ruff's import order and format on the files written (the project's style, which make test checks)."""
    if importlib.util.find_spec("ruff") is None:
        print("ruff is not installed: run `make variant` (it installs the test tools), or ruff by hand")
        return
    for args in (["check", "--fix", "--quiet", "--exit-zero"], ["format", "--quiet"]):
        subprocess.run(
            [sys.executable, "-m", "ruff", *args, *paths], cwd=root, check=False, capture_output=True
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", help='the game\'s name, e.g. "Gin Rummy"')
    parser.add_argument(
        "--family", help="its rule ids' prefix, one or two capital letters (default: initials)"
    )
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository to write into")
    args = parser.parse_args(argv)
    n = names(args.name, args.family)
    written = scaffold(args.root, n)
    print(f"{n['name']} ({n['slug']}, rules {n['F']}-1..{n['F']}-3): wrote")
    for path in written:
        print(f"  {path}")
    print(
        "Next (docs/adding-a-variant.md): its own rules; `make messages` (the pages' and the engine's words);"
        " the German of each new msgid in messages.po and engine.po; `make translations`; the tests."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
