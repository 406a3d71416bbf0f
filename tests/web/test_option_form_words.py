"""A form's option errors in player words: under a field already labelled in the player's language,
a sentence about that field, the rule id after it (a small link), never the engine's key
(``Option 'steps': a value is required; accepted: text``), which the command line and the API keep."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import variants
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game
from scorekeeper.web.languages import LANGUAGES

from .game_support import new_game_data, page_fields

KRAZY_BEE = next(v for v in variants() if v["slug"] == "krazy-bee")


def _text(markup: str) -> str:
    """What a player reads of some HTML: its text, spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _new_game(client, **fields):
    page = client.get("/games/new/krazy-bee")
    data = {**new_game_data(KRAZY_BEE, ["Ann", "Bob"], **fields), **page_fields(page.text)}
    return client.post("/games/new/krazy-bee", data=data)


def _field_errors(response, field: str) -> str:
    found = re.search(rf'id="{field}-errors">(.*?)</ul>', response.text, re.S)
    assert found, f"no errors under {field}"
    return found.group(1)


def _assert_player_words(said: str) -> None:
    assert "Option '" not in said and "option '" not in said and "steps'" not in said
    assert "accepted:" not in said


@pytest.mark.parametrize("steps", ["", "  \n ; \n"])
def test_an_empty_step_list_asks_for_the_steps(app, client, steps):
    response = _new_game(client, opt_steps=steps)
    assert response.status_code == 422
    said = _text(_field_errors(response, "opt_steps"))
    _assert_player_words(said)
    assert said.startswith("Give the Steps for this game, one per line.")
    with app.app_context():
        assert db.session.query(Game).count() == 0


def test_a_bad_step_names_its_step_and_puts_the_rule_after_the_sentence(client):
    response = _new_game(client, opt_steps="2 books of 3\nrun of 0")
    errors = _field_errors(response, "opt_steps")
    said = _text(errors)
    _assert_player_words(said)
    assert said == "Step 2: “\u2066run of 0\u2069” needs at least one meld of at least one card (KB-8)"
    assert re.search(r'<a class="rule-ref" href="/rules/krazy-bee#KB-8">\(KB-8\)</a>\s*</li>', errors)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize(
    "steps, typed",
    [
        ("run of 0", "run of 0"),  # KB-8: no meld
        ("Row of 4", "Row of 4"),  # not a requirement: as typed, capital and all
        ("books of 3", "books of 3"),  # how many books? e.g. "2 books of 3"
        ("run of 14", "run of 14"),  # KB-1: a run holds at most 13 cards
        ("book of 3 +", "+"),  # an empty requirement around "+"
        ("4 books of 3 + run of 2", "4 books of 3 + run of 2"),  # 14 cards: more than 12 dealt and 1 drawn
    ],
)
def test_a_bad_step_is_quoted_as_typed_in_the_readers_marks_not_pythons(client, steps, typed, language):
    """The Step refusals carried the engine's Python quotes ('run of 0', and '2 books of 3', '+' in the
    sentence's own words) into every language's form; the form quotes the Step as it was typed, in the
    reader's quotation marks, set apart (isolated) for a right-to-left sentence. The API keeps the
    engine's sentence (test_krazy_bee's)."""
    page = client.get("/games/new/krazy-bee", headers={"Accept-Language": language})
    data = {**new_game_data(KRAZY_BEE, ["Ann", "Bob"], opt_steps=steps), **page_fields(page.text)}
    response = client.post("/games/new/krazy-bee", data=data, headers={"Accept-Language": language})
    said = _text(_field_errors(response, "opt_steps"))
    assert re.search(f"\u2066\u200e?{re.escape(typed)}\u2069", said), said
    assert "'" not in said and '"' not in said, f"{language}: {said}"


def test_a_bad_timer_does_not_hide_the_steps_error(client):
    """Both refused in one send: the timer's error and the Steps' both show, not one at a time."""
    response = _new_game(client, opt_steps="banana", timer="soon")
    assert response.status_code == 422
    assert "not a requirement" in _text(_field_errors(response, "opt_steps"))
    assert "turn timer" in _text(_field_errors(response, "timer"))


