"""The small box's record (bench/small_box.py): every answer's time and status by kind, the server's
memory at its peak, and the printed report."""

from __future__ import annotations

import os
import threading
import time
from collections import Counter, defaultdict

import requests
from startup import session_processes

PAGE, HAND = "game page", "hand recorded (API)"


class Record:
    """Every answer's time by kind, status counts, and the first best play and PDF."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.status: Counter = Counter()
        self.by_kind: dict[str, Counter] = defaultdict(Counter)
        self.lock = threading.Lock()
        self.warm = threading.Event()
        self.warm_after: float | None = None

    def add(self, kind: str, seconds: float, status: int) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            self.status[status] += 1
            self.by_kind[kind][status] += 1


def timed(record: Record, kind: str, call) -> requests.Response | None:
    start = time.perf_counter()
    try:
        answer = call()
    except requests.RequestException:
        record.add(kind, time.perf_counter() - start, 0)
        return None
    record.add(kind, time.perf_counter() - start, answer.status_code)
    return answer


def memory_watch(session: int, stop: threading.Event, peak: dict) -> None:
    """The server's processes every 2 s: the largest total and its processes."""
    while not stop.wait(2):
        procs = session_processes(session)
        total = sum(p["rss_mb"] for p in procs)
        if total > peak.get("total", 0):
            peak.update(total=total, procs=procs)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def report(record: Record, peak: dict, first_page: float, load_start: tuple, args) -> None:
    print(f"first page after start: {first_page:.1f} s")
    warm = "never" if record.warm_after is None else f"{record.warm_after:.1f} s after the first page"
    asked = "once /healthz said warm" if args.after_warm else "at once after the first page"
    print(f"/healthz said the pool warm: {warm}; the first best play and PDF were asked {asked}")
    for kind in sorted(record.times):
        values = record.times[kind]
        if kind == "live stream opened":
            continue
        first = values[0] * 1000
        print(
            f"{kind:<32} n={len(values):4d}  p50 {pct(values, 0.5):7.0f} ms  p95 {pct(values, 0.95):7.0f} ms"
            f"  first {first:7.0f} ms  max {max(values) * 1000:7.0f} ms  {dict(record.by_kind[kind])}"
        )
    pages = record.times[PAGE]
    verdict = "under" if pages and pct(pages, 0.95) < 300 else "NOT under"
    print(f"pages p95 {pct(pages, 0.95) if pages else float('nan'):.0f} ms: {verdict} 300 ms")
    statuses = {k: v for k, v in record.status.items() if isinstance(k, int)}
    print(f"answers by status: {dict(sorted(statuses.items()))}; 503s: {statuses.get(503, 0)}")
    extra = {k: v for k, v in record.status.items() if not isinstance(k, int)}
    print(f"live streams opened: {len(record.times['live stream opened'])}; {extra}")
    total = peak.get("total", 0.0)
    print(
        f"resident memory at the peak: {total:.0f} MB in {len(peak.get('procs', []))} processes (target under 600 MB)"
    )
    for p in peak.get("procs", []):
        print(f"  {p['pid']:>7}  {p['rss_mb']:6.0f} MB  {p['cmd'][:90]}")
    end = os.getloadavg()
    print(f"load average: {load_start[0]:.2f} at start; {end[0]:.2f} {end[1]:.2f} {end[2]:.2f} at end")
    print(
        f"({args.minutes} min, burner {args.burn:.0%} of core 0, {'pinned to core 0' if args.pin else 'not pinned'}; "
        f"a hand every {args.hand_every} s per editor, a page every {args.poll_every} s per follower; "
        f"{'every module compiled in every process' if args.compile else 'bytecode caches as make run keeps them'})"
    )
