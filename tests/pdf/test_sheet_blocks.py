"""A filled sheet's rows as blocks of text lines (scorekeeper.printing.sheet_blocks): few boxes, all the content.

A long game's sheet used to be a table row, a cell and a bold piece per
player for every hand, and a 2,000-hand sheet took minutes to lay out. These
tests hold the shape (a few cells, whatever the length) and the content:
every hand's line, in order, with its values under their columns, the totals
and the winner.
"""

from __future__ import annotations

import itertools

import pytest
from flask_babel import force_locale

from scorekeeper import services
from scorekeeper.display.sheets import MONO_ADVANCE, PLAYER_RULE, PT, Row, Sheet, layout
from scorekeeper.limits import SHEET_HANDS_MAX
from scorekeeper.printing import documents
from scorekeeper.printing.options import PAPERS
from scorekeeper.printing.sheet_blocks import (
    LABEL_PT,
    LEAST_LABEL_PT,
    Block,
    blocks,
    label_line,
    label_size,
    text_line,
)
from scorekeeper.profiles import PROFILES, profile
from scorekeeper.profiles.sheet_layouts import blank_sheet, filled_sheet
from scorekeeper.rules import find_variant, options_for
from tests.pdf.support import NAMES, ReadBack, long_game


def test_a_long_games_rows_are_a_few_table_cells_not_a_row_each(app, monkeypatch):
    """300 hands (the sheet carries the last SHEET_HANDS_MAX): the table body holds one row of text
    lines, not a row of 13 cells a hand."""
    printed = {}

    def keep_html(template, **context):
        printed["html"] = documents.render_html(template, **context)
        return b"%PDF-"

    monkeypatch.setattr(documents, "render_pdf", keep_html)
    with app.app_context():
        game = long_game(300)
        documents.game_sheet_job(game, services.game_score(game), "http://127.0.0.1:5000/games/x", "a4")
    body = printed["html"].split("<tbody>")[1].split("</tbody>")[0]
    assert body.count("<tr") == 1 and body.count("<td") == 1
    assert body.count("\n") >= SHEET_HANDS_MAX - 1 and "<b>" not in body


def test_every_hand_of_a_long_game_reads_back_in_order_with_the_totals(app, client):
    with app.app_context():
        game = long_game(300)
        public_id, score = game.public_id, services.game_score(game)
    pdf = ReadBack(client.get(f"/print/game/{public_id}/sheet.pdf").data)
    lines = [line.split() for line in pdf.text.splitlines()]
    hands = [words for words in lines if len(words) == 14 and words[0].isdigit() and words[1] in NAMES]
    # the sheet carries the last SHEET_HANDS_MAX hands (issue 36), in order
    assert [int(words[0]) for words in hands] == list(range(301 - SHEET_HANDS_MAX, 301))
    # hand 300: Dee went out (racks and scores as the engine counted them, CT-7/CT-8), then the totals
    last = score.rounds[-1]
    assert hands[-1][1] == "Dee" and [int(w) for w in hands[-1][4::3]] == list(last.totals)
    assert [" ".join(words) for words in lines if words[:1] == ["Total"]] == [
        "Total " + " ".join(str(t) for t in score.totals)
    ] * pdf.pages  # the foot on every page
    assert pdf.pages == 1 + SHEET_HANDS_MAX // 50 and all(
        "Round Winner Rack Score Total" in " ".join(p.split()) for p in pdf.page_texts
    )


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("slug", sorted(PROFILES))
def test_column_labels_sit_inside_their_columns(app, slug, language):
    """The labels' one line: each label centred in its own column, clear of the rules, at every player
    count and paper, in English and in German (whose long words are set smaller to fit: a 4-player
    RumBugz sheet's "Wertung" ran over its column's rules at 7 pt)."""
    variant = find_variant(slug)
    with app.test_request_context(), force_locale(language):
        for players, paper in itertools.product(range(variant.min_players, variant.max_players + 1), PAPERS):
            sheet = layout(
                blank_sheet(profile(slug).sheet, slug, players, 1, options_for(slug, {})), paper, "auto"
            )
            for group in sheet.groups:
                _labels_clear_of_the_rules(sheet, group)


