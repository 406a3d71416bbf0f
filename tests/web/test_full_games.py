"""One complete game per variant, played through the real forms to its winner.

Each game includes a correction (edit), a deleted hand and an undo; after
every step the totals on the game page are compared with totals worked out
by hand from RULES.md (written in the comments), never taken from the engine.
"""

from __future__ import annotations

import pytest

from .rounds_support import new_game, rounds_url, submit, text, totals, winner_line


def record(client, game, data, tail="new"):
    response = submit(client, rounds_url(game, tail), data)
    assert response.status_code == 200, text(response)[:2000]
    assert "Nothing was saved" not in text(response)
    return response


def delete(client, game, number, word="Hand"):
    """Delete hand (RumBugz and the tile games: round, RB-7, CT-8) ``number`` through its confirmation."""
    response = submit(client, rounds_url(game, f"{number}/delete"), {})
    assert f"{word} {number} deleted" in text(response)


def undo(client, game):
    response = submit(client, f"/games/{game}/undo", {}, form_url=f"/games/{game}")
    assert "Undid" in text(response)


def test_krazy_bee_with_a_short_step_list(app, client):
    g = new_game(
        app, client, "krazy-bee", names=("Ann", "Bob", "Cy"), options={"steps": "book of 3; run of 4"}
    )
    # Hand 1 (KB-7): Ann out (0); Bob laid, keeps 5 + 10 = 15; Cy missed, keeps W + 13 = 25
    record(
        client,
        g,
        {
            "went_out": "0",
            "players.0.laid": "1",
            "players.1.laid": "1",
            "players.1.hand": "5 10",
            "players.2.laid": "0",
            "players.2.hand": "W 13",
        },
    )
    assert totals(client, g) == [0, 15, 25]
    # Hand 2: Cy lays Step 1 and goes out; Ann (on Step 2) keeps 1 2 3 = 15; Bob typed 30
    record(
        client,
        g,
        {
            "went_out": "2",
            "players.2.laid": "1",
            "players.0.laid": "0",
            "players.0.hand": "1 2 3",
            "players.1.points": "30",
        },
    )
    assert totals(client, g) == [15, 45, 25]
    # Correction: Bob had 20, counted as two 10-13 cards (KB-7 by class)
    record(
        client,
        g,
        {
            "went_out": "2",
            "players.2.laid": "1",
            "players.0.laid": "0",
            "players.0.hand": "1 2 3",
            "players.1.laid": "0",
            "players.1.counts.high": "2",
        },
        tail="2/edit",
    )
    assert totals(client, g) == [15, 35, 25]
    # Hand 3, a hand that did not happen: everyone keeps a 4 (5 each)
    record(client, g, {f"players.{i}.{k}": v for i in range(3) for k, v in (("hand", "4"), ("laid", "0"))})
    assert totals(client, g) == [20, 40, 30]
    delete(client, g, 3)
    assert totals(client, g) == [15, 35, 25]
    undo(client, g)  # it did happen after all
    assert totals(client, g) == [20, 40, 30]
    # Hand 4: Bob and Cy both lay the last Step; Bob out, Ann keeps 11 12 (20), Cy keeps 3 (5)
    record(
        client,
        g,
        {
            "went_out": "1",
            "players.1.laid": "1",
            "players.2.laid": "1",
            "players.0.laid": "0",
            "players.0.hand": "11 12",
            "players.2.hand": "3",
        },
    )
    assert totals(client, g) == [40, 40, 35]
    # KB-10: among Bob (40) and Cy (35), who completed the last Step, the lowest total wins
    assert winner_line(client, g) == "Winner: Cy"


