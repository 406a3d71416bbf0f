"""Names on a Hebrew club's printed sheets (docs/languages.md "Right to left in the PDFs"): a Latin name
keeps its order on every one of them, "Ann B." never ".Ann B" (the table cards, the slips' column heads,
the standings, the event sheet's check-in list and results), as on the game sheets and the frames."""

from __future__ import annotations

import pytest

from tests.pdf.test_club_sheets import HEBREW_NAMES, evening, placed_words

HEBREW = {"Accept-Language": "he"}
LONG = "Łukasz Wojciechowski-Brzęczyszczykiewicz"  # 40 letters, the most a name may have


@pytest.mark.parametrize("document", ["cards.pdf?round=1", "slips.pdf?round=1", "standings.pdf", "event.pdf"])
def test_a_latin_name_on_a_hebrew_clubs_sheet_keeps_its_full_stop_at_its_end(app, client, tmp_path, document):
    names = [*HEBREW_NAMES[:6], LONG, "Ann B.", HEBREW_NAMES[-1]]  # two tables of 4 in the first round
    hebrew = evening(app, names, rounds=2, final=False)
    client.set_cookie(f"sk_table_{hebrew['club']}", hebrew["secret"])  # the event sheet is the organiser's
    answer = client.get(f"/events/{hebrew['id']}/print/{document}", headers=HEBREW)
    assert answer.status_code == 200
    shown = [w for *_, w in placed_words(answer.data, tmp_path)]
    assert "B." in shown and ".Ann" not in shown, shown
    # wrapped (a card's players, a slip's column head), the long name keeps its hyphen at the line's end
    assert "-Wojciechowski" not in shown, shown
