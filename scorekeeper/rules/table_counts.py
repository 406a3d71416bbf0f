"""What each variant's scored hands count for a table's statistics (:meth:`.Variant.table_counts`).

A count is ``(seat, name, item, n, value)``: ``n`` observations adding up to
``value``; ``seat`` None for a figure of the whole game. Each function reads
the engine's own round details, never raw facts; each variant class names its
own (:attr:`.Variant.table_counts`), so a variant without one counts nothing
only when it says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .scoring import GameScore

Count = tuple  # (seat | None, name, item, n, value)


def no_counts(score: GameScore, complete) -> Iterable[Count]:
    """Nothing beyond totals and wins (a variant that keeps no figures of its own says so)."""
    return ()


def krazy_bee_counts(score: GameScore, complete) -> Iterable[Count]:
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


def crib_rummy_counts(score: GameScore, complete) -> Iterable[Count]:
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


def rumbugz_counts(score: GameScore, complete, kinds: Sequence[str] = ()) -> Iterable[Count]:
    """RB-4: for a player who laid some but not all four kinds, the kinds still missing."""
    for r in complete:
        for seat, progress in enumerate(r.progress):
            laid = set(progress.get("kinds") or ())
            if seat != r.details.get("winner") and 0 < len(laid) < len(kinds):
                for kind in kinds:
                    yield seat, "kind_missing", kind, 1, int(kind not in laid)


def tile_counts(score: GameScore, complete) -> Iterable[Count]:
    """CT-7: the rack left by each player who did not go out; hands nobody went out of."""
    for r in complete:
        out = r.details.get("went_out")
        for seat, rack in enumerate(r.details.get("racks", ())):
            if seat != out:
                yield seat, "rack", "", 1, rack
        yield None, "nobody_out", "", 1, int(out is None)


def crazy_rummy_counts(score: GameScore, complete) -> Iterable[Count]:
    """CZ-1/CZ-6: each player's board value per hand, and the hand's wild rank."""
    for r in complete:
        for seat, board in enumerate(r.details.get("board", ())):
            yield seat, "board", "", 1, board
        if r.details.get("wild"):
            yield None, "wild", r.details["wild"], 1, 1
