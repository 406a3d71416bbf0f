"""A points game's own name (PG-1) on a Hebrew sheet keeps its order: typed left to right, it stands
between isolates in the title and the key, so a closing "!" or ">" stays at its end ("Crowns!")
instead of jumping before it ("!Five"), as the right-to-left line took it. Read back with
``pdftotext -bbox``: each word's letters as they stand on the page, left to right."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.pdf.support import seed_game

pytestmark = pytest.mark.skipif(
    not shutil.which("pdftotext"), reason="poppler-utils (pdftotext) not installed"
)


def standing_words(pdf: bytes, tmp_path: Path) -> list[str]:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    xml = subprocess.run(
        ["pdftotext", "-bbox", "-l", "1", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return re.findall(r"<word [^>]*>(.*)</word>", xml)


@pytest.mark.parametrize("kind", ["game", "blank"])
def test_a_points_games_own_name_keeps_its_order_on_a_hebrew_sheet(app, client, tmp_path, kind):
    options = {"game_name": "Five Crowns!"}
    if kind == "game":
        with app.app_context():
            public_id = seed_game("points", ["דנה", "Bob"], [], options).public_id
        address = f"/print/game/{public_id}/sheet.pdf"
    else:
        address = "/print/pdf?kind=sheet&variant=points&players=2&game_name=Five+Crowns!"
    answer = client.get(address, headers={"Accept-Language": "he"})
    assert answer.status_code == 200
    words = standing_words(answer.data, tmp_path)
    assert words.count("Crowns!") >= 2, words  # the title and the key (and the running head)
    assert not [w for w in words if w.startswith("!")], words
