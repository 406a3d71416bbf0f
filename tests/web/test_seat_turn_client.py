"""The generated Python client plays Crib Rummy turns from two phones (issue 38, docs/own-phones.md):
through openapi-python-client's client of the served document only, each phone reads the turn due
from ``getSeating`` and sends its own turn (``sendTurn``, with an Idempotency-Key); a turn sent
again once it was recorded is a 409."""

from __future__ import annotations

import importlib

from . import test_api_clients as clients
from .test_api_clients import PACKAGE, _op

server, generated = clients.server, clients.generated  # the client tests' own fixtures

NAMES = ["Ann", "Bob"]


def test_the_generated_client_sends_each_phones_crib_rummy_turns(generated, server):
    package, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    base = f"{server}/api/v1"
    anyone = package.Client(base)
    new = models.NewGameCribRummy.from_dict({"variant": "crib-rummy", "players": NAMES})
    created = _op("create_game").sync(client=anyone, body=new)
    gid, editor = created.id, package.AuthenticatedClient(base, token=created.secret)
    _op("open_seating").sync(gid, client=editor, body=models.SeatingChoice.from_dict({}))
    phones = [
        package.AuthenticatedClient(
            base, token=_op("take_seat").sync(gid, client=anyone, body=models.TakeSeat(name=n)).secret
        )
        for n in NAMES
    ]

    def due() -> dict:
        return _op("get_seating").sync(gid, client=anyone).to_dict()["turn"]

    def send(seat: int, turn: int, melds: list, key: str):
        body = models.Turn.from_dict({"hand": 1, "turn": turn, "melds": melds})
        return _op("send_turn").sync_detailed(gid, seat, client=phones[seat], body=body, idempotency_key=key)

    assert (due()["turn"], due()["due_name"]) == (1, "Bob")  # Ann deals, Bob plays first (CR-9)
    laid = send(1, 1, [{"cards": "3H 4H 5H"}], "bob-1")
    assert laid.status_code == 200 and laid.parsed.pegs == 3 and not laid.parsed.ended
    assert send(1, 1, [{"cards": "3H 4H 5H"}], "bob-1").parsed.turn == 1  # a retry: answered again
    assert (due()["turn"], due()["due_name"]) == (2, "Ann")
    assert send(0, 2, [], "ann-2").status_code == 200  # a pass
    again = send(1, 1, [{"cards": "7S 8S 9S"}], "bob-1-again")
    assert (
        again.status_code == 409 and "Turn 1 was already recorded, with other cards" in again.parsed.error
    )  # other melds
    seating = _op("get_seating").sync(gid, client=anyone)
    assert seating.hand.hand == 1 and due()["melds"] == [{"number": 0, "cards": "3H 4H 5H", "owner": "Bob"}]
    game = _op("get_game").sync(gid, client=anyone)
    assert [p.total for p in game.players] == [0, 3]
