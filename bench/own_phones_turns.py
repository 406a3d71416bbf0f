"""Own phones, Crib Rummy's turns (issue 38, docs/own-phones.md): the taps on one seated phone for
its player's turns of a hand, counted as ``bench/taps.py`` counts (its :class:`Player`).

Bob's turns of bench/taps.py's Crib Rummy hand, at a table of three (Ann deals, Bob starts): Bob
lays 3H 4H 5H; Cy pegs a set; Ann passes; Bob adds 6H to his run. Bob's phone is headless Chromium
at 390 x 844 on the seat page; the others' phones are plain HTTP sessions sending the seat page's
turn form (not counted). Bob's page must show each of his turns as his, live, and say what the
last one pegged.
"""

from __future__ import annotations

import re

import requests

from tests.browser.chromium import PHONE

try:  # run as a script from bench/, or imported as bench.own_phones_turns
    from taps import Player
except ImportError:  # pragma: no cover
    from bench.taps import Player

NAMES = ["Ann", "Bob", "Cy"]
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def seated_game(base: str, slug: str) -> str:
    """A new game of Ann, Bob and Cy through the API, opened for seats; its id."""
    api = f"{base}/api/v1"
    game = requests.post(f"{api}/games", json={"variant": slug, "players": NAMES}, timeout=30).json()
    headers = {"Authorization": f"Bearer {game['secret']}"}
    requests.put(f"{api}/games/{game['id']}/seating", json={}, headers=headers, timeout=30)
    return game["id"]


def phone_page(browser):
    """A phone's browser context at 390 x 844 and its page."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    return context, context.new_page()


def _phone(base: str, gid: str, name: str) -> requests.Session:
    """Another player's phone: its seat taken through the API, its seat link opened (the cookie)."""
    phone = requests.Session()
    taken = phone.post(f"{base}/api/v1/games/{gid}/seats", json={"name": name}, timeout=30).json()
    phone.get(f"{base}/games/{gid}/seat/{taken['secret']}", timeout=30)
    return phone


def _turn(phone: requests.Session, base: str, gid: str, **fields) -> None:
    form = phone.get(f"{base}/games/new/crib-rummy", timeout=30)
    token = CSRF.search(form.text)
    assert token, f"{form.status_code}: {form.text[:300]}"
    token = token.group(1)
    sent = phone.post(
        f"{base}/games/{gid}/seat/turn",
        data={"csrf_token": token, "hand_number": "1", **fields},
        allow_redirects=False,
        timeout=30,
    )
    assert sent.status_code == 302, sent.text[:500]


def bobs_turns(browser, base: str) -> tuple[int, str]:
    """(taps on Bob's phone for his turns of the hand, what his page said after the last one)."""
    gid = seated_game(base, "crib-rummy")
    ann, cy = _phone(base, gid, "Ann"), _phone(base, gid, "Cy")
    context, page = phone_page(browser)
    page.goto(f"{base}/games/{gid}/seat")
    page.get_by_role("button", name="I am Bob").click()
    p = Player(page)
    page.get_by_text("Your turn.").wait_for()
    page.fill("#cards", "3H 4H 5H")
    p.taps += 1  # the field tapped, the meld typed
    p.tap(page.get_by_role("button", name="Lay them"))
    page.get_by_text("Cy's turn.").wait_for()
    _turn(cy, base, gid, cards="7S 7D 7C", action="lay")
    _turn(ann, base, gid, action="pass")
    page.get_by_text("Your turn.").wait_for()  # live: the others' turns came in
    page.fill("#cards", "6H")
    p.taps += 1
    p.check(page.get_by_label("Added to #1 3H 4H 5H (Bob)"))
    p.tap(page.get_by_role("button", name="Lay them"))
    said = page.locator(".flash").first.inner_text()
    context.close()
    return p.taps, said
