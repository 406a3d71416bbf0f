"""One keypad (issue 8, one way per thing): the hand forms and the checker pages load the one
keypad script, before their own, and neither page script handles keys itself."""

from __future__ import annotations

import re

import pytest

from scorekeeper.offline.shell import SHELL_STATIC

from .rounds_support import new_game, rounds_url

#: what only key handling does: read a key's rank, suit or tool, or listen to the keypad's taps
KEY_HANDLING = re.compile(r'data-rank|data-suit"|dataset\.(rank|suit|token|action|do)\b|'
                          r'keypad\.addEventListener|getAttribute\("data-(rank|suit|token|do)"\)')


def scripts(html: str) -> list[str]:
    """The page's own scripts, by file name, in the order they run (all are deferred)."""
    return re.findall(r'<script src="/static/js/([a-z-]+\.js)\?v=[0-9a-f]{10}"', html)


def loads_keypad_first(html: str, page_script: str) -> bool:
    found = scripts(html)
    return "keypad.js" in found and page_script in found and found.index("keypad.js") < found.index(page_script)


@pytest.mark.parametrize("variant", ["krazy-bee", "rummikub", "crib-rummy"])
def test_the_hand_form_loads_the_one_keypad(app, client, variant):
    html = client.get(rounds_url(new_game(app, client, variant))).get_data(as_text=True)
    assert 'id="keypad"' in html and loads_keypad_first(html, "entry.js")


@pytest.mark.parametrize("path", ["/check/crib-rummy", "/check/rummikub", "/check/rummikub/turn",
                                  "/check/rummikub/best"])
def test_the_checker_pages_load_the_one_keypad(client, path):
    html = client.get(path).get_data(as_text=True)
    assert 'class="keypad"' in html and loads_keypad_first(html, "checker.js")


def test_only_the_keypad_script_handles_keys(client):
    served = {name: client.get(f"/static/js/{name}").get_data(as_text=True)
              for name in ("keypad.js", "entry.js", "checker.js")}
    assert KEY_HANDLING.search(served["keypad.js"])  # (the pattern finds key handling where it is)
    assert not KEY_HANDLING.search(served["entry.js"]) and not KEY_HANDLING.search(served["checker.js"])
    assert "ScorekeeperKeypad.attach(" in served["entry.js"] and "ScorekeeperKeypad.attach(" in served["checker.js"]


def test_the_app_shell_keeps_the_keypad_with_the_hand_form():
    assert SHELL_STATIC.index("js/keypad.js") < SHELL_STATIC.index("js/entry.js")
