"""Crib Rummy's later hands on a phone (390x844, issue 20 section 1): choosing who starts hand 2
redraws the one-tap strip at once (CR-9) and the turn is the chosen player's; the meld buttons
read "+7♥ pegs 4" with a space; the board is readable on a 360 px phone without clipping."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, assert_no_sideways_scroll, phone_page
from .visible_text import shows

pytestmark = pytest.mark.browser


def field(page, name):
    return page.locator(f'[id="f-{name}"]')


def tap(page, name, turn):
    page.get_by_role("button", name=name, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(turn)


def start(page, live_server, names):
    page.goto(f"{live_server}/games/new/crib-rummy")
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="Record a hand").click()
    page.wait_for_url("**/rounds/new")


def test_choosing_who_starts_hand_2_redraws_the_strip(browser, live_server):
    with phone_page(browser, "crib-hand-2-starter") as page:
        start(page, live_server, ("Ann", "Bob"))
        tap(page, "+3 run", "Hand 1, turn 2")  # Bob
        page.check('input[name="end.type"][value="out"]')  # Ann goes out, Bob holds 5
        # CR-7: Ann, whose turn it is, goes out with nothing left: her box is shut and says so
        expect(field(page, "end.cards_left.0")).to_be_disabled()
        shows(page.locator("[data-cards-left] .number-field").first, "Ann (goes out)")
        expect(page.locator("[data-cards-left] .goes-out:visible")).to_have_count(1)
        field(page, "end.cards_left.1").fill("5")
        page.get_by_role("button", name="+2 set", exact=True).click()
        page.wait_for_url(lambda url: "/rounds/" not in url)
        page.get_by_role("link", name="Record a hand").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Hand 2, turn 1")
        expect(field(page, "starter")).to_have_value("1")  # CR-9: Bob is behind
        strip = page.locator(".turn-strip h2")
        expect(strip).to_have_text("Bob: one tap records the turn")
        expect(field(page, "end.cards_left.1")).to_be_disabled()  # Bob's turn: Bob's box shut
        field(page, "starter").select_option(label="Ann")  # Bob lets Ann start
        expect(strip).to_have_text("Ann: one tap records the turn")
        expect(field(page, "turns.0.player")).to_have_value("0")
        expect(field(page, "end.cards_left.0")).to_be_disabled()  # the shut box follows
        expect(field(page, "end.cards_left.1")).to_be_enabled()
        tap(page, "+2 set", "Hand 2, turn 2")
        expect(page.locator(".flashes")).to_contain_text("Hand 2, turn 1 recorded.")
        expect(strip).to_have_text("Bob: one tap records the turn")


def test_hand_2_on_a_phone(browser, live_server):
    """Four players into hand 2: the meld buttons' words, the melds in run order, the board; the
    page is the docs' picture of a hand being recorded (docs/recording-a-hand.md)."""
    with phone_page(browser, "crib-hand-2") as page:
        start(page, live_server, ("Lea", "Max", "Ned", "Ola"))
        field(page, "turns.0.melds.0.cards").fill("5H 6H 7H")  # Max
        tap(page, "Record turn", "Hand 1, turn 2")
        tap(page, "Pass", "Hand 1, turn 3")  # Ned
        tap(page, "Pass", "Hand 1, turn 4")  # Ola
        page.check('input[name="end.type"][value="draw_pile"]')  # Lea: +2 set, the pile ran out
        page.get_by_role("button", name="+2 set", exact=True).click()
        page.wait_for_url(lambda url: "/rounds/" not in url)
        page.get_by_role("link", name="Record a hand").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Hand 2, turn 1")
        field(page, "turns.0.melds.0.cards").fill("8D 9D 10D")  # Ned is behind and starts
        tap(page, "Record turn", "Hand 2, turn 2")
        tap(page, "+2 set", "Hand 2, turn 3")  # Ola
        field(page, "turns.2.melds.0.cards").fill("4S 5S 6S")  # Lea
        tap(page, "Record turn", "Hand 2, turn 4")
        tap(page, "+3 run", "Hand 2, turn 5")  # Max
        button = page.get_by_role("button", name="+7♦ pegs 3 added to 8♦ 9♦ 10♦")
        expect(button).to_be_visible()
        gap = button.evaluate("""b => { const small = b.querySelector('small'); const r = document.createRange();
            r.setStart(b, 0); r.setEndBefore(small);
            return small.getBoundingClientRect().left - r.getBoundingClientRect().right; }""")
        assert gap >= 3, f"'+7♦' and 'pegs 3' touch ({gap:.1f}px apart)"
        tap(page, "+7♦ pegs 3 added to 8♦ 9♦ 10♦", "Hand 2, turn 6")  # Ned grows his run at the low end
        shows(page.locator(".table-melds"), "7♦ 8♦ 9♦ 10♦")
        assert_no_sideways_scroll(page)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "crib-rummy-hand-2.png"))  # docs/img/crib-rummy-hand-2.png


