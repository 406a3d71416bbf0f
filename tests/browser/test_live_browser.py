"""Live pages in a real headless Chromium: the follower's phone updates in place as the editor plays.

Two phones (two browser contexts, so two sets of cookies) on the same live
server: the editor records a hand through the form; the follower's page,
scrolled down the hands, shows the new standings and hand without a reload,
at the same scroll position. The games list follows the same way, and so does
the editor's second phone. Without JavaScript the page offers a Refresh link.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .conftest import assert_no_sideways_scroll, phone_page, served_app

pytestmark = pytest.mark.browser
#: a page that updates "within a couple of seconds"
WITHIN_MS = 3000
HANDS = 12  # enough hands for the page to scroll


def _hand(n: int) -> dict:
    return {
        "winner": n % 2,
        "players": [{"rack": "" if n % 2 == 0 else "R5"}, {"rack": "" if n % 2 else "K7"}],
    }


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_app(tmp_path_factory.mktemp("live-browser"), "browser-live") as site:
        yield site


def _seed(app, hands: int) -> tuple[str, str]:
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {"target": 10**6})
        for n in range(hands):
            services.record_round(game, _hand(n))
        db.session.commit()
        return game.public_id, secret


def _record_through_the_form(page, url: str, public_id: str) -> None:
    """The editor's phone records a round: Bob goes out, Ann holds R13 and a joker (CT-7: 43)."""
    page.goto(f"{url}/games/{public_id}/rounds/new")
    page.check('input[name="winner"][value="1"]')
    page.fill('[id="f-players.0.rack"]', "R13 J")
    page.locator("button.save").click()
    page.wait_for_url(f"**/games/{public_id}")


def _total_cell(page, name: str):
    return page.locator(".standing", has_text=name).locator(".total")


def _total(page, name: str) -> str:
    return _total_cell(page, name).inner_text()


def _mark(page) -> None:
    """Leave a mark in the page's window: a reload or navigation would wipe it."""
    page.evaluate("window.__stillThisPage = true")


def _same_page(page) -> bool:
    return page.evaluate(
        "window.__stillThisPage === true && performance.getEntriesByType('navigation').length === 1"
    )


def test_the_follower_sees_the_hand_in_place(browser, site):
    app, url = site
    public_id, secret = _seed(app, HANDS)
    with (
        phone_page(browser, "live-editor") as editor,
        phone_page(browser, "live-follower") as follower,
        phone_page(browser, "live-editor-2") as second,
    ):
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        second.goto(f"{url}/games/{public_id}/join/{secret}")  # the editor's other phone
        follower.goto(f"{url}/games/{public_id}")
        for phone in (follower, second):
            phone.locator(".live-state", has_text="Live").wait_for()
            expect(phone.locator(".live-refresh")).to_be_hidden()  # live: no need to refresh by hand
        before = {"Ann": _total(follower, "Ann"), "Bob": _total(follower, "Bob")}
        rows = follower.locator("table.hands tbody tr").count()
        assert rows == HANDS
        follower.evaluate("window.scrollTo(0, 400)")
        follower.wait_for_function("() => window.scrollY === 400")
        for phone in (follower, second):
            _mark(phone)

        _record_through_the_form(editor, url, public_id)

        follower.locator("table.hands tbody tr").nth(HANDS).wait_for(timeout=WITHIN_MS)
        expect(_total_cell(follower, "Ann")).to_have_text(
            str(int(before["Ann"]) - 43)
        )  # CT-8 A: Ann loses her rack
        expect(_total_cell(follower, "Bob")).to_have_text(str(int(before["Bob"]) + 43))
        last = follower.locator("table.hands tbody tr").nth(HANDS)
        expect(last).to_contain_text("-43", use_inner_text=True)
        expect(last).to_contain_text("+43", use_inner_text=True)
        assert follower.evaluate("window.scrollY") == 400  # the reader stays where they were
        assert _same_page(follower)
        expect(follower.locator(".live-state")).to_contain_text("updated", use_inner_text=True)
        assert follower.locator('meta[http-equiv="refresh"]').count() == 0
        assert_no_sideways_scroll(follower)

        # the editor's other phone: the same hand, and its Undo button names it
        second.locator("button.undo", has_text=f"Round {HANDS + 1} recorded").wait_for(timeout=WITHIN_MS)
        expect(_total_cell(second, "Bob")).to_have_text(_total(follower, "Bob"))
        assert _same_page(second)


