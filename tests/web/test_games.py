"""The games blueprint with the test client: new game, list, game page, share, undo, rematch, delete."""

from __future__ import annotations

import re
from copy import deepcopy

import pytest

from scorekeeper import services
from scorekeeper.rules import all_variants, find_variant, variants
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import Game

from .game_support import csrf_from, new_game_data, record_hands, secret_cookie, start_game
from .tally import Tally, tally_registered

VARIANTS = {v["slug"]: v for v in variants()}

#: One legal hand per variant (two players), and each player's progress after it as the game page
#: words it (standings.progress_text): each variant's own samples (scorekeeper/rules/samples.py)
SAMPLE_HANDS = {v.slug: deepcopy(v.samples.page_hand) for v in all_variants() if v.samples}
PROGRESS = {v.slug: v.samples.progress for v in all_variants() if v.samples}


@pytest.fixture
def tally(app):
    with tally_registered():
        yield Tally().describe()


def _game(app, public_id):
    with app.app_context():
        game = services.get_game(public_id)
        db.session.expunge_all()
        return game


_record = record_hands


def test_home_lists_variants_and_games_in_progress(app, client, tally):
    home = client.get("/")
    assert home.status_code == 200
    for v in variants():
        assert f'href="/games/new/{v["slug"]}"' in home.text
    game = start_game(client, tally, ["Ann", "Bob"])
    assert f"/games/{game}" in client.get("/").text


def test_home_lists_the_newest_games_in_progress_only(app, client, tally):
    with app.app_context():
        ids = [services.create_game("tally", [f"P{i}", "Bob"], {"target": 10})[0].public_id for i in range(7)]
        over = services.get_game(ids[-1])
        services.record_round(over, {"points": [10, 0]})  # reaches the target: finished
        db.session.commit()
    home = client.get("/").text
    shown = [i for i in ids if f"/games/{i}" in home]
    assert shown == ids[1:6]  # the 5 newest in progress; the finished game is not among them
    assert 'href="/games/">All games</a>' in home
    assert f"/games/{ids[0]}" in client.get("/games/").text


def test_choose_variant_page(client):
    page = client.get("/games/new")
    assert page.status_code == 200
    assert all(v["name"] in page.text for v in variants())
    assert client.get("/games/new?variant=rumbugz").headers["Location"].endswith("/games/new/rumbugz")
    assert client.get("/games/new/whist").status_code == 404


@pytest.mark.parametrize("slug", list(VARIANTS))
def test_new_game_form_shows_every_game_option_with_default_and_help(client, slug):
    variant = VARIANTS[slug]
    page = client.get(f"/games/new/{slug}")
    assert page.status_code == 200
    for o in variant["options"]:
        if o["game"]:
            assert f'name="opt_{o["name"]}"' in page.text, o["name"]
            # the Step box has its own help (one Step per line), not the engine's ';' wording (KB-8)
            expected = "One Step per line" if o["name"] == "steps" else o["help"].split("(")[0].strip()[:30]
            assert expected.replace("'", "&#39;") in page.text
        else:
            assert f'name="opt_{o["name"]}"' not in page.text
    for seat in range(variant["max_players"]):
        assert f'name="player_{seat}"' in page.text
    assert f'name="player_{variant["max_players"]}"' not in page.text


@pytest.mark.parametrize("slug", list(VARIANTS))
def test_start_each_variant_and_see_its_page(app, client, slug):
    variant = VARIANTS[slug]
    names = ["Ann", "Bob"]
    game = start_game(client, variant, names)
    stored = _game(app, game)
    assert stored.variant == slug and stored.names == names
    assert set(stored.options) == {o["name"] for o in variant["options"] if o["game"]}
    _record(app, game, SAMPLE_HANDS[slug])
    page = client.get(f"/games/{game}")
    assert page.status_code == 200
    with app.app_context():
        score = services.game_score(services.get_game(game))
    standings = re.findall(
        r'data-seat="(\d)">\s*<span class="rank">(\w+)</span>.*?'
        r'<span class="total"><bdi dir="ltr">(-?\d+)</bdi></span>',
        page.text,
        re.S,
    )
    assert sorted((int(s), int(t)) for s, _, t in standings) == list(enumerate(score.totals))
    assert "Scores so far" in page.text and 'class="chart"' in page.text
    if find_variant(slug).dealt:
        assert f"<strong><bdi>{names[score.dealer]}</bdi></strong> deals" in page.text
    else:  # tile and bag games have no dealer: who plays first, and no "deals" anywhere
        assert f"<strong><bdi>{names[score.starter]}</bdi></strong> plays first" in page.text
        assert "deals" not in page.text and "dealt" not in page.text
    if slug == "crib-rummy":
        assert page.text.count('class="hole"') == 2 * 120
        assert 'data-front="5"' in page.text
    shown = [
        re.sub(r"<[^>]+>", "", p)
        for p in re.findall(r'<span class="progress">(.*?)</span>\s*</span>', page.text)
    ]
    for progress in PROGRESS[slug]:
        assert progress in shown, shown
    if slug == "krazy-bee":  # the Step as the Step list writes it: notation, not translated
        assert ': <bdi dir="ltr" translate="no" class="notation">2 books of 3</bdi>' in page.text


