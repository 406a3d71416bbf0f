"""Recorded lines printed as one monospaced line over drawn column rules (scorekeeper.sheets).

Each value must sit inside its own column, clear of the rules, centred
within a character, and read back from the PDF in the order of the columns.
"""

from __future__ import annotations

import base64
import html
import re

import pytest
from flask_babel import force_locale, gettext
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.display.sheets import LINE_PT, MONO_ADVANCE, PT, Row, layout, mono_line
from scorekeeper.printing.sheet_blocks import _fit, column_widths
from scorekeeper.profiles import PROFILES, profile
from scorekeeper.profiles.sheet_layouts import CribRummyLayout, blank_sheet
from scorekeeper.rules import find_variant, options_for
from scorekeeper.web.languages import LANGUAGES
from tests.pdf.support import ReadBack, krazy_bee_hands, seed_game

ADVANCE = LINE_PT * PT * MONO_ADVANCE  # mm per character
#: the widest value each variant's player columns show (signed scores, "0 out", RumBugz kinds ...):
#: each variant's own samples (scorekeeper/rules/samples.py), found through the registry
WIDEST = {slug: list(find_variant(slug).samples.sheet_widest) for slug in PROFILES}


def translated(sample: str) -> str:
    """A sample as the reader's sheet prints it, its words in the reader's language ("0 out", "0 wyj.");
    a letter alone (RumBugz kinds) and numbers as they are."""
    return " ".join(gettext(w) if w.isalpha() and len(w) > 1 else w for w in sample.split(" "))


def spans(pieces: list[tuple[str, bool]]) -> list[tuple[float, float, str, bool]]:
    """(left mm, right mm, text, bold) of every value in a line, measured from where the line starts."""
    out, at = [], 0
    for text, bold in pieces:
        for word_start, word in _words(text):
            out.append(((at + word_start) * ADVANCE, (at + word_start + len(word)) * ADVANCE, word, bold))
        at += len(text)
    return out


def unmarked(text: str) -> str:
    """``text`` without its direction marks (a right-to-left sheet's isolates), which take no room."""
    return re.sub("[\u200e\u2066-\u2069]", "", text)


def _words(text: str):
    start = None
    for i, ch in enumerate(text + " "):
        if ch != " " and start is None:
            start = i
        elif ch == " " and start is not None:
            yield start, text[start:i]
            start = None


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("slug", sorted(PROFILES))
@pytest.mark.parametrize("players", [2, 4])
def test_widest_values_sit_inside_their_columns_clear_of_the_rules(app, slug, players, language):
    """In every language: Polish "0 wyjście" ran over the Krazy Bee sheet's Points column."""
    with app.test_request_context(), force_locale(language):
        widest = [translated(sample) for sample in WIDEST[slug]]
        sheet = layout(
            blank_sheet(profile(slug).sheet, slug, players, 1, options_for(slug, {})), "a4", "auto"
        )
    row = Row([""] * len(sheet.lead), [list(widest) for _ in range(players)])
    for group in sheet.groups:
        widths = sheet.player_widths(group)
        # the line starts half a thick rule after the first column's edge
        inset = 1.4 / 2 * PT
        edges = [sum(widths[:i]) - inset for i in range(len(widths) + 1)]
        pieces = sheet.line(row, group)
        for col, (left, right, text) in enumerate(_values_per_column(pieces, edges)):
            # a right-to-left sheet's line runs from the last player's last column
            assert text == (widest[::-1] if sheet.rtl else widest)[col % len(widest)]
            assert edges[col] + 0.2 <= left and right <= edges[col + 1] - 0.2, (text, left, right, edges)
            centre = (edges[col] + edges[col + 1]) / 2
            assert abs((left + right) / 2 - centre) <= ADVANCE, text
        # the running total (each player's last column) is the bold piece
        assert [unmarked(t).strip() for t, b in pieces if b] == [widest[-1]] * len(group)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_crib_hands_closing_line_names_how_it_ended_whole_in_every_language(app, language):
    """Crib Rummy's Turn column on a 3-player sheet holds "pile out" whole; Polish "koniec stosu" was cut
    to "koniec s…" (a lead value too long for its column is cut with "…")."""
    with app.test_request_context(), force_locale(language):
        sheet = layout(blank_sheet(profile("crib-rummy").sheet, "crib-rummy", 3, 1, {}), "a4", "auto")
        turn = column_widths(sheet, sheet.groups[0])[1]
        for label in [*CribRummyLayout.ENDS.values(), "playing"]:
            assert _fit(gettext(label), turn) == gettext(label)


