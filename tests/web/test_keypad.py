"""One keypad (issue 8, one way per thing): the hand forms', the seat page's and the checker pages'
scripts import the one keypad module, no page script handles keys itself, and one template
(templates/_macros/keypad.html) draws the same keys on each."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from scorekeeper.entry import keypad
from scorekeeper.offline.shell import SHELL_STATIC
from scorekeeper.rules import variants

from .rounds_support import new_game, rounds_url

#: what only key handling does: read a key's rank, suit or tool, or listen to the keypad's taps
KEY_HANDLING = re.compile(
    r'data-rank|data-suit"|dataset\.(rank|suit|token|action|do)\b|'
    r'keypad\.addEventListener|getAttribute\("data-(rank|suit|token|do)"\)'
)


def imports_keypad(client, html: str, page_script: str) -> bool:
    """The page loads its script as a module, and that script imports the keypad's, versioned."""
    found = re.search(rf'<script type="module" src="(/static/js/{page_script}\?v=[0-9a-f]{{10}})"', html)
    source = client.get(found.group(1)).get_data(as_text=True) if found else ""
    return bool(
        re.search(r'^import \* as ScorekeeperKeypad from "\./keypad\.js\?v=[0-9a-f]{10}";$', source, re.M)
    )


@pytest.mark.parametrize("variant", ["krazy-bee", "rummikub", "crib-rummy"])
def test_the_hand_form_loads_the_one_keypad(app, client, variant):
    html = client.get(rounds_url(new_game(app, client, variant))).get_data(as_text=True)
    assert 'id="keypad"' in html and imports_keypad(client, html, "entry.js")


@pytest.mark.parametrize(
    "path", ["/check/crib-rummy", "/check/rummikub", "/check/rummikub/turn", "/check/rummikub/best"]
)
def test_the_checker_pages_load_the_one_keypad(client, path):
    html = client.get(path).get_data(as_text=True)
    assert 'class="keypad"' in html and imports_keypad(client, html, "checker.js")


def test_only_the_keypad_script_handles_keys(client):
    served = {
        name: client.get(f"/static/js/{name}").get_data(as_text=True)
        for name in ("keypad.js", "entry.js", "checker.js")
    }
    assert KEY_HANDLING.search(served["keypad.js"])  # (the pattern finds key handling where it is)
    assert not KEY_HANDLING.search(served["entry.js"]) and not KEY_HANDLING.search(served["checker.js"])
    # the hand form's fields are served by the keypad module's own serveFields (the seat page's too)
    assert (
        "ScorekeeperKeypad.serveFields(" in served["entry.js"]
        and "ScorekeeperKeypad.attach(" in served["checker.js"]
    )


def test_the_app_shell_keeps_the_keypad_with_the_hand_form():
    assert {"js/keypad.js", "js/entry.js"} <= set(SHELL_STATIC)


class _Keys(HTMLParser):
    """The buttons inside the page's keypad: their attributes and the text they show."""

    def __init__(self) -> None:
        super().__init__()
        self.depth, self.keys = 0, []  # depth: open <div>s inside the keypad (0: outside it)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div" and (self.depth or "keypad" in (attrs.get("class") or "").split()):
            self.depth += 1
        elif tag == "button" and self.depth:
            self.keys.append({"attrs": attrs, "shows": ""})

    def handle_endtag(self, tag):
        if tag == "div" and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth and self.keys:
            self.keys[-1]["shows"] += data.strip()


def card_keys(html: str) -> dict[str, dict]:
    """The keypad's rank, suit and wild keys by what they type (``rank:7``, ``suit:H``, ``token:J``),
    each as drawn: its attributes and its text. Separators (``|``, ``/``) and tools are the page's own."""
    parser = _Keys()
    parser.feed(html)
    found = {}
    for key in parser.keys:
        a = key["attrs"]
        what = next(
            (f"{kind}:{a['data-' + kind]}" for kind in ("rank", "suit", "token") if "data-" + kind in a), None
        )
        if what and what not in ("token:|", "token:/"):
            found[what] = {**a, "shows": key["shows"]}
    return found


@pytest.mark.parametrize("variant", [v["slug"] for v in variants()])
def test_the_hand_form_and_the_checker_draw_the_same_keys(app, client, variant):
    """One template draws both keypads: the same keys, each with the same classes, text and name."""
    hand = card_keys(client.get(rounds_url(new_game(app, client, variant))).get_data(as_text=True))
    checker = card_keys(client.get(f"/check/{variant}").get_data(as_text=True))
    wanted = keypad(variant)
    assert set(hand) == {f"rank:{r}" for r in wanted["ranks"]} | {f"suit:{s}" for s in wanted["suits"]} | (
        {f"token:{wanted['wild']}"} if wanted["wild"] else set()
    )
    assert hand == checker
    for what, key in hand.items():
        assert key["class"].split()[:2] == ["key", "key-" + what.split(":")[0].replace("token", "wild")]
        name = key.get("aria-label", key["shows"])
        assert key["shows"] and key["shows"].casefold() in name.casefold()  # what it shows is in its name
