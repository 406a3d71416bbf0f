"""How fast Scorekeeper starts (issue 35): the app's import, the command's, `make db` with nothing
to migrate, and `make run` to the first page, in wall time and CPU time, with the load average.

Runs this venv's Python (``sys.executable``) on a checkout (``--root``, default this repository;
``PYTHONPATH`` points at it), so an older commit cloned into /tmp is measured with the same
installed packages: ``git clone -q . /tmp/old && git -C /tmp/old checkout -q <commit>``, then
``.venv/bin/python bench/startup.py --root /tmp/old``. `make` is run with ``VENV`` set to this
venv and its install stamp taken as done (``make -o``), so nothing is installed. The database is
a temporary SQLite file (``DATABASE_URL``), migrated once before the timed runs; the server
listens on a free port of 127.0.0.1 and is stopped, with all its processes, after each run.
Bytecode caches go to a temporary ``PYTHONPYCACHEPREFIX``: the first `make run` of a bench finds
only what `make db` wrote, the later ones what the first run wrote too (an installed clone), where
the Makefile writes them (``BYTECODE``, docs/operations.md).

    .venv/bin/python bench/startup.py [--root DIR] [--runs 3] [--skip-run]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_bench import ROOT, free_port

VENV = Path(sys.executable).parent.parent
TICK = os.sysconf("SC_CLK_TCK")
APP = "from scorekeeper import create_app; create_app()"
CLI_HELP = "import sys; sys.argv = ['scorekeeper', '--help']; from scorekeeper.cli import main; main()"
CLI_CHECK = (
    "import sys; from scorekeeper.cli import main; sys.exit(main(['check', 'rummikub', 'R1', 'R2', 'R3']))"
)


def session_processes(session: int) -> list[dict]:
    """Every live process of a session (a server started with ``start_new_session``): its pid,
    command, resident memory (MB) and CPU seconds (its own and its waited-for children's)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            if int(fields[3]) != session:  # fields[3]: the session id (the stat file's 6th field)
                continue
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
            rss_kb = next(
                int(line.split()[1])
                for line in (entry / "status").read_text().splitlines()
                if line.startswith("VmRSS:")
            )
        except (OSError, ValueError, StopIteration):  # gone meanwhile, or a kernel thread
            continue
        cpu = sum(int(v) for v in fields[11:15]) / TICK  # utime, stime, cutime, cstime
        found.append({"pid": int(entry.name), "cmd": cmd, "rss_mb": rss_kb / 1024, "cpu_s": cpu})
    return sorted(found, key=lambda p: p["pid"])


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], env: dict, cwd: Path) -> tuple[float, float]:
    """``cmd`` run to its end: (wall seconds, CPU seconds of it and its children)."""
    cpu, start = _children_cpu(), time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, _children_cpu() - cpu


def make(root: Path, *targets: str) -> list[str]:
    return ["make", "-s", "-C", str(root), f"VENV={VENV}", "-o", f"{VENV}/.installed", *targets]


def run_to_first_page(root: Path, env: dict) -> tuple[float, float, list[dict]]:
    """`make run` until ``GET /`` answers 200: (wall seconds, CPU seconds of every process of it
    by then, its processes)."""
    port = free_port()
    start = time.perf_counter()
    proc = subprocess.Popen(
        make(root, "run", "HOST=127.0.0.1", f"PORT={port}"),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        while proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    if answer.status == 200:
                        wall = time.perf_counter() - start
                        procs = session_processes(proc.pid)
                        return wall, sum(p["cpu_s"] for p in procs), procs
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"make run stopped with exit code {proc.returncode}")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)


def line(name: str, runs: list[tuple[float, float]]) -> str:
    wall = statistics.median(w for w, _ in runs)
    cpu = statistics.median(c for _, c in runs)
    each = ", ".join(f"{w:.2f}" for w, _ in runs)
    return f"{name:<36} {wall:6.2f} s wall  {cpu:6.2f} s CPU   (median of {len(runs)}: {each})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-run", action="store_true", help="leave out make run to the first page")
    args = parser.parse_args()
    root = args.root.resolve()
    folder = Path(tempfile.mkdtemp(prefix="startup-bench-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    env.update(
        PYTHONPATH=str(root),
        DATABASE_URL=f"sqlite:///{folder / 'bench.sqlite3'}",
        SCOREKEEPER_SECRET_KEY="bench",
        # bytecode caches this run writes go to a folder of its own (not into the shared venv),
        # so every bench starts without them, as a new install does
        PYTHONPYCACHEPREFIX=str(folder / "pycache"),
    )
    python = [sys.executable, "-c"]
    commit = subprocess.run(
        ["git", "-C", str(root), "log", "-1", "--format=%h %s"], capture_output=True, text=True
    )
    print(f"checkout {root} at {commit.stdout.strip()[:70]}")
    load = os.getloadavg()
    print(
        f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)",
        flush=True,
    )
    print(f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}", flush=True)
    measures = {  # the imports first: `make db` below may write bytecode caches they would read
        "import + create_app()": [*python, APP],
        "scorekeeper --help": [*python, CLI_HELP],
        "scorekeeper check rummikub R1 R2 R3": [*python, CLI_CHECK],
        "make db (nothing to migrate)": make(root, "db"),
    }
    for name, cmd in measures.items():
        if name.startswith("make db"):  # the file migrated once, untimed
            subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(line(name, [timed(cmd, env, root) for _ in range(args.runs)]), flush=True)
    if not args.skip_run:
        runs, procs = [], []
        for _ in range(args.runs):
            wall, cpu, procs = run_to_first_page(root, env)
            runs.append((wall, cpu))
        print(line("make run to the first page", runs))
        print(
            f"  its processes at the first page (last run): {len(procs)}, {sum(p['rss_mb'] for p in procs):.0f} MB"
        )
    shutil.rmtree(folder, ignore_errors=True)
    load = os.getloadavg()
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