#: a Hebrew value's box in a line (scorekeeper/display/mono_words.py): its width in em, its text
BOX = re.compile(r'<span class="word" style="width: ([\d.]+)em">(.*?)</span>')


def line_cells(pieces) -> list[str]:
    """A line as its monospaced cells: a character each, a Hebrew value's box its text in its first
    cell and nothing in the others (its letters set at their own widths inside the box)."""
    line, out, at = unmarked("".join(t for t, _ in pieces)), [], 0
    for box in BOX.finditer(line):
        out += list(html.unescape(line[at : box.start()]))
        n = round(float(box[1]) / MONO_ADVANCE)
        out += [html.unescape(box[2]), *[""] * (n - 1)]
        at = box.end()
    return out + list(html.unescape(line[at:]))


def _values_per_column(pieces, edges):
    """(left, right, text) of each column's value: the cells between two edges, trimmed."""
    line = line_cells(pieces)
    out = []
    for col in range(len(edges) - 1):
        chars = [
            i for i, ch in enumerate(line) if ch != " " and edges[col] <= (i + 0.5) * ADVANCE < edges[col + 1]
        ]
        out.append((chars[0] * ADVANCE, (chars[-1] + 1) * ADVANCE, "".join(line[chars[0] : chars[-1] + 1])))
    return out


@given(
    st.lists(st.text(alphabet="0123456789✓−+", min_size=0, max_size=4), min_size=1, max_size=12),
    st.floats(min_value=9, max_value=20),
)
def test_mono_line_keeps_values_in_order_with_a_space_between(texts, width):
    pieces = mono_line(texts, [width] * len(texts), [False] * len(texts))
    line = "".join(t for t, _ in pieces)
    assert line.split() == [t for t in texts if t]
    columns = [i for i, t in enumerate(texts) if t]
    for i, (left, right, _, _) in zip(columns, spans(pieces)):
        assert i * width <= (left + right) / 2 <= (i + 1) * width  # its centre lies in its own column


def test_a_filled_sheet_reads_back_row_by_row_in_embedded_fonts(app, client):
    """KB-7/KB-9 values of hand 1, in column order; the monospaced fonts are embedded too."""
    with app.app_context():
        public_id = seed_game("krazy-bee", ["Ann", "Bob", "Cy", "Dee"], krazy_bee_hands(30)).public_id
    pdf = ReadBack(client.get(f"/print/game/{public_id}/sheet.pdf").data)
    words = " ".join(pdf.text.split())
    # hand 1: Ann laid Step 1 and went out; the others hold 10, 15, 20 points
    assert "1 1 ✓ 0 out 0 1 10 10 1 15 15 1 20 20" in words
    assert "30 9 30 405 8 ✓ 0 out 415 8 10 410 8 15 430" in words
    assert pdf.fonts() == {"Sheet-Sans", "Sheet-Sans-Bold", "Sheet-Mono", "Sheet-Mono-Bold"}


def test_the_column_rules_are_drawn_at_the_column_edges():
    sheet = layout(
        blank_sheet(profile("krazy-bee").sheet, "krazy-bee", 4, 1, options_for("krazy-bee", {})), "a4", "auto"
    )
    svg = base64.b64decode(sheet.grid(sheet.groups[0]).split(",", 1)[1]).decode()
    widths = sheet.player_widths(sheet.groups[0])
    edges = [sum(widths[:i]) for i in range(1, len(widths))]
    drawn = sorted(float(x) for x in re.findall(r"M([\d.]+) 0V10", svg))
    assert drawn == pytest.approx(edges, abs=0.001)
    # thick rules (1.4 pt) before players 2-4, thin ones (0.4 pt) between a player's columns
    assert svg.count('stroke-width="0.494"') == 1 and svg.count('stroke-width="0.141"') == 1