def test_rumbugz_three_rounds(app, client):
    kinds = ["single", "double", "triple", "match"]
    g = new_game(app, client, "rumbugz", options={"rounds": 3})
    # Round 1 (RB-6, RB-7): Ann wins Bob's 3 + PLYT 12 = 15
    record(client, g, {"winner": "0", "players.0.kinds": kinds, "players.1.hand": "3 P"})
    assert totals(client, g) == [15, 0]
    # Round 2: Bob wins Ann's 10; corrected: Ann held 10 and 11 (21)
    record(client, g, {"winner": "1", "players.1.kinds": kinds, "players.0.hand": "10"})
    assert totals(client, g) == [15, 10]
    record(client, g, {"winner": "1", "players.1.kinds": kinds, "players.0.hand": "10 11"}, tail="2/edit")
    assert totals(client, g) == [15, 21]
    # Round 3: Ann wins Bob's 12 and the game (RB-8: 3 rounds, highest total)
    record(client, g, {"winner": "0", "players.0.kinds": kinds, "players.1.hand": "12"})
    assert totals(client, g) == [27, 21]
    assert winner_line(client, g) == "Winner: Ann"
    delete(client, g, 3, "Round")
    assert totals(client, g) == [15, 21] and winner_line(client, g) is None
    undo(client, g)
    assert totals(client, g) == [27, 21]
    assert winner_line(client, g) == "Winner: Ann"


