"""Taps per typical hand: a real Chromium at 390x844 records one hand of each variant.

Starts the app on a free loopback port (its own SQLite file, removed after),
creates each game through the new-game form (not counted), then, from the game
page, taps through one typical hand the way a player does and counts:

- a **tap**: a click or touch on anything (link, button, radio, checkbox, keypad
  key, a summary that opens more fields); choosing from a drop-down list is
  **two** taps (open it, pick);
- **typing a number** into a field counts one tap for the field (tapping it and
  typing the value), however many digits;
- a key press that is not typing a value (Enter, Tab) counts one tap.

Nothing already showing the right value is tapped: the script looks at the
page first, as a player does, so the same script measures any version of the
forms (run it on ``main`` for the baseline). Page loads are counted too.

Typical hands (3 players unless said; from issue 10). Values are entered so the
rules engine works them out: counts per class where cards score by class (Krazy
Bee KB-7, Crazy Rummy CZ-5), one number per player where a hand is the plain sum
of its numbers (RumBugz RB-6, tiles CT-7: the players add their own rack).

- krazy-bee: Ann goes out; Bob laid his Step, keeps 2 low + 1 high; Cy missed
  his Step, keeps 3 low + 1 Wild Bee.
- rumbugz: Ann wins; Bob's Bugz add to 14, Cy's to 16.
- tiles (rummikub): Ann goes out; Bob's rack adds to 14, Cy's to 22.
- crazy-rummy: Ann deals (face-up 7: sevens wild), Bob shows 9, Cy Q. Boards: Ann
  8 8 8 K K K (went out), Bob 4 4 4 7, Cy A A A. Hands: Bob 5 9, Cy Q Q K.
- crib-rummy, 4 players (Ann deals, Bob starts), 8 turns: Bob lays 3H 4H 5H
  (cards); Cy pegs a set (2); Dee passes; Ann passes; Bob adds 6H to his run;
  Cy passes; Dee pegs a set (2); Ann pegs a set (2) and goes out, Bob keeps 2
  cards, Cy 3, Dee 1. crib-turn is Cy's turn (a set pegged), crib-hand all 8
  turns from the game page's button to the game page.

Real hands (issue 20, section 2) are played beside them by :mod:`taps_real`, with the same
counting rules.

Usage: ``python bench/taps.py`` (prints one line per hand, today's then the real ones, then a
summary line for each).
"""

from __future__ import annotations

import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app
from scorekeeper.storage.extensions import db
from tests.browser.chromium import CHROMIUM, FLAGS, PHONE  # the browser tests' own launch


class Quiet(WSGIRequestHandler):
    def log_request(self, *args, **kwargs):  # the bench prints its own lines
        pass


@contextmanager
def served(**config):
    """The app on a free loopback port and its own SQLite file (``config`` added to its settings);
    stopped and removed after."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "taps",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'taps.sqlite3'}",
                **config,
            }
        )
        with app.app_context():
            db.create_all()
        server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_port}"
        finally:
            server.shutdown()


class Player:
    """A phone user: every tap, typed number and page load counted."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.loads = 0
        page.on("load", lambda _page: self._loaded())

    def _loaded(self):
        self.loads += 1

    def field(self, name):
        return self.page.locator(f'[id="f-{name}"]')

    def tap(self, target):
        target = self.page.locator(target) if isinstance(target, str) else target
        target.click()
        self.taps += 1

    def type(self, name, value):
        """Tap a field and type a number: one tap. Opens the fold that hides it first (a tap).
        A field already showing the number (one the form filled in) is left alone."""
        box = self.field(name)
        if box.is_visible() and box.input_value() == str(value):
            return
        if not box.is_visible():
            self.tap(self.page.locator("details", has=box).locator("summary"))
        box.fill(str(value))
        box.dispatch_event("change")
        self.taps += 1

    def choose(self, name, value):
        """A drop-down list: open it and pick (two taps); a row of buttons: one tap."""
        radio = self.page.locator(f'input[type=radio][name="{name}"][value="{value}"]')
        if radio.count():
            self.check(radio)
            return
        box = self.field(name)
        if box.input_value() != str(value):
            box.select_option(str(value))
            self.taps += 2

    def check(self, box):
        """Tick a checkbox or radio unless it already shows ticked."""
        box = self.page.locator(box) if isinstance(box, str) else box
        if not box.is_checked():
            box.check()
            self.taps += 1

    def keys(self, name, *keys):
        """Cards on the keypad: tap the field, then each key (a suit only when not already chosen)."""
        self.tap(self.field(name))
        for key in keys:
            if key.startswith("suit:"):
                button = self.page.locator(f'#keypad button[data-suit="{key[5:]}"]')
                if button.get_attribute("aria-pressed") != "true":
                    self.tap(button)
            else:
                self.tap(f'#keypad button[data-rank="{key}"]')


