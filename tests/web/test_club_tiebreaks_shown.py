"""Why a player is ranked below another with the same points (docs/club-night.md "Ranking the
evening"): the standings screen, the event page and the API's standings name the tiebreak that
parted them ("Tiebreak: Best single game"), beside the lower player's name, in the reader's language;
a line with fewer points than the one above, or still tied with it, says nothing. On a real SQLite
file through the test client."""

from __future__ import annotations

import itertools
import re

from scorekeeper.services.club import check_in, current_round, override, seat_next
from scorekeeper.storage.extensions import db

from .club_support import december_night

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def _set(event, scores):
    for table, row in zip(current_round(event).tables, scores, strict=True):
        override(event, table, row, "read out at the table")


def parted_evening(app) -> tuple[str, str]:
    """Round 1 of eight, the results set by seat (whoever the draw seats there): both tables'
    winners on 4 points, the first by 30 over the table's average, the second by 20, so the best
    single game parts them; three players share 1 point and two share 0.5, parted by nothing: the
    evening's public id and its club's secret (tests/pdf/test_club_standings_words.py prints it)."""
    with app.app_context():
        _, event, secret = december_night(EIGHT, rounds=2)
        check_in(event, EIGHT)
        seat_next(event, secret, "draw", seed=13)
        _set(event, [[30, -10, -10, -10], [20, 0, -10, -10]])
        db.session.commit()
        return event.public_id, secret


def _rows(html: str) -> list[str]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def test_the_screen_the_page_and_the_api_say_which_tiebreak_parted_equal_points(app):
    public_id, _secret = parted_evening(app)
    client = app.test_client()
    lines = client.get(f"/api/v1/events/{public_id}/standings").get_json()["standings"]
    parted = {line["name"]: line["parted_by"] for line in lines if line["parted_by"]}
    assert list(parted.values()) == ["best_game"] and lines[1]["name"] in parted
    for above, line in itertools.pairwise(lines):
        # named only where the points are equal and the rank is not
        assert bool(line["parted_by"]) == (above["points"] == line["points"] and above["rank"] < line["rank"])
    words = {"head_to_head": "Head to head", "wins": "Most wins", "best_game": "Best single game"}
    screen = _rows(client.get(f"/events/{public_id}/screen").get_data(as_text=True))
    page_html = client.get(f"/events/{public_id}").get_data(as_text=True)
    page = _rows(page_html.split('class="event-standings"', 1)[1])
    for rows in (screen, page):
        assert len(rows) == len(lines)
        for row, line in zip(rows, lines, strict=True):
            if line["parted_by"]:
                assert f"{line['name']} Tiebreak: {words[line['parted_by']]}" in row, row
            else:
                assert "Tiebreak" not in row, row
    # in the reader's language (the tiebreak's name is translated; its label once the catalogs have it)
    client.get("/language/de")
    german = client.get(f"/events/{public_id}/screen").get_data(as_text=True)
    assert "Bestes einzelnes Spiel" in " ".join(_rows(german))