def test_the_winner_banner_and_chart_arrive_live(browser, site):
    app, url = site
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {"rounds": 2})
        services.record_round(game, _hand(0))
        db.session.commit()
        public_id = game.public_id
    with phone_page(browser, "live-winner-editor") as editor, phone_page(browser, "live-winner") as follower:
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        follower.goto(f"{url}/games/{public_id}")
        follower.locator(".live-state", has_text="Live").wait_for()
        assert follower.locator(".winner-banner").count() == 0
        points = "document.querySelector('svg.chart polyline').getAttribute('points').split(' ').length"
        drawn = follower.evaluate(points)
        _mark(follower)
        _record_through_the_form(editor, url, public_id)
        follower.locator(".winner-banner").wait_for(timeout=WITHIN_MS)
        expect(follower.locator(".winner-banner")).to_contain_text(
            "Winner: Bob", use_inner_text=True
        )  # -7 + 43
        follower.wait_for_function(f"() => {points} >= {drawn + 1}")  # the chart is redrawn...
        assert follower.evaluate(points) == drawn + 1  # ...with the new hand
        assert _same_page(follower)


def test_the_games_list_follows_new_games(browser, site):
    _app, url = site
    with (
        phone_page(browser, "live-games-list") as follower,
        phone_page(browser, "live-games-starter") as starter,
    ):
        follower.goto(f"{url}/games/")
        follower.locator(".live-state", has_text="Live").wait_for()
        _mark(follower)
        starter.goto(f"{url}/games/new/rumbugz")
        starter.fill("#player_0", "Zed Livingstone")
        starter.fill("#player_1", "Yolanda")
        starter.get_by_role("button", name="Start the game").click()
        starter.wait_for_url("**/games/*")
        follower.locator(".game-item", has_text="Zed Livingstone").wait_for(timeout=WITHIN_MS)
        assert _same_page(follower)


def test_without_javascript_the_page_offers_refresh(browser, site):
    app, url = site
    public_id, secret = _seed(app, 1)
    with (
        phone_page(browser, "live-no-js", java_script_enabled=False) as follower,
        phone_page(browser, "live-no-js-editor") as editor,
    ):
        follower.goto(f"{url}/games/{public_id}")
        refresh = follower.get_by_role("link", name="Refresh")
        expect(refresh).to_be_visible()
        expect(follower.locator(".live-state")).to_have_text("", use_inner_text=True)
        before = _total(follower, "Bob")
        editor.goto(f"{url}/games/{public_id}/join/{secret}")
        _record_through_the_form(editor, url, public_id)
        refresh.click()
        follower.wait_for_load_state()
        expect(_total_cell(follower, "Bob")).to_have_text(str(int(before) + 43))
        follower.goto(f"{url}/games/")
        expect(follower.get_by_role("link", name="Refresh")).to_be_visible()


@pytest.mark.parametrize("who", ["follower", "editor"])
def test_nothing_jumps_when_the_page_goes_live(browser, site, who):
    """The page is drawn first as it is without JavaScript, with its Refresh button; once the stream
    connects the button goes. The line keeps its place and height, so what is under it stays where
    the player first saw it."""
    app, url = site
    public_id, secret = _seed(app, 3)
    address = f"{url}/games/{public_id}" + (f"/join/{secret}" if who == "editor" else "")
    with (
        phone_page(browser, f"live-still-{who}-plain", java_script_enabled=False) as plain,
        phone_page(browser, f"live-still-{who}") as live,
    ):
        plain.goto(address)
        expect(plain.locator(".live-refresh")).to_be_visible()
        live.goto(address)
        live.locator(".live-state", has_text="Live").wait_for()
        expect(live.locator(".live-refresh")).to_be_hidden()
        where = "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }"
        assert live.locator(".live-status").evaluate(where) == plain.locator(".live-status").evaluate(where)
        # the words start the line, as the page's other words do (they stood at its far end)
        left = "e => e.getBoundingClientRect().left"
        assert (
            abs(live.locator(".live-state").evaluate(left) - live.locator(".live-status").evaluate(left)) < 2
        )


