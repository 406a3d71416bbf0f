"""The "Check a whole turn" and "Best play" pages with the test client: verdicts as sentences, rule links,
faces, shareable URLs, bad input, a game's options, and the tile hand form's CT-11 link."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from scorekeeper import services
from scorekeeper.storage.extensions import db

from .test_checker import verdict_of


def get(client, path: str, status: int = 200, **query) -> str:
    response = client.get(f"{path}?{urlencode(query)}" if query else path)
    assert response.status_code == status, response.status_code
    return response.get_data(as_text=True)


def share_query(text: str) -> dict[str, list[str]]:
    link = html.unescape(re.search(r'href="([^"]+)" id="share-link"', text).group(1))
    return parse_qs(urlsplit(link).query)


# (variant, query, legal, sentences shown, rule ids linked after them)
TURNS = [
    pytest.param(
        "rummikub",
        {"before": "R5 R6 R7", "rack": "R8 K2", "after": "R5 R6 R7 R8"},
        True,
        ["A legal turn: 1 tile played, worth 8 points"],
        ["CT-5"],
        id="legal",
    ),
    pytest.param(
        "rummikub",
        {"before": "R5 R6 R7 | B9 K9 G9", "rack": "R8", "after": "R5 R6 R7 R8 | B9 K9"},
        False,
        ["G9 left the table", "Put G9 back on the table"],
        ["CT-10"],
        id="CT-10-tile-taken-back",
    ),
    pytest.param(
        "rummikub",
        {"before": "R5 R6 R7", "rack": "R8", "after": "R5 R6 R7 R8 R9"},
        False,
        ["R9 is on the table after the turn but came neither from the table nor from your rack"],
        ["CT-6"],
        id="CT-6-tile-from-nowhere",
    ),
    pytest.param(
        "rummikub",
        {"before": "R5 R6 R7", "rack": "R8", "after": "R5 R6 | R7 R8"},
        False,
        ["A run needs at least 3 positions (set 1)", "A legal way to lay R8: R5 R6 R7 R8"],
        ["CT-3"],
        id="CT-3-short-runs-and-a-correction",
    ),
    pytest.param(
        "rummikub",
        {"before": "R5 B5 K5", "rack": "R5", "after": "R5 B5 K5 R5"},
        False,
        ["A group needs"],
        ["CT-2"],
        id="CT-2-colour-twice",
    ),
    pytest.param(
        "rummikub",
        {"before": "R5 R6 R7", "rack": "J J", "after": "R5 R6 R7 | J J"},
        False,
        [],
        ["CT-1"],
        id="CT-1-jokers-alone",
    ),
    pytest.param(
        "rummikub",
        {"before": "", "rack": "R1 R2 R3", "after": "R1 R2 R3", "initial": "on"},
        False,
        ["The initial meld is worth 6 points; it needs 30 from your own rack"],
        ["CT-6"],
        id="CT-6-initial-too-small",
    ),
    pytest.param(
        "rummikub",
        {"before": "", "rack": "R12 B12 K12 G12 K2", "after": "R12 B12 K12 G12", "initial": "on"},
        True,
        ["The initial meld is worth 48 points, 30 needed"],
        ["CT-6"],
        id="CT-6-initial-reached",
    ),
    pytest.param(
        "rummikub",
        {"before": "R5 R6 J | B1 K1 G1", "rack": "R7", "after": "R5 R6 R7 | B1 K1 G1 J"},
        False,
        ["a joker taken back must go into a set holding two tiles from your rack"],
        ["CT-10"],
        id="CT-10-joker-swap",
    ),
    pytest.param(
        "crazy-tiles",
        {"before": "K5 K6 K7", "rack": "R6", "after": "K5 K6 K7 / . . . / R6"},
        False,
        [],
        ["CT-9"],
        id="CT-9-grid-tile-in-no-line",
    ),
    pytest.param(
        "rummikub",
        {"before": "R5 R6 R7", "rack": "R8 R9 K2", "after": "R5 R6 R7 R8", "must_play": "A"},
        False,
        ["This game plays all it can; the rack could lay 2 tiles, not 1", "The rack could lay 2 tiles"],
        ["CT-11"],
        id="CT-11-could-play-more",
    ),
]


@pytest.mark.parametrize("slug, query, legal, shown, rules", TURNS)
def test_a_whole_turn_verdict_is_sentences_then_rule_links(client, slug, query, legal, shown, rules):
    text = get(client, f"/check/{slug}/turn", **query)
    verdict = verdict_of(text)
    assert ("✓ LEGAL" in verdict) is legal and ("NOT LEGAL" in verdict) is not legal
    for words in shown:
        assert words in verdict, verdict
    for rule in rules:
        assert f'<a class="rule-ref" href="/rules/{slug}#{rule}">({rule})</a>' in text
    for item in re.findall(
        r"<li>(.*?)</li>",
        re.search(r'class="verdict-reasons">(.*?)</ul>', text, re.S).group(1) if not legal else "",
        re.S,
    ):
        assert not re.match(r"\s*<a", item), "the sentence comes before its rule id"


def test_a_legal_turn_draws_the_played_tiles_and_the_table_after(client):
    text = get(client, "/check/rummikub/turn", before="R5 R6 R7", rack="R8 K2", after="R5 R6 R7 R8")
    played = re.search(r'<ol class="reading" aria-label="Played from the rack">(.*?)</ol>', text, re.S).group(
        1
    )
    assert re.findall(r'aria-label="([^"]+)"', played) == ["red 8"]
    after = re.search(r'aria-label="The table after the turn">(.*?)</ol>\s*</li>\s*</ol>', text, re.S).group(
        1
    )
    assert re.findall(r'role="img" aria-label="([^"]+)"', after) == ["red 5", "red 6", "red 7", "red 8"]
    # the tile laid from the rack is marked in the table after, and only it
    assert re.findall(
        r'<li class="reading-cell settle-mine">.*?aria-label="([^"]+)".*?from the rack', after
    ) == ["red 8"]


def test_a_grid_turn_is_drawn_as_a_board(client):
    text = get(
        client, "/check/crazy-tiles/turn", before="K5 K6 K7", rack="R6 B6", after=". R6 . / K5 K6 K7 / . B6 ."
    )
    assert "✓ LEGAL" in verdict_of(text)
    assert text.count('class="board-cell board-ok') == 5
    assert text.count('class="board-cell board-ok settle-mine"') == 2  # R6 and B6, from the rack
    assert 'data-for="before"' in text and 'data-for="after"' in text  # a grid editor for each table


def test_the_turn_share_link_carries_the_input_and_changed_options(client):
    text = get(
        client,
        "/check/rummikub/turn",
        before="R5 R6 R7",
        rack="R8 K2",
        after="R5 R6 R7 R8",
        initial_meld="30",
        zero="on",
        must_play="A",
    )
    query = share_query(text)
    assert query == {
        "before": ["R5 R6 R7"],
        "rack": ["R8 K2"],
        "after": ["R5 R6 R7 R8"],
        "zero": ["on"],
        "must_play": ["A"],
    }
    again = get(client, "/check/rummikub/turn", **{k: v[0] for k, v in query.items()})
    assert verdict_of(again) == verdict_of(text)


def test_bad_turn_input_names_the_token_and_keeps_the_form(client):
    text = get(client, "/check/rummikub/turn", before="R5 R6 R7", rack="R8", after="R5 R6 R7 Q8")
    assert "CANNOT READ" in verdict_of(text) and "“\u2066Q8\u2069”" in verdict_of(text)
    assert 'href="/rules/rummikub#N-1"' in text
    assert 'value="R8"' in text and 'value="R5 R6 R7 Q8"' in text  # the form keeps what was typed


def test_the_turn_page_is_for_tile_games_only(client):
    assert "Best play" in get(client, "/check/krazy-bee/turn", status=404)


# (variant, query, the answer's first sentence, more words shown, rule ids linked)
BEST = [
    pytest.param(
        "rummikub",
        {"rack": "R7 R8 K2", "table": "R4 R5 R6"},
        "Lay 2 tiles, worth 15 points",
        ["Proved best", "Lay from the rack", "The table after"],
        ["CT-5"],
        id="CT-5-tiles",
    ),
    pytest.param("rummikub", {"rack": "R1 R5 K9"}, "Nothing can be laid: draw a tile", [], [], id="nothing"),
    pytest.param(
        "rummikub",
        {"rack": "R1 R2 R3 K9", "initial": "on"},
        "No initial meld from this rack reaches the points it needs: draw a tile",
        [],
        ["CT-6"],
        id="CT-6-initial-meld",
    ),
    pytest.param(
        "runny-tiles",
        {"rack": "R7 R8 R9", "table": "R4 R5 R6"},
        "Lay 3 tiles, worth 24 points",
        ["The table after"],
        ["CT-5"],
        id="CT-9-grid",
    ),
    pytest.param(
        "krazy-bee",
        {"rack": "5 5 W 1 2 3 4 9", "step": "2"},
        "This hand lays Step 2, with 1 Wild Bee (KB-3) book of 3 + run of 4",
        ["Meld 1", "Meld 2"],
        ["KB-3"],
        id="KB-3-step",
    ),
    pytest.param(
        "krazy-bee",
        {"rack": "1 5 9", "step": "2"},
        "This hand cannot lay Step 2",
        [],
        ["KB-3"],
        id="KB-3-cannot",
    ),
    pytest.param(
        "crib-rummy",
        {"rack": "3H 4H 5H 6H KS KD", "table": "KH KC KD"},
        "Lay these for 8 pegs",
        ["New run: 6 pegs", "Add to meld 1 (KH KC KD): 2 pegs", "Left in hand"],
        ["CR-5"],
        id="CR-5-pegs",
    ),
    pytest.param(
        "rumbugz",
        {"rack": "1 2 3 4 6 8 10 12 5 5 5 P", "laid": "single"},
        "This hand lays double and match Sequences",
        ["Still missing after that: triple"],
        ["RB-4"],
        id="RB-4-missing",
    ),
    pytest.param(
        "crazy-rummy",
        {"rack": "Q Q Q 7 7 5 5 9", "table": "5 5 5 K K K", "wild": "7", "initial": "on"},
        "Lay 250 points of cards",
        ["Bottom feeding onto board 1"],
        ["CZ-5"],
        id="CZ-3-first-play",
    ),
]


@pytest.mark.parametrize("slug, query, head, shown, rules", BEST)
def test_the_best_play_is_sentences_then_rule_links(client, slug, query, head, shown, rules):
    text = get(client, f"/check/{slug}/best", **query)
    verdict = verdict_of(text)
    assert verdict.strip().startswith(head), verdict
    for words in shown:
        assert words in verdict, verdict
    for rule in rules:
        assert f'<a class="rule-ref" href="/rules/{slug}#{rule}">({rule})</a>' in text


def test_the_best_play_draws_the_rack_tiles_to_lay_with_tile_faces(client):
    text = get(client, "/check/rummikub/best", rack="R7 R8 K2", table="R4 R5 R6")
    lay = re.search(r'<ol class="reading" aria-label="Lay from the rack">(.*?)</ol>', text, re.S).group(1)
    assert re.findall(r'aria-label="([^"]+)"', lay) == ["red 7", "red 8"]
    assert share_query(text) == {"rack": ["R7 R8 K2"], "table": ["R4 R5 R6"]}


def test_the_goal_value_lays_the_most_points(client):
    tiles = verdict_of(get(client, "/check/rummikub/best", rack="R1 R2 R3 R4 K13 B13 G13"))
    value = verdict_of(get(client, "/check/rummikub/best", rack="R1 R2 R3 R4 K13 B13 G13", goal="value"))
    assert tiles.strip().startswith("Lay 7 tiles")
    assert "worth 49 points" in value


@pytest.mark.parametrize(
    "slug, query, named",
    [
        pytest.param("rummikub", {"rack": "R7 X9"}, "“\u2066X9\u2069”", id="N-1-bad-token"),
        pytest.param("crazy-rummy", {"rack": "Q Q Q"}, "wild rank", id="CZ-1-no-wild-rank"),
        pytest.param(
            "crib-rummy",
            {"rack": " ".join(["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"] * 2 + ["AS 2S 3S 4S JK"])},
            "at most 30 cards",
            id="hand-too-long",
        ),
        pytest.param("rummikub", {"rack": "R7", "initial_meld": "lots"}, "initial_meld", id="option-refused"),
    ],
)
def test_bad_best_play_input_says_why(client, slug, query, named):
    verdict = verdict_of(get(client, f"/check/{slug}/best", **query))
    assert "CANNOT READ" in verdict and named in verdict


def test_the_pages_are_linked_from_the_checker(client):
    index = get(client, "/check/")
    assert 'href="/check/crib-rummy/best"' in index and 'href="/check/runny-tiles/turn"' in index
    assert 'href="/check/crib-rummy/turn"' not in index
    text = get(client, "/check/rummikub")
    assert 'href="/check/rummikub/best"' in text and 'href="/check/rummikub/turn"' in text
    text = get(client, "/check/krazy-bee")
    assert 'href="/check/krazy-bee/best"' in text and "/turn" not in text


def test_opened_from_a_game_that_plays_all_it_can(app, client):
    """CT-11: the tile hand form of a must_play A game links to Best play with the game's options."""
    with app.app_context():
        game, secret = services.create_game(
            "rummikub", ["Ann", "<b>Bob</b>"], {"must_play": "A", "zero": True}
        )
        db.session.commit()
        public_id = game.public_id
    client.set_cookie(f"sk_edit_{public_id}", secret)
    form = get(client, f"/games/{public_id}/rounds/new")
    link = f'href="/check/rummikub/best?game={public_id}"'
    assert "Could they have played more?" in form and link in form
    text = get(client, "/check/rummikub/best", game=public_id, rack="R1 R2 R3 R4 K9")
    assert "Could they have played more?" in text and "&lt;b&gt;Bob&lt;/b&gt;" in text
    assert verdict_of(text).strip().startswith("Lay 4 tiles")
    assert re.search(r'id="opt-zero" name="zero" value="on" checked', text)


