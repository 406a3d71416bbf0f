"""Every phone told (issue 20, section 4): a change made on another phone is read out by a screen
reader through a polite live region, checked in Chromium's own accessibility tree."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import phone_page, served_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("announce-browser"), "browser-announce") as site:
        yield site


def polite_words(page) -> list[str]:
    """The text inside every polite live region of the page, as Chromium's accessibility tree has it."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    by_id = {n["nodeId"]: n for n in nodes}

    def polite(node) -> bool:
        return any(
            p["name"] == "live" and p["value"]["value"] == "polite" for p in node.get("properties", [])
        )

    def in_polite_region(node) -> bool:
        while node is not None:
            if polite(node):
                return True
            node = by_id.get(node.get("parentId"))
        return False

    return [
        n["name"]["value"]
        for n in nodes
        if n.get("role", {}).get("value") == "StaticText" and in_polite_region(n) and n.get("name")
    ]


def test_a_hand_from_another_phone_is_read_out(browser, site):
    app, url = site
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {"target": 10**6})
        services.record_round(game, {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 B7"}]})
        db.session.commit()
        public_id = game.public_id
    with (
        phone_page(browser, "announce-follower") as follower,
        phone_page(browser, "announce-editor") as editor,
    ):
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        editor.locator(".live-state", has_text="Live").wait_for()
        follower.goto(f"{url}/games/{public_id}")
        follower.locator(".live-state", has_text="Live").wait_for()
        assert not any("recorded" in w for w in polite_words(follower))  # nothing said on arrival
        with app.app_context():  # another phone records hand 2: Bob goes out, Ann holds R13 and a joker
            services.record_round(
                services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13 J"}, {"rack": ""}]}
            )
            db.session.commit()
        said = "Round 2 recorded: Ann -43, total -31; Bob +43, total 31."
        for phone in (follower, editor):  # a follower's page and an editor's page alike
            expect(phone.locator("[data-announcer]")).to_have_text(said)
            assert said in polite_words(phone)
        with app.app_context():
            services.undo_last_change(services.get_game(public_id))
            db.session.commit()
        expect(follower.locator("[data-announcer]")).to_contain_text("Undid: Round 2 recorded")
        assert any(w.endswith("Totals: Ann 12, Bob -12.") for w in polite_words(follower))


def test_one_announcement_per_change_in_the_hands_words(browser, site):
    """Issue 33: each save was read out twice ("Live: updated at ..." and the hand), a game's end
    three times (the winner banner and the Share button's text too), and a timer change said nothing
    of what changed. One announcement per change, in the change's own words."""
    from scorekeeper.services import timer

    app, url = site
    with app.app_context():
        game, _secret = services.create_game("rummikub", ["Ann", "Bob"], {"target": 40})
        db.session.commit()
        public_id = game.public_id
    with phone_page(browser, "announce-once") as follower:
        follower.goto(f"{url}/games/{public_id}")
        follower.locator(".live-state", has_text="Live").wait_for()
        announcer = follower.locator("[data-announcer]")
        with app.app_context():  # hand 1: Bob goes out, Ann holds R13
            services.record_round(
                services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13"}, {"rack": ""}]}
            )
            db.session.commit()
        said = "Round 1 recorded: Ann -13, total -13; Bob +13, total 13."
        expect(announcer).to_have_text(said)
        expect(follower.locator(".live-status")).to_contain_text("updated at")  # still shown
        heard = polite_words(follower)
        assert heard.count(said) == 1 and not [w for w in heard if w.startswith("Live")], (
            heard
        )  # not "Live: updated at" too
        with app.app_context():  # the turn timer set on another phone: said in words
            timer.set_seconds(services.get_game(public_id), 90, first=1)
            db.session.commit()
        expect(announcer).to_have_text("Turn timer: 90 s a turn, Bob's turn, paused.")
        with app.app_context():
            timer.set_state(services.get_game(public_id), True, 90_000, 0)
            db.session.commit()
        expect(announcer).to_have_text("Turn timer: Ann's turn, running.")
        with app.app_context():  # hand 2 ends the game: Bob reaches 40
            services.record_round(
                services.get_game(public_id), {"winner": 1, "players": [{"rack": "R13 B13 K1"}, {"rack": ""}]}
            )
            db.session.commit()
        over = "Round 2 recorded: Ann -27, total -40; Bob +27, total 40. Game over: Bob wins."
        expect(announcer).to_have_text(over)
        expect(follower.locator(".winner-banner")).to_be_visible()
        heard = polite_words(follower)
        assert heard.count(over) == 1, heard
        assert not [w for w in heard if w.startswith(("Live", "Winner", "Game over after", "Share"))], heard
