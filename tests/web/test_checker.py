"""The checker pages with the test client: every variant, verdicts, shareable URLs, game options, escaping."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.profiles import profile
from scorekeeper.rules import variants
from scorekeeper.storage.extensions import db

#: the variants with cards to check (a points game has none, PG-1)
SLUGS = [v["slug"] for v in variants() if profile(v["slug"]).checker is not None]


def page(client, slug: str, **query) -> str:
    response = client.get(f"/check/{slug}?{urlencode(query)}" if query else f"/check/{slug}")
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def verdict_of(text: str) -> str:
    """The verdict section's text, tags removed."""
    found = re.search(r'<section id="verdict".*?</section>', text, re.S)
    assert found, "the page shows no verdict"
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0))))


def test_the_index_links_every_variant(client):
    text = client.get("/check/").get_data(as_text=True)
    for slug in SLUGS:
        assert f'href="/check/{slug}"' in text


@pytest.mark.parametrize("slug", SLUGS)
def test_every_variant_page_offers_the_form_keypad_and_options(client, slug):
    text = page(client, slug)
    assert 'method="get"' in text and 'name="cards"' in text and 'name="extend"' in text
    assert 'class="keypad"' in text and "checker.js" in text and "checker.css" in text
    assert 'id="verdict"' not in text  # nothing asked, nothing judged


VERDICTS = [
    pytest.param("krazy-bee", {"cards": "7 7 W"}, "LEGAL", ["Book"], id="KB-2-book"),
    pytest.param("krazy-bee", {"cards": "7 W W"}, "NOT LEGAL", ["KB-2"], id="KB-2-too-many-wild-bees"),
    pytest.param(
        "krazy-bee",
        {"cards": "7 7 7 | 3 4 5 6", "step": "2"},
        "LEGAL",
        ["Step 2: book of 3 + run of 4", "Meld 1: book of 3", "Meld 2: run of 4"],
        id="KB-3-step",
    ),
    pytest.param(
        "krazy-bee",
        {"cards": "3 4 5 6 | 7 8 9 10", "step": "run of 4 + run of 4"},
        "NOT LEGAL",
        ["KB-5"],
        id="KB-5-runs-touch",
    ),
    pytest.param(
        "krazy-bee", {"cards": "8", "extend": "5 6 7"}, "LEGAL", ["Run", "On the table"], id="KB-6-lay-off"
    ),
    pytest.param(
        "rumbugz",
        {"cards": "P P P P"},
        "LEGAL",
        ["could also be double, triple, match"],
        id="RB-3-every-kind",
    ),
    pytest.param(
        "rumbugz",
        {"cards": "9", "extend": "1 2 3 4", "kind": "single"},
        "NOT LEGAL",
        ["RB-5"],
        id="RB-5-change-breaks-kind",
    ),
    pytest.param("rummikub", {"cards": "R1 B1 K1"}, "LEGAL", ["Group", "Meld value 3"], id="CT-2-group"),
    pytest.param("crazy-tiles", {"cards": "R11 K1"}, "NOT LEGAL", ["CT-2"], id="CT-2-eleven-split-colours"),
    pytest.param("runny-tiles", {"cards": "R7 R8 B9"}, "NOT LEGAL", ["CT-3"], id="CT-3-runny-mix"),
    pytest.param(
        "crib-rummy",
        {"cards": "7H", "extend": "3H 4H 5H 6H"},
        "LEGAL",
        ["Pegs for the added cards 4"],
        id="CR-5-fifth-card-pegs-4",
    ),
    pytest.param("crib-rummy", {"cards": "7H JK JK"}, "LEGAL", ["Set: 2", "Run: 3"], id="CR-3-set-or-run"),
    pytest.param(
        "crazy-rummy",
        {"cards": "8 7 7", "wild": "7"},
        "NOT LEGAL",
        ["CZ-3", "Legal as the player's first play of the hand"],
        id="CZ-3-later-play",
    ),
    pytest.param(
        "crazy-rummy",
        {"cards": "8 7 7", "wild": "7", "first_play": "on"},
        "LEGAL",
        ["Table value 210"],
        id="CZ-3-first-play",
    ),
    pytest.param(
        "crazy-rummy",
        {"cards": "8", "extend": "8 8 8"},
        "LEGAL",
        ["Bottom feeding"],
        id="CZ-4-bottom-feeding",
    ),
]