def start(page, base, slug, names, options=None):
    """Create a game through the form (not counted); leaves the page on the game."""
    page.goto(f"{base}/games/new/{slug}")
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    for name, value in (options or {}).items():
        page.locator(f"#opt_{name}").select_option(value)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    page.wait_for_load_state()


def record(p: Player, word: str):
    p.tap(p.page.get_by_role("link", name=f"Record a {word}"))
    p.page.wait_for_url("**/rounds/new")


def save(p: Player, word: str) -> str:
    """Save the hand; what the game page then says (its flash and each standing's total)."""
    p.tap(p.page.get_by_role("button", name=f"Save {word}"))
    p.page.wait_for_url(lambda url: "/rounds/" not in url)
    return totals(p.page)


def totals(page) -> str:
    page.locator(".flash-success").wait_for()
    cells = page.locator(".standing").all()
    return ", ".join(f"{c.locator('.name').inner_text()} {c.locator('.total').inner_text()}" for c in cells)


def counts(p: Player, prefix: str, **per_class):
    for key, value in per_class.items():
        p.type(f"{prefix}.counts.{key}", value)


def main() -> None:
    from taps_hands import crazy_rummy, crib_rummy, krazy_bee, rumbugz, tiles  # they use this module's player

    results: dict[str, int] = {}
    with served() as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        runs = (
            ("krazy-bee", "krazy-bee", krazy_bee, ("Ann", "Bob", "Cy"), None),
            ("rumbugz", "rumbugz", rumbugz, ("Ann", "Bob", "Cy"), None),
            ("tiles", "rummikub", tiles, ("Ann", "Bob", "Cy"), None),
            ("crazy-rummy", "crazy-rummy", crazy_rummy, ("Ann", "Bob", "Cy"), None),
            ("crib-hand", "crib-rummy", crib_rummy, ("Ann", "Bob", "Cy", "Dee"), None),
        )
        for label, slug, play, names, options in runs:
            context = browser.new_context(
                viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True
            )
            page = context.new_page()
            start(page, base, slug, names, options)
            player = Player(page)
            loads_before = player.loads
            answer = play(player)
            if label == "crib-hand":
                answer, turn_taps, turn_loads = answer
                results["crib-turn"] = turn_taps
                print(f"crib-turn    {turn_taps:3d} taps, {turn_loads} page loads  (a set pegged, 4 players)")
            results[label] = player.taps
            print(f"{label:12} {player.taps:3d} taps, {player.loads - loads_before} page loads  -> {answer}")
            context.close()
        print("real hands (issue 20):")
        from taps_real import REAL, play_real  # the real hands use this module's player and pages

        real = play_real(browser, base)
        browser.close()
    order = ("krazy-bee", "rumbugz", "tiles", "crazy-rummy", "crib-turn", "crib-hand")
    print("taps per hand: " + ", ".join(f"{k} {results[k]}" for k in order))
    print("taps per real hand: " + ", ".join(f"{k} {real[k]}" for k, *_ in REAL))


if __name__ == "__main__":
    main()
