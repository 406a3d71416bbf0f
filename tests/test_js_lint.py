"""The pages' scripts pass ESLint (eslint.config.js, ``make lint-js``), and the lint refuses what
would break them as modules: a value handed over on ``window``, a global where an ``import`` is
missing, ``document.currentScript`` (null in a module), an ``import`` in the classic service worker.

ESLint is pinned in package.json; without it (no npm) these skip with a notice, except under
``CI=true``.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"


def eslint(*args: str, code: str | None = None) -> subprocess.CompletedProcess:
    if not ESLINT.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("no ESLint under CI: run make node_modules/.installed")
        pytest.skip("NOTICE no ESLint (make node_modules/.installed needs npm)")
    return subprocess.run(
        [str(ESLINT), "--no-warn-ignored", *args],
        input=code,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def linted(code: str, name: str) -> str:
    """ESLint's findings for ``code`` as if it were ``static/js/<name>`` ("" when it passes)."""
    ran = eslint("--stdin", "--stdin-filename", f"scorekeeper/static/js/{name}", code=code)
    return ran.stdout if ran.returncode else ""


def test_the_scripts_pass_the_lint():
    ran = eslint("scorekeeper/static/js", "eslint.config.js")
    assert ran.returncode == 0, ran.stdout + ran.stderr


def test_the_lint_refuses_what_breaks_a_module():
    assert (
        linted('import { tokens } from "./keypad.js";\nexport var n = tokens("7H").length;\n', "probe.js")
        == ""
    )
    found = linted(
        "window.ScorekeeperProbe = { n: 1 };\nScorekeeperKeypad.attach(document.body, {});\n"
        "console.log(document.currentScript);\n",
        "probe.js",
    )
    assert "export/import, not window properties" in found
    assert "'ScorekeeperKeypad' is not defined" in found
    assert "no document.currentScript" in found


def test_the_service_worker_is_linted_as_the_classic_script_it_is():
    assert (
        linted(
            '"use strict";\nself.addEventListener("fetch", function () { return SHELL.length + VERSION; });\n',
            "sw.js",
        )
        == ""
    )
    assert "'import' and 'export' may appear only with 'sourceType: module'" in linted(
        '"use strict";\nimport { x } from "./keypad.js";\nconsole.log(x);\n', "sw.js"
    )
