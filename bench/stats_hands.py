"""The tables benchmark's games (bench/stats_bench.py): hands of every variant drawn at random,
each kept only when the rules engine accepts it, so a seeded game reads as a recorded one."""

from __future__ import annotations

import random

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn"]
#: options that let a game run 20 hands (a round count where the variant has one)
OPTIONS = {
    "rumbugz": {"rounds": 20},
    "rummikub": {"rounds": 20},
    "crazy-tiles": {"rounds": 20},
    "runny-tiles": {"rounds": 20},
    "crib-rummy": {"target": 61},
    "crazy-rummy": {"target": 2500},
}
TILES = ["R5", "B7", "K2", "G9", "J", "B11", "R1", "G3", "K13"]
KB_CARDS = ["3", "12", "W", "7", "9", "10"]
BUGZ = ["3", "P", "5", "11", "7"]
CRAZY = ["3", "4", "5", "8", "9", "J", "Q", "K", "A"]
KINDS = ["single", "double", "triple", "match"]


def _pick(rnd: random.Random, pool: list[str], low: int = 0, high: int = 4) -> str:
    return " ".join(rnd.choice(pool) for _ in range(rnd.randint(low, high)))


def _krazy_bee_hand(seats: int, rnd: random.Random) -> dict:
    laid = [rnd.random() < 0.38 for _ in range(seats)]
    out = rnd.choice([s for s in range(seats) if laid[s]] or [None])
    return {
        "players": [
            {"laid": laid[s], "went_out": s == out, **({} if s == out else {"hand": _pick(rnd, KB_CARDS, 1)})}
            for s in range(seats)
        ]
    }


def _rumbugz_hand(seats: int, rnd: random.Random) -> dict:
    winner = rnd.choice([*list(range(seats)), None])
    return {
        "winner": winner,
        "players": [
            {"kinds": KINDS}
            if s == winner
            else {"kinds": rnd.sample(KINDS, rnd.randint(0, 3)), "hand": _pick(rnd, BUGZ, 1)}
            for s in range(seats)
        ],
    }


def _tiles_hand(seats: int, rnd: random.Random) -> dict:
    winner = rnd.choice([*list(range(seats)), None])
    return {
        "winner": winner,
        "players": [{"rack": "" if s == winner else _pick(rnd, TILES, 1)} for s in range(seats)],
    }


def _crib_rummy_hand(seats: int, rnd: random.Random) -> dict:
    starter = rnd.randrange(seats)
    turns = [
        {"melds": [{"cards": "3H 4H 5H"}]},  # then the next player's own meld and an addition (CR-6)
        {"melds": [{"cards": "KC KD KS"}, {"cards": "6H", "extend": 0}]},
    ]
    turns += [{"pegs": rnd.randint(0, 1)} for _ in range(rnd.randint(0, seats))]
    last = (starter + len(turns) - 1) % seats
    left = [0 if s == last else rnd.randint(1, 3) for s in range(seats)]
    end = {"type": "out", "player": last, "cards_left": left} if rnd.random() < 0.3 else {"type": "draw_pile"}
    return {"starter": starter, "turns": turns, "end": end}


def _crazy_rummy_hand(seats: int, rnd: random.Random) -> dict:
    out = rnd.randrange(seats)
    return {
        "face_up": [rnd.choice(CRAZY) for _ in range(seats)],
        "went_out": out,
        "players": [
            {
                "board": rnd.choice(["8 8 8", "K K K", "5 5 5", "Q Q Q Q", "A A A"]),
                **({} if s == out else {"hand": _pick(rnd, CRAZY, 1, 3)}),
            }
            for s in range(seats)
        ],
    }


_HAND_MAKERS = {
    "krazy-bee": _krazy_bee_hand,
    "rumbugz": _rumbugz_hand,
    "rummikub": _tiles_hand,
    "crazy-tiles": _tiles_hand,
    "runny-tiles": _tiles_hand,
    "crib-rummy": _crib_rummy_hand,
}


def random_hand(variant: str, seats: int, rnd: random.Random) -> dict:
    """One hand's facts of ``variant`` (the engine may still refuse it: then another is drawn)."""
    return _HAND_MAKERS.get(variant, _crazy_rummy_hand)(seats, rnd)


def game_hands(variant: str, seats: int, hands: int, rnd: random.Random) -> list[dict]:
    """Up to ``hands`` hands the engine accepts, in order (fewer when the game ends sooner)."""
    from scorekeeper.rules import RulesError, score_game, score_more

    opts = OPTIONS.get(variant, {})
    score, facts = score_game(variant, [], players=seats, options=opts), []
    while len(facts) < hands and not score.finished:
        for _ in range(200):
            hand = random_hand(variant, seats, rnd)
            try:
                score = score_more(variant, score, [hand], options=opts)
            except RulesError:
                continue
            facts.append(hand)
            break
        else:
            break
    return facts
