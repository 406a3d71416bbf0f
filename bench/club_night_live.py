"""Club night through the HTTP API on a live server (issue 39; :mod:`club_night` prints it).

The server ``make run`` starts (gunicorn, gevent, a worker per core; bench/bench_server.py) on a
fresh SQLite file made by the migrations. A club of 100 players, an event of 4 rounds at 25 tables
(round 1 drawn, then Swiss), every table played through the API as a club night plays it: the
table's phones take their seats, one hand is recorded with a seeded random winner and racks (the
game's edit secret, which the club derives from its table secret), the first seat declares the
result and the second confirms it. Tables are played 8 at a time; every 4th confirmation is sent
twice with its Idempotency-Key (an answer lost, the change sent again).

Measured: seating each round (``POST /events/<id>/rounds``, the 25 games started and opened for
seats); each result's way to the standings, from the confirmation's send to the moment an observer
sees the standings include it (following the event's live channel ``/live/events/<id>`` and reading
the standings after each change when the server has it, else polling ``GET .../standings``); the
standings endpoint (and the standings screen, when the server has it) read 200 times after the
evening; and every result counted: a table without a final result or a player short of games is
lost, a game with two hands or a player with too many games is doubled.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import requests
from bench_server import start_server
from big_body import migrated
from club_night_observer import Observer, p95

from scorekeeper.services.tables.roster import game_secret
from tests.servers import free_port

PLAYERS, ROUNDS, AT_ONCE = 100, 4, 8
#: the tiles a loser's rack is drawn from (Rummikub: red, blue, black and the fourth colour, 1 to 13)
TILES = [f"{c}{n}" for c in "RBKG" for n in range(1, 14)]


def _post(url: str, secret: str, body=None, key: str | None = None) -> requests.Response:
    headers = {"Authorization": f"Bearer {secret}", **({"Idempotency-Key": key} if key else {})}
    return requests.post(url, json=body if body is not None else {}, headers=headers, timeout=60)


def play_table(
    api: str,
    eid: str,
    club_secret: str,
    number: int,
    table: dict,
    rng: random.Random,
    clock: dict[str, dict],
    twice: bool,
) -> list[str]:
    """One table: seats taken, one hand, declared by seat 0, confirmed by seat 1 (``clock``: when the
    confirmation was sent and answered); problems seen."""
    gid, problems = table["game"], []
    seats = [
        requests.post(f"{api}/games/{gid}/seats", json={"name": n}, timeout=60).json()["secret"]
        for n in table["players"]
    ]
    winner = rng.randrange(len(seats))
    tiles = rng.sample(TILES, 3 * len(seats))  # each tile once: the box has two of each
    racks = [
        {"rack": "" if s == winner else " ".join(tiles[3 * s : 3 * s + rng.randint(1, 3)])}
        for s in range(len(seats))
    ]
    hand = _post(
        f"{api}/games/{gid}/rounds",
        game_secret(club_secret, gid),
        {"winner": winner, "players": racks},
        str(uuid.uuid4()),
    )
    at = f"{api}/events/{eid}/rounds/{number}/tables/{table['number']}"
    declared = _post(f"{at}/declaration", seats[0], key=str(uuid.uuid4()))
    key = str(uuid.uuid4())
    clock["sent"][(number, table["number"])] = time.perf_counter()
    confirmed = _post(f"{at}/confirmation", seats[1], key=key)
    clock["answered"][(number, table["number"])] = time.perf_counter()
    if twice:  # the answer lost: the same confirmation sent again with its key
        again = _post(f"{at}/confirmation", seats[1], key=key)
        if again.status_code != 200 or again.headers.get("Idempotent-Replayed") != "true":
            problems.append(f"round {number} table {table['number']}: the retry answered {again.status_code}")
    for what, answer in (("hand", hand), ("declared", declared), ("confirmed", confirmed)):
        if answer.status_code >= 300:
            problems.append(
                f"round {number} table {table['number']}: {what} {answer.status_code} {answer.text[:120]}"
            )
    return problems


def count(api: str, eid: str) -> tuple[int, int, int]:
    """Results final, lost and doubled, counted from the event, its games and its standings."""
    event = requests.get(f"{api}/events/{eid}", timeout=60).json()
    tables = [t for r in event["rounds"] for t in r["tables"]]
    final = sum(t["final"] for t in tables)
    hands = [len(requests.get(f"{api}/games/{t['game']}", timeout=60).json()["rounds"]) for t in tables]
    games = [line["games"] for line in event["standings"]]
    lost = (len(tables) - final) + sum(1 for g in games if g < ROUNDS) + sum(1 for h in hands if h == 0)
    doubled = sum(1 for h in hands if h > 1) + sum(1 for g in games if g > ROUNDS)
    return final, lost, doubled


def timed_reads(url: str, times: int = 200) -> list[float]:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        answer = requests.get(url, timeout=60)
        out.append(time.perf_counter() - start)
        if answer.status_code != 200:
            return []
    return out


def live_evening(seed: int, workers: int) -> dict:
    """The evening through the API; its figures."""
    names = [f"Player {n:03}" for n in range(PLAYERS)]
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(port, migrated(folder), workers)
        try:
            base = f"http://127.0.0.1:{port}"
            api = f"{base}/api/v1"
            club = requests.post(
                f"{api}/tables", json={"name": "Bench club", "players": names}, timeout=60
            ).json()
            body = {"name": "Bench night", "variant": "rummikub", "rounds": ROUNDS, "players": names}
            event = _post(f"{api}/tables/{club['id']}/events", club["secret"], body).json()
            eid = event["id"]
            observer = Observer(base, eid)
            observer.start()
            seating, problems = [], []
            clock: dict[str, dict] = {"sent": {}, "answered": {}}
            sent, answered = clock["sent"], clock["answered"]
            for number in range(1, ROUNDS + 1):
                start = time.perf_counter()
                answer = _post(
                    f"{api}/events/{eid}/rounds",
                    club["secret"],
                    {"rule": "draw" if number == 1 else "swiss", "seed": seed},
                )
                seating.append(time.perf_counter() - start)
                seated = answer.json()
                if answer.status_code != 201:
                    problems.append(f"round {number}: {answer.status_code} {json.dumps(seated)[:200]}")
                    break
                for table in seated["tables"]:
                    observer.expect(number, table["number"], table["players"])
                with ThreadPoolExecutor(AT_ONCE) as pool:
                    jobs = [
                        pool.submit(
                            play_table,
                            api,
                            eid,
                            club["secret"],
                            number,
                            t,
                            random.Random(f"{seed}:{number}:{t['number']}"),
                            clock,
                            t["number"] % 4 == 0,
                        )
                        for t in seated["tables"]
                    ]
                    for job in jobs:
                        problems += job.result()
                deadline = time.time() + 10
                while time.time() < deadline and any(k not in observer.seen for k in sent):
                    time.sleep(0.05)
            observer.stop.set()
            reached = [observer.seen[k] - sent[k] for k in sent if k in observer.seen]
            after = [max(0.0, observer.seen[k] - answered[k]) for k in answered if k in observer.seen]
            final, lost, doubled = count(api, eid)
            return {
                "how": observer.how,
                "seating": seating,
                "reached": reached,
                "after_answer": after,
                "unseen": len(sent) - len(reached),
                "reads_during": observer.reads,
                "standings": timed_reads(f"{api}/events/{eid}/standings"),
                "screen": timed_reads(f"{base}/events/{eid}/screen"),
                "final": final,
                "lost": lost,
                "doubled": doubled,
                "problems": problems,
                "workers": workers,
            }
        finally:
            server.terminate()
            server.wait(timeout=30)


def _ms(value: float) -> str:
    return f"{value * 1000:,.0f} ms"


def _spread(values: list[float]) -> str:
    return f"p50 {_ms(statistics.median(values))}, p95 {_ms(p95(values))}, max {_ms(max(values))}"


def report(figures: dict) -> bool:
    """Print the figures; whether every target was met."""
    tables = PLAYERS // 4
    print(f"{PLAYERS} players, {tables} tables, {ROUNDS} rounds through the HTTP API")
    print(f"  (make run's server: gunicorn, gevent, {figures['workers']} workers; SQLite)")
    seating = ", ".join(_ms(s) for s in figures["seating"])
    print(f"  seating each round (POST /events/<id>/rounds, 25 games started): {seating} (target under 1 s)")
    reached = figures["reached"]
    if reached:
        print(f"  a confirmed result in the standings ({len(reached)} results), by {figures['how']}:")
        print(f"    from the confirmation's send: {_spread(reached)} (target p95 under 1 s)")
        print(f"    never seen: {figures['unseen']}")
        print(f"    from the confirmation's answer: {_spread(figures['after_answer'])}")
    for name, values in (
        ("GET /events/<id>/standings", figures["standings"]),
        ("the standings screen /events/<id>/screen", figures["screen"]),
    ):
        if values:
            print(f"  {name}, 200 reads after the evening: {_spread(values)} (target p95 under 150 ms)")
        else:
            print(f"  {name}: not served")
    during = figures["reads_during"]
    if during:
        print(
            f"  the standings read by the observer while tables played ({len(during)} reads): {_spread(during)}"
        )
    lost, doubled = figures["lost"], figures["doubled"]
    print(f"  results final: {figures['final']} of {tables * ROUNDS}; lost: {lost}; doubled: {doubled}")
    for problem in figures["problems"][:10]:
        print("  problem:", problem)
    return (
        bool(figures["seating"])
        and max(figures["seating"]) < 1.0
        and bool(reached)
        and p95(reached) < 1.0
        and bool(figures["standings"])
        and p95(figures["standings"]) < 0.15
        and figures["lost"] == 0
        and figures["doubled"] == 0
        and not figures["problems"]
    )
