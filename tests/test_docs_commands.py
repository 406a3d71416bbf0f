"""Every command the docs show can be typed here (issue 33): the README and docs/ named
``python -m scorekeeper.server`` (gone: it is ``scorekeeper.cli.server``) and ``.venv/bin/pip`` (a venv
made by uv has no pip).

What the pages show as code (fenced blocks and inline code) is read for: modules run with
``python -m`` (each must be importable), programs in ``.venv/bin/`` (each must be there), ``make``
targets (each in the Makefile), ``scorekeeper`` subcommands and their options (each known to the
command's parser), the server's options (read from its ``--help``, which runs here) and file paths
(each a file of the repository).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
SPAN = re.compile(r"`([^`\n]+)`")
MODULE = re.compile(r"\bpython3?(?:\.\d+)? -m ([\w.]+)")
VENV_BIN = re.compile(r"(?<![\w/])\.venv/bin/([\w.-]+)")
MAKE = re.compile(r"(?:^|[\s;&|(])make((?: +\S+)*)")
PATH = re.compile(
    r"(?<![\w/.:-])((?:[\w-][\w.-]*/)+[\w.-]+\.(?:py|sh|txt|toml|json|cfg|ini|yml|yaml|html|js|css))\b"
)
#: made by the build, the tests or the machine, not kept in the repository
ELSEWHERE = ("instance/", "site/", "test-artifacts/", "node_modules/", ".tools/", ".venv/", "etc/", "srv/")


def code_lines(page: Path) -> list[str]:
    """The page's code: each line of its fenced blocks, and each inline code span of its prose."""
    text = page.read_text(encoding="utf-8")
    lines = [line for block in FENCE.findall(text) for line in block.splitlines()]
    return lines + SPAN.findall(FENCE.sub("", text))


def shown(pattern: re.Pattern) -> list[tuple[str, str]]:
    """(page, first group) of every match of ``pattern`` in the pages' code."""
    return [
        (page.relative_to(ROOT).as_posix(), m.group(1))
        for page in PAGES
        for line in code_lines(page)
        for m in pattern.finditer(line)
    ]


def test_every_module_run_with_python_m_is_there():
    missing = sorted({(page, name) for page, name in shown(MODULE) if importlib.util.find_spec(name) is None})
    assert missing == [], f"python -m names modules that do not exist: {missing}"


def test_every_program_in_the_venv_is_there():
    if not (ROOT / ".venv" / "bin").is_dir():
        pytest.skip("NOTICE no .venv here")
    missing = sorted(
        {(page, name) for page, name in shown(VENV_BIN) if not (ROOT / ".venv/bin" / name).exists()}
    )
    assert missing == [], f"the docs run programs the venv does not have: {missing}"


def test_every_make_target_is_in_the_makefile():
    targets = set(re.findall(r"^([\w.-]+)\s*:(?!=)", (ROOT / "Makefile").read_text(), re.M))
    wrong = set()
    for page, words in shown(MAKE):
        named = [w for w in words.split() if "=" not in w and not w.startswith("-")]
        if named and re.fullmatch(r"[a-z][\w-]*", named[0]) and named[0] not in targets:
            wrong.add((page, named[0]))
    assert wrong == set(), f"make targets the Makefile does not have: {sorted(wrong)}"


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next(
        (a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)),
        {},
    )


def test_every_scorekeeper_command_and_option_is_known():
    from scorekeeper.cli.commands import _build_parser

    wrong = set()
    for page in PAGES:
        for line in code_lines(page):
            command = re.match(r"^(?:\$ )?(?:\.venv/bin/)?scorekeeper (?! )([^|>#]*)", line)
            if not command:
                continue
            try:
                words = shlex.split(command.group(1))
            except ValueError:
                words = command.group(1).split()
            parser, path = _build_parser(), ["scorekeeper"]
            while words and words[0] in _subparsers(parser):
                path.append(words[0])
                parser = _subparsers(parser)[words.pop(0)]
            if len(path) == 1 and words and not words[0].startswith("-"):
                wrong.add((page.relative_to(ROOT).as_posix(), f"scorekeeper {words[0]}"))
            known = set(parser._option_string_actions)
            for word in words:
                option = word.split("=", 1)[0]
                if option.startswith("--") and option not in known:  # "-P" may be a quoted tile
                    wrong.add((page.relative_to(ROOT).as_posix(), f"{' '.join(path)} {option}"))
    assert wrong == set(), f"commands or options the scorekeeper command does not know: {sorted(wrong)}"


@cache
def _server_help() -> str:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli.server", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout


def test_every_option_given_to_the_server_is_one_it_takes():
    """``python -m scorekeeper.cli.server --help`` runs here; each option the docs give it is listed."""
    wrong = set()
    for page in PAGES:
        for line in code_lines(page):
            if "scorekeeper.cli.server" not in line:
                continue
            given = line.split("scorekeeper.cli.server", 1)[1].split("#")[0]
            for option in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", given):
                if not re.search(rf"(?<![\w-]){re.escape(option)}\b", _server_help()):
                    wrong.add((page.relative_to(ROOT).as_posix(), option))
    assert wrong == set(), f"server options the server does not take: {sorted(wrong)}"


@cache
def _tracked() -> tuple[str, ...]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False).stdout
    return tuple(listed.splitlines()) or tuple(p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*"))


def test_every_file_the_code_names_is_in_the_repository():
    """A path is read from the root, or as the end of a path in the repository (``web/throttle.py``
    is ``scorekeeper/web/throttle.py``); a file the machine or the build makes is left alone."""
    files = _tracked()
    missing = set()
    for page, path in shown(PATH):
        path = path.removeprefix("./")
        if path.startswith(ELSEWHERE) or "*" in path or "<" in path:
            continue
        if not any(f == path or f.endswith("/" + path) for f in files) and not (ROOT / path).exists():
            missing.add((page, path))
    assert missing == set(), f"the docs name files that are not in the repository: {sorted(missing)}"


def test_every_page_is_in_the_navigation_once():
    """ "Languages" was listed twice, under "At the table" and "Working on it": now a players' page
    (your-language.md) and the translators' (languages.md)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text[text.index("\nnav:") :]
    pages = re.findall(r"^\s*-\s+(?:[^:\n]+:\s+)?([\w/.-]+\.md)\s*$", nav, re.M)
    twice = sorted({page for page in pages if pages.count(page) > 1})
    assert twice == [], f"pages in the navigation more than once: {twice}"
    assert [page for page in pages if not (ROOT / "docs" / page).is_file()] == []
    titles = re.findall(r"^\s*-\s+([^:\n]+):\s+[\w/.-]+\.md\s*$", nav, re.M)
    assert sorted({t for t in titles if titles.count(t) > 1}) == []


def test_python_m_scorekeeper_cli_is_the_scorekeeper_command():
    """A checkout without the console script on its path runs the same command: ``python -m
    scorekeeper.cli`` said "is a package and cannot be directly executed"."""
    answer = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "check", "crazy-tiles", "R1 R2 R3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 0 and answer.stdout.startswith("LEGAL run"), answer.stderr
