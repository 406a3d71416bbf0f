"""How a Crib Rummy hand ends: what going out earns (CR-7) and who is behind, who chooses next (CR-9)."""

from __future__ import annotations


def rummy_bonus(players: int, cards_left: list[int]) -> int:
    """CR-7: what going out earns from the cards left in the others' hands.

    Two players: 2 a card; three: 1 a card; four: half a point a card, the
    total rounded up once.

    >>> rummy_bonus(2, [4]), rummy_bonus(3, [4, 3]), rummy_bonus(4, [1, 2, 2])
    (8, 7, 3)
    """
    total = sum(cards_left)
    if players == 2:
        return 2 * total
    if players == 3:
        return total
    return (total + 1) // 2


def behind(totals: tuple[int, ...], dealer: int) -> int:
    """CR-9: the player behind (lowest total); a tie goes to the first of them from the dealer's left.

    >>> behind((30, 12, 12), dealer=1)
    2
    >>> behind((30, 12, 12), dealer=2)
    1
    """
    players, low = len(totals), min(totals)
    return next(s for s in ((dealer + j) % players for j in range(1, players + 1)) if totals[s] == low)