def test_the_focused_undo_keeps_the_focus_when_its_label_changes(browser, site):
    """The editor's keyboard is on "Undo: hand 3" when another phone records hand 4: the button swapped
    in says "Undo: hand 4" (and its form holds the game's new version), and the focus is on it still,
    not lost to the page (a button is found again by its form's address when its words change)."""
    app, url = site
    public_id, secret = _seed(app, 3)
    with phone_page(browser, "live-undo-focus") as page:
        page.goto(f"{url}/games/{public_id}/join/{secret}")
        page.locator(".live-state", has_text="Live").wait_for()
        undo = page.locator("button.step-back.undo")
        undo.focus()
        before = undo.inner_text()
        with app.app_context():
            services.record_round(services.get_game(public_id), _hand(3))
            db.session.commit()
        expect(undo).not_to_have_text(before, timeout=WITHIN_MS)
        expect(undo).to_be_focused()


#: what the page says and announces from now on (window.said, window.announced)
WATCH_THE_LINE = """() => {
  window.said = []; window.announced = [];
  for (const where of [".live-alert", ".live-state"]) {
    const node = document.querySelector(where);
    new MutationObserver(() => window.said.push(node.textContent))
      .observe(node, { childList: true, characterData: true, subtree: true });
  }
  for (const name of ["online", "offline"]) {
    document.addEventListener("live:" + name, () => window.announced.push(name));
  }
}"""


def test_a_stream_whose_time_is_up_is_renewed_without_a_word(browser, tmp_path):
    """A stream ends after LIVE_STREAM_SECONDS (10 minutes; here 1.5 s) and the page opens the next.
    The end was a lost connection to the page: every 10 minutes each phone and the club's TV said
    "Connection lost; trying again…" (read out), showed Refresh and announced live:offline for the
    2 s of the browser's retry. The server now says "end" first: the page opens the next stream at
    once, says nothing, and still follows (a hand recorded after three renewals arrives)."""
    with served_app(tmp_path, "browser-live-renewed", LIVE_STREAM_SECONDS=1.5) as (app, url):
        public_id, _secret = _seed(app, 2)
        with phone_page(browser, "live-renewed") as follower:
            follower.goto(f"{url}/games/{public_id}")
            follower.locator(".live-state", has_text="Live").wait_for()
            before = _total(follower, "Ann")
            follower.evaluate(WATCH_THE_LINE)
            follower.wait_for_timeout(5000)  # three streams' time up
            with app.app_context():
                services.record_round(services.get_game(public_id), _hand(1))  # Ann holds R5
                db.session.commit()
            expect(_total_cell(follower, "Ann")).to_have_text(str(int(before) - 5), timeout=WITHIN_MS)
            said, announced = follower.evaluate("[window.said, window.announced]")
            assert not [s for s in said if "Connection lost" in s], said
            assert "offline" not in announced, announced
            expect(follower.locator(".live-refresh")).to_be_hidden()


