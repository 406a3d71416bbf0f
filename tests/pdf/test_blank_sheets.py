"""Blank score sheets, read back from real PDFs: variant, layout, page size and count."""

from __future__ import annotations

import pytest

from scorekeeper.printing.documents import document_pdf
from scorekeeper.printing.options import PrintInputError, print_options
from scorekeeper.rules import variants
from tests.pdf.support import A4, LETTER, ReadBack

ALL = [(v["slug"], v["name"], v["min_players"], v["max_players"]) for v in variants()]


@pytest.mark.parametrize("slug,name,low,high", ALL, ids=[a[0] for a in ALL])
@pytest.mark.parametrize("which", ["fewest", "most"])
def test_every_variant_prints_for_its_player_limits(slug, name, low, high, which, sheet):
    players = low if which == "fewest" else high
    pdf = sheet(variant=slug, players=players)
    assert f"{name} score sheet" in pdf.text
    assert (f"{players} players" if players != 1 else "· 1 player\n") in pdf.text  # a count by ngettext
    # every player has a numbered column group (1..N) on some page
    assert all(f"\n{n}" in pdf.text or f" {n}" in pdf.text for n in range(1, players + 1))
    assert all(s in (A4, A4[::-1]) for s in pdf.sizes)
    assert "Winner" in pdf.text and "Total" in pdf.text


def test_krazy_bee_sheet_has_step_points_totals_and_the_step_list_in_the_margin(sheet):
    """KB-8/KB-9: the sheet shows Step and points per hand, and the game's Step list."""
    pdf = sheet(variant="krazy-bee", players=4)
    assert pdf.pages == 1 and pdf.size(A4, "portrait")
    assert pdf.text.count("Step") >= 4 and pdf.text.count("Points") >= 4
    for step in ("2 books of 3", "book of 3 + run of 4", "run of 9", "book of 5 + book of 3"):
        assert step in pdf.text
    assert "KB-7" in pdf.text and "KB-10" in pdf.text


def test_krazy_bee_sheet_prints_the_tables_own_step_list(sheet):
    """KB-8: the list as the table typed it (numbered, any case) prints one Step a line, as the engine reads it."""
    pdf = sheet(
        variant="krazy-bee", players=3, steps="1. Run of 4\n2. 3 Books of 3\n3. 1 book of 3 + 2 runs of 5"
    )
    text = " ".join(pdf.text.split())  # a long Step wraps in the margin
    assert "Step list run of 4 3 books of 3 book of 3 + 2 runs of 5 " in text
    assert "Run" not in text and "1 book" not in text and "run of 9" not in text


def test_rumbugz_sheet_ticks_the_four_kinds_and_fits_six_players_on_one_landscape_page(sheet):
    """RB-2/RB-4: the four kinds to tick; RB-7 scoring in the key."""
    pdf = sheet(variant="rumbugz", players=6)
    assert pdf.pages == 1 and pdf.size(A4, "landscape")
    assert pdf.text.count("Kinds") >= 6 and "RB-7" in pdf.text and "RB-4" in pdf.text
    assert "PLYT 12" in pdf.text
    assert "PLYT 20" in sheet(variant="rumbugz", players=2, plyt_value=20).text


@pytest.mark.parametrize(
    "slug,on,off",
    [
        ("rummikub", [], ["zero", "wrap"]),
        ("crazy-tiles", ["A joker may stand for 0", "Runs continue past 13"], ["runny"]),
        ("runny-tiles", ["A run may be all different colours"], ["zero"]),
    ],
)
def test_tile_sheets_show_rack_values_scoring_method_and_switches(slug, on, off, sheet):
    """CT-7 rack values and CT-8 scoring method, with the switches in force."""
    pdf = sheet(variant=slug, players=4)
    assert "Rack" in pdf.text and "CT-7" in pdf.text and "CT-8" in pdf.text
    assert "A: the winner takes the sum" in pdf.text
    text = " ".join(pdf.text.split())
    for words in on:
        assert words in text
    switches_off = text.split("Switches off:")[1]
    for name in off:
        assert name in switches_off[:200]


def test_tile_sheet_follows_the_scoring_option(sheet):
    text = sheet(variant="rummikub", players=2, scoring="C").text
    assert "C: each loser scores their own rack" in " ".join(text.split())


