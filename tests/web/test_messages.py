"""Players read sentences, not rule ids (issue 10): every message, hint and form help shows the
sentence first and the rule id after it, as a small link to the rule on the rules page."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rulebook.reasons import reason_text, split_reason

from .game_support import csrf_from
from .rounds_support import new_game, rounds_url, submit, text

#: a rule id written as a label before its sentence ("CR-1: ..."), as players must never see it
LABEL_FIRST = re.compile(r"\b(?:N|KB|RB|CT|CR|CZ)-\d+:")
LINK = r'<a class="rule-ref" href="/rules/{page}#{rule}">\({rule}\)</a>'


def visible(page: str) -> str:
    """The page's text as a reader gets it (no tags, no scripts)."""
    body = re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S)
    return html.unescape(" ".join(body.split()))


@pytest.mark.parametrize(
    "raw, sentence, rules",
    [
        ("CR-1: two packs hold 2 of each card", "Two packs hold 2 of each card", ("CR-1",)),
        ("option 'step': KB-8: there is no Step 12", "Option 'step': there is no Step 12", ("KB-8",)),
        ("N-1: CT-9: a board needs the grid", "A board needs the grid", ("N-1", "CT-9")),
        ("Points a first laydown needs (CT-6)", "Points a first laydown needs", ("CT-6",)),
        ("give every player a name", "Give every player a name", ()),
    ],
)
def test_a_message_splits_into_its_sentence_and_rule_ids(raw, sentence, rules):
    assert split_reason(raw) == (sentence, rules)
    assert reason_text(raw) == (f"{sentence} ({', '.join(rules)})" if rules else sentence)


def test_checker_reasons_read_sentence_first_with_the_rule_linked(client):
    page = client.get("/check/crib-rummy?cards=3H+4H+6S").get_data(as_text=True)
    assert not LABEL_FIRST.search(visible(page))
    assert re.search(
        r'<ul class="verdict-reasons"><li>[A-Z][^<]+ ' + LINK.format(page="crib-rummy", rule=r"CR-\d"), page
    )


def test_checker_notation_error_reads_sentence_first(client):
    page = client.get("/check/krazy-bee?cards=ZZ").get_data(as_text=True)
    assert not LABEL_FIRST.search(visible(page))
    assert re.search(
        "Unknown token “\u2066ZZ\u2069”.*? " + LINK.format(page="krazy-bee", rule="N-1"), html.unescape(page)
    )


def test_hand_form_errors_and_help_read_sentence_first(app, client):
    game = new_game(app, client, "krazy-bee")
    form = client.get(rounds_url(game)).get_data(as_text=True)
    assert not LABEL_FIRST.search(visible(form))
    assert re.search(
        r'<p class="field-help">Tap the cards, or type them \(3 12 W\)\. Empty = 0\. '
        + LINK.format(page="krazy-bee", rule="KB-7"),
        html.unescape(form),
    )
    out = {"went_out": "0", "players.0.laid": "1", "players.0.hand": "", "players.1.hand": "3 4"}
    response = submit(client, rounds_url(game), {**out, "players.0.step": "4"})
    assert response.status_code == 422
    assert not LABEL_FIRST.search(visible(text(response)))
    assert re.search(
        r'id="err-players-0-step"><li>This player is on Step 1, not Step 4 '
        + LINK.format(page="krazy-bee", rule="KB-9"),
        text(response),
    )


def test_flashes_read_sentence_first(app, client):
    game = new_game(app, client, "crib-rummy")
    page = client.get(f"/games/{game}").get_data(as_text=True)
    # a deletion the engine refuses is flashed with its reason
    client.post(f"/games/{game}/undo", data={"csrf_token": csrf_from(page)})
    flashed = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Nothing undone: there is no change left to undo" in html.unescape(flashed)
    assert not LABEL_FIRST.search(visible(flashed))


def test_setup_form_help_links_rules_and_words_each_scoring_method(client):
    page = html.unescape(client.get("/games/new/rummikub").get_data(as_text=True))
    assert not LABEL_FIRST.search(visible(page))
    assert re.search(r"How rounds are scored " + LINK.format(page=r"[\w-]+", rule="CT-8"), page)
    # each way of scoring is a row of its own (a closed list cut its words at 390 px: issue 33)
    scoring = re.search(r'<fieldset [^>]*id="opt_scoring".*?</fieldset>', page, re.S).group(0)
    options = dict(re.findall(r'type="radio" value="(\w+)"> <span>([^<]+)</span>', scoring))
    assert options["A"].startswith("A: winner takes the racks")
    assert options["C"] == "C: losers count their racks; lowest wins"
    assert len(set(options.values())) == 5


def test_preview_json_keeps_the_engine_fields_and_adds_the_worded_message(app, client):
    game = new_game(app, client, "crib-rummy")
    token = csrf_from(client.get(rounds_url(game)).get_data(as_text=True))
    answer = client.post(
        f"/games/{game}/rounds/preview",
        json={"what": "check", "cards": "3H 4H 6S"},
        headers={"X-CSRFToken": token},
    ).get_json()
    assert answer["valid"] is False and all(LABEL_FIRST.match(r) for r in answer["reasons"])  # RULES.md 6
    assert len(answer["said"]) == len(answer["reasons"])
    assert all(
        re.search(r"^[A-Z].* " + LINK.format(page="crib-rummy", rule=r"CR-\d"), s) for s in answer["said"]
    )


@pytest.mark.parametrize("slug, rule", [("krazy-bee", "KB-3"), ("crazy-rummy", "CZ-1"), ("rumbugz", "RB-3")])
def test_the_checkers_options_link_their_rule_after_their_words(client, slug, rule):
    page = client.get(f"/check/{slug}").get_data(as_text=True)
    assert re.search(LINK.format(page=slug, rule=rule), page)
    # beside a checkbox the link follows its label, never inside it (the label ticks the box)
    assert not re.search(r'<label class="check"[^>]*>(?:(?!</label>).)*class="rule-ref"', page, re.S)
    assert not re.search(r'<span class="muted">\((?:KB|RB|CT|CR|CZ)-\d+\)</span>', page)  # plain ids before


def test_the_points_form_links_pg4_and_the_crib_summary_keeps_cr7_on_one_line(app, client):
    points = new_game(app, client, "points")
    form = client.get(rounds_url(points)).get_data(as_text=True)
    # the link beside the checkbox's label, not inside it: a tap beside the box never leaves the form
    assert re.search(
        r"End the game after this hand</label> " + LINK.format(page=r"[\w-]+", rule="PG-4"), form
    )
    crib = new_game(app, client, "crib-rummy")
    form = client.get(rounds_url(crib)).get_data(as_text=True)
    # inside a <summary> a tap opens it, so the rule id is small and unlinked, never broken "(CR-" / "7)"
    assert (
        '<summary>Cards left in the others&#39; hands <small class="rule-ref">(CR-7)</small></summary>'
        in form
    )
