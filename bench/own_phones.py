"""Own phones benchmark (issue 38, docs/own-phones.md): four seats sending their parts at once.

On a fresh SQLite file, through Flask's test client in one process (no network): a 4-player
Rummikub game opened for seats, each seat taken; then, ``--hands`` times, four threads wait at a
barrier and send their seat's part of the open round within a few milliseconds of each other
(``PUT /api/v1/games/<id>/seats/<seat>/part``). Every part must be answered 200 and every round
recorded exactly once (the part that completes it says so; the game holds one round per round
sent). Prints how many rounds were recorded and how many times, the spread of the four sends'
starts, and the median and 95th percentile of a part's answer time (a part that records the round
and one that does not).

Then the issue's figures on a real server (:mod:`own_phones_live`): the time from the last part
sent to the recorded hand on every phone, 4 seats and 20 followers (p95, target under 500 ms); and
(:mod:`own_phones_taps`) the taps on one seated phone for its part, per variant, in headless
Chromium (target: a tile game's rack total at most 3, a Krazy Bee hand 4, a Crazy Rummy hand 2, a Crib Rummy
player's turns 6). The load average
(``uptime``) is printed before and after: the machine is shared.

Usage: ``python bench/own_phones.py [--hands 200] [--live-hands 50]``. Prints the figures; exits 1
when a round was not recorded exactly once, a part was refused, or a phone did not show a hand.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.storage.extensions import db  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Dee"]
#: each round: Ann goes out, the others hold a tile or a total
PARTS = [{"went_out": True}, {"rack": "R5"}, {"rack": "B7 K2"}, {"points": 3}]


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def seated_game(app) -> tuple[str, list[str]]:
    """A 4-player Rummikub game (no end in sight) opened for seats, each seat taken: its id, the seats' secrets."""
    client = app.test_client()
    body = {"variant": "rummikub", "players": NAMES, "options": {"target": 10**6}}
    game = client.post("/api/v1/games", json=body).get_json()
    gid, secret = game["id"], game["secret"]
    client.put(f"/api/v1/games/{gid}/seating", json={}, headers={"Authorization": f"Bearer {secret}"})
    return gid, [
        client.post(f"/api/v1/games/{gid}/seats", json={"name": n}).get_json()["secret"] for n in NAMES
    ]


def one_round(app, gid: str, seats: list[str], hand: int, seen: dict[str, list]) -> None:
    """Four threads send their parts of round ``hand`` at once; what each saw goes into ``seen``."""
    barrier = threading.Barrier(4)
    starts = [0.0] * 4

    def send(seat: int) -> None:
        phone = app.test_client()
        barrier.wait()
        starts[seat] = time.perf_counter()
        answer = phone.put(
            f"/api/v1/games/{gid}/seats/{seat}/part",
            json={"hand": hand, "part": PARTS[seat]},
            headers={"Authorization": f"Bearer {seats[seat]}"},
        )
        took = (time.perf_counter() - starts[seat]) * 1000
        if answer.status_code != 200:
            seen["refused"].append(f"round {hand}, seat {seat}: {answer.status_code} {answer.get_json()}")
        elif answer.get_json()["recorded"]:
            seen["recorded"].append(answer.get_json()["recorded"])
            seen["last"].append(took)
        else:
            seen["plain"].append(took)

    threads = [threading.Thread(target=send, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seen["spreads"].append((max(starts) - min(starts)) * 1000)


def figures(name: str, values: list[float]) -> str:
    return f"{name}: median {statistics.median(values):.1f} ms, p95 {p95(values):.1f} ms, max {max(values):.1f} ms"


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def live_and_taps(live_hands: int) -> bool:
    """The live figure (every phone shown the hand) and the taps per variant; False on a problem."""
    import own_phones_live  # a real server and Chromium: only when the figures run
    import own_phones_taps

    print(f"load before the live figure: {load()}")
    times, recorded, problems = own_phones_live.measure(live_hands)
    every = times["seats"] + times["followers"]
    print(
        f"live: {live_hands} rounds, recorded {recorded}; {len(every)} phone showings "
        f"({len(own_phones_live.NAMES)} seats + {own_phones_live.FOLLOWERS} followers a round)"
    )
    for line in problems[:5]:
        print("  ", line)
    if every:
        print(figures("last part sent -> hand shown on every phone (target p95 < 500 ms)", every))
        for key in ("seats", "followers"):
            print("  ", figures(f"{key} alone", times[key]))
    print("taps on one seated phone for its part:")
    lines, tapped = own_phones_taps.measure()
    for line in lines:
        print("  ", line)
    print(f"load after: {load()}")
    return tapped and not problems and recorded == live_hands


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--live-hands", type=int, default=50, help="rounds of the live figure (0: skip it)")
    args = parser.parse_args()
    print(f"load: {load()}")
    folder = Path(tempfile.mkdtemp())
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}",
        }
    )
    with app.app_context():
        db.create_all()
    gid, seats = seated_game(app)
    seen: dict[str, list] = {"recorded": [], "refused": [], "spreads": [], "plain": [], "last": []}
    for hand in range(1, args.hands + 1):
        one_round(app, gid, seats, hand, seen)
    rounds = len(app.test_client().get(f"/api/v1/games/{gid}").get_json()["rounds"])
    once = sorted(seen["recorded"]) == list(range(1, args.hands + 1)) and rounds == args.hands
    print(
        f"rounds sent {args.hands}, recorded {rounds}, recording answers {len(seen['recorded'])}: exactly once: {once}"
    )
    print(f"parts refused: {len(seen['refused'])}")
    for line in seen["refused"][:5]:
        print("  ", line)
    print(figures("four sends' start spread", seen["spreads"]))
    for key, name in (("plain", "a part kept"), ("last", "the last part (records the round)")):
        if seen[key]:
            print(figures(name, seen[key]))
    live = live_and_taps(args.live_hands) if args.live_hands else True
    return 0 if once and not seen["refused"] and live else 1


if __name__ == "__main__":
    sys.exit(main())
