"""CSV exports are safe to open in a spreadsheet (OWASP "CSV injection"), the JSON export stays exact.

A player named ``=HYPERLINK(...)`` or ``+cmd|...`` would run as a formula in the table's
``games.csv`` and ``hands.csv``; such text cells get a ``'`` in front. Numbers, the negative
changes and totals above all, stay numbers. A spreadsheet that splits the file on ';' (much of
Europe), a tab or a pipe starts a cell after each one, inside a name too, whatever the quotes say
(LibreOffice ran ``=4+4`` from ``x";=4+4;"``, FINDINGS of 7 December): a formula's start after
such a separator gets a ``'`` before it as well.
"""

from __future__ import annotations

import csv
import io

EVIL = ('=HYPERLINK("http://ev.il","x")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-minus")


def _table_with_a_game(client, names=EVIL) -> dict:
    """A table named ``=1+1`` with ``names`` on its roster, and one hand of Rummikub by its first two."""
    table = client.post("/api/v1/tables", json={"name": "=1+1", "players": list(names)}).get_json()
    game = client.post(
        "/api/v1/games",
        json={
            "variant": "rummikub",
            "players": list(names[:2]),
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


def test_a_hebrew_readers_csv_is_the_same_file_numbers_plain(client):
    """CSV carries no direction marks (docs/languages.md "Right to left in the PDFs"): a spreadsheet
    would read "\u2066-12\u2069" as text, not a number to add up, and lays out its own cells right to
    left. So a Hebrew reader's file is the English one: the same column names (field names a formula
    or a script reads), -12 and 45 as plain numbers, a Hebrew name as typed."""
    table = client.post("/api/v1/tables", json={"name": "שולחן", "players": ["דנה", "Bob", "Cy"]}).get_json()
    auth = {"Authorization": f"Bearer {table['secret']}"}
    game = client.post(
        "/api/v1/games",
        json={"variant": "rummikub", "players": ["דנה", "Bob", "Cy"], "table": table["id"]},
        headers=auth,
    ).get_json()
    hand = {"winner": 0, "players": [{"rack": ""}, {"rack": "K12"}, {"rack": "R10 B10 O13"}]}
    recorded = client.post(
        f"/api/v1/games/{game['id']}/rounds", json=hand, headers={"Authorization": f"Bearer {game['secret']}"}
    )
    assert recorded.status_code == 201
    for kind in ("games", "hands"):
        url = f"/api/v1/tables/{table['id']}/export/{kind}.csv"
        hebrew = client.get(url, headers={"Accept-Language": "he"}).get_data(as_text=True)
        assert hebrew == client.get(url).get_data(as_text=True)
        assert not set(hebrew) & set("\u2066\u2067\u2068\u2069\u200e\u200f\u202a\u202b\u202c")
    rows = list(csv.DictReader(io.StringIO(hebrew)))
    assert [(r["player"], r["change"], r["total"]) for r in rows] == [
        ("דנה", "45", "45"),
        ("Bob", "-12", "-12"),
        ("Cy", "-33", "-33"),
    ]


SPLIT = ("Ann;=1+1", 'x";=4+4;"', 'Jo; =HYPERLINK("http://ev.il";"x")', "Fa|-10+10")


def test_no_cell_starts_a_formula_when_a_spreadsheet_splits_on_semicolons(client):
    """Read as a spreadsheet that splits on ';', a tab or '|' reads it (every separator starts a cell,
    quotes or not), no cell of either file starts a formula; read as CSV, a name keeps every character
    and gains a ``'`` before each formula's start."""
    table = client.post("/api/v1/tables", json={"name": "T", "players": list(SPLIT)}).get_json()
    game = client.post(
        "/api/v1/games",
        json={"variant": "rummikub", "players": list(SPLIT), "table": table["id"], "options": {"rounds": 1}},
        headers={"Authorization": f"Bearer {table['secret']}"},
    ).get_json()
    assert game.get("id"), game
    for kind in ("games", "hands"):
        text = client.get(f"/api/v1/tables/{table['id']}/export/{kind}.csv").get_data(as_text=True)
        for separator in (";", "\t", "|"):
            for line in text.splitlines():
                for cell in line.split(separator)[1:]:
                    assert not cell.lstrip(' "').startswith(("=", "+", "-", "@")), (separator, line)
    games = _rows(client, f"/api/v1/tables/{table['id']}/export/games.csv")
    assert [r["player"] for r in games] == [
        "Ann;'=1+1",
        'x";\'=4+4;"',
        'Jo; \'=HYPERLINK("http://ev.il";"x")',
        "Fa|'-10+10",
    ]


#: names that reach a table (the app strips spaces around a name and refuses tabs and line breaks,
#: so those are sent to be stripped or refused): a formula's sign behind double quotes or spaces, or
#: in its full-width form, at the cell's start or after a separator
HIDDEN = ('"=1+1', ' "+SUM(1)', "\uff1d1+1", "\uff20A1", "Ann; =1+1", 'Bo, " -2', "Cy|\u00a0@A1", "\u3000=1")
SIGNS = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20", "\t", "\r")


def _formula_cells(text: str) -> list[str]:
    """The cells of ``text`` that a spreadsheet would start as a formula, as it splits the lines on
    a comma (quotes read), or on ';', a tab, '|' or ',' (quotes not read), spaces and quotes trimmed."""
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    for separator in (";", "\t", "|", ","):
        cells += [cell for line in text.splitlines() for cell in line.split(separator)]
    return [c for c in cells if c.lstrip(' "\u00a0\u3000').startswith(SIGNS) and not _number(c)]


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def test_a_formula_hidden_behind_quotes_spaces_or_full_width_signs_is_text_in_both_files(client):
    """Before, only a cell's very first character was looked at, while after a separator spaces and
    quotes were skipped: ``"=1+1`` and ``\uff1d1+1`` (a full-width sign, which a spreadsheet typed in Japanese takes for
    ``=``) started a formula. Now one rule; a negative score stays a number."""
    table = _table_with_a_game(client, HIDDEN)
    for kind in ("games", "hands"):
        text = client.get(f"/api/v1/tables/{table['id']}/export/{kind}.csv").get_data(as_text=True)
        assert _formula_cells(text) == [], kind
    hands = _rows(client, f"/api/v1/tables/{table['id']}/export/hands.csv")
    assert [(r["player"], r["dealer"], r["change"], r["total"]) for r in hands] == [
        ("\"'=1+1", "\"'=1+1", "35", "35"),
        ("\"'+SUM(1)", "\"'=1+1", "-35", "-35"),  # spaces around a name are never kept
    ]
    exported = client.get(f"/api/v1/tables/{table['id']}/export").get_json()
    assert [p["name"] for p in exported["players"]] == [" ".join(n.split()) for n in HIDDEN]  # as kept