@pytest.mark.parametrize("target,streets", [(61, 2), (121, 4), (241, 8)])
def test_crib_rummy_sheet_has_a_peg_log_and_a_cribbage_track_for_the_target(target, streets, sheet):
    """CR-5 pegs per turn, CR-8 the target: the track has target-1 holes in streets of 30."""
    pdf = sheet(variant="crib-rummy", players=3, target=target)
    assert pdf.pages == 2 and pdf.size(A4, "portrait")
    log, track = pdf.page_texts
    assert "Pegs" in log and "Turn" in log and "CR-5" in log
    assert f"Cribbage track to {target}" in track and f"{target}: game" in track
    assert f"{target - 1} holes per lane" in track
    assert f"{target - 30}–{target - 1}" in track  # the last street
    assert track.count("Player 3") == streets


def test_crazy_rummy_sheet_has_wild_rank_hand_sizes_and_plus_minus_columns(sheet):
    """CZ-1 wild rank, CZ-7 hand sizes, CZ-6 table minus hand, CZ-8 the target."""
    pdf = sheet(variant="crazy-rummy", players=4, target=2000)
    assert "Wild" in pdf.text and "Size" in pdf.text and "+Table" in pdf.text and "−Hand" in pdf.text
    assert "reaches 2000" in pdf.text


def test_twelve_players_are_split_over_balanced_landscape_pages(sheet):
    pdf = sheet(variant="crazy-rummy", players=12)
    assert pdf.pages == 3 and pdf.size(A4, "landscape")
    assert "players 5–8" in pdf.page_texts[1] and "players 9–12" in pdf.page_texts[2]


def test_rows_and_letter_paper(sheet):
    short = sheet(variant="krazy-bee", players=2, rows=5, paper="letter")
    long = sheet(variant="krazy-bee", players=2, rows=80, paper="letter")
    assert short.pages == 1 and short.size(LETTER, "portrait")
    assert long.pages >= 3 and long.size(LETTER, "portrait")
    # the table header repeats on every page
    assert all("Points" in text for text in long.page_texts)


def test_orientation_can_be_forced(sheet):
    assert sheet(variant="krazy-bee", players=2, orientation="landscape").size(A4, "landscape")
    assert sheet(variant="rumbugz", players=6, orientation="portrait").size(A4, "portrait")


@pytest.mark.parametrize(
    "raw,field",
    [
        ({"variant": "poker"}, "variant"),
        ({"variant": "krazy-bee", "players": "5"}, "players"),
        ({"variant": "crazy-rummy", "players": "1"}, "players"),
        ({"variant": "krazy-bee", "players": "four"}, "players"),
        ({"variant": "krazy-bee", "rows": "0"}, "rows"),
        ({"variant": "krazy-bee", "rows": "101"}, "rows"),
        ({"variant": "krazy-bee", "paper": "a3"}, "paper"),
        ({"variant": "krazy-bee", "orientation": "sideways"}, "orientation"),
        ({"variant": "crib-rummy", "target": "100"}, "target"),
        ({"variant": "krazy-bee", "steps": "2 bookz of 3"}, "steps"),
        ({"variant": "krazy-bee", "target": "100"}, "target"),
        ({"kind": "poster", "variant": "krazy-bee"}, "kind"),
    ],
)
def test_bad_print_options_name_the_field(raw, field):
    with pytest.raises(PrintInputError) as err:
        print_options(raw)
    assert field in err.value.errors


def test_file_names():
    assert print_options({"variant": "krazy-bee", "players": "4"}).filename == "krazy-bee-sheet-4p.pdf"
    assert print_options({"kind": "frames", "players": "3"}).filename == "krazy-bee-frames-3p.pdf"
    assert print_options({"kind": "rules", "variant": "rumbugz"}).filename == "rumbugz-rules.pdf"


@pytest.mark.parametrize("count,pages", [(10, 1), (16, 1), (20, 2)])
def test_frames_fit_four_a_page_up_to_18_steps(count, pages):
    """KB-8: the table's own Step list, however long, on one frame per player with cut lines."""
    steps = "; ".join(f"run of {3 + n % 10}" for n in range(count))
    pdf = ReadBack(document_pdf(print_options({"kind": "frames", "players": "4", "steps": steps})))
    assert pdf.pages == pages and pdf.size(A4, "portrait")
    assert pdf.text.count("Step Indicator") == 4 and pdf.text.count("✂") == 4
    assert all(f"Player {n}:" in pdf.text for n in range(1, 5))