def _labels_clear_of_the_rules(sheet, group):
    size = label_size(sheet, group)
    assert LEAST_LABEL_PT <= size <= LABEL_PT
    advance = size * PT * MONO_ADVANCE
    widths = sheet.player_widths(group)
    edges = [sum(widths[:i]) - PLAYER_RULE / 2 * PT for i in range(len(widths) + 1)]
    line = label_line(sheet, group)
    for col in range(len(widths)):
        chars = [
            i for i, ch in enumerate(line) if ch != " " and edges[col] <= (i + 0.5) * advance < edges[col + 1]
        ]
        assert line[chars[0] : chars[-1] + 1] == sheet.per_player[col % len(sheet.per_player)].label
        assert edges[col] + 0.1 <= chars[0] * advance and (chars[-1] + 1) * advance <= edges[col + 1] - 0.1


def test_a_lead_value_too_long_for_its_column_is_cut_with_an_ellipsis():
    """The CT-8 Winner column: a 40-letter name ends in "…" inside its column; the values after it keep their places."""
    sheet = layout(
        blank_sheet(profile("rummikub").sheet, "rummikub", 4, 1, options_for("rummikub", {})), "a4", "auto"
    )
    short = text_line(sheet, Row(["12", "Ann"], [["5", "-5", "40"]] * 4), [0, 1, 2, 3])
    long = text_line(
        sheet, Row(["12", "Maximiliana Bartholomew-Fitzgerald Jones"], [["5", "-5", "40"]] * 4), [0, 1, 2, 3]
    )
    assert "Maximilia…" in long and "Jones" not in long
    assert len(long) == len(short) and long.index(" 5 ") == short.index(" 5 ")


def test_a_row_with_a_class_starts_a_block_and_tick_boxes_keep_their_cells():
    """Crib Rummy's hands (a thicker rule above each, CR-5) and its closing lines (CR-7) are blocks of their
    own; a RumBugz empty row keeps its cells for the S D T M boxes (RB-2)."""
    sheet = Sheet(
        "crib-rummy",
        "Crib Rummy",
        profile("crib-rummy").sheet.lead,
        profile("crib-rummy").sheet.per_player,
        ["Ann", "Bob"],
        [
            Row(["1", "1"], [["2", "2"], ["", "0"]], "hand-start"),
            Row(["", "2"], [["", "2"], ["3", "3"]]),
            Row(["", "rummy"], [["+2", "4"], ["", "3"]], "hand-end"),
            Row(["2", "1"], [["2", "6"], ["", "3"]], "hand-start"),
        ],
    )
    layout(sheet, "a4", "auto")
    got = blocks(sheet, [0, 1])
    assert [(b.cls, len(b.lines)) for b in got] == [("hand-start", 2), ("hand-end", 1), ("hand-start", 1)]
    rb = layout(
        blank_sheet(profile("rumbugz").sheet, "rumbugz", 3, 2, options_for("rumbugz", {})), "a4", "auto"
    )
    rb.rows[1] = Row(["1"], [["S D – –", "3", "0", "0"]] * 3)
    got = blocks(rb, [0, 1, 2])
    assert (
        isinstance(got[0], Row)
        and isinstance(got[1], Block)
        and got[1].lines[0].split()[:5] == ["1", "S", "D", "–", "–"]
    )


def test_empty_lines_to_go_on_by_hand_are_all_printed(app):
    """An unfinished Crib Rummy game gets 5 empty lines after its hand (its closing line, CR-7, ends a block):
    each is a line of one space, since an empty last line of text is not laid out at all."""
    from tests.pdf.support import seed_game
    from tests.pdf.test_game_pdfs import CRIB_HANDS

    with app.app_context():
        game = seed_game("crib-rummy", ["Ann", "Bob"], CRIB_HANDS, {"target": 61})
        score = services.game_score(game)
        sheet = layout(
            filled_sheet(
                profile("crib-rummy").sheet,
                "crib-rummy",
                game.names,
                score,
                options_for("crib-rummy", game.options),
                extra_rows=documents.EXTRA_ROWS,
            ),
            "a4",
            "auto",
        )
    last = blocks(sheet, [0, 1])[-1]
    assert last.lines == [" "] * documents.EXTRA_ROWS
