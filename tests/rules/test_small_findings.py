"""Issue 18, section 4: the rule that decides is cited, dashed card lists, a joined Step, a split
joker named, and the points RULES.md is silent on (each reading stated in docs/readings.md)."""

from scorekeeper.cli.commands import main, show_reading
from scorekeeper.display.card_faces import split_words
from scorekeeper.rules import check, split_of


def test_an_ace_after_a_king_cites_aces_low_only_cr2():
    v = check("crib-rummy", "AH", extend="QH KH JK")
    assert not v.valid and v.reasons[0].startswith("CR-2") and "aces are low only" in v.reasons[0]
    # with ace_high the same extension is legal; a card that fits nowhere is still CR-4's business
    assert check("crib-rummy", "AH", extend="QH KH JK", options={"ace_high": True}).valid
    assert check("crib-rummy", "9H", extend="QH KH JK").reasons[0].startswith("CR-4")


def test_the_cli_takes_card_lists_that_begin_with_a_dash(capsys):
    # RB-5: -P takes a PLYT off the Sequence; argparse used to read it as an unknown flag
    assert main(["check", "rumbugz", "-P", "--extend", "P P P P P", "--option", "kind=match"]) == 0
    assert capsys.readouterr().out.startswith("LEGAL match")
    assert main(["check", "rumbugz", "-P 3", "--extend", "3 3 P 3 3", "-O", "kind=match", "--json"]) == 0
    assert '"removed": ["P"]' in capsys.readouterr().out
    assert main(["check", "rumbugz", "-5", "--extend", "3 3 P 3 3"]) == 1  # not in the Sequence: a verdict


def test_two_runs_for_a_run_of_8_offer_to_lay_them_as_one_n2():
    v = check("krazy-bee", "1 2 3 4 | 5 6 7 8", options={"step": "run of 8"})
    assert not v.valid and v.reasons[0].startswith("KB-3")
    assert "lay it as one run: 1 2 3 4 5 6 7 8" in v.alternatives


def test_a_joker_read_as_a_split_says_which_tile_it_stands_for():
    v = check("crazy-tiles", "J R2 R3")
    split = next(r for r in v.readings if r[0] == "R0+R1")
    shown = show_reading("crazy-tiles", "J R2 R3", list(split))
    assert shown == "J=R0+R1 (stands for a 10, read as 0 + 1) R2 R3"
    # a 10 tile read as a split needs no such words: the tile is a 10
    assert "stands for" not in show_reading("crazy-tiles", "R12 R13 R10", ["R12", "R13", "R0+R1"])


def test_the_split_a_joker_stands_for_is_the_one_it_counts_ct1_ct5():
    # the words come from the engine's split table, the same one that values the joker (CT-5)
    for cards, entry, tile in (("J R2 R3", "R0+R1", 10), ("J R3", "R1+R2", 12), ("J K1 K1", "K1+K1", 11)):
        v = check("crazy-tiles", cards)
        assert entry in {r[0] for r in v.readings}
        assert split_of(entry) == (tile, tuple(int(x[1:]) for x in entry.split("+")))
        assert split_words(entry).startswith(f"stands for {'an' if tile == 11 else 'a'} {tile}")
    assert check("crazy-tiles", "J R3").points == 12 + 3


# -- where RULES.md is silent (docs/readings.md) --------------------------------


def test_silent_an_extension_may_take_a_jokers_place_only_in_the_tile_games():
    # tiles: R6 takes the joker's place, legal, with the CT-10 note on where the joker goes
    tiles = check("crazy-tiles", "R6", extend="R5 J R7")
    assert tiles.valid and any(n.startswith("CT-10") for n in tiles.notes)
    # Crib Rummy: a joker's reading is fixed once on the table (CR-4)
    assert not check("crib-rummy", "6H", extend="5H JK 7H").valid
    # Krazy Bee: a meld is a multiset (N-4), so the Wild Bee is read anew (4 or 8)
    assert check("krazy-bee", "6", extend="5 W 7").valid


def test_silent_a_joker_standing_for_a_split_counts_the_split_tiles_number():
    # CT-1 lets a joker stand for a split tile; CT-5 counts it as that tile: 12 (1+2) + 3
    assert check("crazy-tiles", "J R3").points == 15
    assert check("crazy-tiles", "J R3").reading == ("R1+R2", "R3")
    # 10 (0+1) + 2 + 3 beats the plain reading J = R1 (1 + 2 + 3)
    assert check("crazy-tiles", "J R2 R3").points == 15


def test_silent_a_split_10_continues_a_wrap_only_where_0_exists():
    # with zero and wrap: 12 13 0 1 2, the 10 read as 0+1
    assert check("crazy-tiles", "R12 R13 R10 R2").reading == ("R12", "R13", "R0+R1", "R2")
    # without zero the wrap goes 13, 1: a split 10 (0+1) cannot follow 13
    assert not check("crazy-tiles", "R13 R10 R2", options={"zero": False}).valid
    assert check("crazy-tiles", "R13 R1 R2", options={"zero": False}).valid
