"""A table written with ``|`` between its melds (N-1): a meld holding no card is refused by every
best-play finder that reads a table and by the tile games' checker alike, so that "meld 3" in an
answer is the third meld the player wrote."""

from __future__ import annotations

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import NotationError, check, find_variant, solve

#: a variant, a rack and a table it can play beside (options the variant needs), and the word for a
#: meld of that game
GAMES = [
    ("crib-rummy", "5H 6H 9C", "5S 5D 5C | 2H 3H 4H", {}, "meld"),
    ("crazy-rummy", "5H 5D 5S 7C", "8C 8D 8H | 9C 9D 9H", {"wild": "3"}, "meld"),
    ("rummikub", "R5 R6 R7 K9", "B1 B2 B3 | O4 O5 O6", {}, "set"),
    ("runny-tiles", "R5 R6 R7 K9", "B1 B2 B3 | O4 O5 O6", {}, "set"),
]
#: tables with a meld that holds no card, the two melds put in
EMPTY = ["{0} | | {1}", "{0} | {1} |", "| {0} | {1}", "{0} |  \t | {1}", "{0} | , | {1}", "{0} | {1} | ,"]


@pytest.mark.parametrize(("variant", "rack", "table", "options", "word"), GAMES)
@pytest.mark.parametrize("empty", EMPTY)
def test_an_empty_meld_on_the_table_is_refused(variant, rack, table, options, word, empty):
    first, second = table.split(" | ")
    with pytest.raises(NotationError, match=rf"N-1: an empty {word} between '\|' separators"):
        solve(variant, rack, table=empty.format(first, second), **options)
    assert solve(variant, rack, table=table, **options).to_dict()  # the same melds, written whole


@pytest.mark.parametrize(("variant", "rack", "table", "options", "word"), GAMES)
@pytest.mark.parametrize("blank", [None, "", "   "])
def test_a_blank_table_is_an_empty_one(variant, rack, table, options, word, blank):
    assert solve(variant, rack, table=blank, **options).to_dict() == solve(variant, rack, **options).to_dict()


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
@pytest.mark.parametrize("empty", EMPTY)
def test_the_tile_checker_says_the_same_of_an_empty_set(variant, empty):
    """The checker named "no tiles given" where the best-play finder named the empty set."""
    with pytest.raises(NotationError, match=r"N-1: an empty set between '\|' separators"):
        check(variant, empty.format("R1 R2 R3", "B4 B5 B6"))
    assert check(variant, "R1 R2 R3 | B4 B5 B6").valid


def test_table_parts_keeps_each_meld_as_written():
    game = find_variant("crib-rummy")
    assert game.table_parts(" 5S 5D 5C |2H 3H 4H ") == ["5S 5D 5C", "2H 3H 4H"]
    assert game.table_parts(None) == game.table_parts(" ") == []


def test_the_command_line_names_the_empty_meld_with_exit_2(capsys):
    """Before, Crib Rummy dropped the empty meld and called the third meld written "meld 2"."""
    args = ["solve", "crib-rummy", "--rack", "5H 6H 9C", "--table", "7C 8C 9C | | 5S 5D 5C | 2H 3H 4H"]
    assert main(args) == 2
    assert "an empty meld between '|' separators" in capsys.readouterr().err
    assert main([*args[:-1], "7C 8C 9C | 5S 5D 5C | 2H 3H 4H"]) == 0
    assert "additions: to meld 3: 5H 6H (7 pegs)" in capsys.readouterr().out