@pytest.mark.parametrize("slug, query, word, shown", VERDICTS)
def test_the_verdict_says_legal_or_not_and_why(client, slug, query, word, shown):
    text = page(client, slug, **query)
    verdict = verdict_of(text)
    assert verdict.split()[1:3][: len(word.split())] == word.split()
    assert ("verdict-ok" in text) == (word == "LEGAL")
    for words in shown:
        assert words in verdict
    for rule in re.findall(r"\b(?:KB|RB|CT|CR|CZ)-\d+\b", " ".join(shown)):
        assert f'href="/rules/{slug}#{rule}"' in text, f"{rule} should link to its rule"


def test_a_wild_card_shows_what_it_stands_for(client):
    """CT-4: R12 R13 J reads the joker as R0, and also as R0+R1 (a 10 read as 0+1)."""
    text = page(client, "crazy-tiles", cards="R12 R13 J")
    assert "Other readings" in text
    stands = re.findall(r'<span class="reads-as">(.*?)</span></li>', text, re.S)
    labels = [re.findall(r'class="cface-label" translate="no">([^<]*)<', s) for s in stands]
    assert ["0"] in labels and ["0", "1"] in labels
    assert 'aria-label="red 0"' in text and 'aria-label="red 1"' in text
    # issue 18: the joker read as 0+1 is named as the 10 it stands for
    assert '<span class="split-word">stands for a 10, read as 0 + 1</span>' in text


def test_a_grid_marks_every_line_and_both_readings_of_a_crossing_tile(client):
    """CT-9: K9 is read as 6 across (K4 K5 K6) and as 9 down (K9 K10 K11)."""
    text = page(client, "crazy-tiles", cards="K4 K5 K9 / . . K10 / . . K11")
    verdict = verdict_of(text)
    assert "Across from row 1, column 1" in verdict and "Down from row 1, column 3" in verdict
    assert text.count('class="board-cell board-ok"') == 5
    assert re.search(r'class="board-read" title="K6"', text)


def test_a_grid_with_a_bad_line_marks_its_tiles(client):
    text = page(client, "crazy-tiles", cards="R1 R2 R3 / G5 . .")
    assert "NOT LEGAL" in verdict_of(text)
    assert text.count('class="board-cell board-bad"') == 2  # R1 and G5 are only in the bad line down
    assert 'href="/rules/crazy-tiles#CT-9"' in text


def test_the_share_link_carries_the_input_and_only_changed_options(client):
    text = page(client, "crazy-tiles", cards="R12 R13 J", zero="on", wrap="off", kind="", initial_meld="30")
    link = html.unescape(re.search(r'id="share-link"|href="([^"]+)" id="share-link"', text).group(1))
    query = parse_qs(urlsplit(link).query)
    assert query == {"cards": ["R12 R13 J"], "wrap": ["off"]}
    again = page(client, "crazy-tiles", **{k: v[0] for k, v in query.items()})
    assert verdict_of(again) == verdict_of(page(client, "crazy-tiles", cards="R12 R13 J", wrap="off"))


def test_a_switch_sent_off_then_on_is_on(client):
    """The form sends a hidden 'off' before each ticked box; the last value wins."""
    response = client.get("/check/rummikub?cards=J+R1+R2&zero=off&zero=on&wrap=off")
    text = response.get_data(as_text=True)
    assert re.search(r'id="opt-zero" name="zero" value="on" checked', text)
    assert not re.search(r'id="opt-wrap" name="wrap" value="on" checked', text)


