"""Taps per real hand (issue 20, section 2), counted as ``bench/taps.py`` counts (run that script).

- crib-real, 4 players (Ann deals, Bob starts), 8 turns: Bob pegs a run (3); then five
  turns that lay a meld and add a card to a meld: Cy a set and +3, Dee a run and +3, Ann a
  set and +3, Bob a set and +4, Cy a run and +3; Dee passes; Ann pegs a set and goes out,
  Bob keeps 2 cards, Cy 3, Dee 1. Target 22.
- krazy-bee-4: 4 players: Ann goes out; Bob laid his Step, keeps 2 low + 1 high; Cy missed
  his Step and so still holds the 12 dealt (KB-6: no lay-off before the Step), 10 low + 2 Wild
  Bees; Dee laid hers, keeps 1 low + 2 high. Target 8, and the form under 1.5 screens tall
  (printed in screens of 844 px). The form shows each Step laid down or missed from the cards
  left (KB-9), so Cy's Missed is not tapped. (This bench's first version had Cy miss holding
  4 cards, which takes 8 called Rummy cards: that hand cost one tap more, for his Missed.)
- krazy-bee-4-three-kinds: the same, but Cy's 12 are 7 low + 3 high + 2 Wild Bees: a count more
  to type (printed beside it; a missed hand holds all three kinds a little over half the time).
- crazy-rummy-4: Ann deals (7: sevens wild), Bob shows 9, Cy Q, Dee 5 (the table knows its
  hand sizes: only the dealer's card is picked where the form needs no more). Boards: Ann 8 8 8 K K K
  (went out), Bob 4 4 4 7, Cy A A A, Dee nothing. Hands: Bob 5 9, Cy Q Q K, Dee 3 4 5 6.
  Target 14.
- crazy-rummy-3: Ann deals (10: tens wild), Bob shows 4, Cy A (the dealer's card only, as
  above). Boards: Ann 3 3 3 10 (went out), Bob K K K, Cy nothing. Hands: Bob 8 A, Cy 5 6 J Q. Target 11.
- refused save and Show scores: the page loads each costs (Krazy Bee, 3 players).
"""

from __future__ import annotations

from taps import PHONE, Player, counts, record, save, start, totals
from taps_hands import crazy_hand, crib_turn, laid


def crib_lay_and_add(p: Player, turn: int, lay: int, added: int) -> None:
    """A meld laid and a card added in one turn, by their pegs: the page's "laid" choice and an
    added-cards button where it has them, else the turn's pegs typed."""
    page = p.page
    laid = page.locator(f'input[name="laid"][value="{lay}"]')
    if laid.count():
        p.check(laid)
        p.tap(page.get_by_role("button", name=f"+{added} for added cards", exact=True))
    else:
        p.type(f"turns.{turn}.pegs", lay + added)
        p.tap(page.get_by_role("button", name="Record turn"))
    page.wait_for_function(
        "n => (document.querySelector('h1') || {}).textContent.includes('turn ' + n)", arg=turn + 2
    )


def crib_real(p: Player) -> str:
    """The real 8-turn hand: five turns lay a meld and add a card."""
    record(p, "hand")
    p.tap(p.page.get_by_role("button", name="+3 run", exact=True))
    p.page.wait_for_function("() => document.querySelector('h1').textContent.includes('turn 2')")
    for turn, (lay, added) in enumerate(((2, 3), (3, 3), (2, 3), (2, 4), (3, 3)), start=1):
        crib_lay_and_add(p, turn, lay, added)
    crib_turn(p, 6)
    crib_turn(p, 7, pegs=2, out=(None, 2, 3, 1))
    p.page.wait_for_url(lambda url: "/rounds/" not in url)
    return totals(p.page)


