"""The German glossary (docs/languages.md) where it can be checked mechanically, in both catalogs
and on the tile games' pages: a tile is a Stein, never a Karte; a grid's line is a Linie, never a
Reihe (that is a run); going out is rausgehen; optional is optional; a count of one is singular."""

from __future__ import annotations

import html
import re

import pytest
from babel.messages.pofile import read_po

from scorekeeper import services
from scorekeeper.storage.extensions import db
from scorekeeper.web.languages import TRANSLATIONS

GERMAN = {"Accept-Language": "de"}


def _entries() -> list[tuple[str, str, str, str]]:
    """(catalog, English, German, translator's notes) of every entry of both German catalogs."""
    found = []
    for domain in ("messages", "engine"):
        with open(TRANSLATIONS / "de" / "LC_MESSAGES" / f"{domain}.po", "rb") as po:
            for m in read_po(po):
                if m.id:
                    english = " ".join(m.id) if isinstance(m.id, tuple) else m.id
                    german = " ".join(m.string) if isinstance(m.string, tuple) else m.string
                    found.append((domain, english, german, " ".join(m.auto_comments)))
    return found


ENTRIES = _entries()


def _breaking(rule) -> list[str]:
    return [f"[{d}] {e!r} -> {g!r}" for d, e, g, note in ENTRIES if rule(e, g, note)]


def test_a_tile_is_a_stein_never_a_karte():
    def tiles_only(english: str, german: str, note: str) -> bool:
        about_tiles = re.search(r"\btiles?\b|\bTiles?\b|\brack\b|\bCT-\d", english)
        about_cards = re.search(r"\bcards?\b|\bCards?\b|\bdecks?\b", english)
        return bool(about_tiles and not about_cards and re.search(r"Karte", german))

    assert not _breaking(tiles_only)


def test_a_grids_line_is_a_linie_and_a_run_is_a_reihe():
    def line_as_run(english: str, german: str, note: str) -> bool:
        return bool(
            re.search(r"\b[Ll]ines?\b", english)
            and not re.search(r"\bruns?\b", english)
            and re.search(r"\bReihe", german)
        )

    assert not _breaking(line_as_run)


@pytest.mark.parametrize(
    ("word", "instead"),
    [
        (r"ausgemacht|ausmach|Ausmach|auszumachen|macht\w* aus\b", "rausgehen"),
        (r"freiwillig", "optional"),
        (r"Beweisbar", "nachweislich"),
        (r"Notieren:", "eintragen, after the thing recorded"),
        (r"\bPegs\b", "Stecker"),
        (r"\bWildcards?\b", "Wildkarte"),
        (r"\bSequenz", "Sequence (a name from the box)"),
        (r"\b(Books?|Runs?)\b", "Satz, Reihe (the typed Step list stays English: book of 3)"),
    ],
)
def test_words_the_glossary_replaced_are_gone(word, instead):
    assert not _breaking(lambda english, german, note: re.search(word, german)), f"write {instead}"


def test_a_meld_is_a_kombination():
    def meld_as_auslage(english: str, german: str, note: str) -> bool:
        about_melds = re.search(r"\b[Mm]elds?\b", english) and not re.search(
            r"board|laydown|initial", english.replace("cribbage board", "")
        )
        return bool(about_melds and re.search(r"(?<![A-Za-zäöü])Auslagen?\b", german))

    assert not _breaking(meld_as_auslage)


def test_crazy_rummys_wildcards_are_wildkarten_not_jokers():
    def wild_as_joker(english: str, german: str, note: str) -> bool:
        about_wildcards = (
            re.search(r"\bwild(cards?)?\b", english) and "CZ-" in english and "joker" not in english
        )
        return bool(about_wildcards and re.search(r"\bJoker\b(?!-)", german))

    assert not _breaking(wild_as_joker)


def test_no_german_says_one_of_a_plural():
    one_plural = re.compile(r"\b1 (Runden|Steine|Karten|Spiele|Siege|Punkte|Züge|Spieler innen)\b")
    assert not _breaking(lambda english, german, note: one_plural.search(german))


def _visible(page: str) -> str:
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    labels = " ".join(re.findall(r'(?:aria-label|title|placeholder|data-name)="([^"]*)"', page))
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + labels)


def test_the_tile_games_hand_form_and_checker_say_stein_not_karte(app, client):
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"])
        db.session.commit()
        public_id = game.public_id
    client.set_cookie(f"sk_edit_{public_id}", secret)
    for path in (f"/games/{public_id}/rounds/new", "/check/rummikub", "/check/crazy-tiles/best"):
        text = _visible(client.get(path, headers=GERMAN).text)
        assert "Stein" in text, path
        assert not re.search(r"Karte", text), (path, re.findall(r".{40}Karte.{40}", text))


@pytest.mark.parametrize("slug", ["rummikub", "crazy-tiles", "runny-tiles", "rumbugz"])
def test_the_rules_pages_of_games_with_tiles_head_their_values_without_cards(client, slug):
    """The rulebook's shared heading "What cards are worth" (and the rules card's "Card values") stood
    on the tile games' and RumBugz's pages, in English and German alike."""

    def values_headings(page: str) -> list[str]:
        said = [
            re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<h[1-4][^>]*>(.*?)</h[1-4]>", page, re.S)
        ]
        return [h for h in said if re.search(r"worth|values|wert", h, re.I)]

    english = values_headings(client.get(f"/rules/{slug}").text)
    german = values_headings(client.get(f"/rules/{slug}", headers=GERMAN).text)
    assert english and not [h for h in english if "card" in h.lower()], english
    assert german and not [h for h in german if "Karte" in h], german


def test_a_table_of_one_game_of_one_hand_says_so_in_the_singular(app, client):
    from tests.site_pages import seed_tables

    ((table_id, _, _, _),) = seed_tables(app)
    for path in (f"/tables/{table_id}", f"/tables/{table_id}/stats"):
        text = _visible(client.get(path, headers=GERMAN).text)
        assert not re.search(r"\b1 (Runden|Spiele|Steine|Karten)\b", text), (
            path,
            re.findall(r".{30}\b1 R.{30}", text),
        )
