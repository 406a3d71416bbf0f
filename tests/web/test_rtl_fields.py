"""What a Hebrew reader sees in the forms and pages a phone walk-through found mirrored (docs/languages.md,
"Right to left"): a score or a sum typed into a field reads left to right ("-8", "45 - 20", never "8-"
or "20 - 45"), a player's name on a label is isolated ("Ann B.", not ".Ann B"), a Step and a class of
ranks are notation ("2 books of 3", "1–9", never "books of 3 2" or "9–1"), the "and" (the prefix vav)
before a Latin name takes a maqaf, and no English is left where Hebrew has the word."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.display.words import FILTERS, name_list
from scorekeeper.storage.paths import STATIC

from .game_support import record_hands
from .rounds_support import new_game, rounds_url, submit
from .test_seat_card_page import _page_game
from .test_seat_page import _take

HEBREW = {"Accept-Language": "he"}
LRI, PDI = "\u2066", "\u2069"
#: Hebrew's "and", a prefix, and the maqaf that joins it to a Latin name
VAV, MAQAF = "\u05d5", "\u05be"
NAMES = ("דנה", "Ann B.", "רון")


def inputs(page: str, attribute: str) -> list[str]:
    """Every ``<input>`` tag of ``page`` that has ``attribute`` (``inputmode="numeric"``, ``name="board_hand"``)."""
    return [tag for tag in re.findall(r"<input\b[^>]*>", page) if attribute in tag]


def test_a_points_hand_in_hebrew_isolates_each_name_and_types_the_sum_left_to_right(app, client):
    game = new_game(app, client, "points", names=NAMES)
    page = client.get(rounds_url(game), headers=HEBREW).text
    assert ">Ann B.</label>" not in page and "<bdi>Ann B.</bdi></label>" in page
    sums = inputs(page, "data-sum")
    assert len(sums) == 3 and all('dir="ltr"' in tag for tag in sums)  # "-8", never "8-"


def test_every_score_field_of_the_hand_forms_reads_left_to_right(app, client):
    for variant in ("krazy-bee", "crazy-rummy", "rummikub", "rumbugz", "crib-rummy"):
        game = new_game(app, client, variant, names=NAMES)
        numeric = inputs(client.get(rounds_url(game), headers=HEBREW).text, 'inputmode="numeric"')
        assert numeric and all('dir="ltr"' in tag for tag in numeric), variant


def test_the_stylesheet_keeps_every_numeric_field_left_to_right_in_a_hebrew_page():
    css = (STATIC / "css" / "app.css").read_text(encoding="utf-8")
    assert "[dir=rtl] input[inputmode=numeric], [dir=rtl] input.sum-input { direction: ltr;" in css


def test_a_crazy_rummy_seat_in_hebrew_types_board_minus_hand_left_to_right(app):
    gid = _page_game(app, "crazy-rummy")
    ann = app.test_client()
    _take(ann, gid, "Ann")
    page = ann.get(f"/games/{gid}/seat", headers=HEBREW).text
    (board_hand,) = inputs(page, 'name="board_hand"')
    assert 'dir="ltr"' in board_hand
    assert all('dir="ltr"' in tag for tag in inputs(page, 'inputmode="numeric"'))
    # the help's example between isolates: "45 - 20" (45 on the board, 20 in hand), never "20 - 45"
    assert f"{LRI}45 - 20{PDI}" in page


def test_a_krazy_bee_game_page_in_hebrew_keeps_each_step_left_to_right(app, client):
    game = new_game(app, client, "krazy-bee", names=NAMES)
    page = client.get(f"/games/{game}", headers=HEBREW).text
    assert (
        ': <bdi dir="ltr" translate="no" class="notation">2 books of 3</bdi>' in page
    )  # the standings' Step
    step_list = '<li><bdi dir="ltr" translate="no" class="notation">book of 3 + <wbr>run of 4</bdi></li>'
    assert step_list in page  # the Step list
    assert f"({LRI}10 Steps{PDI})" in page  # "(10 Steps)", never "(Steps 10)"


def test_the_hand_forms_in_hebrew_keep_steps_and_rank_classes_left_to_right(app, client):
    game = new_game(app, client, "krazy-bee", names=NAMES)
    page = client.get(rounds_url(game), headers=HEBREW).text
    for notation in ("1–9", "10–13", "2 books of 3"):
        assert f'<bdi dir="ltr" translate="no" class="notation">{notation}</bdi>' in page, notation
    game = new_game(app, client, "crazy-rummy", names=NAMES)
    page = client.get(rounds_url(game), headers=HEBREW).text
    for notation in ("3–7", "8–K"):
        assert f'<bdi dir="ltr" translate="no" class="notation">{notation}</bdi>' in page, notation


def test_the_new_krazy_bee_form_in_hebrew_types_steps_left_to_right(client):
    page = client.get("/games/new/krazy-bee", headers=HEBREW).text
    (steps,) = re.findall(r"<textarea\b[^>]*>", page)
    assert 'dir="ltr"' in steps
    assert f"{LRI}book of 3 + run of 4{PDI}" in page  # the help's example, whole before its rule link


def test_a_new_points_game_in_hebrew_is_named_in_hebrew(client):
    page = client.get("/games/new/points", headers=HEBREW).text
    assert "Any other game" not in page
    assert re.search(r"<title>[^<]*משחק אחר \(נקודות\)", page)
    assert re.search(r"<h1>[^<]*משחק אחר \(נקודות\)", page)


def test_the_tile_keypad_in_hebrew_says_joker_in_hebrew(app, client):
    game = new_game(app, client, "rummikub", names=NAMES)
    page = client.get(rounds_url(game), headers=HEBREW).text
    wild = re.findall(r'<button[^>]*class="key key-wild"[^>]*>([^<]*)</button>', page)
    assert wild and {html.unescape(w) for w in wild} == {"ג'וקר"}


def test_hebrews_and_takes_a_maqaf_before_a_latin_name_and_none_before_a_hebrew_one(app):
    with app.test_request_context(headers=HEBREW):
        assert name_list(["Ann", "Bob", "Cy"]) == f"Ann, Bob {VAV}{MAQAF}Cy"
        assert name_list(["Ann", "רון"]) == f"Ann {VAV}רון"
        assert str(FILTERS["name_bdi_list"](["דנה", "Cy"])) == f"<bdi>דנה</bdi> {VAV}{MAQAF}<bdi>Cy</bdi>"
        assert str(FILTERS["name_bdi_list"](["Cy", "דנה"])) == f"<bdi>Cy</bdi> {VAV}<bdi>דנה</bdi>"
    with app.test_request_context():
        assert name_list(["Ann", "Cy"]) == "Ann and Cy"


def test_the_game_pages_leaders_in_hebrew_join_a_latin_name_with_a_maqaf(app, client):
    game = new_game(app, client, "points", names=("Ann", "Bob", "Cy"))
    record_hands(app, game, {"players": [{"points": 5}, {"points": 5}, {"points": 5}]})
    page = client.get(f"/games/{game}", headers=HEBREW).text
    assert f"<bdi>Ann</bdi>, <bdi>Bob</bdi> {VAV}{MAQAF}<bdi>Cy</bdi>" in page
    assert f"{VAV}<bdi>Cy" not in page


@pytest.mark.parametrize("variant", ["rumbugz", "krazy-bee"])
def test_a_seats_cards_left_read_left_to_right_in_hebrew(app, variant):
    """ "3 12 W" typed on a Hebrew phone stays "3 12 W", never "W 12 3" (the review of 7 December)."""
    gid = _page_game(app, variant)
    ann = app.test_client()
    _take(ann, gid, "Ann")
    (hand,) = inputs(ann.get(f"/games/{gid}/seat", headers=HEBREW).text, 'name="hand"')
    assert 'dir="ltr"' in hand


def test_undos_flash_isolates_names_and_scores_and_turns_the_arrow_in_hebrew(app, client):
    """The walk-through of 7 December: Undo's flash in Hebrew showed "+61" as "61+"
    and "מיכל Cohen -4 → -10" with "10-" between the name's two words (the history page isolated them,
    the flash did not); and the arrow, read from the right, pointed from the new score to the old one."""
    from scorekeeper import services
    from scorekeeper.storage.extensions import db

    game = new_game(app, client, "points", names=("דנה", "Ann B.", "מיכל Cohen"))
    record_hands(app, game, {"players": [{"points": 5}, {"points": -25}, {"points": -4}]})
    with app.app_context():
        played = services.get_game(game)
        services.update_round(
            played,
            1,
            {"players": [{"points": 5}, {"points": -25}, {"points": -10}]},
            before=services.game_score(played, upto=0),
        )
        db.session.commit()
    client.set_cookie("lang", "he")
    submit(client, f"/games/{game}/undo", {}, form_url=f"/games/{game}", follow=False)
    page = client.get(f"/games/{game}", headers=HEBREW).text
    flash = re.search(r'<li class="flash flash-success">(.*?)</li>', page, re.S)[1]
    assert '<bdi>מיכל Cohen</bdi> <bdi dir="ltr">-4</bdi>' in flash
    assert '<bdi dir="ltr">-10</bdi>' in flash and "→" not in flash
    history = client.get(f"/games/{game}/history", headers=HEBREW).text
    assert "→" not in history and " ← " in history
    client.delete_cookie("lang")
    english = client.get(f"/games/{game}/history").text
    assert " → " in english and " ← " not in english


def test_a_hebrew_grid_verdict_says_down_as_the_glossary_and_joins_from_to_its_row(client):
    """The walk-through of 7 December: a grid's failing line down read "הקו לאורך מ־שורה 1" (a maqaf
    before a Hebrew word, where Hebrew writes "משורה") and its line list "למטה משורה 1" (the glossary's
    down is "לאורך", as the reason beside it said)."""
    board = "R5 R6 R7 / B6 . . / K6 . ."
    page = html.unescape(client.get("/check/crazy-tiles", query_string={"cards": board}, headers=HEBREW).text)
    assert "הקו לאורך משורה 1, עמודה 1" in page
    assert "לאורך משורה 1, עמודה 1" in page.replace("הקו לאורך משורה", "")
    assert "מ־שורה" not in page and "למטה משורה" not in page


@pytest.mark.parametrize("slug", ["rummikub", "crazy-tiles", "runny-tiles"])
def test_a_tile_games_rules_page_says_tiles_in_its_last_sections_heading(client, slug):
    """The walk-through of 7 December: a tile game's rules page ended under "How Scorekeeper reads your
    cards" ("... את הקלפים שלך"), where the glossary says a tile game's message never says card."""
    hebrew = client.get(f"/rules/{slug}", headers=HEBREW).text
    assert "איך Scorekeeper קורא את האבנים שלך" in hebrew and "הקלפים שלך" not in hebrew
    english = client.get(f"/rules/{slug}").text
    assert "How Scorekeeper reads your tiles" in english and "reads your cards" not in english
    assert "reads your cards" in client.get("/rules/crib-rummy").text  # a card game keeps its cards


