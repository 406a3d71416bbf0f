"""N-5: a game scored in two parts (``play_on``) is the game scored in one (``play``), for every split."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RoundError, find_variant
from scorekeeper.rules.game import play, play_on


def _turn(pegs=None, **kw):
    return {"melds": [], **({"pegs": pegs} if pegs is not None else {}), **kw}


def _kb(laid, went_out=False, **kw):
    return {"laid": laid, "went_out": went_out, **kw}


#: id, variant, players, first dealer, options, hands (dealer, starter, chooser and the end all matter)
GAMES = [
    (
        "KB-9-KB-10-two-steps",
        "krazy-bee",
        3,
        2,
        {"steps": "book of 3; run of 4"},
        [
            {"players": [_kb(True, True), _kb(False, hand="3 12 W"), _kb(True, points=20)]},
            {"players": [_kb(False, points=5), _kb(True, True), _kb(False, hand="7")]},
            {"players": [_kb(True, True), _kb(True), _kb(False, points=9)]},
        ],
    ),
    (
        "RB-8-five-rounds",
        "rumbugz",
        2,
        0,
        {},
        [
            {"winner": w, "players": [{"kinds": [], "hand": a}, {"kinds": [], "hand": b}]}
            for w, a, b in [(0, "", "12"), (1, "P", ""), (None, "1", "2"), (1, "3 4", ""), (0, "", "5")]
        ],
    ),
    (
        "CT-8-winner-starts-next",
        "rummikub",
        3,
        1,
        {"rounds": 3},
        [
            {"winner": 0, "players": [{}, {"rack": "R5 J"}, {"points": 12}]},
            {"winner": None, "players": [{"rack": "B3"}, {"rack": "K13"}, {"points": 4}]},
            {"winner": 2, "players": [{"points": 7}, {"rack": "G1"}, {}]},
        ],
    ),
    (
        "CR-9-behind-chooses-and-CR-8-final-turns",
        "crib-rummy",
        3,
        0,
        {"target": 61},
        [
            {"turns": [_turn(50), _turn(40), _turn(55)], "end": {"type": "draw_pile"}},
            {"starter": 2, "turns": [_turn(3), _turn(8), _turn(15)]},
        ],
    ),
    (
        "CR-9-hand-in-progress",
        "crib-rummy",
        3,
        0,
        {},
        [
            {"turns": [_turn(10), _turn(4), _turn(9)], "end": {"type": "draw_pile"}},
            {"starter": 0, "turns": [_turn(1)]},
        ],
    ),
    (
        "CZ-8-to-the-winner",
        "crazy-rummy",
        3,
        0,
        {"target": 700},
        [
            {
                "face_up": ["Q", "8", "3"],
                "went_out": 0,
                "players": [
                    {"board": "A A A Q", "hand": ""},
                    {"board": "K K K", "hand": "3 3"},
                    {"board": "8 8 8", "hand": "A"},
                ],
            },
            {
                "face_up": ["9", "5", "K"],
                "went_out": 1,
                "players": [
                    {"board": "J J J", "hand": "A"},
                    {"board": "A A 5 A A", "hand": ""},
                    {"board": "", "hand": "5 K"},
                ],
            },
            {
                "face_up": ["6", "J", "A"],
                "went_out": 2,
                "players": [
                    {"board": "", "hand": "K"},
                    {"board": "A A A", "hand": "3"},
                    {"board": "K K A", "hand": ""},
                ],
            },
        ],
    ),
]


@pytest.mark.parametrize(
    "variant, players, dealer, options, hands", [g[1:] for g in GAMES], ids=[g[0] for g in GAMES]
)
def test_scoring_on_from_any_hand_gives_the_same_game(variant, players, dealer, options, hands):
    v = find_variant(variant)
    opts = v.options(options)
    whole = play(v, hands, players, dealer, opts)
    assert len(whole.rounds) == len(hands)
    for split in range(len(hands) + 1):
        assert play_on(v, play(v, hands[:split], players, dealer, opts), hands[split:], opts) == whole, split


def test_scoring_on_refuses_a_hand_after_the_end_with_its_number():
    _, variant, players, dealer, options, hands = GAMES[-1]
    v = find_variant(variant)
    whole = play(v, hands, players, dealer, v.options(options))
    assert whole.finished
    with pytest.raises(RoundError) as err:
        play_on(v, whole, [hands[0]], v.options(options))
    assert err.value.round == len(hands) + 1 and "already over" in str(err.value)
