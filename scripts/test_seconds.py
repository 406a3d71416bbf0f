"""Each test file's seconds from a run's JUnit report, for the order ``make test`` hands files out
(tests/scheduling.py): ``python scripts/test_seconds.py report.xml [...] > tests/file_seconds.json``.

Run it after a whole run (``make test PYTEST_ARGS=--junitxml=report.xml``); with several reports, a
file's seconds are its mean. Prints the JSON, the longest files first.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def file_seconds(report: Path) -> dict[str, float]:
    """Seconds per test file (set-up, call and tear-down, as the report counts them)."""
    seconds: dict[str, float] = defaultdict(float)
    for case in ET.parse(report).iter("testcase"):
        path = _from_classname(case.get("classname", "")) or case.get("file", "")
        seconds[path] += float(case.get("time") or 0)
    return dict(seconds)


def _from_classname(classname: str) -> str | None:
    """``tests.web.test_api.TestX`` -> ``tests/web/test_api.py``: the file of the test's node id. (The
    report's ``file`` is where the test function is defined: test_api_schemathesis.py's operations
    are functions of tests/web/lazy_schemathesis.py.) None if no such file is in the repository."""
    parts = classname.split(".")
    while parts and not (ROOT / ("/".join(parts) + ".py")).is_file():
        parts.pop()
    return "/".join(parts) + ".py" if parts else None


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    runs = [file_seconds(Path(name)) for name in argv]
    files = {name for run in runs for name in run}
    mean = {name: sum(run.get(name, 0.0) for run in runs) / len(runs) for name in files}
    ordered = dict(sorted(((name, round(s, 1)) for name, s in mean.items()), key=lambda kv: -kv[1]))
    print(json.dumps(ordered, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