def test_tile_presets_are_offered_and_switches_flippable(app, client):
    page = client.get("/games/new/crazy-tiles")
    for slug in ("rummikub", "crazy-tiles", "runny-tiles"):
        assert f'href="/games/new/{slug}"' in page.text
    variant = VARIANTS["crazy-tiles"]
    data = new_game_data(variant, ["Ann", "Bob"])
    data.pop("opt_wrap")  # unticked checkbox: switch off
    data["opt_runny"] = "y"  # switch on
    data["csrf_token"] = csrf_from(page.text)
    response = client.post("/games/new/crazy-tiles", data=data)
    assert response.status_code == 302
    game = _game(app, response.headers["Location"].split("/")[-1])
    assert game.options["wrap"] is False and game.options["runny"] is True and game.options["zero"] is True


def test_krazy_bee_step_list_is_editable(app, client):
    variant = VARIANTS["krazy-bee"]
    page = client.get("/games/new/krazy-bee")
    assert "2 books of 3\nbook of 3 + run of 4" in page.text  # one Step per line
    steps = "2 books of 3\nrun of 5\nbook of 4 + run of 4"
    game = start_game(client, variant, ["Ann", "Bob"], opt_steps=steps)
    stored = _game(app, game)
    assert len(stored.options["steps"].split(";")) == 3
    shown = client.get(f"/games/{game}").text
    assert "Step list (3 Steps)" in shown and "run of 5" in shown


def test_bad_step_list_is_refused_by_the_engine(client):
    page = client.get("/games/new/krazy-bee")
    data = new_game_data(VARIANTS["krazy-bee"], ["Ann", "Bob"], opt_steps="2 books of 3\nflush of 9")
    data["csrf_token"] = csrf_from(page.text)
    response = client.post("/games/new/krazy-bee", data=data)
    assert response.status_code == 422
    assert 'id="opt_steps-errors"' in response.text
    assert client.get("/games/").text.count("game-item") == 0


@pytest.mark.parametrize(
    "fields, where, message",
    [
        ({"player_1": ""}, "player_0", "players"),  # only one player
        ({"player_1": "ann"}, "player_1", "Two players are called"),
        ({"player_1": "x" * 41}, "player_1", "40"),
        ({"first_dealer": "3"}, "first_dealer", "first dealer"),  # an empty seat
        ({"first_dealer": "9"}, "first_dealer", ""),  # not a choice at all
        ({"opt_target": "12x"}, "opt_target", "not a whole number"),
        ({"opt_target": "0"}, "opt_target", "0 is too low"),
    ],
)
def test_new_game_errors_field_by_field_and_nothing_saved(app, client, tally, fields, where, message):
    page = client.get("/games/new/tally")
    data = new_game_data(tally, ["Ann", "Bob"], **fields)
    data["csrf_token"] = csrf_from(page.text)
    response = client.post("/games/new/tally", data=data)
    assert response.status_code == 422
    errors = re.search(rf'id="{where}-errors">(.*?)</ul>', response.text, re.S)
    assert errors, response.text
    assert message in errors.group(1)
    assert 'value="Ann"' in response.text  # what was typed is kept
    with app.app_context():
        assert db.session.query(Game).count() == 0


def test_no_names_at_all_is_one_error_not_a_dealer_error_too(app, client):
    """Start pressed on an empty form: the count of players is the one slip; the dealer select
    (still on "Player 1") is not blamed for it as well."""
    page = client.get("/games/new/krazy-bee")
    data = new_game_data(VARIANTS["krazy-bee"], [])
    data["csrf_token"] = csrf_from(page.text)
    response = client.post("/games/new/krazy-bee", data=data)
    assert response.status_code == 422
    assert "played by 2 to 4 players, not 0" in response.text
    assert "first dealer must be one of the players" not in response.text.lower()


