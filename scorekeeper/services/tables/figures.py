"""What a game's score says for a table's statistics: pure, plain values in and out.

A count is ``(seat, name, item, n, value)``: ``n`` observations adding up to ``value`` (an average is
``sum(value) / sum(n)`` over any set of games); ``seat`` None for a figure of the whole game.

>>> from scorekeeper.rules import score_game
>>> score = score_game("rummikub", [{"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]}],
...                    players=2, options={"rounds": 1})
>>> figures = game_figures(score)
>>> figures.finished, [(s.total, s.rank, s.winner) for s in figures.seats]
(True, [(35, 1, True), (-35, 2, False)])
>>> figures.counts
[(1, 'rack', '', 1, 35), (None, 'nobody_out', '', 1, 0)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...rules import GameScore

TILE_VARIANTS = ("rummikub", "crazy-tiles", "runny-tiles")
RUMBUGZ_KINDS = ("single", "double", "triple", "match")

Count = tuple  # (seat | None, name, item, n, value)


@dataclass(frozen=True)
class SeatResult:
    """One seat's game: total, finishing rank (winners first), win, complete hands and their points."""

    total: int
    rank: int
    winner: bool
    hands: int
    hand_points: int


@dataclass(frozen=True)
class GameFigures:
    """A game as the table's statistics see it."""

    finished: bool
    high_wins: bool
    hands: int
    seats: tuple[SeatResult, ...]
    counts: list


def game_figures(score: GameScore) -> GameFigures:
    """Each seat's result and the variant's counted figures (see the module docstring)."""
    complete = [r for r in score.rounds if r.complete]
    ranks = score.ranks  # the engine's, by the variant's own end rule (KB-10, RB-8, CT-8, CR-8, CZ-8)
    winners = set(score.winners) if score.finished else set()
    seats = tuple(SeatResult(total=score.totals[s], rank=ranks[s], winner=s in winners, hands=len(complete),
                             hand_points=sum(r.changes[s] for r in complete))
                  for s in range(score.players))
    counter = COUNTERS.get("tiles" if score.variant in TILE_VARIANTS else score.variant)
    counts = _gathered(counter(score, complete)) if counter else []
    return GameFigures(finished=score.finished, high_wins=score.high_wins, hands=len(complete),
                       seats=seats, counts=counts)


def _gathered(counts: Iterable[Count]) -> list:
    """Counts with the same seat, name and item added together, in first-seen order."""
    totals: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    for seat, name, item, n, value in counts:
        entry = totals[(seat, name, str(item))]
        entry[0] += n
        entry[1] += value
    return [(seat, name, item, n, value) for (seat, name, item), (n, value) in totals.items()]


# -- per variant ------------------------------------------------------------------------

def _krazy_bee(score: GameScore, complete) -> Iterable[Count]:
    """KB-9: the Step each seat attempted each hand and whether it was laid."""
    tries: dict[tuple[int, int], int] = {}
    for r in complete:
        for seat, (step, laid) in enumerate(zip(r.details["steps"], r.details["laid"])):
            if step is None:
                continue
            tries[(seat, step)] = tries.get((seat, step), 0) + 1
            if laid:
                count = tries.pop((seat, step))
                yield seat, "step", step, 1, int(count == 1)
                yield seat, "tries", step, 1, count
    for (seat, step), _count in tries.items():  # attempted, not laid (yet)
        yield seat, "step", step, 1, 0


def _crib_rummy(score: GameScore, complete) -> Iterable[Count]:
    """CR-5/CR-6: pegs from melds laid card by card, and those from another player's meld."""
    for seat in range(score.players):
        yield seat, "meld_pegs", "", 0, 0
        yield seat, "extend_pegs", "", 0, 0
    for r in score.rounds:
        owners = {meld["meld"]: meld["owner"] for meld in r.details.get("table", ())}
        for turn in r.details.get("turns", ()):
            for meld in turn.get("melds", ()):
                yield turn["player"], "meld_pegs", "", 1, meld["pegs"]
                if not meld["new"] and owners.get(meld["meld"]) != turn["player"]:
                    yield turn["player"], "extend_pegs", "", 1, meld["pegs"]


def _rumbugz(score: GameScore, complete) -> Iterable[Count]:
    """RB-4: for a player who laid some but not all four kinds, the kinds still missing."""
    for r in complete:
        for seat, progress in enumerate(r.progress):
            laid = set(progress.get("kinds") or ())
            if seat != r.details.get("winner") and 0 < len(laid) < len(RUMBUGZ_KINDS):
                for kind in RUMBUGZ_KINDS:
                    yield seat, "kind_missing", kind, 1, int(kind not in laid)


def _tiles(score: GameScore, complete) -> Iterable[Count]:
    """CT-7: the rack left by each player who did not go out; hands nobody went out of."""
    for r in complete:
        out = r.details.get("went_out")
        for seat, rack in enumerate(r.details.get("racks", ())):
            if seat != out:
                yield seat, "rack", "", 1, rack
        yield None, "nobody_out", "", 1, int(out is None)


def _crazy_rummy(score: GameScore, complete) -> Iterable[Count]:
    """CZ-1/CZ-6: each player's board value per hand, and the hand's wild rank."""
    for r in complete:
        for seat, board in enumerate(r.details.get("board", ())):
            yield seat, "board", "", 1, board
        if r.details.get("wild"):
            yield None, "wild", r.details["wild"], 1, 1


COUNTERS: Mapping[str, Any] = {"krazy-bee": _krazy_bee, "crib-rummy": _crib_rummy, "rumbugz": _rumbugz,
                               "tiles": _tiles, "crazy-rummy": _crazy_rummy}
