"""The observer of club night's live bench (:mod:`club_night_live`): it follows an event's live
channel (or polls its standings) and notes when each table's result first shows in the standings."""

from __future__ import annotations

import threading
import time

import requests


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Observer(threading.Thread):
    """Reads the standings after each change of the event's live channel (or every 100 ms without
    one) and notes when each table's result first shows there."""

    def __init__(self, base: str, eid: str) -> None:
        super().__init__(daemon=True)
        self.base, self.eid = base, eid
        self.tables: dict[tuple[int, int], list[str]] = {}
        self.seen: dict[tuple[int, int], float] = {}
        self.reads: list[float] = []
        self.stop = threading.Event()
        self.lock = threading.Lock()
        stream = requests.get(f"{base}/live/events/{eid}", stream=True, timeout=(10, 300))
        self.stream = (
            stream
            if stream.ok and stream.headers.get("Content-Type", "").startswith("text/event-stream")
            else None
        )
        self.how = (
            "the live channel event:<id> (a standings read after each change)"
            if self.stream
            else (
                "polling GET /events/<id>/standings every 100 ms (no live channel event:<id> on this server)"
            )
        )

    def expect(self, number: int, table: int, players: list[str]) -> None:
        with self.lock:
            self.tables[(number, table)] = players

    def look(self) -> None:
        start = time.perf_counter()
        lines = requests.get(f"{self.base}/api/v1/events/{self.eid}/standings", timeout=30).json()[
            "standings"
        ]
        now = time.perf_counter()
        self.reads.append(now - start)
        games = {line["name"]: line["games"] for line in lines}
        with self.lock:
            for (number, table), players in self.tables.items():
                if (number, table) not in self.seen and all(games.get(p, 0) >= number for p in players):
                    self.seen[(number, table)] = now

    def run(self) -> None:
        if self.stream is None:
            while not self.stop.is_set():
                self.look()
                time.sleep(0.1)
            return
        kind = ""
        try:
            for line in self.stream.iter_lines(decode_unicode=True):
                if self.stop.is_set():
                    return
                if line.startswith("event:"):
                    kind = line[6:].strip()
                elif line.startswith("data:") and kind == "change":
                    self.look()
        except requests.RequestException:
            if not self.stop.is_set():  # the stream cut while the evening is played: say so
                raise