def test_seats_skip_empty_fields_and_first_dealer_follows(app, client, tally):
    game = start_game(client, tally, ["Ann"], player_2="Cy", player_3="Di", first_dealer="3")
    stored = _game(app, game)
    assert stored.names == ["Ann", "Cy", "Di"] and stored.first_dealer == 2


def test_names_are_escaped_everywhere(app, client, tally):
    evil = '<script>alert("x")</script>'
    game = start_game(client, tally, [evil, "Bob"])
    _record(app, game, {"points": [5, 1]})
    won = start_game(client, tally, ["Bob", evil])
    _record(app, won, {"points": [5, 100]})
    assert "Winner: <bdi>&lt;script&gt;" in client.get(f"/games/{won}").text
    for path in (
        f"/games/{game}",
        "/games/",
        "/",
        f"/games/{game}/history",
        f"/games/{game}/delete",
        f"/games/{won}",
    ):
        text = client.get(path).text
        assert evil not in text, path
        assert "&lt;script&gt;" in text or "\\u003cscript\\u003e" in text, path


def test_games_list_newest_first_split_by_status(app, client, tally):
    first = start_game(client, tally, ["Ann", "Bob"])
    second = start_game(client, tally, ["Cy", "Di"])
    done = start_game(client, tally, ["Ed", "Flo"], opt_target="10")
    _record(app, done, {"points": [10, 0]})
    page = client.get("/games/").text
    playing, finished = page.split("<h2>Finished</h2>")
    assert playing.index(second) < playing.index(first)
    assert done in finished and done not in playing


