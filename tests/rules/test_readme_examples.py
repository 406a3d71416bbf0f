"""The documentation's examples, run: every ``$ scorekeeper check|hand`` line and the engine doctest.

Each ```console block of ``docs/command-line.md`` is read as ``$ command`` lines, each
followed by the output the page promises (up to a blank line or the next
``$``). ``check`` and ``hand`` examples run in process through
:func:`scorekeeper.cli.main`; a ``printf ... | scorekeeper check --batch``
pipeline feeds the printf lines as standard input. The exit code is the one
the output implies (``LEGAL`` 0, ``NOT LEGAL`` 1, a ``scorekeeper:`` error
line 2 and on standard error; anything else 0), and the output must match
line by line, where ``...`` stands for any text (a line of only ``...`` for
any number of lines). The ```python block with ``>>>`` of "The rules engine"
page (``docs/engine/index.md``) runs as a doctest.
"""

from __future__ import annotations

import doctest
import io
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from scorekeeper.cli import commands as cli

DOCS = Path(__file__).resolve().parents[2] / "docs"
#: The page whose ```console blocks are run, and the page whose ```python block is a doctest.
COMMAND_LINE, ENGINE_PAGE = DOCS / "command-line.md", DOCS / "engine" / "index.md"
#: Subcommands whose examples are not run here (they write PDFs or start a server).
NOT_RUN = ("print", "serve", "init-db")


@dataclass(frozen=True)
class Example:
    """One ``$ scorekeeper ...`` example of the command line page: the command, stdin lines, promised output."""

    line: int
    command: str
    argv: tuple[str, ...]
    stdin: str | None
    output: tuple[str, ...]

    @property
    def exit_code(self) -> int:
        """The exit code the promised output implies (the page: 0 legal, 1 not legal, 2 error)."""
        first = self.output[0] if self.output else ""
        if first.startswith("scorekeeper:"):
            return cli.EXIT_USAGE
        if first.startswith("NOT LEGAL"):
            return cli.EXIT_NOT_LEGAL
        return cli.EXIT_LEGAL


def console_blocks(text: str) -> list[tuple[int, list[str]]]:
    """Every ```console block as (line number of its first line, its lines)."""
    blocks, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```console":
            start, body = i + 2, []
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            blocks.append((start, body))
        i += 1
    return blocks


def commands(text: str) -> list[tuple[int, str, list[str]]]:
    """Each ``$`` command of the console blocks (continuation lines joined) and its output lines."""
    found = []
    for start, body in console_blocks(text):
        i = 0
        while i < len(body):
            if not body[i].startswith("$ "):
                i += 1
                continue
            line, command = start + i, body[i][2:]
            while command.endswith("\\") and i + 1 < len(body):
                i += 1
                command = command[:-1] + " " + body[i].strip()
            i += 1
            output = []
            while i < len(body) and body[i].strip() and not body[i].startswith("$ "):
                output.append(body[i])
                i += 1
            found.append((line, command, output))
    return found


def examples(text: str) -> list[Example]:
    """The runnable ``scorekeeper check|hand`` examples (with a ``printf`` pipeline as stdin)."""
    found = []
    for line, command, output in commands(text):
        feed, bar, last = command.rpartition(" | scorekeeper ")
        stdin = None
        if bar:
            words = shlex.split(feed)
            if words[:2] != ["printf", "%s\\n"]:
                continue  # only the printf-one-line-each pipelines are easy to replay
            stdin = "".join(w + "\n" for w in words[2:])
            argv = shlex.split(last)
        else:
            words = shlex.split(command)
            if words[:1] != ["scorekeeper"]:
                continue
            argv = words[1:]
        if argv[0] in ("check", "hand"):
            found.append(Example(line, command, tuple(argv), stdin, tuple(output)))
    return found


def matches(expected: list[str] | tuple[str, ...], actual: list[str]) -> bool:
    """Whether ``actual`` lines fit ``expected``: ``...`` is any text, a lone ``...`` any lines.

    >>> matches(['{"points": 115, ...}'], ['{"points": 115, "breakdown": []}'])
    True
    >>> matches(["LEGAL run", "..."], ["LEGAL run", "  reading: 1 2 3", "       or: 2 3 4"])
    True
    >>> matches(["LEGAL run"], ["LEGAL run", "  reading: 1 2 3"])
    False
    >>> matches(["accepted: 1..13"], ["accepted: 1x13"])
    False
    """

    def line_pattern(line: str) -> str:
        return ".*".join(re.escape(part) for part in line.rstrip().split("..."))

    pattern = "".join(
        r"(?:.*\n)*?" if line.strip() == "..." else line_pattern(line) + r"\n" for line in expected
    )
    return re.fullmatch(pattern, "".join(line.rstrip() + "\n" for line in actual)) is not None


EXAMPLES = examples(COMMAND_LINE.read_text(encoding="utf-8"))


def test_the_readme_has_the_examples_this_file_runs():
    """Every ``$ scorekeeper`` example is run here unless it prints PDFs or serves; none is lost."""
    text = COMMAND_LINE.read_text(encoding="utf-8")
    shown = [
        (line, command)
        for line, command, _ in commands(text)
        if "scorekeeper " in command and not any(f"scorekeeper {name}" in command for name in NOT_RUN)
    ]
    assert [(e.line, e.command) for e in EXAMPLES] == shown
    assert {e.argv[0] for e in EXAMPLES} == {"check", "hand"}
    assert {e.exit_code for e in EXAMPLES} == {0, 1, 2}  # legal, not legal and an error are all shown
    assert any(e.stdin for e in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"L{e.line}: {e.command[:60]}" for e in EXAMPLES])
def test_readme_example_prints_what_the_readme_shows(example, capsys, monkeypatch):
    """The command's exit code and output are the ones docs/command-line.md shows for it."""
    if example.stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(example.stdin))
    code = cli.main(list(example.argv))
    out, err = capsys.readouterr()
    assert code == example.exit_code, (out, err)
    if code == cli.EXIT_USAGE:
        shown, other = err, out  # the page shows the message; it goes to standard error
    else:
        shown, other = out, err
    assert other == ""
    assert matches(example.output, shown.splitlines()), (
        f"docs/command-line.md line {example.line} shows:\n"
        + "\n".join(example.output)
        + f"\n\nbut it prints:\n{shown}"
    )


def engine_doctest_block(text: str) -> tuple[int, str]:
    """The first ```python block with ``>>>`` lines of "The rules engine" page, and its first line number."""
    start = text.index("```python\n>>> ") + len("```python\n")
    end = text.index("```", start)
    return text.count("\n", 0, start), text[start:end]


def test_readme_rules_engine_example_runs_as_a_doctest():
    """KB-7, CT-8: the engine example of docs/engine/index.md gives the answers it shows."""
    lineno, block = engine_doctest_block(ENGINE_PAGE.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(block, {}, "docs: The rules engine", str(ENGINE_PAGE), lineno)
    assert len(test.examples) >= 5
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)
