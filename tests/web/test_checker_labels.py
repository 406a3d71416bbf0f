"""Issue 33: the checker's words say what its numbers and marks are.

- Tiles added to a set: the number shown was the whole set's value under the label "Meld value for
  the added cards" (R8 onto R5 R6 R7: 26). Now the added tiles' value (8, CT-5) is shown as such,
  and the whole set's value beside it, in words; the API and the command line say both.
- A grid's cells: each tile's label (what a screen reader hears) follows the line list: a tile in a
  legal row and an illegal column is in both, not "in no legal line"; a crossing joker the board
  refuses (CT-9: one colour in both its lines) is not "in a legal line" like the rest.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.cli import main

from .test_checker import verdict_of


def page(client, slug: str, **query) -> str:
    response = client.get(f"/check/{slug}", query_string=query)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.parametrize("slug", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_tiles_added_to_a_set_show_their_own_value_and_the_whole_sets(client, slug):
    verdict = verdict_of(page(client, slug, cards="R8", extend="R5 R6 R7"))
    assert "Value of the added tiles 8" in verdict
    assert "The whole set after adding is worth 26 points." in verdict
    assert "for the added cards" not in verdict and " 26 " not in verdict.split("The whole set")[0]


def test_a_joker_added_counts_the_tile_it_stands_for(client):
    verdict = verdict_of(page(client, "rummikub", cards="R4 J", extend="R5 R6 R7"))
    assert "Value of the added tiles 12" in verdict  # R4 and the joker as R8
    assert "The whole set after adding is worth 30 points." in verdict


def test_crib_rummys_pegs_are_still_for_the_added_cards(client):
    """CR-5: the pegs are the added cards' own: the label was true there and stays."""
    verdict = verdict_of(page(client, "crib-rummy", cards="8H", extend="5H 6H 7H"))
    assert "Pegs for the added cards 3" in verdict and "Value of the added tiles" not in verdict


def test_the_api_and_the_command_line_say_both_values(client, capsys):
    answer = client.post(
        "/api/v1/check", json={"variant": "rummikub", "cards": "R8", "extend": "R5 R6 R7"}
    ).get_json()
    assert answer["points"] == 26 and answer["added_points"] == 8
    assert main(["check", "rummikub", "R8", "--extend", "R5 R6 R7"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "LEGAL run · the added tiles 8 points, the whole set 26"


def cell_labels(text: str) -> list[list[str]]:
    """Each board row's cells as a screen reader hears them: the tile, then its label."""
    board = re.search(r'<table class="board".*?</table>', text, re.S).group(0)
    return [
        [
            re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
            for cell in re.findall(r"<td.*?</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", board, re.S)
    ]


def test_a_legal_row_with_illegal_columns_labels_its_tiles_in_both(client):
    text = page(client, "crazy-tiles", cards="R1 R2 R3 / B1 B2 B3")
    verdict = verdict_of(text)
    assert verdict.count("✓ legal Across") == 2 and verdict.count("✗ not legal Down") == 3
    labels = [label for row in cell_labels(text) for label in row]
    assert len(labels) == 6
    assert all(label.endswith("in a legal line and in a line that is not legal") for label in labels), labels
    assert text.count('class="board-cell board-bad"') == 6


def test_a_joker_refused_for_its_colour_is_not_labelled_legal(client):
    """CT-9: J is R6 across and K9 down; each line is legal alone, the board is not."""
    text = page(client, "crazy-tiles", cards="R5 J R7 / . B6 . / . R6 .")
    verdict = verdict_of(text)
    assert "NOT LEGAL" in verdict and "must keep one colour in both its sets" in verdict
    rows = cell_labels(text)
    assert rows[0][1].endswith("a joker its two legal lines read in two colours"), rows
    assert rows[0][0].endswith("in a legal line") and rows[2][1].endswith("in a legal line")
    assert text.count('class="board-cell board-bad"') == 1 and text.count('class="board-cell board-ok"') == 4


def test_a_legal_crossing_says_its_tile_is_in_two_legal_lines(client):
    rows = cell_labels(page(client, "crazy-tiles", cards=". R6 . / K5 K6 K7 / . B6 ."))
    assert rows[1][1].endswith("in two legal lines") and rows[0][1].endswith("in a legal line")


def test_the_whole_turn_pages_board_labels_follow_the_same_judgement(client):
    text = client.get(
        "/check/crazy-tiles/turn",
        query_string={"rack": "R5 J R7 B6 R6", "after": "R5 J R7 / . B6 . / . R6 ."},
    ).get_data(as_text=True)
    after = re.search(r'aria-label="The table after the turn">(.*?)</table>', text, re.S).group(1)
    assert "a joker its two legal lines read in two colours" in after
    assert after.count("board-bad") == 1
