"""What scoring produces (N-5): a variant's :class:`RoundOutcome`, each :class:`RoundScore`
and the whole :class:`GameScore`, with the ranking helpers they share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .reasons import say


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
            "number": self.number,
            "dealer": self.dealer,
            "starter": self.starter,
            "changes": list(self.changes),
            "totals": list(self.totals),
            "progress": [dict(p) for p in self.progress],
            "details": dict(self.details),
            "complete": self.complete,
        }


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Standard competition ranks of one sort key per seat: the lowest key is 1st, equal
    keys share a rank and the next rank is skipped (1, 1, 3; N-5).

    >>> competition_ranks([(-2, 40), (-3, 75), (-2, 40), (-1, 10)])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


def rank_totals(totals: tuple[int, ...], high_wins: bool) -> tuple[int, ...]:
    """Ranks by total alone, the best total 1st (the end rule of most variants).

    >>> rank_totals((10, 30, 10, 5), high_wins=True)
    (2, 1, 2, 4)
    >>> rank_totals((10, 30, 10, 5), high_wins=False)
    (2, 4, 2, 1)
    """
    return competition_ranks([-t if high_wins else t for t in totals])


def best_seats(totals: tuple[int, ...], high_wins: bool) -> tuple[int, ...]:
    """The seats sharing the best total (N-5 shared wins), e.g. a round's lowest racks (CT-8).

    >>> best_seats((10, 30, 30, 5), high_wins=True), best_seats((10, 30, 30, 5), high_wins=False)
    ((1, 2), (3,))
    """
    return tuple(seat for seat, rank in enumerate(rank_totals(totals, high_wins)) if rank == 1)


@dataclass(frozen=True)
class GameScore:
    """A game derived from its round history.

    ``dealer`` / ``starter``: who deals and who plays first in the current hand
    (the next hand when the last one is complete; ``starter`` is None where the
    table chooses, e.g. CR-9, and ``chooser`` then names who chooses).
    ``ranks``: each seat's place by the variant's own end rule (1 = best, ties
    share; the variant's ``rank`` hook, e.g. KB-10 puts those who completed the
    last Step first), kept up to date after every round. ``leaders`` are the
    seats ranked 1st now; ``winners`` is empty until ``finished``, then the
    seats ranked 1st. ``names``: the players' names in seat order when the
    caller gave them, so the engine's messages name players (never seats).
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
    ranks: tuple[int, ...] = ()
    #: only words for messages: two scores of the same hands are equal whatever the names
    names: tuple[str, ...] = field(default=(), compare=False)

    @property
    def first_to_play(self) -> int | None:
        """Who plays first in the next hand as the engine has it: the starter, or where the table
        chooses (CR-9) the player behind, who chooses (None in a game without turns).

        >>> GameScore("crib-rummy", 2, 0, True, (), (0, 0), ({}, {}), chooser=1).first_to_play
        1
        """
        return self.chooser if self.starter is None else self.starter

    @property
    def leaders(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def player(self, seat: int) -> str:
        """How a message names the player in ``seat``: their name, else "player 2" (1-based).

        >>> from dataclasses import replace
        >>> game = GameScore("rumbugz", 2, 0, True, (), (0, 0), ({}, {}), names=("Ann", "Bob"))
        >>> game.player(1), replace(game, names=()).player(1)
        ('Bob', 'player 2')
        """
        return self.names[seat] if seat < len(self.names) else say("game.player_n", number=seat + 1)

    @property
    def in_progress_round(self) -> RoundScore | None:
        """The last round when it is a hand still being played, else None."""
        if self.rounds and not self.rounds[-1].complete:
            return self.rounds[-1]
        return None

    def to_dict(self) -> dict:
        return {
            "variant": self.variant,
            "players": self.players,
            "first_dealer": self.first_dealer,
            "high_wins": self.high_wins,
            "rounds": [r.to_dict() for r in self.rounds],
            "totals": list(self.totals),
            "progress": [dict(p) for p in self.progress],
            "ranks": list(self.ranks),
            "leaders": list(self.leaders),
            "finished": self.finished,
            "winners": list(self.winners),
            "dealer": self.dealer,
            "starter": self.starter,
            "chooser": self.chooser,
            "notes": list(self.notes),
        }
