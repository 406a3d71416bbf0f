"""The README and every docs page name files that exist (issue 41: every page, not only the maps).

A newcomer finds a rule, a drawing or where a hand is kept from these pages
alone, so every file they name must be where they say. The two maps (the README
and ``docs/code-map.md``) are read strictly: in a table row the
names in backticks are read inside the row's package(s) (first columns), or
from ``scorekeeper/`` or the repository root; elsewhere a name with a folder is
read from ``scorekeeper/`` or the root (or below a folder named before it on
the line). The other pages name a file in
the words of their topic (``live.js``, ``krazy_bee/steps.py``): the name must be
a file or folder of the repository, ending with it. A file named with a function
after it (```services/rounds.py` `record_round```) must define it, on every page.

The pages describe the package layout of issue 19 (``docs/code-map.md``); until
that layout is in the tree (``scorekeeper/storage/``) these tests skip.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"
#: every page a newcomer reads: the README and every docs page (issue 41: not only the two maps)
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
MAPS = [ROOT / "README.md", ROOT / "docs" / "code-map.md"]
#: a file or folder name in backticks: ends in / or in a known extension
NAME = re.compile(
    r"`((?:[\w.-]+/)*[\w.-]+(?:/|\.(?:py|html|js|css|md|json|toml|ya?ml|sh|txt|po|pot|ts|png)))`"
)
FUNCTION = re.compile(r"`((?:[\w-]+/)+[\w-]+\.py)` `(\w+)`")

pytestmark = pytest.mark.skipif(
    not (PACKAGE / "storage").is_dir(), reason="the pages describe issue 19's layout, not yet in the tree"
)


#: made by the build, the tests, a run or a person, not kept in the repository (so a fresh clone
#: lacks them): the site, the installed scripts and tools, the tests' artifacts, the run's own folder
#: (settings, certificates), the guide's example of a new language, the shared rules spec beside
#: the repository, BG Stats' backup file and the shared picture's download name
GENERATED = {"BGStatsExport.json", "RULES.md", "rummikub-result.png"}
NOT_KEPT = (
    "site/",
    "node_modules/",
    ".tools/",
    ".venv/",
    "test-artifacts/",
    "instance/",
    "scorekeeper/translations/fr/",
    "../shared/",
)
#: not the project's files
UNREAD = {".git", ".venv", ".venv-latest", ".tools", "node_modules", "site", "test-artifacts", "__pycache__"}


def _kept() -> set[str]:
    """Every file and folder of the repository, by each tail of its path (``krazy_bee/steps.py``)."""
    tails = set()
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if UNREAD.intersection(parts):
            continue
        ending = "/" if path.is_dir() else ""
        tails.update("/".join(parts[i:]) + ending for i in range(len(parts)))
    return tails


KEPT = _kept()


def _exists(name: str, bases: list[Path], within: list[Path]) -> bool:
    """``name`` under one of ``bases``, or anywhere below one of ``within`` (a row's own folders)."""
    if (
        name in GENERATED
        or name.startswith(NOT_KEPT)
        or any((base / name.rstrip("/")).exists() for base in bases)
    ):
        return True
    tail = "/" + name.rstrip("/")
    return any(
        str(p).endswith(tail) for folder in within for p in folder.rglob(name.rstrip("/").split("/")[-1])
    )


def _folders(names: list[str], bases: list[Path]) -> list[Path]:
    """The folders among ``names``, and the folders of the files named with theirs (``static/js/a.js``)."""
    folders = [n.rstrip("/") if n.endswith("/") else n.rpartition("/")[0] for n in names]
    return [base / f for f in folders if f for base in bases if (base / f).is_dir()]


def named(text: str) -> list[tuple[str, list[Path], list[Path]]]:
    """Every file or folder name of ``text`` with the folders it is read from and searched below:
    those named before it on the line and, in a table row, those of its first two columns."""
    found = []
    for line in text.splitlines():
        names, bases, row = NAME.findall(line), [PACKAGE, ROOT], []
        if line.startswith("|"):
            cells = line.split("|")[1:]
            row = _folders(
                [n for n in NAME.findall(cells[0]) + NAME.findall(cells[1]) if n.endswith("/")], bases
            )
        for i, name in enumerate(names):
            within = [*row, *_folders(names[:i], bases)]
            found.append((name, [*within, *bases], within))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_named_file_exists(page):
    missing = sorted(
        {
            name
            for name, bases, within in named(page.read_text(encoding="utf-8"))
            if not _exists(name, bases, within) and (page in MAPS or name not in KEPT)
        }
    )
    assert missing == [], f"{page.relative_to(ROOT)} names files that are not there"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_named_function_is_defined_there(page):
    wrong = []
    for path, function in FUNCTION.findall(page.read_text(encoding="utf-8")):
        source = next((base / path for base in (PACKAGE, ROOT) if (base / path).is_file()), None)
        if source is None or not re.search(
            rf"^\s*def {function}\b", source.read_text(encoding="utf-8"), re.M
        ):
            wrong.append(f"{path} {function}")
    assert wrong == []
