"""Recording hands on a phone (390x844): create a game of each variant, tap the card/tile
pickers, see the engine's running value, save, and see the standings and the winner."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import find_variant

from .conftest import ARTIFACTS, assert_no_sideways_scroll
from .visible_text import shows


def field(page, name):
    return page.locator(f'[id="f-{name}"]')


def running(page, name):
    return page.locator(f'[id="f-{name}"] ~ output.running')


def tap(page, *keys):
    """Tap keypad keys: a rank ('3', 'K'), a suit/colour ('suit:H') or the wild key ('wild')."""
    for key in keys:
        if key == "wild":
            page.locator("#keypad .key-wild").click()
        elif key.startswith("suit:"):
            page.locator(f'#keypad button[data-suit="{key[5:]}"]').click()
        else:
            page.locator(f'#keypad button[data-rank="{key}"]').click()


def start_game(page, live_server, variant, options):
    page.goto(f"{live_server}/games/new/{variant}")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Bob")
    for name, value in options.items():
        target = page.locator(f"#opt_{name}")
        if target.evaluate("e => e.tagName") == "SELECT":
            target.select_option(value)
        else:
            target.fill(value)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    assert_no_sideways_scroll(page)
    page.get_by_role("link", name=f"Record a {find_variant(variant).round_word}").click()
    page.wait_for_url("**/rounds/new")
    assert_no_sideways_scroll(page)


def save(page, variant, button=None):
    """Press the form's save button: "Save hand", or "Save round" in RumBugz and the tile games."""
    assert_no_sideways_scroll(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"rounds-form-{variant}.png"), full_page=True)
    page.get_by_role("button", name=button or f"Save {find_variant(variant).round_word}").click()
    page.wait_for_load_state()


def winner(page, variant, name):
    banner = page.locator(".winner-banner")
    banner.wait_for()
    expect(banner).to_contain_text(name, use_inner_text=True)
    assert_no_sideways_scroll(page)
    page.screenshot(path=str(ARTIFACTS / f"rounds-winner-{variant}.png"), full_page=True)


def standing(page, name):
    """The player's total on the game page: waited for with ``expect(...).to_have_text``."""
    return page.locator(".standing", has_text=name).locator(".total")


def test_krazy_bee_by_tapping_cards(page, live_server):
    start_game(page, live_server, "krazy-bee", {"steps": "book of 3"})
    page.check('input[name="players.0.laid"][value="1"]')
    page.check('input[name="went_out"][value="0"]')
    page.locator('[id="players.1"] summary').click()  # the cards, behind the counts (issue 20)
    field(page, "players.1.hand").click()
    tap(page, "3", "12", "wild")
    expect(field(page, "players.1.hand")).to_have_value("3 12 W")
    running(page, "players.1.hand").filter(has_text="= 30 points").wait_for()  # KB-7 from the engine
    page.locator("#keypad .chip", has_text="12").click()  # a chip taps away
    running(page, "players.1.hand").filter(has_text="= 20 points").wait_for()
    save(page, "krazy-bee")
    expect(standing(page, "Bob")).to_have_text("20")
    expect(standing(page, "Ann")).to_have_text("0")
    winner(page, "krazy-bee", "Ann")


def test_rumbugz_by_tapping_bugz(page, live_server):
    start_game(page, live_server, "rumbugz", {"rounds": "1"})
    for kind in ("single", "double", "triple", "match"):
        page.check(f'input[name="players.0.kinds"][value="{kind}"]')
    page.check('input[name="winner"][value="0"]')
    field(page, "players.1.hand").click()
    tap(page, "5", "wild")
    running(page, "players.1.hand").filter(has_text="= 17 points").wait_for()  # RB-6: 5 + PLYT 12
    save(page, "rumbugz")
    expect(standing(page, "Ann")).to_have_text("17")
    winner(page, "rumbugz", "Ann")


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_tile_game_by_tapping_tiles(page, live_server, variant):
    start_game(page, live_server, variant, {"rounds": "1"})
    page.check('input[name="winner"][value="1"]')
    field(page, "players.0.rack").click()
    tap(page, "suit:B", "7", "suit:R", "13", "wild")
    expect(field(page, "players.0.rack")).to_have_value("B7 R13 J")
    running(page, "players.0.rack").filter(has_text="= 50 points").wait_for()  # CT-7: 7 + 13 + 30
    save(page, variant)
    expect(standing(page, "Bob")).to_have_text("50")
    expect(standing(page, "Ann")).to_have_text("-50")  # CT-8 A
    expect(page.locator(".flash-region")).to_be_focused()  # what was saved is read out, scripts on too
    winner(page, variant, "Bob")


