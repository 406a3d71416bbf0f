"""The turn timer in a real Chromium (issue 20, section 3): the editor's phone starts, pauses and
passes it; a follower's phone shows the same countdown through the live stream; at zero both
phones vibrate and beep (the sound can be switched off) and nothing is recorded; offline the
editor's timer keeps running and is sent when the connection returns."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services import timer
from scorekeeper.storage.extensions import db

from .conftest import ARTIFACTS, phone_page, served_app

pytestmark = pytest.mark.browser
#: what a phone's vibration motor and speaker were asked to do, kept in the page
BUZZER = """
window.__buzzed = [];
window.__beeps = 0;
navigator.vibrate = (pattern) => { window.__buzzed.push(pattern); return true; };
const RealAudio = window.AudioContext;
window.AudioContext = function () { window.__beeps += 1; return new RealAudio(); };
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("timer-browser"), "browser-timer") as site:
        yield site


def _game(app, seconds: int) -> tuple[str, str]:
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob", "Eve"], {"target": 10**6})
        timer.set_seconds(game, seconds, first=1)
        db.session.commit()
        return game.public_id, secret


def _stored(app, public_id):
    with app.app_context():
        game = services.get_game(public_id)
        return timer.timer_of(game), game.version, len(game.rounds)


def _seconds(page) -> int:
    minutes, seconds = page.locator("[data-timer-clock]").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def _close(follower, editor, tries: int = 5) -> bool:
    """The two phones' clocks within a second of each other (read one after the other, so read
    again when a second ticked between the two readings on a busy machine)."""
    for _ in range(tries):
        if abs(_seconds(follower) - _seconds(editor)) <= 1:
            return True
        follower.wait_for_timeout(200)
    return False


def test_the_follower_sees_the_editors_countdown(browser, site):
    app, url = site
    public_id, secret = _game(app, 90)
    with phone_page(browser, "timer-editor") as editor, phone_page(browser, "timer-follower") as follower:
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        follower.goto(f"{url}/games/{public_id}")
        follower.locator(".live-state", has_text="Live").wait_for()
        expect(follower.locator(".timer-whose")).to_have_text("Bob's turn")
        expect(follower.locator("[data-timer-toggle]")).to_have_count(0)  # a follower only watches

        editor.locator("[data-timer-toggle]").tap()
        expect(editor.locator("[data-timer-toggle]")).to_have_text("Pause")
        expect(follower.locator("[data-timer-state]")).to_contain_text("running")
        expect(follower.locator("[data-timer-clock]")).not_to_have_text("1:30")
        assert _close(follower, editor)  # the same countdown on both phones

        editor.locator("[data-timer-toggle]").tap()  # pause
        expect(follower.locator("[data-timer-state]")).to_contain_text("paused")
        expect(follower.locator("[data-timer-clock]")).to_have_text(
            editor.locator("[data-timer-clock]").inner_text()
        )

        editor.locator("[data-timer-pass]").tap()  # Bob's done: Eve's turn, a full minute and a half
        expect(follower.locator(".timer-whose")).to_have_text("Eve's turn")
        expect(follower.locator("[data-timer-state]")).to_contain_text("running")
        expect(editor.locator("[data-timer-pass]")).to_have_text("Pass to Ann")
        follower.wait_for_timeout(1200)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)  # (docs/img/turn-timer-follower.png was taken so)
        follower.locator("#turn-timer").scroll_into_view_if_needed()
        follower.screenshot(path=str(ARTIFACTS / "turn-timer-follower.png"))
        stored, version, rounds = _stored(app, public_id)
        assert stored["running"] and stored["turn"] == 2 and (version, rounds) == (0, 0)


def test_at_zero_phones_buzz_and_beep_and_nothing_is_recorded(browser, site):
    app, url = site
    public_id, secret = _game(app, 2)
    with (
        phone_page(browser, "timer-zero-editor") as editor,
        phone_page(browser, "timer-zero-follower") as follower,
    ):
        for phone in (editor, follower):
            phone.add_init_script(BUZZER)
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        follower.goto(f"{url}/games/{public_id}")
        follower.locator(".live-state", has_text="Live").wait_for()
        follower.locator("[data-timer-sound]").uncheck()  # this phone keeps quiet
        editor.locator("[data-timer-toggle]").tap()
        for phone in (editor, follower):
            expect(phone.locator("[data-timer-state]")).to_have_text("Time is up for Bob.", timeout=6000)
            expect(phone.locator("#turn-timer")).to_have_class(re.compile(r"\bup\b"))
        assert editor.evaluate("window.__buzzed") == [[200, 100, 200]]
        assert follower.evaluate("window.__buzzed") == [[200, 100, 200]]
        assert editor.evaluate("window.__beeps") == 1 and follower.evaluate("window.__beeps") == 0
        follower.wait_for_timeout(1500)
        assert editor.evaluate("window.__buzzed").__len__() == 1  # once per turn, not every tick
        _, version, rounds = _stored(app, public_id)
        assert (version, rounds) == (0, 0)  # the timer never records anything by itself
        follower.reload()
        expect(follower.locator("[data-timer-sound]")).not_to_be_checked()  # the switch is kept


