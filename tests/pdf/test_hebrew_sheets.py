"""The printed sheets in Hebrew (issue 40, docs/languages.md "Right to left"): every document laid out
right to left (``<html dir="rtl">``, the table's first column on the right, the margin boxes and floats
on the other side), in a font that has Hebrew, and every signed number kept in its order: "-12" and
"+45" read back from the glyphs' places on the page, not "12-" and "45+".

The PDFs are read back with poppler's ``pdftotext -bbox`` (each word with its place, its letters in the
order they stand on the page, left to right), as pypdf reorders right-to-left text on its own.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest

from tests.pdf.support import ReadBack, krazy_bee_hands, seed_game

HEBREW = {"Accept-Language": "he"}
#: a Hebrew name, a Latin one and another: Rummikub's winner takes the racks (RK-7): +45, -12, -33
NAMES = ["דנה", "Bob", "Cy"]
HAND = {"winner": 0, "players": [{"rack": ""}, {"rack": "K12"}, {"rack": "R10 B10 O13"}]}

pytestmark = pytest.mark.skipif(
    not shutil.which("pdftotext"), reason="poppler-utils (pdftotext) not installed"
)


def placed_words(pdf: bytes, tmp_path: Path) -> list[tuple[int, float, float, str]]:
    """Every word of the PDF as (page, top, left, text), its letters as they stand left to right."""
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    keep = os.environ.get("SCOREKEEPER_KEEP_PDFS")  # a folder to look at them in (pdftoppm -png -r 60)
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / f"{tmp_path.name}-{len(list(Path(keep).iterdir()))}.pdf")
    xml = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    words, page = [], 0
    for line in xml.splitlines():
        if "<page " in line:
            page += 1
        found = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)".*>(.*)</word>', line)
        if found:
            words.append((page, float(found[2]), float(found[1]), found[3]))
    return words


def numbers(words) -> set[str]:
    """The words that are numbers, signs included, as they stand on the page."""
    return {w for *_, w in words if re.fullmatch(r"[+\-−]?\d+[+\-−]?", w)}


@pytest.fixture
def hebrew_game(app):
    with app.app_context():
        return seed_game("rummikub", NAMES, [HAND]).public_id


def test_a_games_sheet_in_hebrew_keeps_every_sign(client, hebrew_game, tmp_path):
    answer = client.get(f"/print/game/{hebrew_game}/sheet.pdf", headers=HEBREW)
    assert answer.status_code == 200
    shown = numbers(placed_words(answer.data, tmp_path))
    assert {"-12", "+45", "-33"} <= shown
    assert not {"12-", "45+", "33-"} & shown


def test_a_games_sheet_in_hebrew_runs_right_to_left(client, hebrew_game, tmp_path):
    words = placed_words(client.get(f"/print/game/{hebrew_game}/sheet.pdf", headers=HEBREW).data, tmp_path)
    # the players' names head their columns from the right: the first seated on the right
    heads = {w: left for _page, _top, left, w in words if w in ("הנד", "Bob", "Cy")}  # דנה as it stands
    assert heads["הנד"] > heads["Bob"] > heads["Cy"], heads
    english = placed_words(client.get(f"/print/game/{hebrew_game}/sheet.pdf").data, tmp_path)
    lefts = {w: left for _page, _top, left, w in english if w in ("Bob", "Cy")}
    assert lefts["Bob"] < lefts["Cy"]


def test_the_hebrew_sheet_embeds_a_font_with_hebrew(client, hebrew_game):
    pdf = ReadBack(client.get(f"/print/game/{hebrew_game}/sheet.pdf", headers=HEBREW).data)
    # the bundled DejaVu Sans ("Sheet Sans") has the Hebrew letters; the monospaced lines take them
    # from the bundled "Sheet Mono Hebrew" (tests/pdf/test_hebrew_mono.py)
    assert "Sheet-Sans" in pdf.fonts()
    assert pdf.fonts() <= {"Sheet-Sans", "Sheet-Sans-Bold", "Sheet-Mono", "Sheet-Mono-Bold"} | {
        "Sheet-Mono-Hebrew",
        "Sheet-Mono-Hebrew-Bold",
    }
    assert "דנה" in pdf.text or "הנד" in pdf.text


@pytest.mark.parametrize("kind", ["sheet", "frames", "rules"])
def test_every_printed_document_in_hebrew_is_right_to_left(client, kind, tmp_path):
    """Blank sheets, Step Indicator Frames and rules cards: the date they were printed on stands at the
    bottom right in Hebrew (where the line starts), at the bottom left in English."""
    variant = "krazy-bee" if kind == "frames" else "rummikub"
    year = str(date.today().year)

    def year_at(headers) -> float:
        answer = client.get(f"/print/pdf?kind={kind}&variant={variant}&players=4", headers=headers)
        assert answer.status_code == 200
        return [
            left for page, _top, left, w in placed_words(answer.data, tmp_path) if page == 1 and w == year
        ][-1]

    half = 595 / 2  # A4's width in points
    assert year_at(HEBREW) > half > year_at({})


def test_hebrew_frames_keep_the_step_list_as_typed(client, tmp_path):
    """The frames mirror (the first frame at the top right, a Step's number right of its text), but a
    Step is typed notation and reads left to right: "2 books of 3", never "books of 3 2"."""
    answer = client.get("/print/pdf?kind=frames&variant=krazy-bee&players=4", headers=HEBREW)
    words = [(top, left, w) for page, top, left, w in placed_words(answer.data, tmp_path) if page == 1]
    first = sorted((top, left, w) for top, left, w in words if w in ("2", "books"))[:3]
    line = [w for top, left, w in sorted(words, key=lambda t: t[1]) if abs(top - first[0][0]) < 2]
    # the Step "2 books of 3" of the first frame on the right: its words in their order, its number after
    right_frame = line[len(line) // 2 :]
    assert right_frame == ["2", "books", "of", "3", "1"], line


def test_a_hebrew_phrase_with_a_latin_word_reads_right_to_left(app, client, tmp_path):
    """The standings' progress, "Step 3 מתוך 10" in Hebrew, is a Hebrew phrase that starts with the box's
    Latin word: isolated right to left, "Step 3" stands at its right and the "10" at its left (isolated
    left to right, as a Latin name is, it would read backwards, "Step" at the left)."""
    with app.app_context():
        game = seed_game("krazy-bee", NAMES[:2], krazy_bee_hands(3, players=2)).public_id
    words = placed_words(client.get(f"/print/game/{game}/sheet.pdf", headers=HEBREW).data, tmp_path)
    top = min(top for page, top, _left, w in words if page == 1 and w == "Step")
    row = [
        w for _left, w in sorted((left, w) for page, t, left, w in words if page == 1 and abs(t - top) < 2)
    ]
    assert row[0] != "Step" and row.index("Step") > 0, row


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_hebrew_name_on_a_left_to_right_sheet_keeps_the_line_in_order(
    client, hebrew_game, tmp_path, language
):
    """A Hebrew player's name in a recorded line of an English or Dutch sheet: the line still reads from
    the left (the hand's number first, the winner's name next, then each player's rack, score and
    total), every sign in front. Without the isolates the name turned the whole line around."""
    answer = client.get(f"/print/game/{hebrew_game}/sheet.pdf", headers={"Accept-Language": language})
    words = placed_words(answer.data, tmp_path)
    top = next(top for page, top, _left, w in words if page == 1 and w == "+45")
    line = [
        w for _left, w in sorted((left, w) for page, t, left, w in words if page == 1 and abs(t - top) < 2)
    ]
    assert line[:2] == ["1", "הנד"], line  # דנה as it stands on the page
    assert {"-12", "+45", "-33"} <= set(line) and not {"12-", "45+", "33-"} & set(line)
    assert line.index("+45") < line.index("-12") < line.index("-33")  # Dana, Bob, Cy from the left


def test_the_follow_address_reads_left_to_right_in_hebrew(client, hebrew_game, tmp_path):
    """The QR code's address under it is an address, left to right on any sheet: its first line starts
    with "http://", its slash at the end (a right-to-left block moved it to the front: "/http://...")."""
    words = placed_words(client.get(f"/print/game/{hebrew_game}/sheet.pdf", headers=HEBREW).data, tmp_path)
    address = [w for page, _top, _left, w in words if page == 1 and "http" in w]
    assert address and address[0].startswith("http://"), address


def test_a_blank_cribbage_tracks_lanes_are_named_in_the_readers_language(client, tmp_path):
    """A blank Crib Rummy sheet's printed track names its lanes "Player 1", "Player 2" in the reader's
    language (they were English on every sheet), drawn left to right as the board is."""
    answer = client.get("/print/pdf?kind=sheet&variant=crib-rummy&players=2", headers=HEBREW)
    words = {w for page, _top, _left, w in placed_words(answer.data, tmp_path) if page == 2}
    assert "Player" not in words and "ןקחש" in words  # שחקן as it stands on the page
    english = client.get("/print/pdf?kind=sheet&variant=crib-rummy&players=2")
    assert "Player" in {w for page, *_, w in placed_words(english.data, tmp_path) if page == 2}


def test_the_tracks_game_hole_is_written_the_right_way_round(client, tmp_path):
    """The track's "121: game" label, drawn in the SVG, in Hebrew ("121: משחק"): its Hebrew word stands
    right to left like every other Hebrew word of the page (read back letter-reversed, as pdftotext
    gives each Hebrew word the page draws), never in the order it is typed."""
    answer = client.get("/print/pdf?kind=sheet&variant=crib-rummy&players=2", headers=HEBREW)
    words = {w for page, _top, _left, w in placed_words(answer.data, tmp_path) if page == 2}
    assert "קחשמ" in words and "משחק" not in words


def test_a_latin_name_in_a_hebrew_sheets_title_and_columns_keeps_its_full_stop(app, client, tmp_path):
    """ "Ann B." between Hebrew names: in the title (and the running head that copies it) and over her
    columns, her name is isolated, so its full stop stays at its end (unisolated it printed ".Ann B",
    "B" alone on the right); the subtitle's game id and player count stay apart, the id nearer the
    "game" that names it and the count by its "players" (unisolated the count stood by "game")."""
    with app.app_context():
        game = seed_game("rummikub", ["דנה", "Ann B.", "רון"], [HAND]).public_id
    words = placed_words(client.get(f"/print/game/{game}/sheet.pdf", headers=HEBREW).data, tmp_path)
    first = [w for page, _top, _left, w in words if page == 1]
    assert not [w for w in first if ".Ann" in w], first
    assert first.count("B.") >= 2, first  # the title and her column's head, the full stop at the end
    top = next(top for page, top, _left, w in words if page == 1 and w == game)
    line = [w for _left, w in sorted((left, w) for p, t, left, w in words if p == 1 and abs(t - top) < 2)]
    # read from the right: "Rummikub · משחק <id> · 3 שחקנים", so on the page the count is left of the id
    assert line.index("3") < line.index(game) and line[line.index(game) + 1] == "קחשמ", line


def test_a_hebrew_named_losers_total_keeps_its_sign_in_the_standings(app, client, tmp_path):
    """A Hebrew name then a negative total on one right-to-left line (the standings): each isolated,
    yet Pango laid the sign out in the line's direction, "12-" (only the game's Latin-named players
    were ever behind in the tests above). A left-to-right mark inside the number's isolate holds it."""
    with app.app_context():
        public_id = seed_game(
            "rummikub", ["Bob", "דנה"], [{"winner": 0, "players": [{"rack": ""}, {"rack": "K12"}]}]
        ).public_id
    shown = numbers(
        placed_words(client.get(f"/print/game/{public_id}/sheet.pdf", headers=HEBREW).data, tmp_path)
    )
    assert "-12" in shown and "12-" not in shown, shown


