"""A game's filled sheet and frames, over HTTP, from games seeded through the services."""

from __future__ import annotations

import pytest

from scorekeeper.storage.extensions import db
from scorekeeper.web import addresses
from tests.pdf.support import A4, LETTER, ReadBack, krazy_bee_hands, seed_game
from tests.ranked_games import ONLY_BOB_DONE

CRIB_HANDS = [
    {
        "turns": [
            {"melds": [{"cards": "3H 4H 5H"}]},
            {"pegs": 2},
            {"melds": [{"cards": "6H", "extend": 0}]},
            {"pegs": 0},
        ],
        "end": {"type": "out", "player": 0, "cards_left": [0, 4]},
    },
]


def seeded(app, variant, names, hands, options=None):
    with app.app_context():
        return seed_game(variant, names, hands, options).public_id


def sheet_of(client, public_id, query="") -> tuple[object, ReadBack]:
    response = client.get(f"/print/game/{public_id}/sheet.pdf{query}")
    assert response.status_code == 200, response.text
    return response, ReadBack(response.data)


def test_krazy_bee_sheet_of_a_long_game_in_progress(app, client, monkeypatch):
    """KB-9: Step and points per hand; totals and progress from the engine; the QR link (opened on
    localhost, it names this machine's LAN address: scorekeeper/web/addresses.py)."""
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.23")
    public_id = seeded(app, "krazy-bee", ["Ann", "Bob", "Cy", "Dee"], krazy_bee_hands(30))
    response, pdf = sheet_of(client, public_id)
    assert response.headers["Content-Disposition"] == f'inline; filename="krazy-bee-{public_id}-sheet.pdf"'
    assert pdf.size(A4, "portrait") and pdf.pages == 1
    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert name in pdf.text
    assert "In progress after 30 hands" in pdf.text and "Winner" not in pdf.text
    # totals derived by the engine for the seeded hands: 405 415 410 430
    assert "405" in pdf.text and "430" in pdf.text
    assert "Step 9 of 10" in pdf.text and "Step 8 of 10" in pdf.text
    assert f"http://192.168.1.23/games/{public_id}" in "".join(pdf.text.split())
    assert "book of 5 + book of 3" in pdf.text  # the Step list in the margin


def test_finished_game_names_the_winner(app, client):
    """KB-10: the game ends when someone lays the last Step; lowest total among them wins."""
    steps = "2 books of 3; run of 4"
    hands = [
        {"players": [{"laid": True, "went_out": True, "points": 0}, {"laid": False, "points": 40}]},
        {
            "players": [
                {"laid": True, "went_out": False, "points": 15},
                {"laid": True, "went_out": True, "points": 0},
            ]
        },
    ]
    public_id = seeded(app, "krazy-bee", ["Zoë", "Yann"], hands, {"steps": steps})
    _, pdf = sheet_of(client, public_id, "?paper=letter")
    assert pdf.size(LETTER, "portrait")
    assert "★ Winner: Zoë" in pdf.text and "All 2 Steps done" in pdf.text
    assert "2 books of 3" in pdf.text and "run of 4" in pdf.text and "run of 9" not in pdf.text


def test_crib_rummy_sheet_logs_pegs_per_turn_and_draws_the_pegs(app, client):
    """CR-5 pegs per turn (from the engine), CR-7 the rummy bonus, the track with both pegs."""
    public_id = seeded(app, "crib-rummy", ["Ann", "Bob"], CRIB_HANDS, {"target": 61})
    _, pdf = sheet_of(client, public_id)
    log, track = pdf.page_texts
    assert "rummy" in log and "+8" in log
    assert "front peg 10, back peg 2" in log and "front peg 6, back peg 3" in log
    assert "Cribbage track to 61" in track and "● front peg" in track


def test_other_variants_print_their_columns(app, client):
    rb = seeded(
        app,
        "rumbugz",
        ["Ann", "Bob", "Cy"],
        [
            {
                "winner": 0,
                "players": [
                    {"kinds": ["single", "double", "triple", "match"], "hand": ""},
                    {"kinds": ["single"], "hand": "3 P"},
                    {"kinds": [], "points": 7},
                ],
            }
        ],
    )
    text = sheet_of(client, rb)[1].text
    assert "S D T M" in text and "+22" in text and "1 win" in text
    cz = seeded(
        app,
        "crazy-rummy",
        ["Ann", "Bob", "Cy"],
        [
            {
                "face_up": ["4", "J", "7"],
                "went_out": 2,
                "players": [
                    {"board": "8 8 8", "hand": "3 A"},
                    {"board": "K K K 7", "hand": "5"},
                    {"board": "Q Q Q", "hand": ""},
                ],
            }
        ],
    )
    text = sheet_of(client, cz)[1].text
    assert "−105" in text and "-75" in text and "1470 to go to 1500" in text


