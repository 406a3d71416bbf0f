"""Every hand-entry route: forms render, saves redirect with a flash, 403/400/404 guard them."""

from __future__ import annotations

from copy import deepcopy

import pytest

from scorekeeper.entry.crazy_rummy import hand_sizes
from scorekeeper.rules import all_variants, find_variant

from .rounds_support import new_game, rounds_url, submit, text, token, totals

#: one simple legal hand per variant (form fields) and the totals it gives, worked out from RULES.md:
#: each variant's own samples (scorekeeper/rules/samples.py), found through the registry
SIMPLE_HANDS = {
    v.slug: (deepcopy(v.samples.form), list(v.samples.form_totals)) for v in all_variants() if v.samples
}
VARIANTS = list(SIMPLE_HANDS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_new_hand_form_renders_for_the_editor(app, client, variant):
    game = new_game(app, client, variant)
    page = client.get(rounds_url(game))
    assert page.status_code == 200
    body = text(page)
    assert 'name="csrf_token"' in body and "Ann" in body and "Bob" in body
    # a number pad for the totals; the points game's sums need + and - too (PG-2), so a text keyboard
    assert ('inputmode="text"' if variant == "points" else 'inputmode="numeric"') in body
    assert 'id="keypad"' in body


@pytest.mark.parametrize("variant", VARIANTS)
def test_recording_a_hand_redirects_to_the_game_with_a_flash(app, client, variant):
    game = new_game(app, client, variant)
    data, expected = SIMPLE_HANDS[variant]
    response = submit(client, rounds_url(game), data, follow=False)
    assert response.status_code == 302
    if variant == "crib-rummy":  # a turn of a hand still in play: back to the hand's own page
        assert response.headers["Location"].endswith(f"/games/{game}/rounds/new")
        assert "Hand 1, turn 1 recorded." in text(client.get(response.headers["Location"]))
    else:
        assert response.headers["Location"].endswith(f"/games/{game}")
        page = client.get(f"/games/{game}")
        assert "recorded" in text(page)
    assert totals(client, game) == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_edit_form_shows_the_stored_hand_and_saves_a_correction(app, client, variant):
    game = new_game(app, client, variant)
    data, _ = SIMPLE_HANDS[variant]
    submit(client, rounds_url(game), data)
    page = client.get(rounds_url(game, "1/edit"))
    assert page.status_code == 200
    shown = text(page)
    for name, value in data.items():
        if (
            isinstance(value, str)
            and value
            and not name.endswith(("went_out", "winner", "player", "laid"))
            and not name.startswith("face_up")
        ):
            assert f'value="{value}"' in shown, name
    response = submit(client, rounds_url(game, "1/edit"), data, follow=False)
    assert response.status_code == 302
    assert "corrected" in text(client.get(f"/games/{game}"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_delete_asks_first_then_removes_the_hand(app, client, variant):
    game = new_game(app, client, variant)
    data, expected = SIMPLE_HANDS[variant]
    submit(client, rounds_url(game), data)
    assert totals(client, game) == expected
    confirm = client.get(rounds_url(game, "1/delete"))
    word = find_variant(variant).round_word  # hand, or round in RumBugz and the tile games
    assert confirm.status_code == 200 and f"Delete {word} 1?" in text(confirm)
    response = submit(client, rounds_url(game, "1/delete"), {}, follow=False)
    assert response.status_code == 302
    assert totals(client, game) == [0, 0]
    assert "deleted" in text(client.get(f"/games/{game}"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_without_the_edit_secret_every_route_is_403(app, client, variant):
    game = new_game(app, client, variant, editor=False)
    data, _ = SIMPLE_HANDS[variant]
    assert client.get(rounds_url(game)).status_code == 403
    assert client.post(rounds_url(game), data=data).status_code in (400, 403)
    # With a valid CSRF token (from another game this client edits) it is still 403.
    mine = new_game(app, client, variant)
    csrf = token(client, rounds_url(mine))
    for tail in ("new", "1/edit", "1/delete", "end"):
        assert client.post(rounds_url(game, tail), data={**data, "csrf_token": csrf}).status_code == 403, tail
    assert client.get(rounds_url(game, "1/edit")).status_code == 403
    assert totals(client, game) == [0, 0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_without_a_csrf_token_posts_are_400_and_nothing_is_saved(app, client, variant):
    game = new_game(app, client, variant)
    data, expected = SIMPLE_HANDS[variant]
    assert client.post(rounds_url(game), data=data).status_code == 400
    assert totals(client, game) == [0, 0]
    submit(client, rounds_url(game), data)
    for tail in ("1/edit", "1/delete"):
        assert client.post(rounds_url(game, tail), data=data).status_code == 400, tail
    assert client.post(rounds_url(game, "preview"), json={"what": "hand", "cards": "3"}).status_code == 400
    assert totals(client, game) == expected


def test_unknown_game_and_unknown_hand_are_404(app, client):
    for tail in ("new", "1/edit", "1/delete"):
        assert client.get(rounds_url("no-such-game", tail)).status_code == 404
    game = new_game(app, client, "krazy-bee")
    assert client.get(rounds_url(game, "1/edit")).status_code == 404
    assert client.get(rounds_url(game, "7/delete")).status_code == 404
    csrf = token(client, rounds_url(game))
    assert client.post(rounds_url(game, "3/edit"), data={"csrf_token": csrf}).status_code == 404
    assert client.post(rounds_url(game, "3/delete"), data={"csrf_token": csrf}).status_code == 404


def test_no_hand_can_be_recorded_after_the_game_is_over(app, client):
    game = new_game(app, client, "krazy-bee", options={"steps": "book of 3"})
    submit(client, rounds_url(game), {"players.0.laid": "1", "went_out": "0"})
    assert "Winner" in text(client.get(f"/games/{game}"))
    response = client.get(rounds_url(game), follow_redirects=True)
    assert "The game is over" in text(response)


# -- the preview endpoint: the engine's running value, never computed here ------------


def preview(client, game, body: dict):
    """Ask the hand form's preview endpoint, with the form page's CSRF token, as entry.js does."""
    return client.post(
        rounds_url(game, "preview"), json=body, headers={"X-CSRFToken": token(client, rounds_url(game))}
    )


def test_preview_gives_the_engines_hand_value(app, client):
    game = new_game(app, client, "krazy-bee")
    answer = preview(client, game, {"what": "hand", "cards": "3 12 W"})
    assert answer.status_code == 200
    assert answer.get_json()["points"] == 5 + 10 + 15  # KB-7


def test_preview_names_an_unknown_card(app, client):
    game = new_game(app, client, "krazy-bee")
    answer = preview(client, game, {"what": "hand", "cards": "3 14"})
    assert answer.status_code == 422
    assert "N-1" in answer.get_json()["error"] and "'14'" in answer.get_json()["error"]


def test_preview_pegs_an_extension_by_its_new_length(app, client):
    game = new_game(app, client, "crib-rummy")
    answer = preview(client, game, {"what": "check", "cards": "6H", "extend": "3H 4H 5H"})
    assert answer.status_code == 200
    assert answer.get_json()["points"] == 3  # CR-5: a run's 4th card pegs 3


def test_preview_names_the_melds_kind_in_the_readers_language(app, client):
    """The running pegs line (entry.js) shows ``kind_said``: the engine's word in the reader's language."""
    game = new_game(app, client, "crib-rummy")
    body = {"what": "check", "cards": "6H", "extend": "3H 4H 5H"}
    english = preview(client, game, body).get_json()
    assert (english["kind"], english["kind_said"]) == ("run", "run")
    client.set_cookie("lang", "de")
    german = preview(client, game, body).get_json()
    assert (german["kind"], german["kind_said"]) == ("run", "Reihe")


def test_preview_uses_the_hands_wild_rank(app, client):
    game = new_game(app, client, "crazy-rummy")
    answer = preview(client, game, {"what": "hand", "cards": "3 A", "wild": "A"})
    assert answer.get_json()["points"] == 5 + 200  # CZ-5: aces wild count 200


def test_preview_of_a_whole_hand_gives_changes_without_saving(app, client):
    game = new_game(app, client, "crazy-rummy")
    form = {k: [v] for k, v in SIMPLE_HANDS["crazy-rummy"][0].items()}
    answer = preview(client, game, {"what": "round", "form": form})
    assert answer.status_code == 200
    assert answer.get_json()["changes"] == [-105, 30]
    assert totals(client, game) == [0, 0]
    # CZ-7: the hand sizes worded once on the server, from the engine's details, for entry.js
    sizes = answer.get_json()["shown"]["hand_sizes"]
    assert sizes == hand_sizes(answer.get_json()["details"]) and all("cards" in s for s in sizes)


def test_show_scores_button_previews_without_saving(app, client):
    game = new_game(app, client, "krazy-bee")
    response = submit(
        client,
        rounds_url(game),
        {"players.0.laid": "1", "players.1.hand": "3 12", "went_out": "0", "action": "preview"},
        follow=False,
    )
    assert response.status_code == 200
    assert "not saved yet" in text(response) and "+15" in text(response)
    assert totals(client, game) == [0, 0]