def test_offline_the_editors_timer_runs_and_is_sent_on_return(browser, site):
    app, url = site
    public_id, secret = _game(app, 60)
    with phone_page(browser, "timer-offline-editor") as editor:
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        expect(editor.locator("[data-timer-toggle]")).to_have_text("Start")
        editor.context.set_offline(True)
        editor.locator("[data-timer-toggle]").tap()
        expect(editor.locator("[data-timer-note]")).to_contain_text("Offline: the timer runs on this phone")
        expect(editor.locator("[data-timer-clock]")).to_have_text(re.compile(r"0:5\d"))
        assert not _stored(app, public_id)[0]["running"]
        editor.context.set_offline(False)
        editor.evaluate("window.dispatchEvent(new Event('online'))")
        for _ in range(40):
            if _stored(app, public_id)[0]["running"]:
                break
            editor.wait_for_timeout(100)
        stored = _stored(app, public_id)[0]
        assert stored["running"] and 50000 < stored["left"] < 60000


def _quarter_ms_off(route):
    """The server's clock as this phone reads it, a quarter ms later: the phone's clock offset has
    a fraction of a ms (a real phone's has half a ms after every round trip of an odd number of ms)."""
    if route.request.method != "GET":
        return route.fallback()
    answer = route.fetch()
    body = answer.json()
    body["now"] += 0.25
    return route.fulfill(response=answer, json=body)


def test_a_pause_reaches_the_follower_whatever_the_phones_clock_offset(browser, site):
    """The race of issue 20, one run in two: with a clock offset of half a ms the editor sent
    "left=88825.5", the server refused the Pause (422), the editor's phone showed it paused and
    every follower kept counting. Now the phone sends whole ms (and the server rounds a fraction)."""
    app, url = site
    public_id, secret = _game(app, 90)
    with (
        phone_page(
            browser, "timer-half-ms-editor", service_workers="block"
        ) as editor,  # the route sees every fetch
        phone_page(browser, "timer-half-ms-follower") as follower,
    ):
        editor.route(f"{url}/games/{public_id}/timer", _quarter_ms_off)
        sent: list[str] = []
        editor.on("request", lambda r: sent.append(r.post_data) if r.method == "POST" else None)
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        follower.goto(f"{url}/games/{public_id}")
        follower.locator(".live-state", has_text="Live").wait_for()
        editor.locator("[data-timer-toggle]").tap()
        expect(follower.locator("[data-timer-state]")).to_contain_text("running")
        editor.locator("[data-timer-toggle]").tap()
        expect(follower.locator("[data-timer-state]")).to_contain_text("paused")
        expect(editor.locator("[data-timer-toggle]")).to_have_text("Start")
        assert not _stored(app, public_id)[0]["running"]
        assert all(re.search(r"(^|&)left=\d+(&|$)", body) for body in sent), sent  # whole ms


#: the game page as the server renders it now, its timer section put in place of the page's, then the
#: live stream's "live:change" (live.js's swap of a changed block)
SWAP_IN_THE_SERVERS_SECTION = """async () => {
  const html = await (await fetch(location.href, {cache: "no-store"})).text();
  const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-turn-timer]");
  document.querySelector("[data-turn-timer]").replaceWith(document.importNode(fresh, true));
  document.dispatchEvent(new CustomEvent("live:change"));
}"""


def test_a_refused_tap_shows_the_timer_as_the_server_has_it(browser, site):
    """A tap the server refuses leaves the editor's phone showing what every follower sees, with the
    server's reason, not the state it tapped."""
    app, url = site
    public_id, secret = _game(app, 90)
    with phone_page(
        browser, "timer-refused-editor", service_workers="block"
    ) as editor:  # the route sees every fetch
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        editor.locator("[data-timer-toggle]").tap()
        expect(editor.locator("[data-timer-toggle]")).to_have_text("Pause")
        for _ in range(40):  # the Start reached the server
            if _stored(app, public_id)[0]["running"]:
                break
            editor.wait_for_timeout(100)
        refusal = {"error": "the time left is 0 to 90000 ms, not 90001"}
        editor.route(
            f"{url}/games/{public_id}/timer",
            lambda route: (
                route.fulfill(status=422, json=refusal)
                if route.request.method == "POST"
                else route.fallback()
            ),
        )
        editor.locator("[data-timer-toggle]").tap()  # Pause, refused
        expect(editor.locator("[data-timer-note]")).to_have_text(refusal["error"])
        expect(editor.locator("[data-timer-toggle]")).to_have_text("Pause")  # still running, as on the server
        expect(editor.locator("[data-timer-state]")).to_contain_text("running")
        assert _stored(app, public_id)[0]["running"]
        # a live update arriving late (the Start's, on a loaded machine) swaps in the server's section,
        # whose note is the plain one: the server's reason stays (as live.js swaps, then "live:change")
        editor.evaluate(SWAP_IN_THE_SERVERS_SECTION)
        expect(editor.locator("[data-timer-note]")).to_have_text(refusal["error"])
        expect(editor.locator("[data-timer-state]")).to_contain_text("running")
