"""Helpers for the tables tests: a table through its forms, games from its roster, hands through the form."""

from __future__ import annotations

from scorekeeper.rules import variants

from .game_support import csrf_from, new_game_data, page_fields
from .rounds_support import rounds_url

#: The small table of the hand-worked statistics (test_tables.py): who sits where, the options,
#: and each hand as the Rummikub form takes it (the winner's seat, the others' racks).
SMALL_TABLE = [
    (["Ann", "Bob", "Cy"], 1, [{"winner": "0", "players.1.rack": "R5 J", "players.2.rack": "K9"}]),
    (["Bob", "Cy"], 1, [{"winner": "1", "players.0.rack": "B3 B4"}]),
    (["Ann", "Bob"], 2, [{"winner": "0", "players.1.rack": "R5"}, {"winner": "1", "players.0.rack": "K5"}]),
    (["Ann", "Cy"], 2, [{"winner": "", "players.0.rack": "R1", "players.1.rack": "K3"}]),
]


def create_table(client, name: str, players: list[str]) -> str:
    """A table through the tables page's form; this client now holds its secret. Returns its id."""
    page = client.get("/tables/")
    answer = client.post(
        "/tables/new", data={**page_fields(page.text), "name": name, "players": "\n".join(players)}
    )
    assert answer.status_code == 302, answer.text
    return answer.headers["Location"].rstrip("/").split("/")[-1]


def roster_ids(client, table_id: str) -> dict[str, str]:
    """Roster names to the values of the new-game page's seat boxes."""
    import re

    page = client.get(f"/tables/{table_id}/play/rummikub").text
    return {
        name: value
        for value, name in re.findall(
            r'name="seat" value="(\d+)"[^>]*> <span class="chip-name">([^<]+)</span>', page
        )
    }


def start_from_roster(client, table_id: str, variant: str, names: list[str], newcomers=(), **options) -> str:
    """A game of the table, seats tapped from the roster in ``names`` order (the page's script keeps
    that order in ``order``); returns the game's id (the client holds its edit secret)."""
    data = roster_form(client, table_id, variant, names, newcomers, **options)
    answer = client.post(f"/tables/{table_id}/play/{variant}", data=data)
    assert answer.status_code == 302, answer.text[:2000]
    return answer.headers["Location"].rstrip("/").split("/")[-1]


def roster_form(client, table_id: str, variant: str, names: list[str], newcomers=(), **options) -> dict:
    """The table's new-game form as :func:`start_from_roster` fills it (not sent)."""
    ids = roster_ids(client, table_id)
    page = client.get(f"/tables/{table_id}/play/{variant}")
    info = next(v for v in variants() if v["slug"] == variant)
    data = {
        **new_game_data(info, []),
        **page_fields(page.text),
        "seat": [ids[n] for n in names],
        "order": ",".join(ids[n] for n in names),
        "first_dealer": "0",
    }
    data.update({f"new_{i}": n for i, n in enumerate(newcomers)})
    data.update({f"opt_{k}": str(v) for k, v in options.items()})
    return data


def record(client, game_id: str, fields: dict) -> None:
    """One hand through the hand form, as the scorekeeper's phone sends it."""
    page = client.get(rounds_url(game_id))
    answer = client.post(rounds_url(game_id), data={"csrf_token": csrf_from(page.text), **fields})
    assert answer.status_code == 302, answer.text[:2000]


def play_small_table(client, table_id: str) -> list[str]:
    """The four Rummikub games of :data:`SMALL_TABLE`, in order; returns their ids."""
    games = []
    for names, rounds, hands in SMALL_TABLE:
        game_id = start_from_roster(client, table_id, "rummikub", names, rounds=rounds)
        for hand in hands:
            record(client, game_id, hand)
        games.append(game_id)
    return games
