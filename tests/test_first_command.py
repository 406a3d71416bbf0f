"""The README's first command, as a new user runs it: ``make run`` into a venv of the runtime set alone.

The test suite's own venv holds the test extras too, which bring packages
(``packaging`` through pytest, say) that the product may use without
declaring them; a server started from it proves nothing about a user's
install. This test has ``make run`` build a new venv from the lock's runtime
set (``uv sync --locked``, no extras), start exactly what it starts for a
user (the migrations, then gunicorn with gevent workers) on a free loopback
port and a temporary SQLite file, and read the home page from it.

``SCOREKEEPER_SMOKE_INSTALL=latest`` (``make test-latest``) builds that venv
from the newest releases the ranges in ``pyproject.toml`` allow instead.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.metadata
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[1]
#: a cold package cache installs in about a minute; the server then starts in a few seconds
STARTUP_SECONDS = 300


def _make_run(venv: Path, port: int, database: Path) -> subprocess.Popen:
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("MAKE", "MFLAGS", "UV_", "VIRTUAL_ENV", "PYTHON"))
    }
    env.update({"DATABASE_URL": f"sqlite:///{database}", "SCOREKEEPER_SECRET_KEY": "smoke-test"})
    install = os.environ.get("SCOREKEEPER_SMOKE_INSTALL", "locked")
    return subprocess.Popen(
        [
            "make",
            "--no-print-directory",
            "run",
            f"VENV={venv}",
            "HOST=127.0.0.1",
            f"PORT={port}",
            f"INSTALL={install}",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


def _home_page(port: int, proc: subprocess.Popen) -> str:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"make run stopped with exit code {proc.returncode}:\n{proc.stdout.read()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                return answer.read().decode()
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"no home page on port {port} after {STARTUP_SECONDS} s")


def test_make_run_serves_the_home_page_from_the_runtime_set_alone(tmp_path):
    venv, port = tmp_path / "venv", free_port()
    proc = _make_run(venv, port, tmp_path / "smoke.sqlite3")
    try:
        page = _home_page(port, proc)
        assert "<title>" in page and "Scorekeeper" in page and "/games/new" in page
    finally:
        with contextlib.suppress(ProcessLookupError):  # make run may have stopped by itself
            os.killpg(proc.pid, signal.SIGTERM)
        output = proc.communicate(timeout=60)[0]
    # gunicorn's gevent worker, stopping cleanly (scorekeeper/cli/table_worker.py)
    assert "Using worker: scorekeeper.cli.table_worker.TableWorker" in output, output
    # the venv holds the runtime set and nothing of the test extras
    probe = subprocess.run([str(venv / "bin" / "python"), "-c", "import pytest"], capture_output=True)
    assert probe.returncode != 0, "the runtime venv has pytest: the test extras leaked into make run"
    assert not (venv / ".installed-test").exists()


def test_every_third_party_import_is_declared():
    """Each third-party module the package imports comes from a declared runtime dependency
    (gevent, imported by gunicorn's worker, through ``gunicorn[gevent]``), not from a passenger."""
    requires = importlib.metadata.requires("scorekeeper")
    declared = {_name(r) for r in requires if "extra ==" not in r}
    declared |= {"gevent" for r in requires if r.startswith("gunicorn[gevent]")}
    owners = importlib.metadata.packages_distributions()
    imported = set()
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = {m for m in imported if m in owners and m not in sys.stdlib_module_names}
    third_party = (third_party - {"scorekeeper"}) | {"gevent"}
    missing = {m: owners[m] for m in third_party if not {_name(d) for d in owners[m]} & declared}
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"


def _name(requirement: str) -> str:
    return re.split(r"[ ;<>=!~\[(]", requirement, maxsplit=1)[0].lower().replace("_", "-")
