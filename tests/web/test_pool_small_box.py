"""Issue 35's small box: the worker pool warms what a player's first job uses (a real game's sheet,
not a tiny page), says warm only when every process is, a job finding no process free starts the
one waiting its turn, the server on one core runs one worker (with its two pool processes) and no
pool process imports gunicorn."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.limits import pool
from scorekeeper.printing import warm_up

from ..pdf.support import ReadBack

ROOT = Path(__file__).resolve().parents[2]


def test_the_pdf_warm_up_prints_a_real_game_sheet_through_the_players_job():
    sheet = ReadBack(warm_up._pdf())
    assert sheet.pages == 1
    for name in warm_up.NAMES:
        assert name in sheet.text
    assert "Rummikub" in sheet.text
    assert {"Sheet-Sans", "Sheet-Sans-Bold", "Sheet-Mono"} <= sheet.fonts()  # names, heads, lines of hands


def _imported(module: str) -> bool:
    return module in sys.modules


@pytest.fixture
def fresh_pool(app):
    given = pool._settings.warm_up
    pool.configure(0, 60, 7, 2)  # every process of earlier tests ended
    yield
    pool.configure(0, 60, 7, 2, warm_up=given)
    pool.configure(app.config["POOL_PROCESSES"], app.config["POOL_TIMEOUT"], app.config["POOL_RETRY_AFTER"])


def test_the_pool_is_warm_only_once_every_process_is_with_its_modules_imported(client, fresh_pool):
    """``/healthz`` says warm only when no warm-up is left to slow a job: every process, its steps
    and its modules (a first job once met the second process still warming, or the first one
    importing beside it)."""
    pool.configure(2, 60, 7, 2, warm_up=pool.WarmUp((("pid", os.getpid),), ("xml.dom.minidom",)))
    pool.warm()
    until = time.monotonic() + 120
    while (health := client.get("/healthz").json["pool"])["state"] != "warm" and time.monotonic() < until:
        time.sleep(0.02)
    assert health["warm"] == 2  # the first answer that said warm: both processes were
    for worker in pool._workers:
        assert worker.warmed == {"pid": True} and worker.order == ["pid", "import xml.dom.minidom"]
    assert pool.run(_imported, "xml.dom.minidom")


def test_the_app_warms_the_solver_weasyprint_and_a_sheet_then_imports_its_jobs_modules():
    from scorekeeper import POOL_PRELOAD

    assert list(warm_up.STEPS) == ["solver", "import weasyprint", "pdf"]
    assert "scorekeeper.printing.documents" in POOL_PRELOAD
    assert "scorekeeper.api.shapes" not in POOL_PRELOAD  # a big import's shape check: its rare job's own


def _python(code: str, *, one_core: bool = False) -> str:
    """``code``'s output in a new Python (``one_core``: allowed one core, as ``taskset`` does)."""
    pinned = "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}); " if one_core else ""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", pinned + code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_on_one_core_the_server_runs_one_worker_with_two_pool_processes():
    code = "from scorekeeper.cli import server; from scorekeeper import limits; "
    code += "print(server.DEFAULT_WORKERS, limits.POOL_PROCESSES)"
    assert _python(code, one_core=True) == "1 2"
    if len(os.sched_getaffinity(0)) > 1:
        assert _python(code) == f"{len(os.sched_getaffinity(0))} 2"


def test_a_pool_process_running_the_server_module_again_imports_no_gunicorn():
    """A spawned pool process runs the server's ``__main__`` (scorekeeper.cli.server) again: gunicorn
    is imported only when the server starts."""
    assert _python("import sys, scorekeeper.cli.server; print('gunicorn' in sys.modules)") == "False"


def _slow_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_a_job_finding_no_process_free_starts_the_one_waiting_its_turn_instead_of_queueing(fresh_pool):
    """Two processes warm one after another; a best play asked while the first makes a sheet takes
    the second's turn (started now) rather than waiting in the queue behind the sheet."""
    pool.configure(2, 60, 7, 2, warm_up=pool.WarmUp((("pid", os.getpid),)))
    pool.warm()  # the first process starts; the second waits its turn
    until = time.monotonic() + 60
    while not pool._idle and time.monotonic() < until:  # the first is started (it may still warm)
        time.sleep(0.05)
    sheet = pool.submit(_slow_pid, 3.0)
    best = pool.submit(os.getpid)
    assert pool.position(best) == 0  # not queued
    assert best.wait(120) and sheet.wait(120)
    assert best.result() != sheet.result()
    assert pool.status()["processes"] == 2
    pool.warm(wait=True)
    assert len(pool._workers) == 2  # never a third process


def test_a_pool_made_smaller_before_its_turns_cancels_the_processes_waiting_to_start(fresh_pool):
    pool.configure(2, 60, 7, 2, warm_up=pool.WarmUp((("pid", os.getpid),)))
    pool.warm()
    pool.configure(1, 60, 7, 2)
    pool.warm(wait=True)
    time.sleep(0.5)  # a turn not cancelled would start a second process meanwhile
    assert len(pool._workers) == 1 and pool.status()["warm"] == 1