def test_a_bad_timer_alone_starts_no_game(app, client):
    response = _new_game(client, timer="soon")
    assert response.status_code == 422 and "turn timer" in _text(_field_errors(response, "timer"))
    with app.app_context():
        assert db.session.query(Game).count() == 0


def test_the_steps_error_keeps_its_words_beside_a_players_error(client):
    """No names and no Steps: the services refuse several fields at once; the Steps' is still worded."""
    page = client.get("/games/new/krazy-bee")
    data = {**new_game_data(KRAZY_BEE, [], opt_steps=""), **page_fields(page.text)}
    response = client.post("/games/new/krazy-bee", data=data)
    assert response.status_code == 422
    assert _text(_field_errors(response, "opt_steps")) == "Give the Steps for this game, one per line."
    assert "played by 2 to 4 players" in response.text


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "“\u2066lots\u2069” is not a whole number; give a whole number from 1 to 100."),
        ("de", "„\u2066lots\u2069“ ist keine ganze Zahl"),
        ("he", "“\u2066lots\u2069”"),  # Hebrew's own marks, as every other quoted value on its pages
    ],
)
def test_a_number_option_says_what_to_give(client, language, said):
    """What was typed is quoted as a hand form's number field quotes it (``in_marks``): the reader's
    marks, set apart, where the sentence once wrote its own marks and no isolate."""
    page = client.get("/games/new/rumbugz", headers={"Accept-Language": language})
    rumbugz = next(v for v in variants() if v["slug"] == "rumbugz")
    data = {**new_game_data(rumbugz, ["Ann", "Bob"], opt_rounds="lots"), **page_fields(page.text)}
    response = client.post("/games/new/rumbugz", data=data, headers={"Accept-Language": language})
    written = _text(_field_errors(response, "opt_rounds"))
    _assert_player_words(written)
    assert written == said if language == "en" else said in written, written


@pytest.mark.parametrize(
    "field, typed, said",
    [
        ("opt_rounds", "0", "0 is too low; give a whole number from 1 to 100."),
        ("opt_rounds", "101", "101 is too high; give a whole number from 1 to 100."),
        ("opt_target", "0", "0 is too low; give a whole number of at least 1, or leave it empty."),
    ],
)
def test_a_number_out_of_bounds_says_which_way_and_what_to_give(client, field, typed, said):
    """The engine's "out of range; give a whole number 1..100" and ">= 1 or empty (none)", as a
    player reads them."""
    page = client.get("/games/new/rumbugz")
    rumbugz = next(v for v in variants() if v["slug"] == "rumbugz")
    data = {**new_game_data(rumbugz, ["Ann", "Bob"], **{field: typed}), **page_fields(page.text)}
    assert _text(_field_errors(client.post("/games/new/rumbugz", data=data), field)) == said


def test_a_number_past_any_games_is_refused_by_its_length(app, client):
    """A target of 31 digits typed, or of 4,000 sent by an API client, was kept (the client's) and
    shown on every page of the game; it is refused by its length, quoted by its start, in a short
    answer, and no game is started."""
    page = client.get("/games/new/rumbugz")
    rumbugz = next(v for v in variants() if v["slug"] == "rumbugz")
    data = {**new_game_data(rumbugz, ["Ann", "Bob"], opt_target="9" * 31), **page_fields(page.text)}
    said = _text(_field_errors(client.post("/games/new/rumbugz", data=data), "opt_target"))
    _assert_player_words(said)
    assert said.replace("\u2066", "").replace("\u2069", "") == (  # the value set apart (isolates)
        "“9999999999999999999999999999999” is longer than any game's number: at most 30 digits; "
        "give a whole number of at least 1, or leave it empty."
    )
    sent = client.post(
        "/api/v1/games", json={"variant": "rumbugz", "players": ["A", "B"], "options": {"target": 10**4000}}
    )
    assert sent.status_code == 422 and len(sent.data) < 2000
    assert f"{str(10**4000)[:39]}… is longer than any game's number" in sent.get_json()["error"]
    kept = client.post(
        "/api/v1/games", json={"variant": "rumbugz", "players": ["A", "B"], "options": {"target": 10**30 - 1}}
    )
    assert kept.status_code == 201  # 30 digits: still a number
    with app.app_context():
        assert db.session.query(Game).count() == 1


