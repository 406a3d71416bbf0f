"""A big job (a rack photo's bytes) handed to a worker process that is still starting (issue 36).

The pool's pipe is blocking at both ends, and a process reads no job before it is warm: a job
bigger than the pipe holds, sent at once, held the whole server worker (every other connection of
it, under gevent) on the pipe for the process's warm-up, seconds (the first pooled request with a
large body froze its worker 2.2 to 8.4 s). Now the job waits, as for an answer, until the process
is warm, and the event loop keeps turning.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BIG_JOB_UNDER_GEVENT = """
from gevent import monkey; monkey.patch_all()
import time
import gevent
from scorekeeper.limits import pool
if __name__ == "__main__":
    pool.configure(1, 120, 2)  # no process yet: the first job starts one
    gaps = []
    def tick():
        last = time.monotonic()
        while True:
            gevent.sleep(0.02)
            now = time.monotonic()
            gaps.append(now - last)
            last = now
    gevent.spawn(tick)
    gevent.sleep(0.1)
    print(pool.run(len, b"x" * 8_000_000), max(gaps))
"""


def test_a_big_job_for_a_starting_process_leaves_the_event_loop_turning(tmp_path):
    script = tmp_path / "big_job.py"
    script.write_text(BIG_JOB_UNDER_GEVENT)
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    size, longest_gap = done.stdout.split()
    assert size == "8000000"
    assert float(longest_gap) < 2, f"the event loop stood still {float(longest_gap):.1f} s"
