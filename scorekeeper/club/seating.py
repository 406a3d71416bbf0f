"""Seating a round of a club night (issue 39, docs/club-night.md "Seating").

Three rules, the organiser's choice each round:

- ``draw``: players drawn at random from the round's seed (reproducible: the same seed, players
  and history seat the same tables; the seed is shown with the round);
- ``standing``: players in standing order, leaders together, table 1 the top table;
- ``swiss``: players of near standing together, repeat opponents as few as possible
  (:mod:`.swiss`).

Whatever the rule, the tables are of 4 with tables of 3 when the count does not divide
(:func:`.sizes.table_sizes`), and the starting seat rotates: at each table the first seat goes to a
player who did not start last round if there is one, then to whoever has started fewest times and
longest ago. Late arrivals and dropouts need nothing special: a round seats the players present,
and the history keeps everyone who played.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .errors import ClubError
from .sizes import table_sizes
from .swiss import swiss_groups

Player = Hashable

#: the seating rules and what each does, for the page (English)
RULES: dict[str, str] = {
    "draw": (
        "Drawn at random: the round's seed decides who sits where, so the same seed seats the same "
        "tables again and anyone can check the draw."
    ),
    "standing": (
        "By standing: the leaders sit together at table 1, the next four at table 2, and so on down "
        "the standings, as championships seat their later rounds."
    ),
    "swiss": (
        "Swiss: players of about the same standing sit together, and players who have already met "
        "are kept apart as far as the tables allow."
    ),
}


@dataclass(frozen=True)
class Table:
    """One table of a round: its number (1 is the top table) and its players in seat order; the
    first seat starts the game."""

    number: int
    seats: tuple[Player, ...]

    @property
    def starter(self) -> Player:
        return self.seats[0]


@dataclass(frozen=True)
class SeatedRound:
    """A round's seating: its number (1 first), the rule and the seed that seated it, its tables;
    ``drawn``: after a cut, the players tied at its line among whom the seed drew (else empty)."""

    number: int
    rule: str
    seed: int
    tables: tuple[Table, ...]
    drawn: tuple[Player, ...] = ()

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(p for table in self.tables for p in table.seats)

    def table_of(self, player: Player) -> Table | None:
        """The table ``player`` sits at this round (None: not seated)."""
        return next((t for t in self.tables if player in t.seats), None)


def new_seed() -> int:
    """A fresh seed for a round, short enough to read out and type again (100000-999999)."""
    return 100_000 + secrets.randbelow(900_000)


def meetings(history: Iterable[SeatedRound]) -> Counter:
    """How many times each pair of players has sat at one table, by ``frozenset({a, b})``."""
    met: Counter = Counter()
    for seated in history:
        for table in seated.tables:
            met.update(frozenset(pair) for pair in combinations(table.seats, 2))
    return met


def repeat_meetings(history: Iterable[SeatedRound]) -> int:
    """Meetings beyond the first of every pair: 0 when no two players met twice.

    >>> rounds = [SeatedRound(1, "draw", 1, (Table(1, ("a", "b", "c")),))] * 2
    >>> repeat_meetings(rounds)
    3
    """
    return sum(count - 1 for count in meetings(history).values())


def seat_round(
    players: Sequence[Player],
    history: Sequence[SeatedRound] = (),
    *,
    rule: str = "draw",
    seed: int | None = None,
    fives: bool = False,
    twos: bool = False,
) -> SeatedRound:
    """Seat the next round of ``players`` (those present, in standing order: leader first) after
    ``history`` (every round already played, in order), by ``rule`` and ``seed`` (a new one when
    None). ClubError when a player is named twice or the count cannot be seated.

    >>> r = seat_round(list("abcdefg"), rule="standing", seed=7)
    >>> [sorted(t.seats) for t in r.tables]
    [['a', 'b', 'c', 'd'], ['e', 'f', 'g']]
    >>> seat_round(list("abcdefg"), rule="draw", seed=7) == seat_round(list("abcdefg"), rule="draw", seed=7)
    True
    """
    if rule not in RULES:
        raise ClubError("There is no seating rule called %(rule)s.", rule=rule)
    if len(set(players)) != len(players):
        twice = sorted({str(p) for p in players if players.count(p) > 1})
        raise ClubError("A player is named twice: %(names)s.", names=", ".join(twice))
    seed = new_seed() if seed is None else int(seed)
    number = len(history) + 1
    rng = random.Random(f"{seed}:{number}")  # str seeds are hashed the same in every process
    sizes = table_sizes(len(players), fives=fives, twos=twos)
    if rule == "draw":
        drawn = list(players)
        rng.shuffle(drawn)
        groups = _chunks(drawn, sizes)
    elif rule == "standing":
        groups = _chunks(list(players), sizes)
    else:
        groups = swiss_groups(list(players), sizes, meetings(history), rng)
    starts = _starts(history)
    tables = tuple(
        Table(n, _seat_order(group, starts, number, rng)) for n, group in enumerate(groups, start=1)
    )
    return SeatedRound(number, rule, seed, tables)


def _chunks(players: list[Player], sizes: Sequence[int]) -> list[list[Player]]:
    groups, at = [], 0
    for size in sizes:
        groups.append(players[at : at + size])
        at += size
    return groups


def _starts(history: Sequence[SeatedRound]) -> dict[Player, list[int]]:
    """The rounds each player started, by player."""
    started: dict[Player, list[int]] = {}
    for seated in history:
        for table in seated.tables:
            started.setdefault(table.starter, []).append(seated.number)
    return started


def _seat_order(
    group: Sequence[Player], starts: dict[Player, list[int]], number: int, rng: random.Random
) -> tuple[Player, ...]:
    """The table's players in seat order: who started last round last of all, then who has started
    fewest times, then longest ago; the rest by the seed's draw."""
    lot = {p: rng.random() for p in group}

    def key(player: Player) -> tuple:
        rounds = starts.get(player, [])
        return (
            bool(rounds) and rounds[-1] == number - 1,
            len(rounds),
            rounds[-1] if rounds else 0,
            lot[player],
        )

    return tuple(sorted(group, key=key))