def test_a_game_deleted_while_the_page_heard_nothing_is_said_deleted(browser, tmp_path):
    """The page misses the stream's "gone" (here its streams are cut off while the game is deleted:
    a phone asleep or out of the Wi-Fi, the server restarting). Every stream it asks for since is a
    404: it said "Connection lost; trying again…" and asked again every 5 s for ever. Now a refused
    stream makes it ask for its content, whose 404 says the game was deleted, and it stops asking."""
    with served_app(tmp_path, "browser-live-missed", LIVE_STREAM_SECONDS=1.5) as (app, url):
        public_id, _secret = _seed(app, 2)
        with phone_page(browser, "live-missed") as follower:
            asked = []
            follower.on("request", lambda r: asked.append(r.url) if "/live/" in r.url else None)
            follower.goto(f"{url}/games/{public_id}")
            follower.locator(".live-state", has_text="Live").wait_for()
            follower.route("**/live/**", lambda route: route.abort())  # it hears nothing from now on
            follower.wait_for_timeout(2000)  # its stream's time is up meanwhile
            with app.app_context():
                services.delete_game(services.get_game(public_id))
                db.session.commit()
            follower.unroute("**/live/**")
            expect(follower.locator(".live-alert")).to_have_text("This game was deleted.", timeout=10_000)
            asked.clear()
            follower.wait_for_timeout(6000)
            assert asked == [], asked  # no stream asked for any more


#: an EventSource that never connects (the server away: its streams neither open nor fail); counts
#: the streams the page opens in window.opened
NEVER_CONNECTS = """
window.opened = 0;
window.EventSource = class {
  constructor(url) { window.opened += 1; this.url = url; this.readyState = 0; }
  addEventListener() {}
  close() { this.readyState = 2; }
};
Object.assign(window.EventSource, { CONNECTING: 0, OPEN: 1, CLOSED: 2 });
"""


def test_a_silent_stream_is_opened_again_once_every_two_beats_not_every_second(browser, site):
    """Silent for two beats (15 s each), the page says when it last heard from the table and opens
    its stream again. Once silent for four beats it opened a new stream every second for as long as
    the server was away (60 in two minutes, on top of the browser's own try every 2 s). Now at most
    once every two beats. The page's clock is run on (Playwright's), two minutes in a moment."""
    app, url = site
    public_id, _secret = _seed(app, 2)
    with phone_page(browser, "live-silent") as follower:
        follower.add_init_script(NEVER_CONNECTS)
        follower.clock.install()
        follower.goto(f"{url}/games/{public_id}")
        follower.wait_for_function("window.opened === 1")
        follower.clock.run_for(120_000)
        expect(follower.locator(".live-alert")).to_have_text(
            re.compile(r"^Last heard from the table 1[12]\d s ago; reconnecting…$")
        )
        opened = follower.evaluate("window.opened")
        assert 2 <= opened <= 4, f"{opened} streams opened in two minutes of silence"


#: an EventSource whose every stream is refused (a 404, or a proxy's 502 while the server restarts):
#: each fails at once, closed; window.opened holds the page clock's time each was opened at
REFUSED = """
window.opened = [];
window.EventSource = class {
  constructor(url) {
    window.opened.push(Date.now()); this.url = url; this.readyState = 0;
    setTimeout(() => { this.readyState = 2; if (this.onerror) this.onerror(); }, 0);
  }
  addEventListener() {}
  close() { this.readyState = 2; }
};
Object.assign(window.EventSource, { CONNECTING: 0, OPEN: 1, CLOSED: 2 });
"""


@pytest.mark.parametrize(("drawn", "wait_ms"), [(0, 5000), (0.5, 6500), (0.999, 7997)])
def test_a_refused_stream_is_asked_again_after_a_wait_of_its_own(browser, site, drawn, wait_ms):
    """A refused stream was asked for again after 5 s exactly: after a server restart a club night's
    125 phones came back in the same instant. Each page now draws its wait, 5 to 8 s (the page's
    Math.random, set here to show which wait each draw gives; the clock is Playwright's)."""
    app, url = site
    public_id, _secret = _seed(app, 2)
    with phone_page(browser, "live-refused") as follower:
        follower.add_init_script(REFUSED + f"Math.random = () => {drawn};")
        follower.clock.install()
        follower.goto(f"{url}/games/{public_id}")
        follower.wait_for_function("window.opened.length === 1")
        follower.clock.run_for(30_000)
        opened = follower.evaluate("window.opened")
        waits = [b - a for a, b in pairwise(opened)]  # (its failure takes a ms or two)
        assert len(waits) >= 3 and all(wait_ms <= w <= wait_ms + 20 for w in waits), waits
