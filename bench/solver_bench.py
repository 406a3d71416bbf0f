"""Best-play speed against the peer: scorekeeper's solver vs rummikub-solver 1.0.0 (issue 12).

Generates 300 seeded random positions under standard Rummikub rules (a legal
table of 20-60 tiles, a rack of 14 drawn from the tiles left, jokers
included), solves each with ``scorekeeper.rules.solve`` and with
``rummikub-solver`` 1.0.0 (an integer programme after Den Hertog & Hulshof,
solved by HiGHS through cvxpy), and prints how many optima agree, the median
and p95 time of each and their ratio. Then the same figures for
``crazy-tiles`` and ``runny-tiles`` positions (no peer knows those rules).

Issue 18 adds two sets of figures: 100 standard positions whose table holds
jokers (beside joker-free ones, interleaved), and 200 seeded grid positions
(``--grid-positions``; racks of 6-14, tables of 9-30 tiles) with how many
answers are proved optimal and whether every board passes the turn checker,
naming the unproved ones; then small grid positions, each answer checked
against the exhaustive search of ``tests/rules/grid_brute.py``.
``--only grid``, ``--only small`` or ``--only jokers`` prints just those (no
peer needed).

The peer is not a dependency of scorekeeper: it is installed into a
throwaway virtual environment (in the temporary directory, kept between
runs) and run there as a worker process. Times are per solve, inside each
process, after one warm-up solve; ours include reading the notation.

    .venv/bin/python bench/solver_bench.py [--positions 300] [--seed 12]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from solver_positions import grid_position, joker_table, position, small_position, standard_set, switch_set

PEER = "rummikub-solver[highs]==1.0.0"
PEER_VENV = Path(tempfile.gettempdir()) / "scorekeeper-bench-peer"
#: the peer numbers tiles colour by colour: black, blue, orange (our gold), red
PEER_COLOUR = {"K": 0, "B": 1, "G": 2, "R": 3}


def grid_figures(rng: random.Random, count: int) -> None:
    """Best play on the grid (CT-9): proofs, legality of every board (the turn checker), times."""
    from scorekeeper.rules import check_turn, solve

    positions = [grid_position(rng, ("crazy-tiles", "runny-tiles")[n % 2]) for n in range(count)]
    solve("crazy-tiles", positions[0]["rack"], table=positions[0]["table"])  # warm-up
    times, proven, legal, gaps, cpu, unproved = [], 0, 0, [], [], set()
    for n, p in enumerate(positions):
        start, used = time.perf_counter(), time.process_time()
        best = solve(p["variant"], p["rack"], table=p["table"])
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
        proven += best.optimal
        turn = check_turn(p["variant"], p["table"], p["rack"], best.board or "", must_play="C")
        legal += turn.valid and len(turn.extra["played"]) == best.tiles_played
        if not best.optimal:
            unproved.add(n)
            gaps.append(best.bound - best.tiles_played if best.bound is not None else None)
    med, p95 = _summary(times)
    sizes = [p["size"] for p in positions]
    print(
        f"grid (crazy-tiles, runny-tiles): {count} positions, tables of {min(sizes)}-{max(sizes)} tiles, "
        f"racks of 6-14; proven optimal {proven}/{count}, boards legal by the turn checker {legal}/{count}; "
        f"median {_ms(med)}, p95 {_ms(p95)}, slowest {_ms(max(times))}  (targets: median < 50 ms, p95 < 1 s)"
    )
    print(
        f"  CPU time of this process: median {_ms(_summary(cpu)[0])}, p95 {_ms(_summary(cpu)[1])}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    if gaps:
        print(
            f"  not proven: {len(gaps)}; bound minus tiles found: {sorted(gaps, key=lambda g: (g is None, g))}"
        )
    for n, p in enumerate(positions):
        if n in unproved:
            print(f"  not proven #{n} {p['variant']}: rack {p['rack']!r}, table {p['table']!r}")


def small_figures(rng: random.Random, count: int) -> None:
    """Small grid positions, each answer checked against an exhaustive search of every board in a
    3x3 window (``tests/rules/grid_brute.py``, which knows nothing of the solver): a proved optimum
    is never beaten, and equals the window's best when the board fits the window."""
    from scorekeeper.rules import solve
    from tests.rules.grid_brute import most_tiles

    proven = beaten = equal = 0
    for n in range(count):
        p = small_position(rng, ("crazy-tiles", "runny-tiles")[n % 2])
        best = solve(p["variant"], p["rack"], table=p["table"])
        window = most_tiles(p["variant"], p["rack"], p["table"], 3, 3)
        proven += best.optimal
        beaten += best.optimal and window > best.tiles_played
        equal += window == best.tiles_played
        if window > best.tiles_played:
            print(f"  exhaustive search lays more: {p} ({window} against {best.tiles_played})")
    print(
        f"grid, small positions: {count} (a table of 3 tiles, racks of 3-5), proven optimal {proven}/{count}; "
        f"the exhaustive search of a 3x3 window beats a proved answer {beaten} times, lays as many {equal}/{count}"
    )


