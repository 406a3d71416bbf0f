"""CSV exports are safe to open in a spreadsheet (OWASP "CSV injection"), the JSON export stays exact.

A player named ``=HYPERLINK(...)`` or ``+cmd|...`` would run as a formula in the table's
``games.csv`` and ``hands.csv``; such text cells get a ``'`` in front. Numbers, the negative
changes and totals above all, stay numbers.
"""

from __future__ import annotations

import csv
import io

EVIL = ('=HYPERLINK("http://ev.il","x")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-minus")


def _table_with_a_game(client) -> dict:
    table = client.post("/api/v1/tables", json={"name": "=1+1", "players": list(EVIL)}).get_json()
    game = client.post(
        "/api/v1/games",
        json={
            "variant": "rummikub",
            "players": list(EVIL[:2]),
            "table": table["id"],
            "options": {"rounds": 1},
        },
        headers={"Authorization": f"Bearer {table['secret']}"},
    ).get_json()
    recorded = client.post(
        f"/api/v1/games/{game['id']}/rounds",
        json={"winner": 0, "players": [{"rack": ""}, {"rack": "R5 J"}]},
        headers={"Authorization": f"Bearer {game['secret']}"},
    )
    assert recorded.status_code == 201
    return table


def _rows(client, url: str) -> list[dict]:
    answer = client.get(url)
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))


def test_formula_names_are_text_in_both_csv_files(client):
    table = _table_with_a_game(client)
    games = _rows(client, f"/api/v1/tables/{table['id']}/export/games.csv")
    assert [(r["player"], r["name_in_game"]) for r in games] == [("'" + n, "'" + n) for n in EVIL[:2]]
    assert [r["total"] for r in games] == ["35", "-35"]  # numbers are not touched
    hands = _rows(client, f"/api/v1/tables/{table['id']}/export/hands.csv")
    assert [(r["player"], r["dealer"], r["change"]) for r in hands] == [
        ("'" + EVIL[0], "'" + EVIL[0], "35"),
        ("'" + EVIL[1], "'" + EVIL[0], "-35"),
    ]
    for row in games + hands:
        assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for cell in row.values())


def test_the_json_export_keeps_the_names_exactly(client):
    table = _table_with_a_game(client)
    exported = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    assert [p["name"] for p in exported["players"]] == list(EVIL)
    assert exported["games"][0]["players"] == list(EVIL[:2]) and exported["name"] == "=1+1"
