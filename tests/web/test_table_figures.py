"""What only this app can know, per variant, against figures worked out by hand from RULES.md.

Each game is recorded through the services (the same path as the forms and the API), so the
figures come from the engine's score of the hands, kept per game and summed by SQL.
"""

from __future__ import annotations

from scorekeeper import services
from scorekeeper.services.tables import roster as tables
from scorekeeper.services.tables.new_games import start_game
from scorekeeper.storage.extensions import db
from scorekeeper.tables.stats import table_stats


def _play(app, variant: str, names: list[str], hands: list[dict], **options) -> dict:
    with app.app_context():
        table, secret = tables.create_table("Figures", names)
        game, _ = start_game(table, secret, variant, table.members, options)
        for facts in hands:
            services.record_round(game, facts)
        db.session.commit()
        return table_stats(tables.find_table(table.public_id))["variants"][variant]


def test_krazy_bee_steps_at_the_first_try_and_the_hardest_step(app):
    # Step list of 2 (KB-8). Hand 1: Ann lays Step 1 and goes out; Bob misses Step 1.
    # Hand 2: Ann lays Step 2 (the last: the game ends, KB-10); Bob lays Step 1 at his 2nd try.
    # Step 1: tried by Ann and Bob, laid at the first try by Ann only: 1/2; hands to lay (1 + 2) / 2 = 1.5.
    # Step 2: tried by Ann, at the first try: 1/1. Hardest: Step 1. All Steps: 2 first tries of 3.
    figures = _play(
        app,
        "krazy-bee",
        ["Ann", "Bob"],
        [
            {"players": [{"laid": True, "went_out": True}, {"laid": False, "hand": "3"}]},
            {"players": [{"laid": True, "went_out": True}, {"laid": True, "hand": "3"}]},
        ],
        steps="2 books of 3; run of 7",
    )
    assert [
        (s["step"], s["attempts"], s["first_try_rate"], s["average_tries"]) for s in figures["steps"]
    ] == [(1, 2, 0.5, 1.5), (2, 1, 1.0, 1.0)]
    assert (figures["hardest_step"], figures["first_try_rate"], figures["finished"]) == (1, 0.6667, 1)
    assert figures["players"]["Bob"]["steps"] == [
        {"step": 1, "attempts": 1, "first_try": 0, "first_try_rate": 0.0, "laid": 1, "average_tries": 2.0}
    ]


def test_crib_rummy_pegs_from_other_players_melds(app):
    # Ann lays 3H 4H 5H (a run of 3 pegs 3, CR-5); Bob lays KC KD KS (a set of 3 pegs 2) and adds 6H
    # to Ann's run (4th card pegs 3: from another player's meld, CR-6); Ann adds 7H to her own run
    # (5th card pegs 4) and goes out, Bob holding 5 cards: 2 players, 2 a card = 10 (CR-7).
    # Meld pegs: Ann 3 + 4 = 7 (0 from others'), Bob 2 + 3 = 5 (3 from Ann's: 60%); table 3 of 12 = 25%.
    # Per hand: Ann 7 + 10 = 17, Bob 5.
    figures = _play(
        app,
        "crib-rummy",
        ["Ann", "Bob"],
        [
            {
                "starter": 0,
                "turns": [
                    {"melds": [{"cards": "3H 4H 5H"}]},
                    {"melds": [{"cards": "KC KD KS"}, {"cards": "6H", "extend": 0}]},
                    {"melds": [{"cards": "7H", "extend": 0}]},
                ],
                "end": {"type": "out", "player": 0, "cards_left": [0, 5]},
            }
        ],
    )
    assert figures["players"] == {
        "Ann": {"meld_pegs": 7, "extend_pegs": 0, "extend_share": 0.0},
        "Bob": {"meld_pegs": 5, "extend_pegs": 3, "extend_share": 0.6},
    }
    assert (figures["meld_pegs"], figures["extend_pegs"], figures["extend_share"]) == (12, 3, 0.25)


def test_rumbugz_the_kind_laid_last(app):
    # One round (RB-8 rounds=1): Ann lays all four kinds and wins; Bob has single and double (missing
    # triple and match), Cy single, double and triple (missing match). Missing most often: match (2).
    figures = _play(
        app,
        "rumbugz",
        ["Ann", "Bob", "Cy"],
        [
            {
                "winner": 0,
                "players": [
                    {"kinds": ["single", "double", "triple", "match"]},
                    {"kinds": ["single", "double"], "hand": "3"},
                    {"kinds": ["single", "double", "triple"], "hand": "5"},
                ],
            }
        ],
        rounds=1,
    )
    assert (figures["kind_laid_last"], figures["unfinished_hands"]) == ("match", 2)
    assert figures["kinds_missing"] == {"single": 0, "double": 0, "triple": 1, "match": 2}
    assert figures["players"]["Cy"]["kind_laid_last"] == "match"


def test_crazy_rummy_board_value_and_wild_ranks(app):
    # Hand 1: wild 4 (the dealer Ann's face-up card, CZ-1): Ann's 8 8 8 = 30, Bob's K K K = 30 (CZ-5).
    # Hand 2: wild 5 (Bob deals): Ann 9 9 9 = 30; Bob Q Q Q = 30. Average board (30 * 4) / 4 = 30.
    figures = _play(
        app,
        "crazy-rummy",
        ["Ann", "Bob"],
        [
            {
                "face_up": ["4", "J"],
                "went_out": 0,
                "players": [{"board": "8 8 8"}, {"board": "K K K", "hand": "3 A"}],
            },
            {
                "face_up": ["9", "5"],
                "went_out": 1,
                "players": [{"board": "9 9 9", "hand": "K"}, {"board": "Q Q Q"}],
            },
        ],
    )
    assert figures["wild_ranks"] == {"4": 1, "5": 1} and figures["average_board"] == 30.0
    assert figures["players"] == {"Ann": {"average_board": 30.0}, "Bob": {"average_board": 30.0}}