def test_winner_banner_and_leader(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob", "Cy"], opt_target="30")
    _record(app, game, {"points": [10, 20, 5]})
    page = client.get(f"/games/{game}").text
    assert "Leading: <strong><bdi>Bob</bdi></strong>" in page and "winner-banner" not in page
    assert "<h2>Scores so far</h2>" in page
    _record(app, game, {"points": [10, 10, 5]})
    page = client.get(f"/games/{game}").text
    assert "Winner: <bdi>Bob</bdi>" in page
    assert "Record a hand" not in page
    # the game is over: its chart is no longer the scores "so far"
    assert "<h2>How the scores went</h2>" in page and "Scores so far" not in page


def test_undo_route(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    _record(app, game, {"points": [5, 1]}, {"points": [2, 2]})
    page = client.get(f"/games/{game}")
    assert "Undo: Hand 2 recorded" in page.text
    response = client.post(f"/games/{game}/undo", data={"csrf_token": csrf_from(page.text)})
    assert response.status_code == 302
    assert len(_game(app, game).rounds) == 1
    followed = client.get(f"/games/{game}")
    assert "Undid: Hand 2 recorded" in followed.text
    client.post(f"/games/{game}/undo", data={"csrf_token": csrf_from(page.text)})
    response = client.post(
        f"/games/{game}/undo", data={"csrf_token": csrf_from(page.text)}, follow_redirects=True
    )
    assert "Nothing undone" in response.text


def test_history_page_shows_changes(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    _record(app, game, {"points": [5, 1]})
    with app.app_context():
        services.update_round(services.get_game(game), 1, {"points": [6, 1]})
        db.session.commit()
    page = client.get(f"/games/{game}/history").text
    assert (
        page.index("Hand 1 corrected") < page.index("Hand 1 recorded") < page.index("Game of Tally started")
    )
    assert "&#34;points&#34;" in page or '"points"' in page


def test_rematch_route(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"], opt_target="40", first_dealer="1")
    page = client.get(f"/games/{game}")
    response = client.post(f"/games/{game}/rematch", data={"csrf_token": csrf_from(page.text)})
    assert response.status_code == 302
    new_id = response.headers["Location"].split("/")[-1]
    assert new_id != game
    old, new = _game(app, game), _game(app, new_id)
    assert (new.names, new.options, new.first_dealer) == (old.names, old.options, old.first_dealer)
    assert secret_cookie(client, new_id)


def test_delete_with_confirmation(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    confirm = client.get(f"/games/{game}/delete")
    assert confirm.status_code == 200 and "Yes, delete the game" in confirm.text
    assert _game(app, game)  # the GET deletes nothing
    response = client.post(f"/games/{game}/delete", data={"csrf_token": csrf_from(confirm.text)})
    assert response.status_code == 302
    assert client.get(f"/games/{game}").status_code == 404
    assert client.get_cookie(f"sk_edit_{game}") is None


def test_unknown_game_is_404(client):
    for path in ("/games/nope", "/games/nope/share", "/games/nope/history", "/games/nope/join/x"):
        assert client.get(path).status_code == 404


def test_hand_links_point_at_the_rounds_blueprint(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    _record(app, game, {"points": [5, 1]})
    page = client.get(f"/games/{game}").text
    if "rounds.new" not in app.view_functions:
        pytest.skip("the rounds blueprint is not installed")
    with app.test_request_context():
        from flask import url_for

        assert url_for("rounds.new", public_id=game) in page
        assert url_for("rounds.edit", public_id=game, number=1) in page
        assert url_for("rounds.delete", public_id=game, number=1) in page


def test_stored_hand_the_engine_now_refuses_still_shows_the_page(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    _record(app, game, {"points": [5, 1]}, {"points": [1, 1]})
    with app.app_context():  # simulate a rules change: hand 2 no longer scores
        g = services.get_game(game)
        g.rounds[1].facts = {"points": [1, -1]}
        db.session.commit()
    page = client.get(f"/games/{game}")
    assert page.status_code == 200
    assert "Some hands could not be scored" in page.text and "TL-1" in page.text


def test_follower_page_follows_every_change(app, client, tally):
    """Followers get a kept rendering of the page; every change to the game shows at once."""
    game = start_game(client, tally, ["Ann", "Bob"])
    follower = app.test_client()
    _record(app, game, {"points": [5, 1]})
    first = follower.get(f"/games/{game}").text
    assert follower.get(f"/games/{game}").text == first  # same game, same page
    assert '<span class="total"><bdi dir="ltr">5</bdi></span>' in first
    _record(app, game, {"points": [7, 1]})
    assert '<span class="total"><bdi dir="ltr">12</bdi></span>' in follower.get(f"/games/{game}").text
    with app.app_context():
        services.undo_last_change(services.get_game(game))
        db.session.commit()
    assert '<span class="total"><bdi dir="ltr">5</bdi></span>' in follower.get(f"/games/{game}").text
    # the editor's own page is never the follower's
    assert "Rematch" in client.get(f"/games/{game}").text


def test_games_list_offers_rematch_and_delete_to_editors_only(app, client, tally):
    game = start_game(client, tally, ["Ann", "Bob"])
    mine = client.get("/games/").text
    assert f'action="/games/{game}/rematch"' in mine and f'href="/games/{game}/delete"' in mine
    theirs = app.test_client().get("/games/").text
    assert f"/games/{game}" in theirs and f"/games/{game}/rematch" not in theirs
    response = client.post(f"/games/{game}/rematch", data={"csrf_token": csrf_from(mine)})
    assert response.status_code == 302
    assert client.get("/games/").text.count('class="game-item"') == 2


def test_a_game_for_many_players_shows_six_seats_and_folds_the_rest(client):
    """A points game takes 20 players: six seats show and the others fold under "More players",
    which opens by itself when a seat past the sixth holds a name or an error (walk-through of
    7 December: 20 fields at once were a long scroll on a phone)."""
    page = client.get("/games/new/points").text
    folded = page[page.index('<details class="more-seats">') :]
    assert "More players (seats 7–20)" in folded
    assert all(f'name="player_{seat}"' not in folded for seat in range(6))
    assert all(f'name="player_{seat}"' in folded for seat in range(6, 20))
    four = client.get("/games/new/rummikub").text
    assert "more-seats" not in four and 'name="player_3"' in four
    token = csrf_from(page)
    # seats 1 to 6 and 8 filled, 7 left empty, and seat 8's name the same as seat 2's: refused, and
    # the folded seats open to show it
    data = {"csrf_token": token, **{f"player_{s}": f"P{s}" for s in range(6)}, "player_7": "P1"}
    refused = client.post("/games/new/points", data=data)
    assert refused.status_code == 422 and '<details class="more-seats" open>' in refused.text
    assert 'id="player_7"' in refused.text.split('<details class="more-seats" open>', 1)[1]
