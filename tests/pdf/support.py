"""Helpers for the PDF tests: read a PDF back, and seed games through the services."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

from pypdf import PdfReader

from scorekeeper import services
from scorekeeper.storage.extensions import db

#: a millimetre in PostScript points
MM = 72 / 25.4
#: page sizes in PostScript points, portrait (width, height)
A4 = (595, 842)
LETTER = (612, 792)


class ReadBack:
    """A PDF read back with pypdf: its text, page count and page sizes."""

    def __init__(self, data: bytes):
        assert data[:5] == b"%PDF-", "not a PDF"
        self.reader = PdfReader(io.BytesIO(data))
        self.pages = len(self.reader.pages)
        self.page_texts = [p.extract_text() for p in self.reader.pages]
        self.text = "\n".join(self.page_texts)
        self.sizes = [
            (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in self.reader.pages
        ]

    def size(self, paper: tuple[int, int], orientation: str) -> bool:
        """Whether every page is ``paper`` in ``orientation``."""
        want = paper if orientation == "portrait" else paper[::-1]
        return all(s == want for s in self.sizes)

    def fonts(self) -> set[str]:
        """Base names of the fonts embedded in the PDF (with a font file)."""
        found = set()
        for page in self.reader.pages:
            for font in (page["/Resources"].get("/Font") or {}).values():
                font = font.get_object()
                for desc in [font.get("/FontDescriptor")] + [
                    d.get_object().get("/FontDescriptor") for d in font.get("/DescendantFonts", [])
                ]:
                    desc = desc.get_object() if desc is not None else None
                    if desc and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                        found.add(str(desc["/FontName"]).split("+")[-1])
        return found


def krazy_bee_hands(hands: int, players: int = 4) -> list[dict]:
    """Hand facts where one player a hand lays their Step and goes out, in turn.

    With four players nobody reaches the last Step within 36 hands, so a long
    game stays in progress; points grow with the hand number.
    """
    facts = []
    for h in range(hands):
        lay = h % players
        facts.append(
            {
                "players": [
                    {
                        "laid": seat == lay,
                        "went_out": seat == lay,
                        "points": 0 if seat == lay else 5 * (1 + (h + seat) % 6),
                    }
                    for seat in range(players)
                ]
            }
        )
    return facts


def seed_game(variant: str, names: list[str], hands: list[dict], options: dict | None = None):
    """A game created and played through the services (committed); returns it."""
    game, _secret = services.create_game(variant, names, options or {})
    for facts in hands:
        services.record_round(game, facts)
    db.session.commit()
    return game


NAMES = ["Ann", "Bob", "Cy", "Dee"]
RACKS = ("R5 B7", "K12", "O3 O4 J", "B1")


def long_game(hands: int, names=NAMES):
    """A Rummikub game of ``hands`` hands, seated by an import (so scored once), committed."""
    from scorekeeper.services.transfer import import_game

    rounds = [
        {
            "number": n + 1,
            "facts": {
                "winner": n % len(names),
                "players": [
                    {"rack": "" if s == n % len(names) else RACKS[(s + n) % 4]} for s in range(len(names))
                ],
            },
        }
        for n in range(hands)
    ]
    game, _ = import_game(
        {
            "format": "scorekeeper-game",
            "version": 1,
            "variant": "rummikub",
            "options": {"target": 10**9},
            "rounds": rounds,
            "players": [{"seat": i, "name": n} for i, n in enumerate(names)],
        }
    )
    db.session.commit()
    return game


def first_page_words(
    pdf: bytes, tmp_path: Path
) -> tuple[float, list[tuple[float, float, float, float, str]]]:
    """The first page's width and its words as (left, top, right, bottom, text), in points, as
    ``pdftotext -bbox`` reads them."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    xml = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", "-bbox", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    width = float(re.search(r'<page width="([\d.]+)"', xml)[1])
    found = re.findall(
        r'xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*)</word>', xml
    )
    return width, [(*map(float, f[:4]), f[4]) for f in found]
