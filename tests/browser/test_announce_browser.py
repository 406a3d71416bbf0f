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