def _print_errors(client, query: str) -> tuple[str, str]:
    """The Print page after a refused form: its summary at the top, and the text under each field."""
    response = client.get(f"/print/pdf?{query}")
    assert response.status_code == 400
    summary = re.search(r'<div class="flash flash-error" role="alert">(.*?)</div>', response.text, re.S)
    fields = re.findall(r'<p class="field-error" id="[^"]+">(.*?)</p>', response.text, re.S)
    return _text(summary.group(1)), response.text if not fields else "\n".join(fields)


def test_the_print_form_says_a_game_has_no_target(client):
    summary, under = _print_errors(client, "kind=sheet&variant=krazy-bee&players=4&target=500")
    assert "Target: Krazy Bee Rummy has no target; leave it empty." in summary
    assert _text(under) == "Krazy Bee Rummy has no target; leave it empty."
    assert "not an option of" not in summary and "accepted:" not in summary


def test_the_print_form_words_a_bad_step_with_the_rule_after_it(client):
    summary, under = _print_errors(client, "kind=frames&players=3&steps=banana")
    sentence = "Step 1: “\u2066banana\u2069” is not a requirement (KB-8)"
    assert f"Steps: {sentence}" in summary
    _assert_player_words(summary)
    assert _text(under) == sentence
    assert '<a class="rule-ref" href="/rules/krazy-bee#KB-8">(KB-8)</a>' in under


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_checkers_step_list_words_a_bad_step_as_the_new_game_form_does(client, language):
    """The checker's *Rules in force* said "Option 'steps': 'run of 0' needs ... (in Step 1); accepted:
    Steps separated by ';' ..." under the Step list and in the verdict: the engine's sentence, which the
    API keeps. The page says it as the new-game form does."""
    response = client.get(
        "/check/krazy-bee?cards=7+7+7&steps=run+of+0", headers={"Accept-Language": language}
    )
    said = _text(response.text)
    _assert_player_words(said)
    assert said.count("Step 1: “\u2066run of 0\u2069” ") == 2, said  # under the field and in the verdict
    assert "'run of 0'" not in said


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize(
    "query, typed",
    [
        ("rummikub?cards=R7+B7+K7&zero=maybe", "maybe"),  # an on/off option
        ("crib-rummy?cards=7C+7D+7H&kind=banana", "banana"),  # a choice
    ],
)
def test_any_option_refused_on_a_page_quotes_what_was_typed_in_the_readers_marks(
    client, query, typed, language
):
    """Not only a Step: the engine carries what a player typed as a value, and a page's option error
    quotes it in the reader's quotation marks, set apart, where it said Python's 'maybe'."""
    said = _text(client.get(f"/check/{query}", headers={"Accept-Language": language}).text)
    assert re.search(f"[^'\"\\s]\u2066{typed}\u2069[^'\"\\s]", said), said  # its marks, not ASCII quotes
    assert f"'{typed}'" not in said


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_api_keeps_the_engines_quotes_of_a_bad_step(client, language):
    """The API (and the command line) say the engine's sentence: the Step and the example as Python
    quotes text, in every language; the values beside it quote them the same way."""
    body = {"variant": "krazy-bee", "cards": "7 7 7", "options": {"steps": "books of 3"}}
    answer = client.post("/api/v1/check", json=body, headers={"Accept-Language": language})
    assert answer.status_code == 422
    error = answer.get_json()
    assert "'books of 3'" in error["error"] and "'2 books of 3'" in error["error"], error["error"]
    message = error["error_key"]["values"]["message"]["values"]
    assert message["part"] == "'books of 3'" and message["example"] == "'2 books of 3'"