def test_a_game_that_may_pass_has_no_ct11_link(app, client):
    with app.app_context():
        game, secret = services.create_game("rummikub", ["Ann", "Bob"], {})
        db.session.commit()
        public_id = game.public_id
    client.set_cookie(f"sk_edit_{public_id}", secret)
    assert "Could they have played more?" not in get(client, f"/games/{public_id}/rounds/new")


def test_best_play_from_the_checker_starts_from_the_cards_checked(client):
    """The checker's Best play opens with the meld just checked as the rack and the meld it was
    laid onto as the table (the walk-through of 7 December found an empty rack); a laydown of
    several melds, a grid or a change carries nothing."""

    def best_link(query: str) -> str:
        page = client.get(f"/check/{query}").get_data(as_text=True)
        return html.unescape(re.search(r'href="(/check/[a-z-]+/best[^"]*)"', page).group(1))

    link = best_link("rummikub?" + urlencode({"cards": "R5 R6 R7", "extend": "R8 R9 R10"}))
    assert parse_qs(urlsplit(link).query) == {"rack": ["R5 R6 R7"], "table": ["R8 R9 R10"]}
    best = client.get(link).get_data(as_text=True)
    assert 'value="R5 R6 R7"' in best or ">R5 R6 R7</textarea>" in best
    for query in ({"cards": "3 3 3 | 4 5 6 7", "step": "2"}, {"cards": "-3 8", "extend": "3 4 P 6 7"}):
        slug = "krazy-bee" if "step" in query else "rumbugz"
        assert "rack=" not in best_link(f"{slug}?" + urlencode(query))
    # the rules in force go with it: the hand's wild rank, the Step (the review of 7 December found
    # Best play asking for the wild rank again)
    link = best_link("crazy-rummy?" + urlencode({"cards": "5H 5S 5D", "wild": "7"}))
    assert parse_qs(urlsplit(link).query) == {"rack": ["5H 5S 5D"], "wild": ["7"]}
    assert "CANNOT READ" not in client.get(link).get_data(as_text=True)
    laydown = best_link("krazy-bee?" + urlencode({"cards": "3 3 3 | 4 5 6 7", "step": "2"}))
    assert parse_qs(urlsplit(laydown).query) == {"step": ["2"]}