def test_opened_from_a_game_it_uses_the_games_options(app, client):
    with app.app_context():
        game, _ = services.create_game(
            "krazy-bee", ["Ann", "<b>Bob</b>"], {"steps": "run of 5; book of 4 + book of 4"}
        )
        db.session.commit()
        public_id = game.public_id
    text = page(client, "krazy-bee", game=public_id, cards="3 4 5 6 W", step="1")
    assert "1. run of 5" in text and "2. book of 4 + book of 4" in text
    assert "LEGAL" in verdict_of(text) and "Step 1: run of 5" in verdict_of(text)
    assert f'href="/games/{public_id}"' in text
    assert "&lt;b&gt;Bob&lt;/b&gt;" in text and "<b>Bob</b>" not in text


def test_an_unknown_game_or_one_of_another_variant_leaves_the_defaults(app, client):
    """KB-8: with no game to start from, the published default Step list is in force."""
    with app.app_context():
        game, _ = services.create_game("rumbugz", ["Ann", "Bob"])
        db.session.commit()
        rumbugz = game.public_id
    for public_id in ("no-such-game", rumbugz):
        text = page(client, "krazy-bee", game=public_id, cards="3 4 5 6 W", step="1")
        assert "1. 2 books of 3" in text
        assert ("Back to the game" in text) == (public_id == rumbugz)
        assert "NOT LEGAL Step 1: 2 books of 3" in verdict_of(text)  # KB-3: the default Step 1


def test_the_games_own_checker_link_starts_with_its_switches(app, client):
    with app.app_context():
        game, _ = services.create_game("rummikub", ["Ann", "Bob"], {"zero": True, "wrap": True})
        db.session.commit()
        public_id = game.public_id
    game_page = client.get(f"/games/{public_id}").get_data(as_text=True)
    link = html.unescape(re.search(r'href="(/check/rummikub\?[^"]+)"', game_page).group(1))
    text = client.get(link + "&cards=R13+J+R1").get_data(as_text=True)
    assert "LEGAL" in verdict_of(text) and "NOT LEGAL" not in verdict_of(text)


@pytest.mark.parametrize(
    "slug, query, words",
    [
        pytest.param("krazy-bee", {"cards": "7 7 <script>alert(1)</script>"}, "N-1", id="N-1-script-token"),
        pytest.param("crib-rummy", {"cards": "3H 4H 5X"}, "N-1", id="N-1-no-such-suit"),
        pytest.param("rummikub", {"cards": "R1 R2 / R3"}, "CT-9", id="CT-9-board-needs-the-grid"),
        pytest.param("krazy-bee", {"cards": "7 7 7", "step": "12"}, "KB-8", id="KB-8-no-such-step"),
    ],
)
def test_unreadable_input_is_explained_linked_and_escaped(client, slug, query, words):
    text = page(client, slug, **query)
    verdict = verdict_of(text)
    assert "CANNOT READ" in verdict and words in verdict
    rule = re.search(r"\b(?:N|KB|RB|CT|CR|CZ)-\d+\b", verdict).group(0)  # the first rule named is linked
    assert f'href="/rules/{slug}#{rule}"' in text
    if "<script>" in query["cards"]:
        assert "<script>alert" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text


def test_a_bad_option_is_shown_at_its_field(client):
    text = page(client, "krazy-bee", cards="7 7 7", min="<lots>")
    assert 'class="field-error"' in text and "&lt;lots&gt;" in text and "<lots>" not in text
    assert "CANNOT READ" in verdict_of(text)


@pytest.mark.parametrize(
    "step,shown",
    [
        ("2", "2. book of 3 + run of 4"),  # a number from the list: that Step
        ("book of 3 + run of 4", "2. book of 3 + run of 4"),  # a listed Step's text: the same
        ("3 runs of 2", "3 runs of 2"),  # a Step of the link's own: shown as it came, not "No Step"
        ("<b>x", "&lt;b&gt;x"),  # (escaped)
        ("", "No Step: judge each meld alone"),
    ],
)
def test_the_step_list_shows_the_step_asked(client, step, shown):
    text = page(client, "krazy-bee", cards="1 2 3", step=step)
    select = re.search(r'<select id="opt-step".*?</select>', text, re.S).group(0)
    assert re.findall(r"<option[^>]*\bselected>([^<]*)", select) == [shown]