def test_a_latin_name_on_a_hebrew_frame_keeps_its_full_stop_at_its_end(app, client, tmp_path):
    """The frames' "Player 2: Ann B." printed ".Ann B" in Hebrew (the name was not isolated)."""
    with app.app_context():
        public_id = seed_game("krazy-bee", ["דנה", "Ann B."], []).public_id
    words = placed_words(client.get(f"/print/game/{public_id}/frames.pdf", headers=HEBREW).data, tmp_path)
    shown = [w for *_, w in words]
    assert "B." in shown and ".Ann" not in shown, shown


@pytest.mark.parametrize("headers", [HEBREW, {"Accept-Language": "en"}])
def test_a_sheets_metadata_title_has_no_direction_marks(app, client, headers):
    """A viewer shows the PDF's title as it is, isolates as boxes: the page's title isolates the names,
    its metadata does not."""
    with app.app_context():
        public_id = seed_game("krazy-bee", ["דנה", "Ann B."], []).public_id
    answer = client.get(f"/print/game/{public_id}/sheet.pdf", headers=headers)
    assert ReadBack(answer.data).reader.metadata.title == "Krazy Bee Rummy: דנה, Ann B."


def test_a_tile_games_sheet_names_who_plays_first_as_its_page_does(app, client):
    """The walk-through of 7 December: a Rummikub game's page said "Round 4: דנה plays first" (the
    last round's winner starts, sheet step 14) while its printed sheet said "next dealer Ann B."
    (the seats' turn to the left, and a dealer the tile games do not have)."""
    from tests.web.api_support import HANDS

    with app.app_context():
        game = seed_game("rummikub", ["דנה", "Ann B."], [HANDS["rummikub"]])
        page = client.get(f"/games/{game.public_id}", headers={"Accept-Language": "en"}).text
        starter = re.search(r"<strong><bdi>([^<]+)</bdi></strong> plays first", page)[1]
        for language in ("en", "he"):
            sheet = ReadBack(
                client.get(
                    f"/print/game/{game.public_id}/sheet.pdf", headers={"Accept-Language": language}
                ).data
            ).text
            assert "next dealer" not in sheet and "המחלק הבא" not in sheet, language
        english = ReadBack(client.get(f"/print/game/{game.public_id}/sheet.pdf").data).text
        line = next(line for line in english.splitlines() if "plays first." in line)
        assert line.startswith("In progress after 1 round") and starter in line
