"""A part sent offline (issue 38, docs/own-phones.md): four phones at a Rummikub table; Ann's phone
is offline when she sends her rack, which waits in the phone's queue, says so, and arrives once
when the phone is back; the round is recorded once and every phone moves on. A part that comes
back too late (its hand recorded meanwhile) is shown with its reason until Ann drops it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services.seats import send_part
from scorekeeper.storage.extensions import db
from tests.seated import seated_game

from .conftest import ARTIFACTS, served_app
from .test_seats_browser import NAMES, _send, _take_seats, expect_totals

pytestmark = pytest.mark.browser
WITHIN_MS = 8000
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("seat-offline"), "browser-seat-offline") as site:
        yield site


@pytest.fixture()
def phones(browser):
    contexts = [browser.new_context(**PHONE) for _ in NAMES]
    yield {name: ctx.new_page() for name, ctx in zip(NAMES, contexts)}
    for ctx in contexts:
        ctx.close()


def _offline_part(site, phones) -> str:
    """Four seated phones; Ann's loses the connection and she sends her rack: it waits on the phone."""
    app, url = site
    gid = seated_game(app, NAMES)
    _take_seats(url, gid, phones)
    ann = phones["Ann"]
    ann.context.set_offline(True)
    _send(ann, "R1 R2")
    queue = ann.locator("[data-send-queue]")
    expect(queue).to_be_visible()
    expect(queue).to_contain_text("Your part of round 1")
    expect(queue).to_contain_text("waiting to send")
    expect(queue.locator(".send-queue-state")).to_have_text("Offline: sent when the connection returns.")
    return gid


def test_a_part_sent_offline_arrives_once_when_the_phone_is_back(browser, site, phones):
    app, url = site
    gid, ann = _offline_part(site, phones), phones["Ann"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "seat-part-waiting.png"), full_page=True)
    bob = phones["Bob"]
    for name, rack in (("Bob", "R5 J"), ("Cy", "K13 B2")):
        _send(phones[name], rack)
        expect(phones[name].locator("[data-seat-mine]")).to_be_visible()
    phones["Dee"].check('input[name="went_out"]')
    phones["Dee"].get_by_role("button", name="Send my part").click()
    expect(bob.locator("[data-seat-count]")).to_have_text("3 of 4 in", timeout=WITHIN_MS)
    expect(bob.locator("[data-seat-waiting]")).to_have_text("Still to enter: Ann")
    ann.context.set_offline(False)
    expect(ann.locator("[data-send-queue]")).to_be_hidden(timeout=WITHIN_MS)
    for page in phones.values():
        expect(page.get_by_role("heading", name="Round 2")).to_be_visible(timeout=WITHIN_MS)
        expect(page.locator("[data-seat-count]")).to_have_text("0 of 4 in")
    with app.app_context():
        rounds = services.get_game(gid).rounds
        assert [r.facts["players"][0] for r in rounds] == [
            {"rack": "R1 R2"}
        ]  # recorded once, Ann's rack in it
    # CT-8 A: Dee went out and gains 3 + 35 + 15; each other loses their own rack
    expect_totals(bob, f"{url}/games/{gid}", dict(zip(NAMES, ("-3", "-35", "-15", "53"))))


def test_a_part_sent_offline_for_a_hand_recorded_meanwhile_is_shown_until_dropped(browser, site, phones):
    app = site[0]
    gid, ann = _offline_part(site, phones), phones["Ann"]
    with app.app_context():  # meanwhile the editor fills Ann's part and the others send theirs
        game = services.get_game(gid)
        for seat, part in enumerate(({"rack": "R3"}, {"rack": "R5 J"}, {"rack": "K13"}, {"went_out": True})):
            send_part(services.get_game(gid), seat, 1, part, by="editor" if seat == 0 else "seat")
        db.session.commit()
        assert len(game.rounds) == 1
    ann.context.set_offline(False)
    queue = ann.locator("[data-send-queue]")
    expect(queue).to_contain_text(
        "Round 1 is already recorded: this part was not kept. The open round is 2.", timeout=WITHIN_MS
    )
    expect(queue.locator(".send-queue-state")).to_contain_text("Your part of round 1 not sent")
    ann.screenshot(path=str(ARTIFACTS / "seat-part-refused.png"), full_page=True)
    ann.reload()  # kept on the phone until Ann drops it
    expect(queue).to_contain_text("already recorded", timeout=WITHIN_MS)
    queue.get_by_role("button", name="Drop it").click()
    expect(queue).to_be_hidden()
    with app.app_context():
        assert len(services.get_game(gid).rounds) == 1
