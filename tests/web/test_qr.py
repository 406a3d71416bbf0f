"""QR codes (scorekeeper/display/qr.py): the drawing holds exactly the modules of the link, on the share page too."""

from __future__ import annotations

import html
import re

import pytest
import segno

from scorekeeper.display.qr import qr_svg
from scorekeeper.web import addresses

from .game_support import secret_cookie, start_game
from .tally import Tally, tally_registered


def dark_modules(svg: str) -> set[tuple[int, int]]:
    """(row, column) of every dark module drawn by the SVG's path, counted from the quiet zone's corner."""
    path = re.search(r'class="qrline"[^>]*\sd="([^"]+)"', svg).group(1)
    x = y = 0.0
    dark = set()
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:\s+(-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark.update((int(y), int(x) + i) for i in range(int(a)))
            x += float(a)
    return dark


def encoded(url: str, border: int) -> set[tuple[int, int]]:
    """The dark modules of ``url``'s QR code (error level M) with ``border`` modules of quiet zone."""
    matrix = segno.make(url, error="m").matrix
    return {(r + border, c + border) for r, row in enumerate(matrix) for c, bit in enumerate(row) if bit}


@pytest.mark.parametrize(
    "scale, border, light", [(1, 2, None), (4, None, "#fff")], ids=["printed-sheet", "share-page"]
)
def test_the_drawing_holds_the_links_modules(scale, border, light):
    url = "https://scores.example/games/AbC-12_x"
    svg = qr_svg(url, scale=scale, border=border, light=light)
    assert dark_modules(svg) == encoded(url, 4 if border is None else border)
    assert "width=" not in svg.split(">")[0]  # CSS sizes it
    assert ('fill="#fff"' in svg) == (light is not None)


def test_share_page_codes_are_the_follow_link_the_seats_link_and_the_editor_link(app, client, monkeypatch):
    """Opened on localhost, the codes lead to this machine's LAN address (scorekeeper/web/addresses.py)."""
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.23")
    with tally_registered():
        game = start_game(client, Tally().describe(), ["Ann", "Bob"])
        page = client.get(f"/games/{game}/share").text
    secret = secret_cookie(client, game)
    follow, seats, editor = re.findall(r'<div class="qr"[^>]*>(.*?)</div>', page, re.S)
    assert dark_modules(follow) == encoded(f"http://192.168.1.23/games/{game}", 4)
    # each phone takes its own seat there (docs/own-phones.md)
    assert dark_modules(seats) == encoded(f"http://192.168.1.23/games/{game}/seat", 4)
    assert dark_modules(editor) == encoded(f"http://192.168.1.23/games/{game}/join/{secret}", 4)
    assert html.escape(f"http://192.168.1.23/games/{game}/join/{secret}") in page
