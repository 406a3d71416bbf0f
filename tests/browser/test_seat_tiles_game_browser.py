"""A whole 4-player Crazy Rummy Tiles game on four phones (issue 38's "done when",
docs/own-phones.md): a table where any other player confirms a part; two rounds (the game's
``rounds`` option, CT-8), each phone entering its own rack. In round 1 Bob's phone is offline when
he sends his rack (it waits on the phone and arrives once), Ann confirms Cy's rack with one tap,
Dee says Ann's is not right and the editor accepts it; then the editor gives Ann's seat to a new
phone, which enters her part of round 2. The game ends on every phone, with the engine's totals."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.rules import score_game
from scorekeeper.services.seats import open_seats
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, assert_no_sideways_scroll, served_app
from .seat_table import (
    PHONE_CONTEXT,
    WITHIN_MS,
    back_online,
    dispute_shown,
    editor_accepts,
    new_phone,
    send_offline,
    tap,
)
from .test_seats_browser import NAMES, _send, _take_seats, expect_totals

pytestmark = pytest.mark.browser
VARIANT, OPTIONS = "crazy-tiles", {"rounds": 2}
#: each round's racks, by name ("" : went out)
ROUNDS = [
    {"Ann": "K13 B2", "Bob": "R5 J", "Cy": "G9", "Dee": ""},
    {"Ann": "", "Bob": "R1", "Cy": "B7 B8", "Dee": "K4"},
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-tiles-game"), "browser-seat-tiles-game") as site:
        yield site


def _rack(page, rack: str) -> None:
    """A phone sends its rack, or "I went out" for an empty one."""
    if rack:
        _send(page, rack)
        return
    page.check('input[name="went_out"]')
    page.get_by_role("button", name="Send my part").click()


def _round_one(pages: dict, editor) -> None:
    """Bob sends offline; Ann confirms Cy's rack, Cy Dee's; Dee disputes Ann's; Bob's phone comes
    back and his rack arrives, Ann confirms it; the editor accepts Ann's rack: the round is in."""
    ann, bob, cy, dee = (pages[n] for n in NAMES)
    send_offline(bob, lambda: _send(bob, ROUNDS[0]["Bob"]), "Your part of round 1")
    for name in ("Ann", "Cy", "Dee"):
        _rack(pages[name], ROUNDS[0][name])
        expect(pages[name].locator("[data-seat-mine]")).to_be_visible(timeout=WITHIN_MS)
    expect(ann.locator("[data-seat-count]")).to_have_text("3 of 4 in", timeout=WITHIN_MS)
    tap(ann, "Cy", "Looks right")
    expect(ann.get_by_text("You confirmed Cy's part.")).to_be_visible()
    tap(cy, "Dee", "Looks right")
    tap(dee, "Ann", "That's not right")
    dispute_shown(pages, "Dee", "Ann")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "seat-tiles-game-dispute.png"), full_page=True)
    assert_no_sideways_scroll(ann)
    back_online(bob)
    expect(ann.locator("[data-seat-count]")).to_have_text("4 of 4 in", timeout=WITHIN_MS)
    tap(ann, "Bob", "Looks right")
    editor_accepts(editor, "Ann")
    expect(editor.get_by_text("Round 1 recorded.")).to_be_visible()


def test_a_crazy_rummy_tiles_game_on_four_phones_to_its_end(browser, site):
    app, url = site
    with app.app_context():
        game, secret = services.create_game(VARIANT, NAMES, OPTIONS)
        open_seats(game, "any")
        db.session.commit()
        gid = game.public_id
    contexts = [browser.new_context(**PHONE_CONTEXT) for _ in range(len(NAMES) + 2)]
    try:
        pages = {name: ctx.new_page() for name, ctx in zip(NAMES, contexts)}
        _take_seats(url, gid, pages)
        contexts[4].add_cookies([{"name": f"sk_edit_{gid}", "value": secret, "url": url}])
        editor = contexts[4].new_page()
        editor.goto(f"{url}/games/{gid}/seat")
        _round_one(pages, editor)
        for page in pages.values():
            expect(page.get_by_role("heading", name="Round 2")).to_be_visible(timeout=WITHIN_MS)
        fresh = contexts[5].new_page()
        new_phone(editor, "Ann", pages["Ann"], fresh, url, gid, "Round 2")
        pages["Ann"] = fresh
        for name in NAMES:  # each player sees their part is in, as in round 1
            _rack(pages[name], ROUNDS[1][name])
            expect(pages[name].locator("[data-seat-mine]")).to_be_visible(timeout=WITHIN_MS)
        for whose, by in (("Ann", "Bob"), ("Bob", "Cy"), ("Cy", "Dee"), ("Dee", "Ann")):
            tap(pages[by], whose, "Looks right")
        # CT-8: the game's two rounds are played: over on every phone
        for page in pages.values():
            expect(page.get_by_text("The game is over.")).to_be_visible(timeout=WITHIN_MS)
        facts = [
            {
                "winner": list(hand.values()).index(""),
                "players": [{"rack": hand[n]} for n in NAMES],
            }
            for hand in ROUNDS
        ]
        engine = score_game(VARIANT, facts, players=4, options=OPTIONS)
        assert engine.finished
        with app.app_context():
            assert [r.facts for r in services.get_game(gid).rounds] == facts  # each round once, as sent
        expect_totals(editor, f"{url}/games/{gid}", {n: str(t) for n, t in zip(NAMES, engine.totals)})
    finally:
        for ctx in contexts:
            ctx.close()
