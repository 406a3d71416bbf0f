"""The phone's copy of a server rule, run in Node: a small ES module of ``static/js/`` with no DOM
and no imports, one of its exports mapped over cases sent as JSON (the tests that run a rule on
both sides: ``test_went_out_both_sides.py``, ``test_points_sum_both_sides.py``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from typing import Any

import pytest

from scorekeeper.storage.paths import STATIC


def node_or_skip() -> str:
    """Node.js's path; skips the test without it (fails under CI, where make test installs it)."""
    found = shutil.which("node")
    if not found:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("no Node.js under CI: make test installs it")
        pytest.skip("NOTICE no Node.js: the phone's copy of the rule is not run")
    return found


def js_map(node: str, module: str, export: str, cases: list[Any]) -> list[Any]:
    """``static/js/<module>``'s ``export`` over each of ``cases``, in Node (values through JSON)."""
    script = (
        "import { readFileSync } from 'node:fs';"
        "const source = readFileSync(process.argv[1], 'utf8');"
        "const found = await import('data:text/javascript,' + encodeURIComponent(source));"
        "const cases = JSON.parse(readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(cases.map((item) => found[process.argv[2]](item))));"
    )
    ran = subprocess.run(
        [node, "--input-type=module", "-e", script, str(STATIC / "js" / module), export],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(ran.stdout)
