"""A finished Crib Rummy game's printed sheet (issue 33): the track's legend keeps a space between its
sentences, the players who reached the game hole each have a peg of their own in it, and the winner's
box stands clear of the standings. Read back from the PDF with poppler (words and their boxes, pixels)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.display.cribbage_board import Board, peg_xy
from tests.pdf.support import ReadBack, seed_game
from tests.pdf.test_cribbage_track import MM, TrackOnPage, pytestmark, words  # noqa: F401 (the poppler skip)

#: Ann and Bob both reach the game hole of a 61 board: Bob pegs 62, then Ann (due a turn) 63 (CR-8)
BOTH_HOME = [
    {
        "turns": [{"pegs": 30}, {"pegs": 2}, {"pegs": 30}, {"pegs": 3}],
        "end": {"type": "out", "player": 0, "cards_left": [0, 4]},
    },
    {"starter": 1, "turns": [{"pegs": 2}, {"pegs": 50}], "end": None},
]
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def finished_sheet(app, client, tmp_path: Path, headers=None) -> tuple[Path, ReadBack]:
    with app.app_context():
        public_id = seed_game("crib-rummy", ["Ann", "Bob"], BOTH_HOME, {"target": 61}).public_id
    response = client.get(f"/print/game/{public_id}/sheet.pdf", headers=headers or {})
    assert response.status_code == 200
    path = tmp_path / "sheet.pdf"
    path.write_bytes(response.data)
    return path, ReadBack(response.data)


@pytest.mark.parametrize("headers", [{}, GERMAN], ids=["en", "de"])
def test_the_tracks_legend_keeps_a_space_between_its_sentences(app, client, tmp_path, headers):
    """The line break before "Drawn in each player's shape" was trimmed: "as you score.Drawn in"."""
    _, pdf = finished_sheet(app, client, tmp_path, headers)
    track = " ".join(pdf.page_texts[-1].split())
    assert "●" in track
    glued = re.findall(r"\w+[.:][A-ZÄÖÜ]\w*", track)
    assert not glued, f"sentences run together on the track's page: {glued}"


def test_the_winners_box_stands_clear_of_the_standings(app, client, tmp_path):
    """The box around "★ Winner: Ann" (3 mm inside it, a 1.6 pt line) touched the standings' rules."""
    path, pdf = finished_sheet(app, client, tmp_path)
    assert "★ Winner: Ann" in pdf.page_texts[0]
    _, found = words(path, 1)
    at = next(i for i, w in enumerate(found) if w[0] == "Winner:")
    banner = found[at - 1 : at + 2]  # ★ Winner: Ann
    assert [w[0] for w in banner] == ["★", "Winner:", "Ann"]
    heading = next(i for i, w in enumerate(found) if w[0] == "Rank")
    standings = [w for w in found[heading:] if w[0] in {"Rank", "Player", "1st", "2nd", "Ann", "Bob"}][:6]
    top, bottom = min(w[2] for w in banner), max(w[4] for w in banner)
    overlap = [w for w in standings if w[2] < bottom + 3 * MM + 2 and w[4] > top - 3 * MM - 2]
    if overlap:  # side by side: the box's right line, then a clear gap, then the standings
        gap = min(w[1] for w in overlap) - max(w[3] for w in banner)
        assert gap >= 3 * MM + 1.6 + 3 * MM, f"the winner's box is {gap / MM:.1f} mm from the standings"


def test_each_player_in_the_game_hole_has_a_peg_of_their_own(app, client, tmp_path):
    """Both pegs were drawn over each other and over the game hole's rim; now each sits apart, inside it."""
    path, pdf = finished_sheet(app, client, tmp_path)
    board = Board(61, 2)
    drawn = TrackOnPage(path, pdf.pages, board, "track-game-hole-61")
    ann, bob = peg_xy(board, 0, 63), peg_xy(board, 1, 62)
    assert drawn.shade(*ann) < 80 and drawn.shade(*bob) < 80, (
        "a front peg in the game hole is not drawn solid"
    )
    # across the game hole through both pegs: its rim, a gap, Ann's peg, a gap, Bob's, a gap, its rim
    (start, row), (end, _) = drawn.pixel(ann.x - 12, ann.y), drawn.pixel(bob.x + 12, bob.y)
    dark = [drawn.pixels[row * drawn.width + x] < 128 for x in range(start, end)]
    runs = sum(1 for a, b in zip([False, *dark], dark) if b and not a)
    assert runs == 4, f"{runs} dark runs across the game hole: its rim and each peg are not apart"
