"""What a player typed, when the engine refuses it, in the reader's own quotation marks on every page:
the checker's verdict (a card the notation does not know, N-1), Krazy Bee's Step laydown checker, a
hand form's refusal, a check a table cannot adopt, a page that finds no such game. Each quoted value
is set apart (an isolate), so a Hebrew sentence keeps its Latin token in place. The API and the
command line keep Python's quotes ('R14'), exactly as before: a client reads them, and the values as
data beside them."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from scorekeeper.cli import main
from scorekeeper.display.words import in_marks
from scorekeeper.rules.krazy_bee.steps import GRAMMAR
from scorekeeper.web.described import spoken_reason

from .rounds_support import error_at, new_game, rounds_url, submit, text, totals
from .table_support import create_table

LRI, PDI, LRM = "\u2066", "\u2069", "\u200e"
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


#: a Step list with characters that print nothing: the API quotes them escaped, as Python writes them
UNPRINTED = "ban\x07ana\u202ex\ty"


@pytest.mark.parametrize("language", LANGUAGES)
def test_KB_8_a_refused_step_shows_what_prints_nothing_as_the_api_does(client, language):
    """A control character, a direction override or a tab inside the quote of a refused Step was
    written raw into the checker's page (the override turned the rest of the line around); the API
    writes each as its escape (``'ban\\x07ana'``), and the page now shows the same."""
    page = _page(client, "/check/krazy-bee?" + urlencode({"cards": "7 7 7", "steps": UNPRINTED}), language)
    verdict = page[page.index('id="verdict"') :].split("</section>")[0]  # (the field keeps them, typed)
    assert _quoted(language, r"ban\x07ana\u202ex\ty") in verdict, verdict
    assert not {"\x07", "\u202e", "\t"} & set(verdict)
    api = client.post(
        "/api/v1/check", json={"variant": "krazy-bee", "cards": "7 7 7", "options": {"steps": UNPRINTED}}
    )
    assert r"'ban\x07ana\u202ex\ty'" in api.get_json()["error"]


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


#: engine sentences that name a sign or an example of what to type (KB-3's "separate melds with
#: '|'"), each on a checker page: the page, and each token the sentence quotes
SIGNS = [
    pytest.param("/check/krazy-bee?cards=7+7+7+8+8+8&step=1", ["|"], id="KB-3-separate-melds"),
    pytest.param(
        "/check/krazy-bee?cards=7+7+7+8+8+8&step=4+books+of+3", ["4 books of 3", "|"], id="KB-3-a-Step"
    ),
    pytest.param("/check/krazy-bee?cards=7+7+7+%7C+%7C+8+8+8", ["|"], id="N-1-empty-meld"),
    pytest.param("/check/krazy-bee?cards=7+%7C+8&extend=7+7+7", ["|"], id="N-1-extension"),
    pytest.param("/check/krazy-bee?cards=7&extend=7+7+7+%7C+8+8+8", ["|"], id="N-1-table-meld"),
    pytest.param("/check/rummikub?cards=R5+R6+R7+%7C+%7C+K1+K2+K3", ["|"], id="N-1-empty-set"),
    pytest.param("/check/rummikub?cards=R5+R6+R7+%2F+.+.+K1", ["/", "."], id="CT-9-board"),
]


@pytest.mark.parametrize("language", ["de", "he"])
@pytest.mark.parametrize(("url", "tokens"), SIGNS)
def test_a_sign_the_engine_names_is_quoted_in_the_readers_marks(client, language, url, tokens):
    page = _page(client, url, language)
    for token in tokens:
        assert _quoted(language, token) in page, token
        assert f"'{token}'" not in page


@pytest.mark.parametrize("language", ["de", "he"])
def test_KB_8_the_step_grammar_quotes_its_signs_and_examples_in_the_readers_marks(app, language):
    """The Step list's grammar (what the ``steps`` option accepts) as a page words it."""
    with app.test_request_context(headers={"Accept-Language": language}):
        said = spoken_reason(GRAMMAR, in_marks).replace(LRM, "")  # "+" is a sign: a mark keeps it in place
    for token in (";", "+", "book of N", "run of N", "K books of N", "K runs of N"):
        assert _quoted(language, token) in said and f"'{token}'" not in said, said


@pytest.mark.parametrize("language", ["de", "he"])
@pytest.mark.parametrize("url", ["/check/krazy-bee?cards=7+7+7", "/rules/krazy-bee"])
def test_KB_8_the_step_lists_help_quotes_its_signs_in_the_readers_marks(client, language, url):
    """The ``steps`` option's help line (the checker's field, the rules page) names ';' and '+'."""
    page = _page(client, url, language).replace(LRM, "")
    assert _quoted(language, ";") in page and _quoted(language, "+") in page
    assert "';'" not in page and "'+'" not in page


