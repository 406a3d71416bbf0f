"""The engine's words through the API and the pages: English by default, German for
``Accept-Language: de``, and each sentence also as data (rule, key, values) beside its text."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from scorekeeper.rules import check
from scorekeeper.web.languages import LANGUAGES, TRANSLATIONS

from .api_support import OpenApi, call

MIXED = {"variant": "crib-rummy", "cards": "7H 8S 9D"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def post(client, api, path: str, body: dict, expect: int, language: dict | None = None, secret=None) -> dict:
    return call(client, api, "POST", path, body, secret=secret, headers=language, expect=expect)[1]


def test_a_verdict_is_english_by_default_with_each_reason_as_data(client, api):
    verdict = post(client, api, "/api/v1/check", MIXED, 200)
    assert verdict["reasons"] == list(check("crib-rummy", "7H 8S 9D").reasons)
    assert verdict["reasons"][0] == "CR-1: a set needs one rank; these are 7, 8, 9"
    assert verdict["reasons_keys"][0] == {
        "rule": "CR-1",
        "key": "cr.set_one_rank",
        "values": {"ranks": "7, 8, 9"},
    }
    assert len(verdict["reasons_keys"]) == len(verdict["reasons"])


def test_a_verdict_in_german(client, api):
    verdict = post(client, api, "/api/v1/check", MIXED, 200, GERMAN)
    assert verdict["reasons"][0] == "CR-1: ein Satz braucht einen Rang; hier sind es 7, 8, 9"
    assert "CR-2: eine Reihe braucht eine Farbe; hier sind es Pik, Herz, Karo" in verdict["reasons"]
    assert verdict["reasons_keys"][0]["key"] == "cr.set_one_rank"  # the data is the same in every language


def test_a_language_without_translations_answers_in_english(client, api):
    verdict = post(
        client, api, "/api/v1/check", MIXED, 200, {"Accept-Language": "fr-FR, x;q=oops, " + "y," * 500}
    )
    assert verdict["reasons"][0] == "CR-1: a set needs one rank; these are 7, 8, 9"


def test_a_refused_hand_in_german_names_the_player_and_keeps_the_rule(client, api):
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "crib-rummy", "players": ["Ann", "Bob"]}, expect=201
    )
    facts = {"turns": [{"melds": [{"cards": "3H 4H 5H"}]}, {"melds": [{"cards": "6H", "extend": 0}]}]}
    body = post(client, api, f"/api/v1/games/{created['id']}/rounds", facts, 422, GERMAN, created["secret"])
    field = body["fields"][0]
    assert field["message"].startswith("CR-6: Ann darf erst an die Kombination einer anderen Person anlegen")
    assert field["message_key"] == {"rule": "CR-6", "key": "cr.lay_first", "values": {"player": "Ann"}}
    assert body["reasons"] == [field["message"]]
    assert body["error"] == "Hand 1: turns.1.melds.0.extend: " + field["message"]


def test_an_unknown_option_in_german(client, api):
    asked = {"variant": "crib-rummy", "cards": "7H 8H 9H", "options": {"jokers": 3}}
    body = post(client, api, "/api/v1/check", asked, 422, GERMAN)
    assert body["error"].startswith("Option 'jokers': ")
    assert body["error_key"]["key"] == "option.refused"


def test_the_document_names_the_language_header_and_the_reason_shape(api):
    document = api.document
    assert document["components"]["schemas"]["Reason"]["required"] == ["rule", "key", "values"]
    check_op = document["paths"]["/check"]["post"]
    assert "Accept-Language" in [p["name"] for p in check_op["parameters"]]
    assert "reasons_keys" in document["components"]["schemas"]["Verdict"]["properties"]


def test_the_checker_page_shows_the_engines_reasons_in_german(client):
    english = client.get("/check/crib-rummy?cards=7H+8S+9D").get_data(as_text=True)
    german = client.get("/check/crib-rummy?cards=7H+8S+9D", headers=GERMAN).get_data(as_text=True)
    assert "A set needs one rank; these are 7, 8, 9" in english
    assert "Ein Satz braucht einen Rang; hier sind es 7, 8, 9" in german
    assert "(CR-1)" in german  # the rule id as RULES.md writes it, after the sentence


def test_the_checker_page_says_a_refusal_in_german(client):
    """A token the notation does not know: the page's error (a RulesError's reason) in German, N-1 kept."""
    german = client.get("/check/crib-rummy?cards=ZZ", headers=GERMAN).get_data(as_text=True)
    english = client.get("/check/crib-rummy?cards=ZZ").get_data(as_text=True)
    assert "Unbekanntes Zeichen „\u2066ZZ\u2069“ für Crib Rummy; möglich: Rang A 2..10" in german
    assert "Unknown token “\u2066ZZ\u2069” for Crib Rummy; accepted: rank A 2..10" in english
    assert "(N-1)" in german


def test_the_game_page_is_kept_per_language(app, client, api):
    """A follower reading German after one reading English gets a page rendered for German (the engine's
    notes on it are written in the reader's language), not the English one kept from before."""
    created = post(client, api, "/api/v1/games", {"variant": "crib-rummy", "players": ["Ann", "Bob"]}, 201)
    page = f"/games/{created['id']}"
    assert client.get(page).status_code == client.get(page, headers=GERMAN).status_code == 200
    kept = app.extensions["scorekeeper_game_pages"].keys()
    assert sorted(key[-1] for key in kept if key[0] == created["id"]) == ["de", "en"]


def test_the_new_game_form_describes_the_options_in_german(client):
    """The engine's option labels, help lines and choice words and the variant's summary, in German;
    the same form stays English for an English reader."""
    german = client.get("/games/new/rummikub", headers=GERMAN).get_data(as_text=True)
    english = client.get("/games/new/rummikub").get_data(as_text=True)
    assert "Klassisches Steine-Rommé: Gruppen und einfarbige Reihen." in german
    assert "Einfarbige Gruppen" in german and "Eine Gruppe darf ganz einfarbig sein <a" in german
    assert 'value="wins"> <span>Siege: gewonnene Runden zählen</span>' in german
    assert ">A: Gewinner bekommt die Bänkchen; die anderen verlieren ihr eigenes</span>" in german
    assert "A group may be all one colour <a" not in german
    assert "Standard tile rummy: groups and same-colour runs." in english
    assert "Same colour groups" in english and "A group may be all one colour <a" in english
    assert 'value="wins"> <span>wins: count rounds won</span>' in english


def test_the_checker_and_the_rules_settings_describe_in_german(client):
    index = client.get("/check/", headers=GERMAN).get_data(as_text=True)
    assert (
        "Rommé als Wettlauf auf einem Cribbage-Brett: Kombinationen bringen Stecker, während sie wachsen."
        in index
    )
    assert "Rummy raced on a cribbage board" not in index
    crib = client.get("/check/crib-rummy", headers=GERMAN).get_data(as_text=True)
    assert "Die Kombination als Satz oder Reihe ansagen" in crib
    assert '<option value="set">Satz</option>' in crib and '<option value="run">Reihe</option>' in crib
    verdict = client.get("/check/crib-rummy?cards=7H+JK+JK", headers=GERMAN).get_data(as_text=True)
    assert '<strong class="kind">Reihe</strong>' in verdict and "könnte auch Satz sein" in verdict
    english = client.get("/check/crib-rummy?cards=7H+JK+JK").get_data(as_text=True)
    assert '<strong class="kind">Run</strong>' in english
    rules = client.get("/rules/rumbugz", headers=GERMAN).get_data(as_text=True)
    assert "Ansagen, als welche Art die Sequence zählt" in rules
    assert "(Single, Double, Triple, Match)" in rules
    assert "Declare which kind the Sequence counts as" in client.get("/rules/rumbugz").get_data(as_text=True)


def test_the_variants_list_describes_in_the_readers_language(client, api):
    """GET /variants: summaries, option help and choice words in German for Accept-Language: de, the
    values, names and shape unchanged; English by default."""
    german = call(client, api, "GET", "/api/v1/variants", headers=GERMAN, expect=200)[1]["variants"]
    english = call(client, api, "GET", "/api/v1/variants", expect=200)[1]["variants"]
    tiles = next(v for v in german if v["slug"] == "rummikub")
    scoring = next(o for o in tiles["options"] if o["name"] == "scoring")
    assert tiles["summary"] == "Klassisches Steine-Rommé: Gruppen und einfarbige Reihen."
    assert tiles["name"] == "Rummikub" and scoring["choices"] == ["A", "B", "C", "wins", "none"]
    assert scoring["help"] == "Wie Runden gewertet werden"
    assert scoring["choice_words"]["wins"] == "gewonnene Runden zählen"
    assert [sorted(o) for v in german for o in v["options"]] == [
        sorted(o) for v in english for o in v["options"]
    ]
    assert next(v for v in english if v["slug"] == "rummikub")["summary"].startswith("Standard tile rummy")
    answer = client.get("/api/v1/variants", headers=GERMAN)
    assert "Accept-Language" in answer.headers["Vary"]


def test_a_new_game_without_players_is_refused_in_german(client):
    """The player count (the engine's sentence) under its field in German, and only it: with no
    names at all the first dealer is not a second error (37f8517e)."""
    from .game_support import csrf_from

    token = csrf_from(client.get("/games/new/rummikub", headers=GERMAN).text)
    sent = client.post("/games/new/rummikub", data={"csrf_token": token}, headers=GERMAN)
    assert sent.status_code == 422
    page = sent.get_data(as_text=True)
    assert "Rummikub wird von 2 bis 4 Personen gespielt, nicht von 0" in page
    assert "Wer zuerst gibt, muss einer der Spieler sein" not in page
    assert "is played by" not in page and "must be one of the players" not in page


#: every language a reader may choose but English: the API answers in each (issue 40)
OTHER_LANGUAGES = sorted(code for code in LANGUAGES if code != "en")


def engine_words(language: str) -> dict[str, str]:
    """The language's engine catalog: each sentence's key (the translator's note) and each English
    text, to its translation; skips the test when the language has no engine catalog yet."""
    path = TRANSLATIONS / language / "LC_MESSAGES" / "engine.po"
    if not path.exists():
        pytest.skip(f"no engine catalog for {language} yet (issue 40)")
    with open(path, "rb") as po:
        catalog = read_po(po, locale=language)
    words = {}
    for message in catalog:
        if message.id and message.string and not message.fuzzy:
            words[message.id] = message.string
            words.update({note: message.string for note in message.auto_comments})
    return words


def said(words: dict[str, str], described: dict) -> str:
    """A sentence as the catalog writes it in a language, from its key and values (the API's data)."""
    values = {
        name: ", ".join(said(words, v) for v in value)
        if isinstance(value, list)
        else value  # a list of words
        for name, value in described["values"].items()
    }
    return words[described["key"]].format(**values)


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_a_verdict_in_every_language(client, api, language):
    """The engine's reasons in the language asked for, each as that language's catalog writes its key
    with the values, the data beside them the same in every language."""
    words = engine_words(language)
    asked = {"Accept-Language": f"{language};q=0.9, en;q=0.5"}
    answer = client.post("/api/v1/check", json=MIXED, headers=asked)
    assert "Accept-Language" in answer.headers["Vary"]
    verdict = answer.get_json()
    english = post(client, api, "/api/v1/check", MIXED, 200)
    assert verdict["reasons_keys"] == english["reasons_keys"]
    for reason, described, in_english in zip(verdict["reasons"], verdict["reasons_keys"], english["reasons"]):
        assert reason == said(words, described) and reason != in_english
        assert reason.startswith(f"{described['rule']}: ")  # the rule id as RULES.md writes it


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_a_refused_hand_in_every_language(client, api, language):
    words = engine_words(language)
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "crib-rummy", "players": ["Ann", "Bob"]}, expect=201
    )
    facts = {"turns": [{"melds": [{"cards": "3H 4H 5H"}]}, {"melds": [{"cards": "6H", "extend": 0}]}]}
    asked = {"Accept-Language": language}
    body = post(client, api, f"/api/v1/games/{created['id']}/rounds", facts, 422, asked, created["secret"])
    field = body["fields"][0]
    assert field["message_key"] == {"rule": "CR-6", "key": "cr.lay_first", "values": {"player": "Ann"}}
    assert field["message"] == said(words, field["message_key"]) and "Ann" in field["message"]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_the_variants_list_in_every_language(client, api, language):
    words = engine_words(language)
    english = call(client, api, "GET", "/api/v1/variants", expect=200)[1]["variants"]
    asked = {"Accept-Language": language}
    answered = call(client, api, "GET", "/api/v1/variants", headers=asked, expect=200)[1]["variants"]
    assert [v["slug"] for v in answered] == [v["slug"] for v in english]
    for theirs, ours in zip(answered, english):
        assert theirs["summary"] == words[ours["summary"]] != ours["summary"]


def test_each_request_chooses_its_language_even_inside_one_app_context(app, client):
    """Flask-Babel keeps the locale on the app context's ``g``; a test client called inside a
    pushed app context (one context, several requests) must still answer each in its own language."""
    with app.app_context():
        english = client.get("/api/v1/variants").get_json()["variants"]
        polish = client.get("/api/v1/variants", headers={"Accept-Language": "pl"}).get_json()["variants"]
    assert polish[0]["summary"] == engine_words("pl")[english[0]["summary"]] != english[0]["summary"]
