"""Services: every change scored by the engine first, audited, undoable; bad input writes nothing."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.rules import OptionError, RoundError, RulesError, UnknownVariant, score_game
from scorekeeper.storage.extensions import db
from scorekeeper.storage.models import AuditEntry, Game, Round

from .tally import tally_registered


@pytest.fixture
def ctx(app):
    with app.app_context(), tally_registered():
        yield


def _facts(game):
    return [r.facts for r in sorted(game.rounds, key=lambda r: r.number)]


def _reload(public_id):
    db.session.commit()
    db.session.expire_all()
    return services.get_game(public_id)


def test_create_game_stores_hash_not_secret(ctx):
    game, secret = services.create_game("tally", ["Ann", "Bob", "Cy"], {"target": "50"}, first_dealer=2)
    game = _reload(game.public_id)
    assert game.names == ["Ann", "Bob", "Cy"]
    assert [p.seat for p in game.players] == [0, 1, 2]
    assert game.options == {"target": 50}  # validated, typed, check-only options left out
    assert game.first_dealer == 2 and game.status == "in_progress"
    assert secret not in game.secret_hash and len(game.secret_hash) == 64
    assert services.secret_matches(game, secret)
    assert not services.secret_matches(game, secret + "x")
    assert not services.secret_matches(game, None)
    assert game.audit_entries[0].action == "create"


@pytest.mark.parametrize(
    "names, options, dealer, error",
    [
        (["Ann"], {}, 0, RoundError),  # too few players
        (["A", "B", "C", "D", "E"], {}, 0, RoundError),  # too many
        (["Ann", ""], {}, 0, RoundError),  # a blank name
        (["Ann", "ann"], {}, 0, RoundError),  # two players with one name
        (["Ann", "x" * 41], {}, 0, RoundError),  # too long
        (["Ann", "Bob"], {}, 2, RoundError),  # dealer not a seat
        (["Ann", "Bob"], {"target": "0"}, 0, OptionError),  # option out of range
        (["Ann", "Bob"], {"colour": "red"}, 0, OptionError),  # unknown option
        (["Ann", "Bob"], {"kind": "a"}, 0, OptionError),  # a check-only option is not a game option
    ],
)
def test_create_game_rejects_bad_setup(ctx, names, options, dealer, error):
    with pytest.raises(error):
        services.create_game("tally", names, options, first_dealer=dealer)
    assert db.session.query(Game).count() == 0


def test_unknown_variant(ctx):
    with pytest.raises(UnknownVariant):
        services.create_game("whist", ["Ann", "Bob"])


def test_record_edit_delete_undo_round_trip(ctx):
    game, _ = services.create_game("tally", ["Ann", "Bob"], {"target": 100})
    services.record_round(game, {"points": [10, 5]})
    services.record_round(game, {"points": [1, 2]})
    services.record_round(game, {"points": [7, 7]})
    game = _reload(game.public_id)
    assert services.game_score(game).totals == (18, 14)

    services.update_round(game, 2, {"points": [3, 3]})
    game = _reload(game.public_id)
    assert services.game_score(game).totals == (20, 15)

    services.delete_round(game, 1)
    game = _reload(game.public_id)
    assert [r.number for r in game.rounds] == [1, 2]
    assert _facts(game) == [{"points": [3, 3]}, {"points": [7, 7]}]

    assert services.undo_last_change(game).startswith("Undid: Hand 1 deleted")
    game = _reload(game.public_id)
    assert _facts(game) == [{"points": [10, 5]}, {"points": [3, 3]}, {"points": [7, 7]}]

    assert "Hand 2 corrected" in services.undo_last_change(game)
    game = _reload(game.public_id)
    assert _facts(game) == [{"points": [10, 5]}, {"points": [1, 2]}, {"points": [7, 7]}]

    assert "Hand 3 recorded" in services.undo_last_change(game)
    game = _reload(game.public_id)
    assert _facts(game) == [{"points": [10, 5]}, {"points": [1, 2]}]
    assert services.game_score(game).totals == (11, 7)

    services.undo_last_change(game)
    services.undo_last_change(game)
    game = _reload(game.public_id)
    assert game.rounds == []
    with pytest.raises(services.NothingToUndo):
        services.undo_last_change(game)


def test_audit_trail_records_old_and_new(ctx):
    game, _ = services.create_game("tally", ["Ann", "Bob"])
    services.record_round(game, {"points": [4, 0]})
    services.update_round(game, 1, {"points": [5, 0]})
    services.delete_round(game, 1)
    game = _reload(game.public_id)
    entries = [(e.action, e.round_number, e.old, e.new) for e in game.audit_entries]
    assert entries[1:] == [
        ("record", 1, None, {"points": [4, 0]}),
        ("edit", 1, {"points": [4, 0]}, {"points": [5, 0]}),
        ("delete", 1, {"points": [5, 0]}, None),
    ]
    assert game.audit_entries[1].summary == "Hand 1 recorded: Ann +4, Bob 0"
    assert all(e.at is not None for e in game.audit_entries)


@pytest.mark.parametrize("change", ["record", "edit", "delete"])
def test_rejected_change_leaves_game_unchanged(ctx, change):
    game, _ = services.create_game("tally", ["Ann", "Bob"], {"target": 30})
    services.record_round(game, {"points": [10, 5]})
    services.record_round(game, {"points": [15, 5]})  # Ann 25
    game = _reload(game.public_id)
    before = (_facts(game), len(game.audit_entries), game.status, game.updated_at)
    with pytest.raises(RulesError):
        if change == "record":
            services.record_round(game, {"points": [1, -1]})  # TL-1: negative
        elif change == "edit":
            services.update_round(game, 1, {"points": [1]})  # wrong shape
        else:
            services.record_round(game, {"points": [0, 0], "hand": 3})
            game = _reload(game.public_id)
            before = (_facts(game), len(game.audit_entries), game.status, game.updated_at)
            services.delete_round(game, 1)  # TL-2: hand 3 would become 2
    db.session.rollback()
    game = _reload(game.public_id)
    assert (_facts(game), len(game.audit_entries), game.status, game.updated_at) == before


def test_status_cache_follows_the_engine(ctx):
    game, _ = services.create_game("tally", ["Ann", "Bob"], {"target": 20})
    services.record_round(game, {"points": [10, 0]})
    assert game.status == "in_progress"
    services.record_round(game, {"points": [10, 3]})
    assert game.status == "finished"
    assert services.game_score(game).winners == (0,)
    with pytest.raises(RoundError):
        services.record_round(game, {"points": [1, 1]})  # the game is over
    services.undo_last_change(game)
    assert game.status == "in_progress"
    services.update_round(game, 1, {"points": [25, 0]})
    assert game.status == "finished"


def test_game_score_is_the_engines(ctx):
    game, _ = services.create_game("tally", ["Ann", "Bob", "Cy"], {"target": 99}, first_dealer=1)
    rounds = [{"points": [1, 2, 3]}, {"points": [4, 0, 4]}]
    for facts in rounds:
        services.record_round(game, facts)
    expected = score_game("tally", rounds, players=3, first_dealer=1, options={"target": 99})
    assert services.game_score(game) == expected
    assert services.game_score(game, upto=1) == score_game(
        "tally", rounds[:1], players=3, first_dealer=1, options={"target": 99}
    )


def test_game_score_reuses_the_changes_score_only_while_the_game_is_as_scored(ctx):
    game, _ = services.create_game("tally", ["Ann", "Bob"], {"target": 99})
    services.record_round(game, {"points": [1, 2]})
    kept = services.game_score(game)
    assert services.game_score(game) is kept  # the record's own score, not a second engine run
    assert kept == score_game("tally", [{"points": [1, 2]}], players=2, options={"target": 99})
    db.session.commit()
    assert services.game_score(game) is kept  # the same hands read back after the commit
    game.rounds[0].facts = {"points": [5, 5]}  # changed behind the services' back
    assert services.game_score(game).totals == (5, 5)
    game.rounds[0].facts = {"points": [1, 2]}
    game.options = {"target": 2}
    assert services.game_score(game).finished and not kept.finished


def test_facts_must_be_plain_json(ctx):
    game, _ = services.create_game("tally", ["Ann", "Bob"])
    with pytest.raises(RoundError):
        services.record_round(game, {"points": [1, {2}]})
    with pytest.raises(RoundError):
        services.record_round(game, ["not", "a", "dict"])
    assert db.session.query(Round).count() == 0


def test_missing_game_or_hand_is_a_domain_error_not_an_http_abort(ctx):
    """The services say what is missing in the table's words; the one error handler makes it a 404."""
    from werkzeug.exceptions import HTTPException

    game, _ = services.create_game("tally", ["Ann", "Bob"])
    with pytest.raises(services.HandNotFound, match="no hand 3") as err:
        services.update_round(game, 3, {"points": [1, 1]})
    assert not isinstance(err.value, HTTPException)
    with pytest.raises(services.HandNotFound):
        services.delete_round(game, 1)
    with pytest.raises(services.GameNotFound, match="no game at this address"):
        services.get_game("nope")


