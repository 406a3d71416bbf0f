"""The change log reads in words (issue 10): names, what changed from what to what, local times
(UTC in ``<time datetime>`` for the page's script, a worded UTC time without it), facts in a detail."""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .game_support import record_hands
from .rounds_support import new_game, rounds_url, submit, text

HAND = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 B7"}]}  # CT-8 A: Ann +12, Bob -12
CORRECTED = {"winner": 0, "players": [{"rack": ""}, {"rack": "R5 B7 K13"}]}  # Ann +25, Bob -25


def _correct(app, public_id: str, facts: dict, *, ahead: bool = True) -> None:
    """Correct round 1; ``ahead``: with the score of the hands ahead of it, as the hand form passes it."""
    with app.app_context():
        game = services.get_game(public_id)
        before = services.game_score(game, upto=0) if ahead else None
        services.update_round(game, 1, facts, before=before)
        db.session.commit()


def _lines(page: str) -> list[str]:
    """Each entry's visible line: time and words, tags removed, newest first."""
    items = re.findall(r'<li class="audit-entry[^"]*">\s*<p>(.*?)</p>', page, re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", item).split()) for item in items]


def test_the_log_names_players_and_each_score_from_and_to(app, client):
    game = new_game(app, client, "rummikub", names=("Ann", "Bob"))
    record_hands(app, game, HAND)
    _correct(app, game, CORRECTED)  # as the hand form does it: the hands ahead already scored
    lines = _lines(text(client.get(f"/games/{game}/history")))
    assert re.fullmatch(
        r"\d+ \w{3} \d\d:\d\d UTC Round 1 corrected: Ann \+12 → \+25, Bob -12 → -25", lines[0]
    )
    assert lines[1].endswith("Round 1 recorded: Ann +12, Bob -12")
    assert lines[2].endswith("Game of Rummikub started: Ann, Bob")


def test_a_correction_without_the_hands_ahead_scored_names_each_score_from_and_to(app, client):
    """The API corrects with one engine run (tests/web/test_api_games.py): the hand as it was is
    read off the score the game's last change kept, so the log still gives each score from and to."""
    game = new_game(app, client, "rummikub", names=("Ann", "Bob"))
    record_hands(app, game, HAND)
    _correct(app, game, CORRECTED, ahead=False)
    assert _lines(text(client.get(f"/games/{game}/history")))[0].endswith(
        "Round 1 corrected: Ann +12 → +25, Bob -12 → -25"
    )


def test_a_correction_that_changes_no_score_says_so(app, client):
    game = new_game(app, client, "rummikub")
    record_hands(app, game, HAND)
    _correct(app, game, {**HAND, "players": [{"rack": ""}, {"rack": "B7 R5"}]})
    assert _lines(text(client.get(f"/games/{game}/history")))[0].endswith(
        "Round 1 corrected: no score changed"
    )


def test_times_are_utc_for_the_script_and_facts_a_detail(app, client):
    game = new_game(app, client, "rummikub")
    record_hands(app, game, HAND)
    page = text(client.get(f"/games/{game}/history"))
    with app.app_context():
        at = services.get_game(game).audit_entries[-1].at
    stamp = at.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert f'<time datetime="{stamp}" data-local-time>{at.day} {at.strftime("%b %H:%M")} UTC</time>' in page
    assert re.search(r'<script type="module" src="/static/js/local-time\.js\?v=\w+">', page)
    # raw facts only inside a closed <details>, never in the line itself
    assert '"rack"' not in "".join(_lines(page))
    assert re.search(r'<details class="facts-detail"><summary>Recorded facts</summary>.*?"rack"', page, re.S)


def test_undone_changes_are_marked(app, client):
    game = new_game(app, client, "rummikub")
    record_hands(app, game, HAND)
    with app.app_context():
        services.undo_last_change(services.get_game(game))
        db.session.commit()
    lines = _lines(text(client.get(f"/games/{game}/history")))
    assert lines[0].endswith("Undid: Round 1 recorded: Ann +12, Bob -12")
    assert lines[1].endswith("Round 1 recorded: Ann +12, Bob -12 undone")


def test_a_correction_through_the_hand_form_logs_each_score_from_and_to(app, client):
    game = new_game(app, client, "rummikub", names=("Ann", "Bob"))
    record_hands(app, game, HAND)
    saved = submit(
        client,
        rounds_url(game, "1/edit"),
        {"winner": "0", "players.0.rack": "", "players.1.rack": "R5 B7 K13"},
    )
    assert saved.status_code == 200 and "Round 1 corrected" in text(saved)
    lines = _lines(text(client.get(f"/games/{game}/history")))
    assert lines[0].endswith("Round 1 corrected: Ann +12 → +25, Bob -12 → -25")


def test_a_variant_named_in_words_starts_the_log_in_the_readers_language(app, client):
    """The points game's label is a phrase, not a name: the log says it as the page does
    ("Spiel Anderes Spiel (Punkte) begonnen", never "Spiel Any other game (points) begonnen")."""
    game = new_game(app, client, "points", names=("Ann", "Bob"))
    english = _lines(text(client.get(f"/games/{game}/history")))
    assert english[-1].endswith("Game of Any other game (points) started: Ann, Bob")
    for language, name in (
        ("de", "Anderes Spiel (Punkte)"),
        ("nl", "Ander spel (punten)"),
        ("pl", "Dowolna inna gra (punkty)"),
    ):
        page = text(client.get(f"/games/{game}/history", headers={"Accept-Language": language}))
        assert name in _lines(page)[-1], (language, _lines(page)[-1])
        assert "Any other game" not in page, language
    rummikub = new_game(app, client, "rummikub", names=("Ann", "Bob"))
    german = _lines(text(client.get(f"/games/{rummikub}/history", headers={"Accept-Language": "de"})))
    assert "Rummikub" in german[-1]  # a variant's own name stays as it is
