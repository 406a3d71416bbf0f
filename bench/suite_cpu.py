"""Where the test suite's CPU goes (issue 35): a command run (``make test`` by default) while every
process under it is sampled from /proc, then its CPU seconds summed by kind of process.

The suite on two cores runs at a load of 3 to 11: more wants the CPU than there is, so its wall
clock is its CPU time over two. Which processes take that CPU (the pytest workers and the servers in
them, Chromium's browser, renderer and GPU processes, the worker pools' processes, Node for the
JavaScript tests, the commands tests start) says which kind of cut can shorten it.

Each process's user and system time is read every ``--every`` seconds (a process seen once is
counted up to its last sample, so one that lives less than a sample is missed: the figure is a
floor, and the share of it the bench did see is printed beside the command's own CPU, from
``wait4``). The bench adopts the processes whose parent ends before them (a subreaper), so they
are counted too. Before and after the command it times a fixed piece of work (``reference_seconds``):
the machine's own speed that day, without which two days' figures cannot be compared. Linux only;
prints, asserts nothing.

    .venv/bin/python bench/suite_cpu.py [--every 2] [--top N] [-- make test PYTEST_ARGS=...]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import time
from collections import defaultdict
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
#: a process's kind, by the first of these its command line holds (in this order)
KINDS = (
    ("--type=renderer", "Chromium's renderers (pages: layout, style, script, paint)"),
    ("--type=gpu-process", "Chromium's GPU process (raster and compositing, in software)"),
    ("--type=", "Chromium's other processes (network, storage, zygote)"),
    ("chromium", "Chromium's browser process"),
    ("multiprocessing", "the worker pools' processes (spawned)"),
    ("sys.stdin.readline", "pytest-xdist workers (tests, in-process servers)"),
    ("pytest", "pytest (the controller, and one-process runs)"),
    ("node", "Node (JavaScript tests, onnxruntime-web, Playwright's driver)"),
    ("scorekeeper", "servers and commands the tests start"),
    ("python", "other Python"),
)


def kind_of(command: str) -> str:
    for needle, kind in KINDS:
        if needle in command:
            return kind
    return "other (shell, git, apt, uv, pdftoppm ...)"


def under(root: int) -> dict[tuple[int, int], tuple[str, float]]:
    """Every process descended from ``root``, by its pid and start time (a pid is reused): its
    command line and CPU seconds so far."""
    parents: dict[int, int] = {}
    seen: dict[int, tuple[int, str, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        # the command's name may hold spaces and brackets: the fields follow its last ")"
        fields = stat[stat.rindex(")") + 2 :].split()
        name = command or stat[stat.index("(") + 1 : stat.rindex(")")]
        parents[int(entry.name)] = int(fields[1])
        seen[int(entry.name)] = (int(fields[19]), name, (int(fields[11]) + int(fields[12])) / TICK)
    out = {}
    for pid, (started, command, cpu) in seen.items():
        p = pid
        while p not in (0, 1, root) and p in parents:
            p = parents[p]
        if p == root:
            out[(pid, started)] = (command, cpu)
    return out


def _adopt_orphans() -> None:
    """Become the subreaper of what the command starts (Linux's PR_SET_CHILD_SUBREAPER), so a
    process whose parent ends first (a server started in the background) stays under the bench
    and is counted, not handed to pid 1."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def _reap() -> None:
    """Wait for the adopted processes that have ended (else they stay in /proc as zombies)."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def reference_seconds(rounds: int = 3) -> float:
    """The CPU seconds of one fixed piece of Python work (the least of ``rounds`` tries): the
    machine's speed when the figures were taken. This machine's varies from day to day by more than
    any change to the suite (``npm ci`` took 6.8 s of CPU on 4 December and 17.4 s on 7 December), so
    a suite's CPU seconds are compared across days only beside this figure."""
    import json
    import re

    word = re.compile(r"[a-z]+")
    best = float("inf")
    for _ in range(rounds):
        begin = time.process_time()
        total = 0
        for i in range(200_000):
            text = json.dumps({"hand": i, "cards": [i % 13, i % 7, i % 5], "name": f"player {i}"})
            total += len(word.findall(text)) + sum(json.loads(text)["cards"])
        best = min(best, time.process_time() - begin)
    return best


def keep(last: dict, sampled: dict) -> None:
    """Each process's latest CPU under its latest command line, but for the bare name a process shows
    once it has ended and is not yet reaped (a pytest-xdist worker's last sample read ``python`` and
    moved all its CPU to "other Python"): then the command line read before it stays."""
    for key, (command, cpu) in sampled.items():
        before = last.get(key)
        bare = " " not in command.strip()
        last[key] = (before[0] if before and bare else command, cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=float, default=2.0, help="seconds between samples")
    ap.add_argument("--top", type=int, default=0, help="under each kind, its N costliest command lines")
    ap.add_argument("command", nargs="*", default=["make", "test"])
    args = ap.parse_args()
    _adopt_orphans()
    before = reference_seconds()
    start = time.perf_counter()
    child = subprocess.Popen(args.command)
    last: dict[tuple[int, int], tuple[str, float]] = {}
    while True:
        keep(last, under(child.pid))
        keep(last, under(os.getpid()))  # orphans the bench adopted (their parent ended first)
        try:
            child.wait(timeout=args.every)
            break
        except subprocess.TimeoutExpired:
            pass
    wall = time.perf_counter() - start
    end = time.monotonic() + 30  # what the bench adopted, a while longer (the command has ended)
    while (adopted := under(os.getpid())) and time.monotonic() < end:
        keep(last, adopted)
        time.sleep(args.every)
        _reap()
    own = resource.getrusage(resource.RUSAGE_CHILDREN)
    by_kind: dict[str, float] = defaultdict(float)
    by_command: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for command, cpu in last.values():
        by_kind[kind_of(command)] += cpu
        by_command[kind_of(command)][command[:150]] += cpu
    seen = sum(by_kind.values())
    print(f"{' '.join(args.command)}: exit {child.returncode}, {wall / 60:.1f} min wall clock")
    print(f"  CPU of all its processes (wait4): {own.ru_utime + own.ru_stime:,.0f} s; sampled: {seen:,.0f} s")
    print(f"  load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        f"  the machine's speed: a fixed piece of work took {before:.2f} s of CPU before and "
        f"{reference_seconds():.2f} s after (reference_seconds; lower is faster)"
    )
    for kind, cpu in sorted(by_kind.items(), key=lambda kv: -kv[1]):
        print(f"  {cpu:8,.0f} s  {cpu / max(seen, 1):5.1%}  {kind}")
        for command, spent in sorted(by_command[kind].items(), key=lambda kv: -kv[1])[: args.top]:
            print(f"            {spent:8,.1f} s  {command}")


if __name__ == "__main__":
    main()