def test_rematch_and_delete_game(ctx):
    game, secret = services.create_game("tally", ["Ann", "Bob"], {"target": 40}, first_dealer=1)
    services.record_round(game, {"points": [1, 1]})
    again, other = services.rematch(game)
    assert (again.names, again.options, again.first_dealer, again.rounds) == (
        ["Ann", "Bob"],
        {"target": 40},
        1,
        [],
    )
    assert again.public_id != game.public_id and other != secret
    services.delete_game(game)
    db.session.commit()
    assert db.session.query(Game).count() == 1
    assert db.session.query(AuditEntry).filter_by(game_id=game.id).count() == 0
    assert db.session.query(Round).count() == 0


def test_two_phones_recording_at_once(app, ctx):
    game, _ = services.create_game("tally", ["Ann", "Bob"])
    db.session.commit()
    mine = services.get_game(game.public_id)
    assert mine.rounds == []
    with app.app_context():  # another phone, its own session, gets there first
        theirs = services.get_game(game.public_id)
        services.record_round(theirs, {"points": [1, 1]})
        db.session.commit()
    with pytest.raises(services.ConcurrentChange):
        services.record_round(mine, {"points": [9, 9]})
    game = _reload(game.public_id)
    assert _facts(game) == [{"points": [1, 1]}]


