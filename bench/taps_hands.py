"""bench/taps.py's typical hands: each variant's hand tapped through as a player does, counted by
taps.py's :class:`Player` (one module's worth of hands; the real ones are in taps_real.py)."""

from __future__ import annotations

import re

from taps import Player, counts, record, save, totals


def laid(p: Player, seat: int, done: bool = True) -> None:
    """Krazy Bee (KB-9): a player's Step laid down or missed, as the form shows it (a checkbox, or
    Laid down / Missed buttons); tapped only where the page does not already show it."""
    missed = p.page.locator(f'input[name="players.{seat}.laid"][value="0"]')
    box = p.page.locator(f'input[name="players.{seat}.laid"][value="1"]')
    if done:
        p.check(box)
    elif missed.count():
        p.check(missed)
    elif box.is_checked():
        box.uncheck()
        p.taps += 1


def krazy_bee(p: Player) -> str:
    record(p, "hand")
    counts(p, "players.1", low=2, high=1)
    counts(p, "players.2", low=3, wild=1)
    laid(p, 1)
    laid(p, 2, done=False)
    p.choose("went_out", 0)
    laid(p, 0)
    return save(p, "hand")


def winner_and_two_totals(p: Player, second: int, third: int) -> str:
    """A round won by the first player, the other two typing what they hold (RumBugz, the tile games)."""
    record(p, "round")
    p.type("players.1.points", second)
    p.type("players.2.points", third)
    p.choose("winner", 0)
    return save(p, "round")


def rumbugz(p: Player) -> str:
    return winner_and_two_totals(p, 14, 16)


def tiles(p: Player) -> str:
    return winner_and_two_totals(p, 14, 22)


def crazy_rummy(p: Player) -> str:
    return crazy_hand(
        p,
        ("7", "9", "Q"),
        boards=({"high": 6}, {"low": 3, "wild": 1}, {"ace": 3}),
        board_cards=(("8", "8", "8", "K", "K", "K"), ("4", "4", "4", "7"), ("A", "A", "A")),
        hands=(None, {"low": 1, "high": 1}, {"high": 3}),
        hand_cards=(None, ("5", "9"), ("Q", "Q", "K")),
    )


#: what a Crazy Rummy form says when the dealer's face-up card alone is enough (CZ-1), in either wording
DEALER_ONLY = re.compile(r"Only the dealer's card is needed|the others' cards give the hand sizes")


def crazy_hand(p: Player, face_up, *, boards, board_cards, hands, hand_cards, sizes=True) -> str:
    """A Crazy Rummy hand: the face-up cards (without ``sizes``, the dealer's only where the form
    needs no more), each board and hand (counts per class where the form has them, else cards on
    the keypad), the first player out (Ann, who deals)."""
    record(p, "hand")
    dealer_only = not sizes and p.page.get_by_text(DEALER_ONLY).count()
    for seat, card in enumerate(face_up[:1] if dealer_only else face_up):
        p.choose(f"face_up.{seat}", card)
    by_class = p.field("players.0.board_counts.high").count() > 0
    for seat in range(len(face_up)):
        if by_class:
            for key, value in (boards[seat] or {}).items():
                p.type(f"players.{seat}.board_counts.{key}", value)
            if hands[seat]:
                counts(p, f"players.{seat}", **hands[seat])
        else:
            if board_cards[seat]:
                p.keys(f"players.{seat}.board", *board_cards[seat])
            if hand_cards[seat]:
                p.keys(f"players.{seat}.hand", *hand_cards[seat])
    p.choose("went_out", 0)
    return save(p, "hand")


def crib_turn(
    p: Player, turn: int, *, pegs: int | None = None, cards: tuple = (), extend: str = "", out: tuple = ()
):
    """One turn on the hand's page; returns when the page shows the next turn (or the game)."""
    page = p.page
    quick = page.get_by_role("button", name=f"+{pegs} set", exact=True) if pegs else None
    if out:
        p.choose("end.type", "out")
        for seat, left in enumerate(out):
            if left is not None:
                p.type(f"end.cards_left.{seat}", left)
    if cards:
        p.keys(f"turns.{turn}.melds.0.cards", *cards)
        p.tap(page.get_by_role("button", name="Record turn"))
    elif extend:
        crib_extend(p, turn, extend)
    elif pegs and quick.count():
        p.tap(quick)
    elif pegs:
        p.type(f"turns.{turn}.pegs", pegs)
        p.tap(page.get_by_role("button", name="Record turn"))
    else:
        pass_button = page.get_by_role("button", name="Pass", exact=True)
        p.tap(pass_button if pass_button.count() else page.get_by_role("button", name="Record turn"))
    page.wait_for_function(
        "n => !location.pathname.endsWith('/rounds/new') || (document.querySelector('h1') || {}).textContent"
        ".includes('turn ' + n)",
        arg=turn + 2,
    )
    if not page.url.endswith("/rounds/new") and not out:
        page.wait_for_load_state()
        p.tap(page.get_by_role("link", name="Continue this hand"))
        page.wait_for_url("**/rounds/new")


def crib_extend(p: Player, turn: int, extend: str) -> None:
    """Add card ``extend`` to table meld 1: its one-tap button where the page offers it, else typed."""
    page = p.page
    card = page.locator(f'button.extend-card[value$=":{extend}"]')
    if card.count():
        p.tap(card)
    else:
        p.choose(f"turns.{turn}.melds.0.extend", 0)
        p.keys(f"turns.{turn}.melds.0.cards", f"suit:{extend[-1]}", extend[:-1])
        p.tap(page.get_by_role("button", name="Record turn"))


def crib_rummy(p: Player) -> tuple[str, int, int]:
    """The 8-turn hand; also (taps, page loads) of its simple turn (Cy's set)."""
    record(p, "hand")
    crib_turn(p, 0, cards=("suit:H", "3", "4", "5"))
    taps, loads = p.taps, p.loads
    crib_turn(p, 1, pegs=2)
    simple = (p.taps - taps, p.loads - loads)
    crib_turn(p, 2)
    crib_turn(p, 3)
    crib_turn(p, 4, extend="6H")
    crib_turn(p, 5)
    crib_turn(p, 6, pegs=2)
    crib_turn(p, 7, pegs=2, out=(None, 2, 3, 1))
    p.page.wait_for_url(lambda url: "/rounds/" not in url)
    return totals(p.page), *simple
