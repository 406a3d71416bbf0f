"""The generated Python client plays a whole 4-seat game (issue 38, docs/own-phones.md).

Through openapi-python-client's client of the served document only: a 4-player Rummikub game is
created and opened for seats (the player to the left confirms each part), four phones take their
seats (four secrets), each phone sends its own part of every hand (with an Idempotency-Key; one part
is sent twice, as a retry after a lost answer), the left-hand phone confirms it, and the game runs
to its end (CT-8: four rounds); the totals are the engine's, and a part for a recorded hand (or after the end) is a 409.
"""

from __future__ import annotations

import importlib

from scorekeeper.rules import score_game

from . import test_api_clients as clients
from .test_api_clients import PACKAGE, _op

server, generated = clients.server, clients.generated  # the client tests' own fixtures: one generated client

NAMES = ["Ann", "Bob", "Cy", "Dee"]
#: each hand's parts, by seat: one player goes out, the others hold tiles or type a total
HANDS = [
    [{"went_out": True}, {"rack": "R5 J"}, {"points": 12}, {"rack": "K13 B2"}],
    [{"rack": "B7"}, {"rack": ""}, {"rack": "O1 O2"}, {"points": 20}],
    [{"points": 4}, {"rack": "R10 K11"}, {"went_out": True}, {"rack": "B3"}],
    [{"rack": "J"}, {"rack": "K9"}, {"rack": "O13"}, {"rack": ""}],
]


def _fact(part: dict) -> dict:
    """A part as the engine reads a player's entry of the hand's facts (going out: an empty rack)."""
    return {"rack": ""} if part.get("went_out") else part


def _facts(parts: list[dict]) -> dict:
    winner = next(s for s, p in enumerate(parts) if p.get("went_out") or p.get("rack") == "")
    return {"winner": winner, "players": [_fact(p) for p in parts]}


def _seated(package, models, base: str):
    """A 4-player Rummikub game opened for seats (the player to the left confirms), each seat taken
    by its own phone: the game's id and the four phones' clients (each with its seat's secret)."""
    anyone = package.Client(base)
    new = models.NewGameRummikub(variant="rummikub", players=NAMES)
    created = _op("create_game").sync(client=anyone, body=new)
    gid, editor = created.id, package.AuthenticatedClient(base, token=created.secret)
    opened = _op("open_seating").sync(
        gid, client=editor, body=models.SeatingChoice.from_dict({"confirm": "left"})
    )
    assert opened.open_ and opened.confirm.value == "left" and not any(s.taken for s in opened.seats)
    phones = []
    for name in NAMES:
        taken = _op("take_seat").sync(gid, client=anyone, body=models.TakeSeat(name=name))
        assert taken.name == name and taken.holder.value == "phone" and taken.secret
        phones.append(package.AuthenticatedClient(base, token=taken.secret))
    assert len({p.token for p in phones}) == 4
    again = _op("take_seat").sync_detailed(gid, client=anyone, body=models.TakeSeat(name="ann"))
    assert again.status_code == 409 and "already taken" in again.parsed.error
    return gid, phones


def test_the_generated_client_plays_a_whole_four_seat_game(generated, server):
    package, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    base = f"{server}/api/v1"
    anyone = package.Client(base)
    gid, phones = _seated(package, models, base)

    def send(seat: int, hand: int, part: dict, key: str | None = None):
        body = models.Part.from_dict({"hand": hand, "part": part})
        keyed = {"idempotency_key": key} if key else {}
        return _op("send_part").sync_detailed(gid, seat, client=phones[seat], body=body, **keyed)

    for hand, parts in enumerate(HANDS, start=1):
        if hand == 2:  # a part for a hand already recorded: refused, the open hand named
            late = send(0, 1, {"rack": "R5"})
            assert late.status_code == 409 and "Round 1 is already recorded" in late.parsed.error
            assert "The open round is 2." in late.parsed.error
        for seat, part in enumerate(parts):
            answer = send(seat, hand, part, key=f"hand-{hand}-seat-{seat}")
            assert answer.status_code == 200, answer.content
            assert answer.parsed.recorded is None and seat in answer.parsed.to_confirm
            if hand == 2 and seat == 1:  # the answer was lost: the phone sends the same part again
                retry = send(seat, hand, part, key=f"hand-{hand}-seat-{seat}")
                assert retry.headers.get("Idempotent-Replayed") == "true"
                assert retry.parsed.to_dict() == answer.parsed.to_dict()
        assert len(_op("get_game").sync(gid, client=anyone).rounds) == hand - 1  # all in, none confirmed
        for seat in range(4):  # the player to the left (the next seat) confirms each part
            left = (seat + 1) % 4
            confirmed = _op("confirm_part").sync_detailed(
                gid,
                seat,
                client=phones[left],
                body=models.Confirmation(hand=hand, looks_right=True),
                idempotency_key=f"hand-{hand}-confirms-{seat}",
            )
            assert confirmed.status_code == 200, confirmed.content
        assert confirmed.parsed.recorded == hand  # the last confirmation records the hand

    game = _op("get_game").sync(gid, client=anyone)
    engine = score_game("rummikub", [_facts(p) for p in HANDS], players=4)
    assert engine.finished and game.status.value == "finished"  # CT-8: a game of four rounds
    assert [p.total for p in game.players] == list(engine.totals)
    assert len(game.rounds) == len(HANDS)

    over = send(0, len(HANDS) + 1, {"rack": "R5"})  # CT-8: the game is over
    assert over.status_code == 409 and "The game is over" in over.parsed.error
    seating = _op("get_seating").sync(gid, client=anyone)
    assert not seating.hand.open_ and [s.taken for s in seating.seats] == [True] * 4
    assert [p.total for p in _op("get_game").sync(gid, client=anyone).players] == list(engine.totals)