@pytest.mark.parametrize("variant", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_tile_game_three_rounds_scoring_a(app, client, variant):
    g = new_game(app, client, variant, options={"rounds": 3})
    # Round 1 (CT-7, CT-8 A): Ann out; Bob's R10 + joker = 40: Ann +40, Bob -40
    record(client, g, {"winner": "0", "players.1.rack": "R10 J"})
    assert totals(client, g) == [40, -40]
    # Round 2: Bob out, Ann holds K5 (5); corrected to K5 K6 (11)
    record(client, g, {"winner": "1", "players.0.rack": "K5"})
    assert totals(client, g) == [35, -35]
    record(client, g, {"winner": "1", "players.0.rack": "K5 K6"}, tail="2/edit")
    assert totals(client, g) == [29, -29]
    # Round 3: nobody out; Ann's B1 (1) is lowest: +2 - 1 = +1, Bob -2
    record(client, g, {"winner": "", "players.0.rack": "B1", "players.1.rack": "B2"})
    assert totals(client, g) == [30, -31]
    assert winner_line(client, g) == "Winner: Ann"
    delete(client, g, 3, "Round")
    assert totals(client, g) == [29, -29] and winner_line(client, g) is None
    undo(client, g)
    assert totals(client, g) == [30, -31]
    assert winner_line(client, g) == "Winner: Ann"


def test_crib_rummy_to_61(app, client):
    g = new_game(app, client, "crib-rummy", options={"target": 61})
    # Hand 1, Ann deals, Bob starts. CR-5: run of 3 pegs 3
    record(client, g, {"turns.0.player": "1", "turns.0.melds.0.cards": "3H 4H 5H"})
    assert totals(client, g) == [0, 3]
    # Ann: a set of 3 (2)
    record(client, g, {"turns.1.player": "0", "turns.1.melds.0.cards": "7S 7D 7C"})
    assert totals(client, g) == [2, 3]
    # Bob pegs 20 by hand (a manual count)
    record(client, g, {"turns.2.player": "1", "turns.2.pegs": "20"})
    assert totals(client, g) == [2, 23]
    # Ann grows Bob's run by 6H 7H: the 4th card pegs 3, the 5th 4 (CR-5, by the new length)
    record(
        client, g, {"turns.3.player": "0", "turns.3.melds.0.cards": "6H 7H", "turns.3.melds.0.extend": "0"}
    )
    assert totals(client, g) == [9, 23]
    # Bob goes out with a set of queens (2); CR-7: 2 players, 2 per card: Ann's 6 cards = 12
    record(
        client,
        g,
        {
            "turns.4.player": "1",
            "turns.4.melds.0.cards": "QS QH QD",
            "end.type": "out",
            "end.cards_left.0": "6",
        },
    )
    assert totals(client, g) == [9, 37]
    # Correction: Bob's manual count was 25, not 20
    hand1 = {
        "starter": "1",
        "turns.0.player": "1",
        "turns.0.melds.0.cards": "3H 4H 5H",
        "turns.1.player": "0",
        "turns.1.melds.0.cards": "7S 7D 7C",
        "turns.2.player": "1",
        "turns.2.pegs": "25",
        "turns.3.player": "0",
        "turns.3.melds.0.cards": "6H 7H",
        "turns.3.melds.0.extend": "0",
        "turns.4.player": "1",
        "turns.4.melds.0.cards": "QS QH QD",
        "end.type": "out",
        "end.player": "1",
        "end.cards_left.0": "6",
        "end.cards_left.1": "0",
    }
    record(client, g, hand1, tail="1/edit")
    assert totals(client, g) == [9, 42]
    # Hand 2: CR-9: Ann is behind and chooses; she starts and pegs 30
    assert "<strong>Ann</strong> is behind" in text(client.get(rounds_url(g)))
    record(client, g, {"starter": "0", "turns.0.player": "0", "turns.0.pegs": "30"})
    assert totals(client, g) == [39, 42]
    # A turn entered by mistake, then undone
    record(client, g, {"turns.1.player": "1", "turns.1.pegs": "10"})
    assert totals(client, g) == [39, 52]
    undo(client, g)
    assert totals(client, g) == [39, 42]
    # Deleting hand 2 and undoing the delete
    delete(client, g, 2)
    assert totals(client, g) == [9, 42]
    undo(client, g)
    assert totals(client, g) == [39, 42]
    # Bob pegs 19: 61 reaches the target; CR-8: Ann started this round of turns, so nobody is
    # still due a turn, and the highest total wins
    record(client, g, {"turns.1.player": "1", "turns.1.pegs": "19"})
    assert totals(client, g) == [39, 61]
    assert winner_line(client, g) == "Winner: Bob"


def test_crazy_rummy_to_500(app, client):
    g = new_game(app, client, "crazy-rummy", options={"target": 500})
    # Hand 1, Ann deals: her face-up 5 makes 5s wild (CZ-1). Bob out with A A A (300);
    # Ann: board 8 8 8 (30) minus K in hand (10) = 20 (CZ-5, CZ-6)
    record(
        client,
        g,
        {
            "face_up.0": "5",
            "face_up.1": "3",
            "went_out": "1",
            "players.1.board": "A A A",
            "players.0.board": "8 8 8",
            "players.0.hand": "K",
        },
    )
    assert totals(client, g) == [20, 300]
    # Hand 2, Bob deals a 9: 9s wild. Ann out with K K K (30); Bob holds a 9 (a wildcard: 100)
    record(
        client,
        g,
        {
            "face_up.0": "4",
            "face_up.1": "9",
            "went_out": "0",
            "players.0.board": "K K K",
            "players.1.hand": "9",
        },
    )
    assert totals(client, g) == [50, 200]
    # Correction: Bob also held a 3 (5)
    record(
        client,
        g,
        {
            "face_up.0": "4",
            "face_up.1": "9",
            "went_out": "0",
            "players.0.board": "K K K",
            "players.1.hand": "9 3",
        },
        tail="2/edit",
    )
    assert totals(client, g) == [50, 195]
    # Hand 3: Bob out with Q Q Q (30); Ann holds an ace (100)
    record(
        client,
        g,
        {
            "face_up.0": "7",
            "face_up.1": "7",
            "went_out": "1",
            "players.1.board": "Q Q Q",
            "players.0.hand": "A",
        },
    )
    assert totals(client, g) == [-50, 225]
    delete(client, g, 3)
    assert totals(client, g) == [50, 195]
    undo(client, g)
    assert totals(client, g) == [-50, 225]
    # Hand 4, Bob deals an 8 (8s wild): Bob out with A A A A (400) = 625 >= 500 (CZ-8); Ann holds a 3
    record(
        client,
        g,
        {
            "face_up.0": "6",
            "face_up.1": "8",
            "went_out": "1",
            "players.1.board": "A A A A",
            "players.0.hand": "3",
        },
    )
    assert totals(client, g) == [-55, 625]
    assert winner_line(client, g) == "Winner: Bob"
