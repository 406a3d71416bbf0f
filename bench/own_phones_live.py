"""Own phones, live (issue 38, docs/own-phones.md): from the last part sent to the hand shown on every phone.

A real server (werkzeug, threaded, on a free loopback port, its own SQLite file) and a 4-player
Rummikub game opened for seats. Four seated phones (each holding its seat's cookie from the seat's
link) listen on their seat stream (``/live/games/<id>/seat``) and, after each change, fetch their own
seat page's live content, as the page does; twenty followers listen on the game page's stream
(``/live/games/<id>``, the read-only link: each change comes with the page's new content). Each
round three parts are sent, the streams are left to settle, then the last part is sent; the time
counted for each phone runs from the last part's send to the recorded hand on that phone: for a
seat, its page's content showing the next hand; for a follower, the change event carrying the
recorded hand's page.
"""

from __future__ import annotations

import json
import threading
import time

import requests

try:  # run as a script from bench/, or imported as bench.own_phones_live
    import taps
except ImportError:  # pragma: no cover
    from bench import taps

NAMES = ["Ann", "Bob", "Cy", "Dee"]
PARTS = [{"went_out": True}, {"rack": "R5"}, {"rack": "B7 K2"}, {"points": 3}]
FOLLOWERS = 20
SETTLE = 0.6  # seconds the streams are given after the first three parts, before the last one


def served():
    """The app on a free loopback port (no rate limits: 24 phones on one address; streams that last
    the whole run), its own SQLite file."""
    return taps.served(RATELIMIT_ENABLED=False, LIVE_STREAM_SECONDS=3600)


class Round:
    """One round's measurement: armed at the last part's send, each phone's time when it shows the hand."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.hand = 0
        self.start: float | None = None
        self.seen: dict[str, float] = {}
        self.all_in = threading.Event()

    def arm(self, hand: int) -> None:
        with self.lock:
            self.hand, self.seen = hand, {}
            self.all_in.clear()
            self.start = time.perf_counter()

    def shown(self, who: str, hand: int) -> None:
        with self.lock:
            if self.start is None or hand != self.hand or who in self.seen:
                return
            self.seen[who] = (time.perf_counter() - self.start) * 1000
            if len(self.seen) == len(NAMES) + FOLLOWERS:
                self.all_in.set()

    def disarm(self) -> None:
        with self.lock:
            self.start = None


def changes(response):
    """The change events' data of an SSE answer, one dict each (beats and polls left out)."""
    kind = ""
    for line in response.iter_lines(decode_unicode=True):
        if line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:") and kind == "change":
            yield json.loads(line[5:])


def follower(base: str, gid: str, who: str, now: Round, ready: threading.Barrier) -> None:
    """The game page's reader: the change after the last part is the recorded hand (with its page)."""
    with requests.get(f"{base}/live/games/{gid}", stream=True, timeout=None) as stream:
        ready.wait()
        for event in changes(stream):
            hand = now.hand
            if now.start is not None and f"Round {hand} recorded from the players" in event.get("html", ""):
                now.shown(who, hand)


def seated(base: str, gid: str, who: str, secret: str, now: Round, ready: threading.Barrier) -> None:
    """A seat's phone: after each change on its stream it fetches its own content, as its page does."""
    phone = requests.Session()
    phone.get(f"{base}/games/{gid}/seat/{secret}", timeout=30)  # the seat's link: the cookie kept
    with phone.get(f"{base}/live/games/{gid}/seat", stream=True, timeout=None) as stream:
        ready.wait()
        for _ in changes(stream):
            if now.start is None:
                continue
            hand = now.hand
            page = phone.get(f"{base}/games/{gid}/seat", params={"fragment": "live"}, timeout=30).text
            if f'<h2 id="seat-h">Round {hand + 1}</h2>' in page:
                now.shown(who, hand)


def measure(rounds: int) -> tuple[dict[str, list[float]], int, list[str]]:
    """Every phone's time (ms) per round (seats' and followers'), how many rounds were recorded,
    and any problem seen."""
    problems: list[str] = []
    times: dict[str, list[float]] = {"seats": [], "followers": []}
    with served() as base:
        api = f"{base}/api/v1"
        body = {"variant": "rummikub", "players": NAMES, "options": {"target": 10**6}}
        game = requests.post(f"{api}/games", json=body, timeout=30).json()
        gid, secret = game["id"], game["secret"]
        requests.put(f"{api}/games/{gid}/seating", json={}, headers={"Authorization": f"Bearer {secret}"})
        seats = [requests.post(f"{api}/games/{gid}/seats", json={"name": n}).json()["secret"] for n in NAMES]
        now = Round()
        ready = threading.Barrier(len(NAMES) + FOLLOWERS + 1)
        phones = [
            threading.Thread(target=seated, args=(base, gid, n, s, now, ready), daemon=True)
            for n, s in zip(NAMES, seats)
        ] + [
            threading.Thread(target=follower, args=(base, gid, f"f{i}", now, ready), daemon=True)
            for i in range(FOLLOWERS)
        ]
        for t in phones:
            t.start()
        ready.wait()
        for hand in range(1, rounds + 1):
            for seat in range(4):
                if seat == 3:
                    time.sleep(SETTLE)
                    now.arm(hand)
                answer = requests.put(
                    f"{api}/games/{gid}/seats/{seat}/part",
                    json={"hand": hand, "part": PARTS[seat]},
                    headers={"Authorization": f"Bearer {seats[seat]}"},
                    timeout=60,
                )
                if answer.status_code != 200:
                    problems.append(f"round {hand}, seat {seat}: {answer.status_code}")
            if not now.all_in.wait(30):
                problems.append(f"round {hand}: {len(now.seen)} of {len(NAMES) + FOLLOWERS} phones showed it")
            for who, took in now.seen.items():
                times["seats" if who in NAMES else "followers"].append(took)
            now.disarm()
        recorded = len(requests.get(f"{api}/games/{gid}", timeout=30).json()["rounds"])
    return times, recorded, problems
