"""A round's printed sheets ask the database as often for a round of four tables as for one of two:
each table's game is found with the round's others, not one question a table (an evening's sheet
prints every table of every round, a hundred at a big club). The score slips asked for over HTTP,
statements counted on the engine, the PDF read back."""

from __future__ import annotations

from tests.pdf.support import ReadBack
from tests.web.club_support import seated_evening
from tests.web.statements_support import statements

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
SIXTEEN = [*EIGHT, "Ida", "Jo", "Kim", "Lou", "Max", "Ned", "Oz", "Pia"]


def _slips(app, client, names: list[str]) -> tuple[ReadBack, int]:
    night = seated_evening(app, names=names)
    with statements(app) as seen:
        answer = client.get(f"/events/{night['event']}/print/slips.pdf?round=1")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    return ReadBack(answer.data), len(seen)


def test_a_rounds_slips_ask_as_often_for_four_tables_as_for_two(app, client):
    two, few = _slips(app, client, EIGHT)
    four, many = _slips(app, client, SIXTEEN)
    assert many == few, f"{few} statements for a round of 2 tables, {many} for 4"
    assert all(name in four.text for name in SIXTEEN) and all(name in two.text for name in EIGHT)
