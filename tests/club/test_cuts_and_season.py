"""Cuts to a final and a season's league table (issue 39, docs/club-night.md "Cuts", "Season")."""

from __future__ import annotations

import pytest

from scorekeeper.club import (
    ClubError,
    Standing,
    TableGame,
    final_from_semis,
    final_order,
    final_table,
    league,
    semi_finals,
    standings,
    top,
)


def ranked(*names):
    return [Standing(name, points=10 - n, rank=n + 1) for n, name in enumerate(names)]


def test_the_top_4_go_to_the_final_table_the_leader_starting():
    final = final_table(ranked(*"ABCDEFGH"))
    assert final.tables[0].seats == tuple("ABCD") and final.tables[0].starter == "A"


def test_semi_finals_seat_ranks_1_3_5_7_and_2_4_6_8_then_a_one_game_final():
    semis = semi_finals(ranked(*"ABCDEFGHIJ"))
    assert [t.seats for t in semis.tables] == [tuple("ACEG"), tuple("BDFH")]
    played = [TableGame(tuple("ACEG"), (1, 9, 5, 7)), TableGame(tuple("BDFH"), (8, 2, 6, 4))]
    final = final_from_semis(played)
    assert final.tables[0].seats == ("C", "B", "G", "F")  # each semi's winner first, then the runners-up
    order = final_order(TableGame(final.tables[0].seats, (3, 3, 9, 1)), ranked(*"ABCDEFGHIJ"))
    assert order[:4] == ["G", "B", "C", "F"]  # the final decides; C and B tied: the standings part them
    assert order[4:] == list("ADEHIJ")


def test_a_tie_at_the_cut_line_is_drawn_by_the_seed_and_said():
    lines = standings([TableGame(tuple("ABCD"), (9, 5, 5, 1))], tiebreaks=())  # B and C share 2nd
    players, drawn = top(lines, 2, seed=1)
    assert players[0] == "A" and players[1] in "BC" and drawn == ("B", "C")
    assert top(lines, 2, seed=1) == (players, drawn)  # the same seed, the same draw
    assert top(lines, 3) == (("A", "B", "C"), ())
    with pytest.raises(ClubError, match="between 1 and 4"):
        top(lines, 5)


def test_a_season_counts_the_best_evenings_and_an_attendance_bonus():
    one = ranked("Ann", "Bob", "Cy", "Dee")  # league points by place: 4, 3, 2, 1
    two = ranked("Dee", "Cy", "Bob")  # 3, 2, 1 (Ann away)
    three = ranked("Dee", "Ann", "Bob", "Cy")  # 4, 3, 2, 1
    table = {x.player: x for x in league([one, two, three], best=2)}
    assert table["Ann"].total == 7 and table["Ann"].evenings == [4, None, 3]
    assert table["Dee"].total == 7 and table["Dee"].counted == [False, True, True]
    assert table["Bob"].total == 5 and table["Bob"].counted == [True, False, True]
    assert (table["Dee"].rank, table["Ann"].rank) == (
        1,
        2,
    )  # 7 from 2 evenings each: all 3 evenings part them
    with_bonus = league([one, two, three], best=2, attendance_bonus=1)
    assert [(x.player, x.total) for x in with_bonus][:2] == [("Dee", 10), ("Ann", 9)]
    all_of_them = {x.player: x.total for x in league([one, two, three], points="points")}
    assert all_of_them["Dee"] == 7 + 10 + 10


def test_a_season_refuses_what_it_cannot_count():
    with pytest.raises(ClubError, match="at least 1 evening"):
        league([], best=0)
    with pytest.raises(ClubError, match="no way to count"):
        league([], points="elo")


def test_a_cut_says_who_its_lot_drew_among():
    from scorekeeper.club import Standing, final_table, semi_finals

    lines = [Standing("A", rank=1), Standing("B", rank=2), Standing("C", rank=2), Standing("D", rank=2)]
    lines += [Standing(str(n), rank=n) for n in range(5, 12)]
    final = final_table([*lines[:4], Standing("E", rank=2)], 4, seed=3)
    assert final.drawn == ("B", "C", "D", "E") and len(final.tables[0].seats) == 4
    assert final_table(lines, 4).drawn == ()  # nobody tied at the line: no lot
    assert semi_finals(lines).drawn == ()
