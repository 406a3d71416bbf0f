"""Own phones, taps (issue 38, docs/own-phones.md): taps on one seated phone for its own part.

Headless Chromium at 390 x 844 drives the seat page (``/games/<id>/seat``), counted as
``bench/taps.py`` counts (its :class:`Player`: a tap is a click on anything; typing a value into a
field is one tap for the field). The game is created and opened for seats through the API (not
counted); the phone takes its seat once (counted apart: once a game, not each hand); the other
players' parts come through the API first, so the counted phone's part is the last one in and its
page must say the hand was recorded. Typical hands as bench/taps.py has them:

- tiles (Rummikub): Ann goes out, Cy's rack adds to 22; Bob's phone types his rack's total, 14.
- Krazy Bee: Ann goes out, Cy missed his Step; Bob's phone: he laid his Step and keeps 2 low + 1 high.
- Crazy Rummy: Ann deals (face-up 7) and goes out with 60 on her board, Cy has 30 on his board and
  15 in hand; Bob's phone types his board minus his hand in one field, "45 - 20".
"""

from __future__ import annotations

import requests
from playwright.sync_api import sync_playwright

from scorekeeper.rules import all_variants
from scorekeeper.services.seats.parts import OWN_PARTS
from tests.browser.chromium import CHROMIUM, FLAGS

try:  # run as a script from bench/, or imported as bench.own_phones_taps
    import own_phones_turns
    from taps import Player, served
except ImportError:  # pragma: no cover
    from bench import own_phones_turns
    from bench.taps import Player, served

NAMES = ["Ann", "Bob", "Cy"]


def tiles(p: Player) -> None:
    p.page.fill("#points", "14")
    p.taps += 1  # the field tapped and the total typed


def krazy_bee(p: Player) -> None:
    p.check(p.page.get_by_label("I laid my Step down"))
    p.page.fill("#hand", "3 4 12")
    p.taps += 1


def crazy_rummy(p: Player) -> None:
    p.page.fill("#board_hand", "45 - 20")
    p.taps += 1  # the field tapped, the board and the hand typed


#: variant slug: (the label printed, the other players' parts through the API, the counted phone's part, target)
PLAYS = {
    "rummikub": ("tile game rack total", {0: {"went_out": True}, 2: {"points": 22}}, tiles, 3),
    "krazy-bee": (
        "Krazy Bee hand",
        {0: {"laid": True, "went_out": True}, 2: {"laid": False, "hand": "3 4 5 W"}},
        krazy_bee,
        4,
    ),
    "crazy-rummy": (
        "Crazy Rummy hand",
        {0: {"face_up": "7", "board_points": 60, "went_out": True}, 2: {"board_points": 30, "points": 15}},
        crazy_rummy,
        2,
    ),
}


def one_phone(browser, base: str, slug: str) -> tuple[int, int, str]:
    """Bob's phone enters his part of hand 1: (taps for the part, taps to take the seat, what the page said)."""
    _, others, play, _ = PLAYS[slug]
    api = f"{base}/api/v1"
    gid = own_phones_turns.seated_game(base, slug)
    context, page = own_phones_turns.phone_page(browser)
    page.goto(f"{base}/games/{gid}/seat")
    p = Player(page)
    p.tap(page.get_by_role("button", name="I am Bob"))
    page.get_by_role("button", name="Send my part").wait_for()
    seat_taps, p.taps = p.taps, 0
    for seat, part in others.items():
        secret = requests.post(f"{api}/games/{gid}/seats", json={"name": NAMES[seat]}, timeout=30).json()[
            "secret"
        ]
        sent = requests.put(
            f"{api}/games/{gid}/seats/{seat}/part",
            json={"hand": 1, "part": part},
            headers={"Authorization": f"Bearer {secret}"},
            timeout=30,
        )
        assert sent.status_code == 200, sent.text
    # the page shows the others' parts in: this phone's part is the last one
    page.locator("[data-seat-count]", has_text=f"{len(others)} of {len(NAMES)} in").wait_for()
    play(p)
    p.tap(page.get_by_role("button", name="Send my part"))
    said = page.locator(".flash").first.inner_text()
    context.close()
    return p.taps, seat_taps, said


def measure() -> tuple[list[str], bool]:
    """One line per variant (the taps for a seated phone's part, or "not built"); whether every
    counted part recorded its hand."""
    lines, ok = [], True
    with served() as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        for variant in all_variants():
            if variant.slug in PLAYS:
                label, _, _, target = PLAYS[variant.slug]
                taps, seat_taps, said = one_phone(browser, base, variant.slug)
                ok = ok and said.endswith(" 1 recorded.")
                lines.append(
                    f"{label} ({variant.slug}): {taps} taps for the part (target at most {target}), "
                    f"{seat_taps} to take the seat once -> {said!r}"
                )
            elif variant.slug == "crib-rummy":
                taps, said = own_phones_turns.bobs_turns(browser, base)
                ok = ok and said == "Your turn is in: 3 points pegged."
                lines.append(
                    f"Crib Rummy player's turns (crib-rummy): {taps} taps for Bob's two turns of the hand "
                    f"(lay 3H 4H 5H; add 6H to it) (target at most 6) -> {said!r}"
                )
            elif OWN_PARTS.get(variant.slug) == "tiles":
                lines.append(f"{variant.slug}: the tile game's part (as rummikub)")
            elif variant.slug in OWN_PARTS:
                lines.append(f"{variant.slug}: built, not counted here")
            else:
                lines.append(f"{variant.slug}: not built")
        browser.close()
    return lines, ok