def joker_figures(rng: random.Random, count: int) -> None:
    """Standard positions with jokers on the table (CT-10), beside joker-free ones solved in turn."""
    from scorekeeper.rules import solve

    pairs = [(position(rng, standard_set), joker_table(rng)) for _ in range(count)]
    plain, jokers, cpu = [], [], []
    for p, q in pairs:  # interleaved, so both see the same load
        for into, r in ((plain, p), (jokers, q)):
            start, used = time.perf_counter(), time.process_time()
            solve("rummikub", r["rack"], table=r["table"])
            into.append(time.perf_counter() - start)
            if into is jokers:
                cpu.append(time.process_time() - used)
    j_med, j_p95 = _summary(jokers)
    p_med, _ = _summary(plain)
    c_med, c_p95 = _summary(cpu)
    print(
        f"rummikub, jokers on the table: {count} positions; wall time median {_ms(j_med)}, p95 {_ms(j_p95)}; "
        f"joker-free beside them {_ms(p_med)} ({j_med / p_med:.1f}x)  (target: median < 10 ms)"
    )
    print(
        f"  CPU time of this process (what load on the machine does not add): median {_ms(c_med)}, "
        f"p95 {_ms(c_p95)}; load average {os.getloadavg()[0]:.1f}"
    )


def _summary(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def ours(variant: str, positions: list[dict]) -> list[tuple[int, float, bool]]:
    from scorekeeper.rules import solve

    solve(variant, positions[0]["rack"], table=positions[0]["table"])  # warm-up: builds the set library
    out = []
    for p in positions:
        start = time.perf_counter()
        best = solve(variant, p["rack"], table=p["table"])
        out.append((best.tiles_played, time.perf_counter() - start, best.optimal))
    return out


def _peer_python() -> Path:
    python = PEER_VENV / "bin" / "python"
    probe = [str(python), "-c", "import rummikub_solver, highspy"]
    if not python.exists() or subprocess.run(probe, capture_output=True).returncode:
        print(f"installing {PEER} into {PEER_VENV} (throwaway, not a scorekeeper dependency) ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(PEER_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", PEER], check=True)
    return python


def peer_worker() -> None:
    """Runs inside the peer's venv: positions on stdin, [tiles, seconds] per position on stdout."""
    import rummikub_solver as rs

    rules = rs.RuleSet()

    def ids(text: str) -> list[int]:
        return [53 if t == "J" else PEER_COLOUR[t[0]] * 13 + int(t[1:]) for t in text.split() if t != "|"]

    def state(p):
        s = rules.new_game()
        s.add_table(*ids(p["table"]))
        s.add_rack(*ids(p["rack"]))
        s.initial = False
        return s

    positions = json.load(sys.stdin)
    rules.solve(state(positions[0]), rs.SolverMode.TILE_COUNT)  # warm-up
    out = []
    for p in positions:
        s = state(p)
        start = time.perf_counter()
        answer = rules.solve(s, rs.SolverMode.TILE_COUNT)
        out.append([len(answer.tiles) if answer else 0, time.perf_counter() - start])
    json.dump(out, sys.stdout)


def peer(positions: list[dict]) -> list[tuple[int, float]]:
    done = subprocess.run(
        [str(_peer_python()), __file__, "--peer-worker"],
        input=json.dumps(positions),
        capture_output=True,
        text=True,
        check=True,
    )
    return [tuple(r) for r in json.loads(done.stdout)]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--grid-positions", type=int, default=200)
    parser.add_argument("--small-positions", type=int, default=30)
    parser.add_argument(
        "--only", choices=("grid", "jokers", "small"), help="print only these figures (no peer)"
    )
    parser.add_argument("--peer-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.peer_worker:
        return peer_worker()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    rng = random.Random(args.seed)
    if args.only == "grid":
        grid_figures(rng, args.grid_positions)
        return small_figures(random.Random(args.seed), args.small_positions)
    if args.only == "small":
        return small_figures(rng, args.small_positions)
    if args.only == "jokers":
        return joker_figures(rng, 100)
    standard = [position(rng, standard_set) for _ in range(args.positions)]
    sizes = [p["size"] for p in standard]
    jokers = sum("J" in p["rack"].split() for p in standard)
    print(
        f"rummikub: {len(standard)} positions (seed {args.seed}), tables of {min(sizes)}-{max(sizes)} tiles, "
        f"racks of 14 ({jokers} holding a joker)"
    )
    theirs = peer(standard)
    mine = ours("rummikub", standard)
    agree = sum(a[0] == b[0] for a, b in zip(mine, theirs))
    print(f"  optima agree: {agree}/{len(standard)}; all proven optimal by ours: {all(m[2] for m in mine)}")
    for n, (a, b) in enumerate(zip(mine, theirs)):
        if a[0] != b[0]:
            print(f"  differs at {n}: ours {a[0]}, peer {b[0]}: rack {standard[n]['rack']!r}")
    m_med, m_p95 = _summary([m[1] for m in mine])
    t_med, t_p95 = _summary([t[1] for t in theirs])
    print(f"  scorekeeper     median {_ms(m_med)}, p95 {_ms(m_p95)}")
    print(f"  rummikub-solver median {_ms(t_med)}, p95 {_ms(t_p95)}")
    print(
        f"  ratio (peer / ours): median {t_med / m_med:.1f}x, p95 {t_p95 / m_p95:.1f}x  (target: median >= 5x)"
    )
    joker_figures(rng, 100)
    grid_figures(rng, args.grid_positions)
    small_figures(random.Random(args.seed), args.small_positions)
    for variant in ("crazy-tiles", "runny-tiles"):
        make = switch_set(variant)
        positions = [position(rng, make) for _ in range(args.positions)]
        mine = ours(variant, positions)
        med, p95 = _summary([m[1] for m in mine])
        played = statistics.mean(m[0] for m in mine)
        print(
            f"{variant}: {len(positions)} positions, proven optimal {sum(m[2] for m in mine)}/{len(positions)}, "
            f"{played:.1f} tiles laid on average; median {_ms(med)}, p95 {_ms(p95)}, "
            f"slowest {_ms(max(m[1] for m in mine))} (no peer)"
        )


if __name__ == "__main__":
    main()