def test_KB_8_the_api_says_the_step_lists_help_as_before(client):
    (bee,) = [v for v in client.get("/api/v1/variants").get_json()["variants"] if v["slug"] == "krazy-bee"]
    (steps,) = [o for o in bee["options"] if o["name"] == "steps"]
    assert steps["help"] == "The Step list, one Step per ';', requirements joined by '+'"


#: what the command line says (stdout for a verdict, stderr for a refusal) and the API's text, for
#: each sentence that names a sign: Python's quotes, byte for byte as before they carried it as a value
BEE, TILES = "; accepted: 1..13, W (Wild Bee; or *)", "; accepted: " + API_SAID["en"].split("; accepted: ")[1]
ONE_MELD = "needs {} melds; this laydown has 1 (separate melds with '|')"
GRAMMAR_SAID = (
    "Steps separated by ';' or new lines, requirements joined by '+', each 'book of N', 'run of N', 'K books of N'"
    " or 'K runs of N'"
)
LONG_STEP = "book of 3 + book of 3 + book of 3 + book of 4"  # past the 40 characters a sent value is cut at
SAID_AS_BEFORE = {
    "KB-3-separate-melds": (
        ["krazy-bee", "7 7 7 8 8 8", {"step": "1"}],
        "KB-3: Step 1 (2 books of 3) " + ONE_MELD.format(2),
    ),
    "KB-3-a-long-Step-whole": (
        ["krazy-bee", "7 7 7 8 8 8", {"step": LONG_STEP}],
        f"KB-3: the Step '{LONG_STEP}' " + ONE_MELD.format(4),
    ),
    "N-1-empty-meld": (
        ["krazy-bee", "7 7 7 | | 8 8 8", {}],
        "N-1: an empty meld between '|' separators" + BEE,
    ),
    "N-1-extension": (
        ["krazy-bee", "7 | 8", {}, "7 7 7"],
        "N-1: '|' separates Step melds; an extension adds cards to one meld" + BEE,
    ),
    "N-1-table-meld": (
        ["krazy-bee", "7", {}, "7 7 7 | 8 8 8"],
        "N-1: '|' separates Step melds; extend one meld on the table at a time" + BEE,
    ),
    "N-1-empty-set": (
        ["rummikub", "R5 R6 R7 | | K1 K2 K3", {}],
        "N-1: an empty set between '|' separators" + TILES,
    ),
    "CT-9-board": (
        ["rummikub", "R5 R6 R7 / . . K1", {}],
        "N-1: CT-9: a board (rows split by '/' or new lines, '.' for an empty cell) needs the grid switch"
        + TILES,
    ),
    "KB-8-grammar": (
        ["krazy-bee", "7 7 7", {"steps": "banana"}],
        "option 'steps': KB-8: 'banana' is not a requirement (in Step 1); accepted: " + GRAMMAR_SAID,
    ),
}


@pytest.mark.parametrize(("asked", "said"), SAID_AS_BEFORE.values(), ids=SAID_AS_BEFORE)
def test_the_api_and_the_command_line_say_a_sign_as_before(client, capsys, asked, said):
    variant, cards, options, *extend = asked
    body = {
        "variant": variant,
        "cards": cards,
        "options": options,
        **({"extend": extend[0]} if extend else {}),
    }
    answer = client.post("/api/v1/check", json=body).get_json()
    assert said in [answer.get("error"), *answer.get("reasons", [])], answer
    argv = ["check", variant, cards, *(f"-O{k}={v}" for k, v in options.items())]
    main([*argv, *(["--extend", extend[0]] if extend else [])])
    assert said in capsys.readouterr()[0 if "KB-3" in said[:4] else 1]


def test_the_api_carries_a_sign_as_a_value_and_a_steps_text_as_before(client):
    """A client that words the sentence from its data gets the sign as a value ("sign"), and a Step
    named alone keeps its ``text`` as it was, beside the quoted ``step`` its words now name."""
    refused = client.post("/api/v1/check", json={"variant": "krazy-bee", "cards": "7 | | 8"}).get_json()
    assert refused["error_key"]["values"]["what"]["values"] == {"sign": "'|'"}
    body = {"variant": "krazy-bee", "cards": "7 7 7 8 8 8", "options": {"step": "4 books of 3"}}
    (key,) = [
        k for k in client.post("/api/v1/check", json=body).get_json()["reasons_keys"] if k["rule"] == "KB-3"
    ]
    assert key["values"]["step"]["values"] == {"step": "'4 books of 3'", "text": "4 books of 3"}