@pytest.mark.parametrize("name", ["A\x00nn", "Bo\x07b", "Cy\x1b[31m"])
def test_names_with_control_characters_are_refused(app, name):
    with app.app_context():
        with pytest.raises(services.SetupError) as err:
            services.create_game("rummikub", [name, "Di"], {})
        assert err.value.errors == [("players.0", "a name cannot hold control characters")]


def test_the_next_request_scores_only_what_is_new(ctx, monkeypatch):
    """The last scores of a game stay in the process: a request that loads the game afresh gets the
    whole game's score without the engine running over every hand again, and never a stale one."""
    from scorekeeper.services import scores

    game, _ = services.create_game("tally", ["Ann", "Bob"], {"target": 99})
    for points in ([1, 2], [3, 4], [5, 6]):
        services.record_round(game, {"points": points})
    db.session.commit()
    public_id, expected = game.public_id, services.game_score(game)
    runs = []
    real = scores.score_game
    monkeypatch.setattr(scores, "score_game", lambda *a, **kw: runs.append(a) or real(*a, **kw))
    db.session.remove()  # the next request: a new session, the game read from the database
    again = services.get_game(public_id)
    assert not hasattr(again, services.SCORED) and services.game_score(again) == expected and runs == []
    assert services.game_score(again, upto=2).totals == (4, 6) and runs == []  # the one before: kept too
    assert services.game_score(again, upto=1).totals == (1, 2) and len(runs) == 1  # not kept: scored
    db.session.remove()
    changed = services.get_game(public_id)
    changed.rounds[0].facts = {"points": [10, 0]}  # changed elsewhere: the kept score no longer matches
    assert services.game_score(changed).totals == (18, 10) and len(runs) == 2
