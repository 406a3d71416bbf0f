"""What a player typed, when the engine refuses it, in the reader's own quotation marks on every page:
the checker's verdict (a card the notation does not know, N-1), Krazy Bee's Step laydown checker, a
hand form's refusal, a check a table cannot adopt, a page that finds no such game. Each quoted value
is set apart (an isolate), so a Hebrew sentence keeps its Latin token in place. The API and the
command line keep Python's quotes ('R14'), exactly as before: a client reads them, and the values as
data beside them."""

from __future__ import annotations

import re

import pytest

from scorekeeper.cli import main

from .rounds_support import error_at, new_game, rounds_url, submit, text, totals
from .table_support import create_table

LRI, PDI = "\u2066", "\u2069"
#: each language's quotation marks around what a player typed (its catalog's "“%(text)s”")
MARKS = {"en": ("“", "”"), "de": ("„", "“"), "he": ("“", "”")}
LANGUAGES = sorted(MARKS)


def _quoted(language: str, typed: str) -> str:
    opening, closing = MARKS[language]
    return f"{opening}{LRI}{typed}{PDI}{closing}"


def _page(client, url: str, language: str) -> str:
    return text(client.get(url, headers={"Accept-Language": language}))


@pytest.mark.parametrize("language", LANGUAGES)
def test_N_1_the_checker_quotes_a_card_it_cannot_read_in_the_readers_marks(client, language):
    page = _page(client, "/check/rummikub?cards=R5+R14", language)
    assert re.search(
        re.escape(_quoted(language, "R14")) + r"[^<]*<a class=\"rule-ref\"[^>]*>\(N-1\)", page
    ), page
    assert "'R14'" not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_N_1_the_krazy_bee_step_laydown_checker_quotes_it_too(client, language):
    page = _page(client, "/check/krazy-bee?cards=7+7+7+%7C+8+8+ZZ&step=1", language)
    assert _quoted(language, "ZZ") in page and "'ZZ'" not in page


#: a hand form's refusal of what was typed: the variant, the field, what is typed, the quoted part
HAND_FORMS = [
    pytest.param("rummikub", {"players.0.rack": "R5 R14", "winner": "1"}, "R14", id="N-1-a-tile"),
    pytest.param("points", {"players.0.points": "12a", "players.1.points": "4"}, "12a", id="PG-2-a-sum"),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("variant", "typed", "quoted"), HAND_FORMS)
def test_a_hand_form_quotes_what_it_refuses_in_the_readers_marks_and_saves_nothing(
    app, client, language, variant, typed, quoted
):
    gid = new_game(app, client, variant, names=("Ann", "Bob"))
    client.set_cookie("lang", language)
    refused = submit(client, rounds_url(gid), typed)
    assert refused.status_code == 422
    assert _quoted(language, quoted) in error_at(refused, next(iter(typed)))
    assert totals(client, gid) == [0, 0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_for_no_such_game_quotes_the_address_in_the_readers_marks(client, language):
    assert _quoted(language, "zz") in _page(client, "/check/zz", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_N_1_a_check_a_table_cannot_adopt_quotes_the_card_in_the_readers_marks(client, language):
    table_id = create_table(client, "Judges", ["Ann", "Bob"])
    refused = client.get(
        f"/tables/{table_id}/rulings/adopt?variant=rummikub&cards=R14", headers={"Accept-Language": language}
    )
    assert refused.status_code == 422 and _quoted(language, "R14") in text(refused)


API_SAID = {
    "en": "N-1: unknown token 'R14' for the tile games; accepted: colour R/B/K/G (O, Y = gold) + number 1..13"
    " (R10, k7), J (joker; JK or *)",
    "de": "N-1: unbekanntes Zeichen 'R14' für die Steinspiele; möglich: Farbe R/B/K/G (O, Y = Gold) + Zahl 1..13"
    " (R10, k7), J (Joker; JK oder *)",
}


@pytest.mark.parametrize("language", sorted(API_SAID))
def test_N_1_the_api_and_the_command_line_keep_pythons_quotes(client, capsys, language):
    answer = client.post(
        "/api/v1/check", json={"variant": "rummikub", "cards": "R14"}, headers={"Accept-Language": language}
    )
    assert answer.status_code == 422 and answer.get_json()["error"] == API_SAID[language]
    assert answer.get_json()["error_key"]["values"]["what"]["values"]["token"] == "'R14'"
    assert main(["check", "rummikub", "R14"]) == 2
    assert capsys.readouterr().err.strip() == f"scorekeeper: {API_SAID['en']}"