def krazy_bee_4(p: Player, missed=None) -> str:
    record(p, "hand")
    form = p.page.locator("form.hand-form")
    p.screens = form.bounding_box()["height"] / PHONE["height"]
    counts(p, "players.1", low=2, high=1)
    counts(p, "players.2", **(missed or {"low": 10, "wild": 2}))
    counts(p, "players.3", low=1, high=2)
    laid(p, 1)
    laid(p, 2, done=False)
    laid(p, 3)
    p.choose("went_out", 0)
    laid(p, 0)
    return save(p, "hand")


def crazy_rummy_4(p: Player) -> str:
    return crazy_hand(
        p,
        ("7", "9", "Q", "5"),
        boards=({"high": 6}, {"low": 3, "wild": 1}, {"ace": 3}, None),
        board_cards=(("8", "8", "8", "K", "K", "K"), ("4", "4", "4", "7"), ("A", "A", "A"), ()),
        hands=(None, {"low": 1, "high": 1}, {"high": 3}, {"low": 4}),
        hand_cards=(None, ("5", "9"), ("Q", "Q", "K"), ("3", "4", "5", "6")),
        sizes=False,
    )


def crazy_rummy_3(p: Player) -> str:
    return crazy_hand(
        p,
        ("10", "4", "A"),
        boards=({"low": 3, "wild": 1}, {"high": 3}, None),
        board_cards=(("3", "3", "3", "10"), ("K", "K", "K"), ()),
        hands=(None, {"high": 1, "ace": 1}, {"low": 2, "high": 2}),
        hand_cards=(None, ("8", "A"), ("5", "6", "J", "Q")),
        sizes=False,
    )


def loads_of_a_check(p: Player) -> str:
    """Krazy Bee: the page loads a refused save and Show scores each cost."""
    record(p, "hand")
    p.type("players.1.counts.low", 2)
    p.choose("went_out", 1)
    before = p.loads
    p.tap(p.page.get_by_role("button", name="Save hand"))  # Bob out with 2 cards left: refused
    p.page.locator("[id^=err-]:visible").first.wait_for()
    p.page.wait_for_load_state()
    refused = p.loads - before
    before = p.loads
    p.tap(p.page.get_by_role("button", name="Show scores"))
    p.page.wait_for_load_state()
    p.page.wait_for_timeout(300)
    return f"refused save {refused} page load(s), Show scores {p.loads - before} page load(s)"


REAL = (
    ("crib-real", "crib-rummy", crib_real, ("Ann", "Bob", "Cy", "Dee")),
    ("krazy-bee-4", "krazy-bee", krazy_bee_4, ("Ann", "Bob", "Cy", "Dee")),
    (
        "krazy-bee-4-three-kinds",
        "krazy-bee",
        lambda p: krazy_bee_4(p, {"low": 7, "high": 3, "wild": 2}),
        ("Ann", "Bob", "Cy", "Dee"),
    ),
    ("crazy-rummy-4", "crazy-rummy", crazy_rummy_4, ("Ann", "Bob", "Cy", "Dee")),
    ("crazy-rummy-3", "crazy-rummy", crazy_rummy_3, ("Ann", "Bob", "Cy")),
)
TARGETS = {
    "crib-real": 22,
    "krazy-bee-4": 8,
    "krazy-bee-4-three-kinds": 8,
    "crazy-rummy-4": 14,
    "crazy-rummy-3": 11,
}


def play_real(browser, base) -> dict[str, int]:
    """The real hands (issue 20), one line each, then the loads of a refused save and Show scores."""
    results: dict[str, int] = {}
    for label, slug, play, names in (*REAL, ("checks", "krazy-bee", loads_of_a_check, ("Ann", "Bob", "Cy"))):
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
        page = context.new_page()
        start(page, base, slug, names)
        player = Player(page)
        player.screens = None
        loads_before = player.loads
        answer = play(player)
        if label == "checks":
            print(f"{label:23} {answer}")
        else:
            results[label] = player.taps
            tall = f", form {player.screens:.1f} screens" if player.screens else ""
            print(
                f"{label:23} {player.taps:3d} taps (target {TARGETS[label]}), "
                f"{player.loads - loads_before} page loads{tall}  -> {answer}"
            )
        context.close()
    return results