def test_crib_rummy_turns_to_61(page, live_server):
    start_game(page, live_server, "crib-rummy", {"target": "61"})
    field(page, "turns.0.melds.0.cards").click()
    tap(page, "suit:H", "3", "4", "5")
    expect(field(page, "turns.0.melds.0.cards")).to_have_value("3H 4H 5H")
    running(page, "turns.0.melds.0.cards").filter(has_text="pegs 3").wait_for()  # CR-5 from the engine
    loads = []
    page.on("load", lambda _: loads.append(page.url))
    save(page, "crib-rummy", button="Record turn")
    page.get_by_role("heading", name="Hand 1, turn 2").wait_for()  # the same page, the next turn
    shows(page.locator(".board-wrap"), "Bob: 3")  # the board moved...
    assert loads == []  # ...with no page load
    shows(page.locator(".table-melds"), "3♥ 4♥ 5♥")
    page.locator(".turn summary", has_text="Or type the pegs").click()
    field(page, "turns.1.pegs").fill("61")
    save(page, "crib-rummy-turn-2", button="Record turn")
    page.wait_for_url(lambda url: "/rounds/" not in url)  # the game is over: its page
    expect(standing(page, "Ann")).to_have_text("61")
    winner(page, "crib-rummy", "Ann")  # CR-8


def test_crazy_rummy_face_up_cards_and_boards(page, live_server):
    start_game(page, live_server, "crazy-rummy", {"target": "100"})
    page.check('input[name="face_up.0"][value="5"]')  # one tap a face-up card
    page.check('input[name="face_up.1"][value="K"]')
    page.locator('output.hand-size[data-seat="1"]').filter(has_text="10 cards").wait_for()  # CZ-7
    expect(page.locator("[data-wild]")).to_have_text("5", use_inner_text=True)  # CZ-1: the dealer's card
    page.check('input[name="went_out"][value="1"]')
    page.locator('[id="players.1"] summary', has_text="board's cards").click()  # cards, for a dispute
    field(page, "players.1.board").click()
    tap(page, "A", "A", "A")
    running(page, "players.1.board").filter(has_text="= 300 points").wait_for()
    page.locator('[id="players.0"] summary', has_text="cards left").click()
    field(page, "players.0.hand").click()
    tap(page, "5")  # a wildcard this hand
    running(page, "players.0.hand").filter(has_text="= 100 points").wait_for()  # CZ-5
    save(page, "crazy-rummy")
    expect(standing(page, "Bob")).to_have_text("300")
    expect(standing(page, "Ann")).to_have_text("-100")
    winner(page, "crazy-rummy", "Bob")


def test_bad_input_is_shown_at_the_field_on_a_phone(page, live_server):
    start_game(page, live_server, "krazy-bee", {})
    page.locator('[id="players.1"] summary').click()
    field(page, "players.1.hand").fill("3 14")
    save(page, "krazy-bee-error", button="Save hand")
    shows(page.locator(".form-errors"), "Nothing was saved")
    shows(page.locator('[id="err-players-1-hand"]'), "“14”")
    assert_no_sideways_scroll(page)


def test_the_keypad_stays_above_the_save_bar_as_tiles_are_added(page, live_server):
    """Each tile added shows a chip and pushes the keypad down: it is brought back above the sticky
    "Save round" bar, so a thumb aiming at Done never saves the hand (the phone walk-through of
    7 December saw its last row slide under the bar after four tiles)."""
    start_game(page, live_server, "runny-tiles", {"rounds": "1"})
    field(page, "players.1.rack").click()
    bar = page.locator(".form-actions")
    for number in ("5", "7", "13", "2", "9", "11", "3", "8"):
        tap(page, "suit:R", number)
        page.wait_for_timeout(100)  # (one frame for the keypad to come back into sight)
        done = page.locator('#keypad [data-do="done"]')
        assert done.bounding_box()["y"] + done.bounding_box()["height"] <= bar.bounding_box()["y"] + 1, number
    expect(field(page, "players.1.rack")).to_have_value("R5 R7 R13 R2 R9 R11 R3 R8")
