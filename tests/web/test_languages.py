"""Which language a request gets: the footer's choice, else Accept-Language, else English;
``<html lang>`` follows it, and a share link carries no language (docs/languages.md)."""

from __future__ import annotations

import re

from scorekeeper.rules import variants
from tests.quick_apps import quick_app
from tests.web.game_support import start_game

GERMAN_FOOT = "ein Begleiter für Rommé am Tisch"


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page)[1]


def test_english_without_a_preference(client):
    page = client.get("/").text
    assert html_lang(page) == "en" and "a table companion for rummy" in page


def test_the_browser_language_chooses_german(client):
    page = client.get("/", headers={"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}).text
    assert html_lang(page) == "de" and GERMAN_FOOT in page
    assert 'id="script-words"' in page  # the scripts' words travel with a German page


def test_a_language_nobody_translated_falls_back_to_english(client):
    assert html_lang(client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).text) == "en"


def test_the_footer_switch_is_remembered_and_wins_over_the_browser(client):
    answer = client.get("/language/de?next=/games/")
    assert answer.status_code == 303 and answer.headers["Location"] == "/games/"
    assert "HttpOnly" in answer.headers["Set-Cookie"] and "SameSite=Lax" in answer.headers["Set-Cookie"]
    page = client.get("/", headers={"Accept-Language": "en"}).text
    assert html_lang(page) == "de" and GERMAN_FOOT in page
    client.get("/language/en?next=/")
    assert html_lang(client.get("/", headers={"Accept-Language": "de"}).text) == "en"


def test_the_switch_goes_back_only_to_this_site(client):
    # a tab or a line break is dropped by the browser (/\t/evil.example is //evil.example), and a line
    # break in Location was a 500 (found by a hostile probe, 6 December)
    for target in (
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
        "javascript:alert(1)",
        "/\t/evil.example",
        "/\n/evil.example",
        "/\r/evil.example",
        "/ /evil.example",
        "/\x7f/evil.example",
    ):
        answer = client.get("/language/de", query_string={"next": target})
        assert answer.status_code == 303 and answer.headers["Location"] == "/", target
    assert client.get("/language/de?next=/%09/evil.example").headers["Location"] == "/"  # as a link writes it


def test_an_unknown_language_changes_nothing(client):
    answer = client.get("/language/xx?next=/games/")
    assert answer.status_code == 303 and "Set-Cookie" not in answer.headers


def test_the_footer_links_back_to_the_same_page(client):
    page = client.get("/games/").text
    assert 'href="/language/de?next=/games/"' in page and 'lang="en">English</strong>' in page


def test_a_long_query_is_not_written_into_every_language_link(client):
    """A 4,000-character query went into each language's link (a 20.7 KB page for a 4 KB request):
    past BACK_HERE_MAX the links go back to the page without it; an ordinary query is kept."""
    short = client.get("/games/?sort=name").text
    assert 'href="/language/de?next=/games/?sort%3Dname"' in short
    long = client.get("/games/?x=" + "A" * 4000)
    assert long.status_code == 200
    assert 'href="/language/de?next=/games/"' in long.text and "AAAA" not in long.text
    assert len(long.data) < len(client.get("/games/").data) + 1000


def test_a_share_link_opens_in_the_followers_own_language(app, client):
    variant = next(v for v in variants() if v["slug"] == "points")
    public_id = start_game(client, variant, ["Ann", "Bea"])
    client.get("/language/de")
    share = client.get(f"/games/{public_id}/share").text
    follow_url = re.search(r'id="follow-url">([^<]+)<', share)[1]
    assert html_lang(share) == "de" and "lang" not in follow_url
    follower = app.test_client()
    assert html_lang(follower.get(follow_url, headers={"Accept-Language": "en-GB"}).text) == "en"
    assert html_lang(follower.get(follow_url, headers={"Accept-Language": "de-DE"}).text) == "de"


def test_every_language_is_offered_in_its_own_name(client):
    page = client.get("/").text
    for code, name in (("de", "Deutsch"), ("he", "עברית"), ("nl", "Nederlands"), ("pl", "Polski")):
        assert f'lang="{code}" hreflang="{code}" rel="nofollow">{name}</a>' in page, code
    assert 'dir="rtl" lang="he"' in page  # a Hebrew name keeps its direction in an English footer


def test_a_registered_language_without_its_words_yet_shows_english(app, tmp_path):
    """A language in the registry whose catalog is missing (or lacks a word) still renders: its
    pages are marked in its language and show the English words."""
    # no catalog at all: Flask-Babel reads the folders when the app is made, so a new app is made
    bare = quick_app({**app.config, "BABEL_TRANSLATION_DIRECTORIES": str(tmp_path)})
    page = bare.test_client().get("/games/", headers={"Accept-Language": "pl-PL,pl;q=0.9"})
    assert page.status_code == 200 and html_lang(page.text) == "pl"
    assert "a table companion for rummy" in page.text


def html_dir(page: str) -> str:
    return re.search(r'<html lang="[^"]+" dir="([^"]+)"', page)[1]


def test_hebrew_pages_run_right_to_left(client):
    """``<html lang="he" dir="rtl">`` on the pages, the offline page, an error page and the handover
    page (the app's and the plain-http answer's); every other language runs left to right."""
    from scorekeeper.web.https_only import handover_page

    for path in ("/", "/games/", "/offline", "/no-such-page", "/handover"):
        hebrew = client.get(path, headers={"Accept-Language": "he-IL,he;q=0.9"}).text
        assert (html_lang(hebrew), html_dir(hebrew)) == ("he", "rtl"), path
        for code in ("en", "de", "nl", "pl"):
            page = client.get(path, headers={"Accept-Language": code}).text
            assert (html_lang(page), html_dir(page)) == (code, "ltr"), (path, code)
    assert html_dir(handover_page("he").decode()) == "rtl"
    assert html_dir(handover_page("de").decode()) == "ltr"