def test_counting_a_hand(client):
    assert "30 points in hand" in verdict_of(page(client, "krazy-bee", cards="3 12 W", action="hand"))
    crib = verdict_of(page(client, "crib-rummy", cards="3H 4H JK", action="hand"))
    assert "3 cards in hand" in crib and "CR-7" in crib


def test_too_much_input_is_refused_politely(client):
    text = page(client, "krazy-bee", cards="7 " * 2500)
    assert "Too many characters" in verdict_of(text)


def test_an_unknown_variant_is_404(client):
    response = client.get("/check/no-such-variant")
    assert response.status_code == 404 and "no checker" in response.get_data(as_text=True)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    slug=st.sampled_from(SLUGS),
    query=st.dictionaries(
        st.sampled_from(
            [
                "cards",
                "extend",
                "action",
                "game",
                "step",
                "steps",
                "min",
                "kind",
                "wild",
                "first_play",
                "zero",
                "grid",
                "jokers",
                "ace_high",
                "plyt_value",
                "players",
                "x",
            ]
        ),
        st.text(max_size=30),
        max_size=5,
    ),
)
def test_no_query_makes_the_checker_fail(client, slug, query):
    """Whatever arrives in the query string, the page answers (a verdict, an explanation), never a 500."""
    response = client.get(f"/check/{slug}?{urlencode(query)}")
    assert response.status_code == 200


def test_crazy_rummy_draws_the_wild_rank_as_wildcards(client):
    """CZ-1: with 7s wild, the two 7s are starred and read as 8s on a first play (CZ-3)."""
    text = page(client, "crazy-rummy", cards="8 7 7", wild="7", first_play="on")
    assert text.count('aria-label="7 (wildcard)"') == 2
    assert "LEGAL" in verdict_of(text) and "= 8" in verdict_of(text).replace("stands for ", "")


def test_a_bug_taken_off_is_marked_on_the_table(client):
    text = page(client, "rumbugz", cards="-3 8", extend="3 4 P 6 7")
    table = _first_row(text[text.index("On the table") :])
    assert table.count("reading-off") == 1
    assert _row_text(table) == "3 taken off 4 P ★ stands for = 5 6 7"  # the PLYT's reading shown again


def _first_row(html_text: str) -> str:
    """The first reading row (an ``<ol class="reading">``) of ``html_text``."""
    start = html_text.index('<ol class="reading"')
    return html_text[start : html_text.index("</ol>", start) + len("</ol>")]


def _row_text(row: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row))).strip()


def test_cards_in_a_reason_read_left_to_right_in_hebrew(client):
    """A Hebrew page runs right to left: the cards a reason names are isolated left to right, so
    "4 5 6 7" is not drawn "7 6 5 4" (the phone walk-through of 7 December measured it so)."""
    text = client.get(
        "/check/krazy-bee?" + urlencode({"cards": "3 3 | 4 5 6 7", "step": "1"}),
        headers={"Accept-Language": "he"},
    ).get_data(as_text=True)
    reasons = text[text.index('class="verdict-reasons"') :]
    assert '<bdi dir="ltr">4 5 6 7</bdi>' in reasons and '<bdi dir="ltr">3 3</bdi>' in reasons
    numbers = client.get(
        "/check/krazy-bee?" + urlencode({"cards": "5 7 9"}), headers={"Accept-Language": "he"}
    )
    assert '(<bdi dir="ltr">5, 7, 9</bdi>)' in numbers.get_data(as_text=True)


def test_a_step_in_a_reason_reads_left_to_right_in_hebrew(client):
    """A Step keeps the game's own words ("Step 4 (run of 7)") in a Hebrew sentence; isolated left
    to right, its brackets are not turned by the line around it (the reread of 7 December)."""
    text = client.get(
        "/check/krazy-bee?" + urlencode({"cards": "3 3 3 | 4 5 6 7 8 9 10", "step": "4"}),
        headers={"Accept-Language": "he"},
    ).get_data(as_text=True)
    reasons = text[text.index('class="verdict-reasons"') :]
    assert '<bdi dir="ltr">Step 4 (run of 7)</bdi>' in reasons
    english = client.get("/check/krazy-bee?" + urlencode({"cards": "3 3 3 | 4 5 6 7 8 9 10", "step": "4"}))
    assert "Step 4 (run of 7)" in english.get_data(as_text=True)
    assert '<bdi dir="ltr">Step 4' not in english.get_data(as_text=True)


