"""Issue 36: a game's printed sheet carries at most SHEET_HANDS_MAX hands (its last ones), so a
2,000-hand sheet is laid out in bounded work instead of running past the pool's time (15 s of CPU
for 20 players): the players still get their sheet, with its totals counting every hand, and it
says so."""

from __future__ import annotations

from scorekeeper.limits import SHEET_HANDS_MAX
from scorekeeper.services.transfer import import_game
from scorekeeper.storage.extensions import db
from tests.pdf.support import ReadBack

NAMES = ["Ann", "Bob"]


def _points_game(app, hands: int) -> str:
    """A points game of ``hands`` hands (Ann 3 a hand, Bob 1), seated by an import."""
    rounds = [{"number": n + 1, "facts": {"players": [{"points": 3}, {"points": 1}]}} for n in range(hands)]
    with app.app_context():
        game, _ = import_game(
            {
                "format": "scorekeeper-game",
                "version": 1,
                "variant": "points",
                "rounds": rounds,
                "players": [{"seat": i, "name": n} for i, n in enumerate(NAMES)],
            }
        )
        db.session.commit()
        return game.public_id


def test_a_long_games_sheet_carries_its_last_hands_and_says_so_with_every_total(app, client):
    hands = SHEET_HANDS_MAX + 7
    public_id = _points_game(app, hands)
    response = client.get(f"/print/game/{public_id}/sheet.pdf")
    assert response.status_code == 200
    text = " ".join(ReadBack(response.data).text.split())
    said = f"This sheet shows the last {SHEET_HANDS_MAX} of {hands} hands, from number 8; the totals count every one."
    assert said in text, text[:600]
    assert str(3 * hands) in text  # the totals count every hand (Ann 3 a hand)
    assert f"In progress after {hands} hands" in text


def test_a_sheet_within_the_bound_says_nothing_of_it(app, client):
    public_id = _points_game(app, 12)
    text = " ".join(ReadBack(client.get(f"/print/game/{public_id}/sheet.pdf").data).text.split())
    assert "This sheet shows the last" not in text and "In progress after 12 hands" in text


def test_a_sheet_of_more_than_999_hands_writes_their_count_the_readers_way(app, client):
    """The count in a sentence with the reader's thousands separator (docs/languages.md "Numbers");
    the totals and the hands' numbers in the sheet's columns as a score pad writes them."""
    public_id = _points_game(app, 1205)
    english = " ".join(ReadBack(client.get(f"/print/game/{public_id}/sheet.pdf").data).text.split())
    assert "the last 100 of 1,205 hands, from number 1,106;" in english, english[:600]
    assert "In progress after 1,205 hands" in english
    assert "3615" in english and "1205" in english  # Ann's total; the last hand's number
    german = client.get(f"/print/game/{public_id}/sheet.pdf", headers={"Accept-Language": "de"})
    text = " ".join(ReadBack(german.data).text.split())
    assert "1.205" in text and "1.106" in text and "3615" in text, text[:600]
