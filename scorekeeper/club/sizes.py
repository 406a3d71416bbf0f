"""How many tables of which size an evening's players sit at (docs/club-night.md, "Tables").

Tables are of 4, with tables of 3 when the count does not divide by 4: as many tables of 4 as
leave a multiple of 3 over (14 players: 4 + 4 + 3 + 3; 6: 3 + 3; 7: 4 + 3; 9: 3 + 3 + 3). Only
1, 2 and 5 players cannot sit at tables of 3 and 4: a table of 5 or of 2 is used only when the
organiser allows it (``fives``, ``twos``) and only then, never in place of tables of 3 and 4.
Larger tables come first, so table 1 (the top table when seating by standing) is a table of 4.
"""

from __future__ import annotations

from .errors import ClubError


def table_sizes(players: int, *, fives: bool = False, twos: bool = False) -> tuple[int, ...]:
    """The tables' sizes for ``players``, largest first; ClubError when they cannot be seated.

    >>> table_sizes(14), table_sizes(6), table_sizes(7), table_sizes(9)
    ((4, 4, 3, 3), (3, 3), (4, 3), (3, 3, 3))
    >>> table_sizes(5, fives=True), table_sizes(5, twos=True), table_sizes(2, twos=True)
    ((5,), (3, 2), (2,))
    >>> table_sizes(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.club.errors.ClubError: 5 players cannot sit at tables of 3 and 4: allow a table of 5 ...
    """
    if players < 2:
        raise ClubError(
            ("An evening needs at least 3 players to seat a round (%(players)s checked in)."),
            players=players,
        )
    if players in (2, 5):
        if players == 5 and fives:
            return (5,)
        if twos:
            return (3, 2) if players == 5 else (2,)
        if players == 2:
            raise ClubError(
                ("2 players cannot sit at tables of 3 and 4: allow a table of 2, or seat one player more."),
            )
        raise ClubError(
            (
                "5 players cannot sit at tables of 3 and 4: allow a table of 5 or a table of 2, "
                "or seat one player more or fewer."
            ),
        )
    threes = (-players) % 4  # 4a + 3b = n with b the fewest: b = -n mod 4 (at most 3 tables of 3)
    fours = (players - 3 * threes) // 4
    return (4,) * fours + (3,) * threes