def _section_after(page: str, heading: str) -> str:
    """The reading row under the verdict's ``heading``, as text."""
    start = page.index(f'<h2 class="verdict-h">{heading}</h2>')
    return _row_text(_first_row(page[start:]))


def test_a_change_shows_what_it_takes_off_and_the_sequence_it_leaves(client):
    """RB-5: a change names the Bug taken off apart from the one added, and spells the Sequence it
    leaves in the order it climbs (the walk-through of 7 December saw only "Reading: 8")."""
    page = client.get("/check/rumbugz?" + urlencode({"cards": "-3 8", "extend": "3 4 P 6 7"})).text
    assert _section_after(page, "Taken off") == "3"
    assert _section_after(page, "Added") == "8"
    assert _section_after(page, "After the change") == "4 P ★ stands for = 5 6 7 8"
    assert "Reading: 8" not in page


def test_each_reading_of_an_extension_shows_its_whole_meld(client):
    """N-3: each reading of a Wild Bee laid off shows the run it makes with the table as that
    reading needs it, so no reading is paired with another's table (walk-through of 7 December)."""
    page = client.get("/check/krazy-bee?" + urlencode({"cards": "W", "extend": "5 W 6"})).text
    assert _section_after(page, "The meld after adding") == "W ★ stands for = 3 W ★ stands for = 4 5 6"
    others = page[page.index("Other readings") :]
    melds = re.findall(r'the meld then:</p>\s*(<ol class="reading".*?</ol>)', others, re.S)
    assert [_row_text(m) for m in melds] == [
        "W ★ stands for = 4 5 6 W ★ stands for = 7",
        "5 6 W ★ stands for = 7 W ★ stands for = 8",
    ]
    assert "with, on the table:" not in page


@pytest.mark.parametrize(
    ("cards", "said"),
    [
        ("R1 R2 R3 / . B5 .", "Linia pionowa od wiersza 1, kolumny 2 (R2 B5)"),
        ("R1 R2 / . . / K7 .", "z wiersza 3, kolumny 1"),
    ],
)
def test_a_grid_cell_reads_in_polish_after_its_preposition(client, cards, said):
    """A cell follows "od" and "z" in the Polish sentences, so it is in the genitive ("od wiersza 1,
    kolumny 2"), never the nominative the German and Dutch ones can keep ("od wiersz 1, kolumna 2")."""
    text = client.get(
        "/check/crazy-tiles?" + urlencode({"cards": cards}), headers={"Accept-Language": "pl"}
    ).get_data(as_text=True)
    verdict = verdict_of(text)
    assert said in verdict, verdict
    assert "wiersz 1, kolumna" not in verdict and "wiersz 3, kolumna" not in verdict


@pytest.mark.parametrize(
    ("language", "tiles", "cards"),
    [
        ("en", "Your tiles", "Your cards"),
        ("de", "Deine Steine", "Deine Karten"),
        ("pl", "Twoje kamienie", "Twoje karty"),
    ],
)
def test_a_refused_set_of_tiles_shows_the_tiles_not_cards(client, language, tiles, cards):
    """A tile game's refused set is headed by its tiles (the glossary: never "Karte" in a tile game's
    message); a card game's keeps "Your cards"."""
    headers = {"Accept-Language": language}
    tile_page = client.get("/check/runny-tiles?" + urlencode({"cards": "R7 R8 B9"}), headers=headers).text
    assert tiles in verdict_of(tile_page) and cards not in verdict_of(tile_page)
    card_page = client.get("/check/crib-rummy?" + urlencode({"cards": "KS AS 2S"}), headers=headers).text
    assert cards in verdict_of(card_page) and tiles not in verdict_of(card_page)