def test_a_tile_games_form_says_the_rounds_winner_plays_first_next(client):
    """The walk-through of 7 December: the tile games' form said who plays first passes to the left
    each round ("מי שמשחק ראשון עובר שמאלה בכל סיבוב") while the game, by the sheet's step 14 and its
    own page, has the last round's winner start the next."""
    hebrew = client.get("/games/new/rummikub", headers=HEBREW).text
    assert "המנצח בכל סיבוב משחק ראשון בבא אחריו" in hebrew and "עובר שמאלה" not in hebrew
    assert "the winner of each round plays first in the next" in client.get("/games/new/crazy-tiles").text
    assert "passes to the left" in client.get("/games/new/rumbugz").text  # a bag game's first player does


def test_a_hebrew_target_says_what_it_is_in_whole_words(client):
    """The walk-through of 7 December: the tile games' target read "סיום כשסכום (או מספר ניצחונות) מגיע
    לזה במקום" ("end when a total reaches this instead", word for word: "this" and "instead" of
    nothing), and a points game's "המשחק נגמר אחרי יד שבה סכום מגיע לזה"."""
    tiles = client.get("/games/new/rummikub", headers=HEBREW).text
    assert "מגיע ליעד הזה, במקום אחרי מספר הסיבובים" in tiles and "מגיע לזה" not in tiles
    points = client.get("/games/new/points", headers=HEBREW).text
    assert "סכום כלשהו מגיע ליעד הזה" in points and "מגיע לזה" not in points


def test_hebrew_asks_who_plays_first_and_reads_a_hands_change_as_a_change(app, client):
    """The walk-through of 7 December: the field "משחק ראשון" read also as "first game", and a screen
    reader heard "צבר" (piled up) before every hand's change, a loss of 42 included ("צבר -42")."""
    assert "מי משחק ראשון" in client.get("/games/new/rummikub", headers=HEBREW).text
    game = new_game(app, client, "rummikub")
    submit(client, rounds_url(game), {"winner": "0", "players.1.rack": "R5"})
    page = client.get(f"/games/{game}", headers=HEBREW).text
    assert '<span class="visually-hidden">שינוי </span>' in page and "צבר" not in page
