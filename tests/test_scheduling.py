"""The order ``make test`` hands test files to its workers (tests/scheduling.py), and the per-file
seconds it is ordered by (scripts/test_seconds.py from a run's JUnit report)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from tests.scheduling import UNMEASURED, longest_first, measured

ROOT = Path(__file__).parents[1]


def _items(*nodeids: str) -> list:
    return [SimpleNamespace(nodeid=nodeid) for nodeid in nodeids]


def test_the_longest_files_go_first_each_files_tests_together_and_in_order():
    items = _items(
        "tests/rules/test_quick.py::test_a",
        "tests/browser/test_sweep.py::test_en",
        "tests/rules/test_quick.py::test_b",
        "tests/web/test_new.py::test_x",
        "tests/browser/test_sweep.py::test_de",
        "tests/web/test_api.py::test_y",
    )
    seconds = {
        "tests/rules/test_quick.py": 0.5,
        "tests/browser/test_sweep.py": 600.0,
        "tests/web/test_api.py": 40.0,
    }
    order = [item.nodeid for item in longest_first(items, seconds)]
    assert order == [
        "tests/browser/test_sweep.py::test_en",
        "tests/browser/test_sweep.py::test_de",
        "tests/web/test_api.py::test_y",
        "tests/web/test_new.py::test_x",  # not measured: UNMEASURED seconds, between 40 and 0.5
        "tests/rules/test_quick.py::test_a",
        "tests/rules/test_quick.py::test_b",
    ]
    assert 0.5 < UNMEASURED < 40


def test_files_of_equal_seconds_keep_the_order_they_were_collected_in():
    items = _items("tests/b.py::t", "tests/a.py::t", "tests/b.py::u")
    assert [i.nodeid for i in longest_first(items, {})] == ["tests/b.py::t", "tests/b.py::u", "tests/a.py::t"]


def test_the_committed_seconds_name_files_that_exist():
    seconds = measured()
    assert seconds, "tests/file_seconds.json is missing: make test would hand files out unordered"
    missing = sorted(name for name in seconds if not (ROOT / name).is_file())
    assert len(missing) <= len(seconds) // 10, f"measured files that are gone (measure again): {missing}"
    assert all(isinstance(s, float | int) and s >= 0 for s in seconds.values())


def test_seconds_per_file_from_a_junit_report(tmp_path):
    report = tmp_path / "report.xml"
    report.write_text(
        """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">
        <testcase classname="tests.web.test_api" name="test_a" file="tests/web/test_api.py" time="1.25"/>
        <testcase classname="tests.web.test_api" name="test_b" file="tests/web/test_api.py" time="2.5"/>
        <testcase classname="tests.rules.test_kb" name="test_c" file="tests/rules/test_kb.py" time="0.1">
          <skipped message="no"/></testcase>
        </testsuite></testsuites>"""
    )
    run = subprocess.run(
        [sys.executable, "scripts/test_seconds.py", str(report), str(report)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout) == {"tests/web/test_api.py": 3.8, "tests/rules/test_kb.py": 0.1}
    assert list(json.loads(run.stdout)) == ["tests/web/test_api.py", "tests/rules/test_kb.py"]
    refused = subprocess.run([sys.executable, "scripts/test_seconds.py"], cwd=ROOT, capture_output=True)
    assert refused.returncode == 2