@pytest.mark.parametrize(
    "variant, players, hands, line",
    [
        # KB-9: "no"/"false" are read as not laid and not out (they used to print as ✓ and "out")
        (
            "krazy-bee",
            2,
            [
                {
                    "players": [
                        {"laid": "no", "went_out": "false", "points": 10},
                        {"laid": "yes", "went_out": "on", "points": 0},
                    ]
                }
            ],
            "1 1 10 10 1 ✓ 0 out 0",
        ),
        # RB-4: kinds in any case; a winner who leaves kinds out has laid all four. RB-7: "" is no winner
        (
            "rumbugz",
            2,
            [
                {"winner": 1, "players": [{"kinds": ["Single", "MATCH"], "hand": "4"}, {"hand": ""}]},
                {"winner": "", "players": [{"hand": "1"}, {"hand": "2"}]},
            ],
            "1 S – – M 4 0 0 S D T M 0 +4 4 2* – – – – 1 0 0 – – – – 2 0 4",
        ),
        (
            "crazy-tiles",
            2,
            [{"winner": "", "players": [{"points": 3}, {"points": 4}]}],
            "1* P0 3 +1 1 4 -4 -4",
        ),
        (
            "crazy-rummy",
            2,
            [
                {
                    "wild": "q",
                    "went_out": 1,
                    "players": [{"board": "8 8 8", "hand": "3"}, {"board": "K K K", "hand": ""}],
                }
            ],
            "1 Q 30 −5 25 30 0 30",
        ),
    ],
    ids=["KB-9", "RB-4", "CT-8", "CZ-1"],
)
def test_a_hand_prints_as_the_engine_read_it_not_as_typed(app, client, variant, players, hands, line):
    """Hands stored as typed by an older version (the services now refuse these spellings, and
    migration 0002 rewrites them) still print as the engine reads them."""
    from scorekeeper.storage.models import Round

    with app.app_context():
        game = seed_game(variant, [f"P{i}" for i in range(players)], [])
        game.rounds.extend(Round(number=n, facts=facts) for n, facts in enumerate(hands, 1))
        db.session.commit()
        public_id = game.public_id
    words = " ".join(sheet_of(client, public_id)[1].text.split())
    assert line in words


def test_player_names_are_printed_as_text_not_markup(app, client):
    public_id = seeded(app, "rummikub", ["<b>Bo</b>", "Al & Co"], [])
    text = sheet_of(client, public_id)[1].text
    assert "<b>Bo</b>" in text and "Al & Co" in text


def test_game_frames_carry_names_and_the_games_step_list(app, client):
    public_id = seeded(
        app, "krazy-bee", ["Ann", "Bob", "Cy"], [], {"steps": "run of 5; 2 books of 4; book of 6"}
    )
    response = client.get(f"/print/game/{public_id}/frames.pdf")
    assert response.headers["Content-Disposition"] == f'inline; filename="krazy-bee-{public_id}-frames.pdf"'
    pdf = ReadBack(response.data)
    assert pdf.pages == 1 and pdf.size(A4, "portrait")
    assert "Player 1: Ann" in pdf.text and "Player 3: Cy" in pdf.text and "Player 4" not in pdf.text
    assert pdf.text.count("2 books of 4") == 3 and pdf.text.count("✂") == 3


@pytest.mark.parametrize("path", ["/print/game/nope/sheet.pdf", "/print/game/nope/frames.pdf"])
def test_unknown_game_is_404(client, path):
    assert client.get(path).status_code == 404


def test_frames_of_a_game_that_is_not_krazy_bee_is_404(app, client):
    public_id = seeded(app, "rumbugz", ["A", "B"], [])
    assert client.get(f"/print/game/{public_id}/frames.pdf").status_code == 404


def test_bad_paper_is_400(app, client):
    public_id = seeded(app, "rumbugz", ["A", "B"], [])
    assert client.get(f"/print/game/{public_id}/sheet.pdf?paper=a5").status_code == 400


def test_game_page_links_to_its_pdfs(app, client):
    public_id = seeded(app, "krazy-bee", ["A", "B"], [])
    html = client.get(f"/games/{public_id}").text
    assert f"/print/game/{public_id}/sheet.pdf" in html and f"/print/game/{public_id}/frames.pdf" in html


def test_unscorable_stored_hands_do_not_crash(app, client):
    public_id = seeded(app, "rumbugz", ["A", "B"], [])
    with app.app_context():
        from scorekeeper.storage.models import Game, Round

        game = db.session.scalar(db.select(Game).where(Game.public_id == public_id))
        game.rounds.append(Round(number=1, facts={"winner": 7, "players": []}))
        db.session.commit()
    assert client.get(f"/print/game/{public_id}/sheet.pdf").status_code == 409


def test_printed_ranks_are_the_engines_the_winner_first(app, client):
    """KB-10 (issue 8): only Bob laid the last Step, so the sheet ranks Bob 1st though Ann's total is lower."""
    game = ONLY_BOB_DONE
    public_id = seeded(app, game["variant"], game["names"], game["hands"], game["options"])
    # the standings and the table foot are lines of text in columns: read them a space between words
    lines = [" ".join(line.split()) for line in sheet_of(client, public_id)[1].text.splitlines()]
    assert "★ Winner: Bob" in lines
    head = lines.index("Rank Player Total Progress")
    assert lines[head + 1 : head + 4] == [
        "1st Bob ★ 75 All 3 Steps done",
        "2nd Ann 60 Step 3 of 3",
        "3rd Cy 70 Step 2 of 3",
    ]
    assert "Rank 2nd 1st 3rd" in lines  # the table foot, in seat order: Ann, Bob, Cy
