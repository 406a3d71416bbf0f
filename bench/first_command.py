"""From a fresh clone to the served home page: how long the README's first command takes.

Clones this repository (its committed ``HEAD``) into a temporary folder, runs
``make run HOST=127.0.0.1 PORT=<free>`` there and times until ``GET /``
answers 200. ``--cold`` gives uv and pip empty caches of their own (every
package downloaded); the default uses the machine's warm caches. Prints one
line per run; the server and the clone are removed afterwards.

    .venv/bin/python bench/first_command.py [--cold] [--runs 1] [--commit SHA]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_bench import ROOT, free_port  # the benches' one free-port finder and the repository root


def one_run(cold: bool, commit: str | None = None) -> float:
    folder = Path(tempfile.mkdtemp(prefix="first-command-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS", "UV_", "VIRTUAL_ENV"))}
    if cold:
        env.update({"UV_CACHE_DIR": str(folder / "uv-cache"), "PIP_NO_CACHE_DIR": "1"})
    port, proc = free_port(), None
    try:
        start = time.perf_counter()
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(folder / "clone")], check=True)
        if commit:
            subprocess.run(["git", "-C", str(folder / "clone"), "checkout", "--quiet", commit], check=True)
        proc = subprocess.Popen(
            ["make", "run", "HOST=127.0.0.1", f"PORT={port}"],
            cwd=folder / "clone",
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        while proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - start
            except OSError:
                time.sleep(0.2)
        raise SystemExit(f"make run stopped with exit code {proc.returncode}")
    finally:
        if proc and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="empty package caches: every package downloaded")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--commit", help="an older commit to check out in the clone (default: HEAD)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    for n in range(1, args.runs + 1):
        seconds = one_run(args.cold, args.commit)
        print(
            f"fresh clone to home page ({'cold' if args.cold else 'warm'} cache), run {n}: "
            f"{seconds:.1f} s (load {load:.1f} at start)",
            flush=True,
        )


if __name__ == "__main__":
    main()