# Every text's size on screen (its font size times the drawing's scale), every hole's width, and
# whether anything sits outside the drawing or the screen.
READABLE = """svg => {
  const scale = svg.getScreenCTM().a, box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].map(t => {
    const b = t.getBoundingClientRect();
    return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
            inside: b.left >= box.left - 0.5 && b.right <= box.right + 0.5 && b.top >= box.top - 0.5
                    && b.bottom <= box.bottom + 0.5};
  });
  const holes = [...svg.querySelectorAll('circle.hole')].map(c => c.getBoundingClientRect().width);
  return {texts, hole: Math.min(...holes), left: box.left, right: box.right};
}"""


def test_the_board_reads_at_arms_length_on_a_360_px_phone(browser, live_server):
    with phone_page(browser, "crib-board-360", viewport={"width": 360, "height": 800}) as page:
        start(page, live_server, ("Lea", "Max", "Ned", "Ola"))
        tap(page, "+3 run", "Hand 1, turn 2")
        board = page.locator(".board-wrap svg.board")
        expect(board).to_be_visible()
        found = board.evaluate(READABLE)
        small = [(t["text"], round(t["px"], 1)) for t in found["texts"] if t["px"] < 12]
        assert not small, f"text under 12 px on a 360 px phone: {small[:5]}"
        assert found["hole"] >= 6, f"holes {found['hole']:.1f} px across"
        clipped = [t["text"] for t in found["texts"] if not t["inside"]]
        assert not clipped, f"clipped: {clipped}"
        assert found["left"] >= 0 and found["right"] <= 360
        assert_no_sideways_scroll(page)


def test_a_meld_laid_shows_the_added_card_buttons(browser, live_server):
    """CR-6: a player who has laid nothing sees no buttons for added cards until a meld laid this
    turn is chosen; then one more tap records both (+2 set and +3 added: 5)."""
    with phone_page(browser, "crib-laid-and-added") as page:
        start(page, live_server, ("Ann", "Bob"))
        tap(page, "+3 run", "Hand 1, turn 2")  # Bob
        added = page.get_by_role("button", name="+3 for added cards", exact=True)
        expect(added).to_be_hidden()  # Ann has laid nothing
        page.get_by_label("a set +2").check()
        expect(added).to_be_visible()
        tap(page, "+3 for added cards", "Hand 1, turn 3")
        expect(page.locator(".flashes")).to_contain_text("Hand 1, turn 2 recorded.")
        shows(page.locator(".board-wrap"), "Ann: 5")


def _shut(page) -> list[str]:
    return page.locator("[data-cards-left] input:disabled").evaluate_all("bs => bs.map(b => b.name)")


def test_the_shut_box_is_passed_over_by_enter_and_follows_who_went_out_when_correcting(browser, live_server):
    """Enter from the box before the shut one moves on past it; correcting the hand, the shut box
    follows Who went out, not each turn's Player (a turn's player changed wiped a count, and the
    save was refused under a box nobody could type in)."""
    with phone_page(browser, "crib-shut-box") as page:
        start(page, live_server, ("Ann", "Bob", "Cy"))
        out = field(page, "turns.0.player").input_value()
        page.check('input[name="end.type"][value="out"]')
        assert _shut(page) == [f"end.cards_left.{out}"]
        others = [s for s in range(3) if str(s) != out]
        field(page, f"end.cards_left.{others[0]}").fill("4")
        field(page, f"end.cards_left.{others[0]}").press("Enter")
        expect(field(page, f"end.cards_left.{others[1]}")).to_be_focused()
        field(page, f"end.cards_left.{others[1]}").fill("5")
        page.get_by_role("button", name="+2 set", exact=True).click()
        page.wait_for_url(lambda url: "/rounds/" not in url)
        page.goto(page.url.split("#")[0].rstrip("/") + "/rounds/1/edit")
        assert _shut(page) == [f"end.cards_left.{out}"]
        field(page, "turns.0.player").select_option(str(others[0]))  # a turn's player: the box stays
        assert _shut(page) == [f"end.cards_left.{out}"]
        expect(field(page, f"end.cards_left.{others[0]}")).to_have_value("4")
        field(page, "end.player").select_option(str(others[1]))  # who went out: the box follows
        assert _shut(page) == [f"end.cards_left.{others[1]}"]
