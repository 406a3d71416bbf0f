"""What scoring produces (N-5): a variant's :class:`RoundOutcome`, each :class:`RoundScore`
and the whole :class:`GameScore`, with the ranking helpers they share.

Plain values only: :mod:`.game` folds a game's round facts through a
variant's hooks into these, and :mod:`.base`'s hooks build them; neither is
imported here, so the value types sit below both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class RoundOutcome:
    """What a variant's ``score_round`` hook returns for one round.

    ``changes``: score change per seat. ``progress``: each seat's progress
    *after* the round (variant-specific JSON-ready dicts: Step reached, pegs,
    wins ...). ``details``: anything else worth showing (per-turn pegs, hand
    sizes, which Step each player attempted). ``complete`` is False for a
    hand still being played (crib-rummy's turn-by-turn log). ``starter`` is the
    seat that played first, where the facts or the rules say so.
    ``ends_game`` lets a variant end the game during a hand (CR-8).
    """

    changes: tuple[int, ...]
    progress: tuple[Mapping[str, Any], ...]
    details: Mapping[str, Any] = field(default_factory=dict)
    complete: bool = True
    starter: int | None = None
    ends_game: bool = False


@dataclass(frozen=True)
class RoundScore:
    """One scored round: its number (1-based), dealer, changes and running totals."""

    number: int
    dealer: int
    starter: int | None
    changes: tuple[int, ...]
    totals: tuple[int, ...]
    progress: tuple[Mapping[str, Any], ...]
    details: Mapping[str, Any]
    complete: bool = True

    def to_dict(self) -> dict:
        return {
            "number": self.number, "dealer": self.dealer, "starter": self.starter,
            "changes": list(self.changes), "totals": list(self.totals),
            "progress": [dict(p) for p in self.progress], "details": dict(self.details),
            "complete": self.complete,
        }


def rank_totals(totals: tuple[int, ...], high_wins: bool) -> tuple[int, ...]:
    """Standard competition ranks (1 = best; ties share a rank, N-5).

    >>> rank_totals((10, 30, 10, 5), high_wins=True)
    (2, 1, 2, 4)
    >>> rank_totals((10, 30, 10, 5), high_wins=False)
    (2, 4, 2, 1)
    """
    key = (lambda t: -t) if high_wins else (lambda t: t)
    return tuple(1 + sum(1 for o in totals if key(o) < key(t)) for t in totals)


def best_seats(totals: tuple[int, ...], high_wins: bool, among: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The seats sharing the best total (among ``among`` if given; N-5 shared wins).

    >>> best_seats((10, 30, 30, 5), high_wins=True)
    (1, 2)
    >>> best_seats((10, 30, 30, 5), high_wins=False, among=(0, 1))
    (0,)
    """
    seats = tuple(range(len(totals))) if among is None else tuple(among)
    if not seats:
        return ()
    pick = max if high_wins else min
    best = pick(totals[s] for s in seats)
    return tuple(s for s in seats if totals[s] == best)


@dataclass(frozen=True)
class GameScore:
    """A game derived from its round history.

    ``dealer`` / ``starter``: who deals and who plays first in the current hand
    (the next hand when the last one is complete; ``starter`` is None where the
    table chooses, e.g. CR-9, and ``chooser`` then names who chooses).
    ``winners`` is empty until ``finished``; ``leaders`` are the seats with the
    best total now.
    """

    variant: str
    players: int
    first_dealer: int
    high_wins: bool
    rounds: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    progress: tuple[Mapping[str, Any], ...]
    finished: bool = False
    winners: tuple[int, ...] = ()
    dealer: int = 0
    starter: int | None = None
    chooser: int | None = None
    notes: tuple[str, ...] = ()

    @property
    def ranks(self) -> tuple[int, ...]:
        return rank_totals(self.totals, self.high_wins)

    @property
    def leaders(self) -> tuple[int, ...]:
        return best_seats(self.totals, self.high_wins)

    @property
    def in_progress_round(self) -> RoundScore | None:
        """The last round when it is a hand still being played, else None."""
        if self.rounds and not self.rounds[-1].complete:
            return self.rounds[-1]
        return None

    def to_dict(self) -> dict:
        return {
            "variant": self.variant, "players": self.players, "first_dealer": self.first_dealer,
            "high_wins": self.high_wins, "rounds": [r.to_dict() for r in self.rounds],
            "totals": list(self.totals), "progress": [dict(p) for p in self.progress],
            "ranks": list(self.ranks), "leaders": list(self.leaders),
            "finished": self.finished, "winners": list(self.winners),
            "dealer": self.dealer, "starter": self.starter, "chooser": self.chooser,
            "notes": list(self.notes),
        }
