"""A 4-player Krazy Bee game played to its end on four phones (issue 38's "done when",
docs/own-phones.md), at a table where the player to the left confirms each part: each phone sends
its own part (Step laid, went out, cards left). In hand 1 Dee's phone is offline when she sends
hers (it waits on the phone and arrives once), Bob confirms Ann's part with one tap, Cy says Bob's
is not right and the editor accepts it; after it the editor gives Cy's seat to a new phone (a
fifth browser) that goes on, while the old phone no longer holds it; the editor fills Dee's part
of the last hand. The totals are the engine's for the same hands."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.rules import score_game
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, PHONE, assert_no_sideways_scroll, served_app
from .seat_table import WITHIN_MS, back_online, dispute_shown, editor_accepts, new_phone, send_offline, tap
from .test_seats_browser import _take_seats, expect_totals

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bob", "Cy", "Dee"]
#: KB-8: a short Step list, so that the game ends (KB-10) when a player lays Step 2 down
OPTIONS = {"steps": "2 books of 3; run of 4"}
#: each hand's parts, by name: (laid the Step, went out, cards left)
HANDS = [
    {
        "Ann": (True, True, ""),
        "Bob": (True, False, "3 12"),
        "Cy": (False, False, "W 7"),
        "Dee": (False, False, "5"),
    },
    {
        "Ann": (True, True, ""),
        "Bob": (True, False, "13"),
        "Cy": (True, False, "2 2"),
        "Dee": (False, False, "9 10"),
    },
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-krazy-bee"), "browser-seat-krazy-bee") as site:
        yield site


def _fact(laid: bool, out: bool, cards: str) -> dict:
    return {"laid": laid, "went_out": True} if out else {"laid": laid, "went_out": False, "hand": cards}


def _step_part(scope, part: tuple[bool, bool, str], prefix: str = "") -> None:
    """Fill a Krazy Bee part in ``scope`` (a phone's page, or the editor's fill form)."""
    laid, out, cards = part
    scope.locator('input[name="laid"]').set_checked(laid)
    scope.locator('input[name="went_out"]').set_checked(out)
    scope.locator(f"#{prefix}hand").fill(cards)


def _send_step(page, part: tuple[bool, bool, str]) -> None:
    _step_part(page, part)
    page.get_by_role("button", name="Send my part").click()


def _hand_one(pages: dict, editor) -> None:
    """Dee sends offline; Bob confirms Ann's part, Cy disputes Bob's; Dee's phone comes back and
    her part arrives; Dee confirms Cy's, Ann Dee's; the editor accepts Bob's: the hand is in."""
    dee = pages["Dee"]
    send_offline(dee, lambda: _send_step(dee, HANDS[0]["Dee"]), "Your part of hand 1")
    for name in ("Bob", "Cy", "Ann"):
        _send_step(pages[name], HANDS[0][name])
        expect(pages[name].locator("[data-seat-mine]")).to_be_visible()
    tap(pages["Bob"], "Ann", "Looks right")
    tap(pages["Cy"], "Bob", "That's not right")
    dispute_shown(pages, "Cy", "Bob")
    back_online(dee)
    tap(dee, "Cy", "Looks right")
    tap(pages["Ann"], "Dee", "Looks right")
    editor_accepts(editor, "Bob")
    expect(editor.get_by_text("Hand 1 recorded.")).to_be_visible()


def _editor_fills_dee(editor, url: str, gid: str, part) -> None:
    editor.goto(f"{url}/games/{gid}/seat")  # not a reload: that would post "New phone" again
    fill = editor.locator('[data-seat-fill-for="Dee"]')
    expect(editor.locator("[data-seat-fill-for]")).to_have_count(1, timeout=WITHIN_MS)
    fill.locator("summary").click()
    _step_part(fill, part, prefix="fill-3-")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    editor.screenshot(path=str(ARTIFACTS / "seats-editor-fills.png"), full_page=True)
    assert_no_sideways_scroll(editor)
    fill.get_by_role("button", name="Send Dee's part").click()


def test_a_krazy_bee_game_on_four_phones_to_its_end(browser, site):
    app, url = site
    with app.app_context():
        game, secret = services.create_game("krazy-bee", NAMES, OPTIONS)
        open_seats(game, "left")
        db.session.commit()
        gid = game.public_id
    phone = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
    contexts = [browser.new_context(**phone) for _ in range(len(NAMES) + 2)]
    try:
        pages = {name: ctx.new_page() for name, ctx in zip(NAMES, contexts)}
        _take_seats(url, gid, pages)
        contexts[4].add_cookies([{"name": f"sk_edit_{gid}", "value": secret, "url": url}])
        editor, fifth = contexts[4].new_page(), contexts[5].new_page()
        editor.goto(f"{url}/games/{gid}/seat")
        _hand_one(pages, editor)
        for page in pages.values():
            expect(page.get_by_role("heading", name="Hand 2")).to_be_visible(timeout=WITHIN_MS)
        new_phone(editor, "Cy", pages["Cy"], fifth, url, gid, "Hand 2")
        pages["Cy"] = fifth
        for name in ("Ann", "Bob", "Cy"):
            _send_step(pages[name], HANDS[1][name])
            expect(pages[name].locator("[data-seat-mine]")).to_be_visible()
        for whose, by in (("Ann", "Bob"), ("Bob", "Cy"), ("Cy", "Dee")):
            tap(pages[by], whose, "Looks right")
        _editor_fills_dee(editor, url, gid, HANDS[1]["Dee"])
        expect(editor.get_by_text("Hand 2 recorded.")).to_be_visible()
        # KB-10: Ann and Bob laid the last Step down: the game is over on every phone
        for page in pages.values():
            expect(page.get_by_text("The game is over.")).to_be_visible(timeout=WITHIN_MS)
        facts = [{"players": [_fact(*hand[n]) for n in NAMES]} for hand in HANDS]
        engine = score_game("krazy-bee", facts, players=4, options=OPTIONS)
        assert engine.finished
        with app.app_context():
            rounds = services.get_game(gid).rounds
            assert [r.facts["players"][3].get("hand") for r in rounds] == ["5", "9 10"]
        expect_totals(editor, f"{url}/games/{gid}", {n: str(t) for n, t in zip(NAMES, engine.totals)})
        expect(editor.locator(".undo")).to_contain_text("(Dee by the editor)")
    finally:
        for ctx in contexts:
            ctx.close()
