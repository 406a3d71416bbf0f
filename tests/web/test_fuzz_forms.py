"""No request can produce a 500: odd values posted to every HTML form, odd query strings.

Hypothesis fills the forms players use (new game, a hand of each variant,
its correction, the checker's query string, the Print page) with huge and
negative numbers, unicode digits, markup, empty and repeated fields, and
names the form does not have. Every answer must be below 500, and a form
that was refused must leave the game (and the list of games) as it was.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.rules import variants
from scorekeeper.storage.extensions import db

from .game_support import csrf_from
from .rounds_support import new_game, rounds_url, submit, token
from .test_rounds_routes import SIMPLE_HANDS

VARIANTS = {v["slug"]: v for v in variants()}
FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

#: values people (and scripts) really type, and the ones that break parsers
ODD_TABLE = [
    "",
    " ",
    "0",
    "1",
    "2",
    "3",
    "-1",
    "-0",
    "+1",
    "01",
    "99",
    "1.5",
    "1e9",
    "0x10",
    "NaN",
    "inf",
    str(10**30),
    "9" * 5000,
    "²",
    "٣",
    "½",
    "Ⅻ",
    "𝟗",
    "\x00",
    "\u202e",
    "💥",
    "none",
    "null",
    "y",
    "on",
    "true",
    "[]",
    "{}",
    "<script>alert(1)</script>",
    "3 12 W",
    "7 7 W | 8 8 8",
    "R5 J",
    "K13 K13 K13",
    "KH KS KD",
    "3H 4H 5H",
    "A♠",
    "10",
    "13",
    "14",
    "W W W W W W W W W",
    "single",
    "double",
    "match",
    "book of 3",
    "2 books of 3; run of 99",
]
ODD_VALUES = st.one_of(
    st.sampled_from(ODD_TABLE), st.integers(-(10**20), 10**20).map(str), st.text(max_size=20)
)
FIELD_VALUE = st.one_of(ODD_VALUES, st.lists(ODD_VALUES, min_size=2, max_size=3))  # lists: repeated fields
ODD_NAMES = st.sampled_from(
    [
        "players.0.hand",
        "players.9.hand",
        "players.-1.hand",
        "players.x.points",
        "players.0.step",
        "players.0.counts.low",
        "players.1.kinds",
        "turns.0.player",
        "turns.0.melds.0.cards",
        "turns.0.melds.0.extend",
        "turns.99999999999999999999.melds.0.cards",
        "turns.0.melds.9.kind",
        "face_up.0",
        "face_up.7",
        "winner",
        "went_out",
        "action",
        "player_0",
        "player_9",
        "first_dealer",
        "opt_target",
        "opt_steps",
        "opt_rounds",
        "opt_scoring",
        "opt_nope",
        "csrf_token",
    ]
)
NAME = re.compile(r'name="([^"]+)"')


def _field_names(html: str) -> list[str]:
    return sorted({n for n in NAME.findall(html) if n != "csrf_token"})


def _form(names: list[str]):
    """Some of the form's own fields and some it does not have, each with an odd value."""
    own = st.dictionaries(st.sampled_from(names), FIELD_VALUE, max_size=len(names)) if names else st.just({})
    return st.tuples(own, st.dictionaries(ODD_NAMES, FIELD_VALUE, max_size=4)).map(
        lambda pair: {**pair[0], **pair[1]}
    )


def _snapshot(app) -> list:
    with app.app_context():
        db.session.expire_all()
        return [
            (
                g.public_id,
                g.status,
                g.updated_at,
                [(r.number, r.facts) for r in g.rounds],
                len(g.audit_entries),
            )
            for g in services.list_games()
        ]


def _post(app, client, url: str, data: dict, csrf: str):
    """Post ``data`` with a valid CSRF token; below 500, and nothing changed unless it was accepted."""
    before = _snapshot(app)
    response = client.post(url, data={**data, "csrf_token": csrf})
    assert response.status_code < 500, (url, data, response.get_data(as_text=True)[:500])
    if response.status_code != 302:
        assert _snapshot(app) == before, (url, data, response.status_code)
    else:  # whatever was accepted, the pages showing it must still work
        for page in _pages_of(response.headers["Location"].removesuffix("/rounds/new")):
            shown = client.get(page)
            assert shown.status_code < 500, (url, data, page, shown.get_data(as_text=True)[:500])
    return response


def _pages_of(location: str) -> list[str]:
    """The game page a form redirected to, its history and its API view."""
    public_id = location.rstrip("/").split("/")[-1]
    return [location, f"/games/{public_id}/history", f"/api/v1/games/{public_id}"]


@pytest.mark.parametrize("slug", list(VARIANTS))
def test_new_game_form_never_fails(app, client, slug):
    url = f"/games/new/{slug}"
    page = client.get(url).get_data(as_text=True)
    csrf = csrf_from(page)
    names = _field_names(page)

    @FUZZ
    @given(_form(names))
    def post(data):
        _post(app, client, url, data, csrf)

    post()


@pytest.mark.parametrize("slug", list(SIMPLE_HANDS))
def test_hand_forms_never_fail(app, client, slug):
    """The next hand's form and the correction of hand 1 (with the other fields of that form)."""
    game = new_game(app, client, slug)
    hand, _ = SIMPLE_HANDS[slug]
    assert submit(client, rounds_url(game), hand, follow=False).status_code == 302
    urls = [rounds_url(game), rounds_url(game, "1/edit")] + (
        [rounds_url(game, "end")] if slug == "crib-rummy" else []
    )
    names = sorted({n for u in urls[:2] for n in _field_names(client.get(u).get_data(as_text=True))})
    csrf = token(client, rounds_url(game, "1/edit"))

    near_legal = _form(names).map(lambda odd: {**hand, **odd})  # a legal hand with a few odd fields

    @FUZZ
    @given(st.sampled_from(urls), st.one_of(_form(names), near_legal))
    def post(url, data):
        _post(app, client, url, data, csrf)

    post()


@pytest.mark.parametrize("slug", list(SIMPLE_HANDS))
def test_each_odd_value_in_every_field_of_a_hand_form(app, client, slug):
    """Table-driven, so the classic breakers are tried every run: one value in all fields at once."""
    game = new_game(app, client, slug)
    _hand, _ = SIMPLE_HANDS[slug]
    names = _field_names(client.get(rounds_url(game)).get_data(as_text=True))
    csrf = token(client, rounds_url(game))
    for value in ODD_TABLE:
        for repeated in (False, True):
            data = {name: [value, value] if repeated else value for name in names}
            if _post(app, client, rounds_url(game), data, csrf).status_code == 302:
                client.post(f"/games/{game}/undo", data={"csrf_token": csrf})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | ODD_VALUES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ODD_VALUES, inner, max_size=3),
    max_leaves=8,
)


@pytest.mark.parametrize("slug", ["krazy-bee", "crib-rummy", "crazy-rummy"])
def test_hand_preview_never_fails(app, client, slug):
    """The hand form's live preview (JSON): any body, any shape of ``form``, nothing saved."""
    game = new_game(app, client, slug)
    csrf = token(client, rounds_url(game))
    body = st.one_of(
        JSON,
        st.fixed_dictionaries(
            {"what": st.sampled_from(["hand", "check", "round", "x"])},
            optional={"cards": JSON, "extend": JSON, "wild": JSON, "form": JSON},
        ),
    )

    @FUZZ
    @given(body)
    def ask(payload):
        before = _snapshot(app)
        response = client.post(rounds_url(game, "preview"), json=payload, headers={"X-CSRFToken": csrf})
        assert response.status_code < 500, (payload, response.get_data(as_text=True)[:500])
        assert _snapshot(app) == before

    ask()


#: a typed total far past any real score, in each variant's own hand form
HUGE = "9" * 30
HUGE_HANDS = {
    "krazy-bee": {"players.0.laid": "1", "players.1.points": HUGE, "went_out": "0"},
    "rumbugz": {"winner": "0", "players.1.points": HUGE},
    "rummikub": {"winner": "0", "players.1.points": HUGE},
    "crib-rummy": {"turns.0.player": "1", "turns.0.pegs": HUGE},
    "crazy-rummy": {
        "face_up.0": "K",
        "face_up.1": "5",
        "went_out": "1",
        "players.1.board": "8 8 8",
        "players.0.points": HUGE,
    },
}


@pytest.mark.parametrize("slug", list(HUGE_HANDS))
def test_huge_typed_totals_are_refused_and_the_game_still_shows(app, client, slug):
    """A total past what any hand can score (issue 36: rules/bounds.py) is refused at its field with the
    typed hand kept, and the game's chart, board and sheet still answer, with no hand recorded."""
    game = new_game(app, client, slug)
    response = submit(client, rounds_url(game), HUGE_HANDS[slug], follow=False)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "No hand counts this much" in page and HUGE[:20] in page  # said, and what was typed kept
    for page in [*_pages_of(f"/games/{game}"), f"/print/game/{game}/sheet.pdf"]:
        assert client.get(page).status_code == 200, page
    assert HUGE[:20] not in client.get(f"/games/{game}").get_data(as_text=True)


@pytest.mark.parametrize("slug", list(VARIANTS))
def test_checker_query_strings_never_fail(app, client, slug):
    game = new_game(app, client, slug)
    keys = ["cards", "extend", "game", "action", "nope"] + [o["name"] for o in VARIANTS[slug]["options"]]

    @FUZZ
    @given(st.lists(st.tuples(st.sampled_from(keys), ODD_VALUES), max_size=6), st.booleans())
    def ask(pairs, from_game):
        pairs = pairs + ([("game", game)] if from_game else [])
        response = client.get(f"/check/{slug}", query_string=pairs)
        assert response.status_code < 500, (pairs, response.get_data(as_text=True)[:500])

    ask()


def test_print_form_never_fails(client):
    keys = ["kind", "variant", "players", "rows", "paper", "orientation", "steps", "target", "nope"]
    likely = {
        "kind": st.sampled_from(["sheet", "frames", "rules", "x", ""]),
        "variant": st.sampled_from([*VARIANTS, "tally", "", "../etc"]),
        "paper": st.sampled_from(["a4", "letter", "A3", ""]),
    }

    @settings(max_examples=25, deadline=None)
    @given(
        st.lists(
            st.sampled_from(keys).flatmap(
                lambda k: st.tuples(st.just(k), st.one_of(likely.get(k, ODD_VALUES), ODD_VALUES))
            ),
            max_size=7,
        )
    )
    def ask(pairs):
        response = client.get("/print/pdf", query_string=pairs)
        assert response.status_code < 500, (pairs, response.get_data(as_text=True)[:500])
        if response.status_code == 200:
            assert response.mimetype == "application/pdf"

    ask()


def test_a_form_of_too_many_fields_is_refused_before_it_is_parsed(app, client):
    """A urlencoded form is held to MAX_FORM_PARTS fields (1,000) as a multipart one is: 200,000
    empty fields in 2 MB took the worker 1.5 s of CPU to parse before the CSRF check refused them.
    It is a 413 in the reader's words, and nothing is started; a form of 999 odd fields still works."""
    csrf = csrf_from(client.get("/games/new/rummikub").get_data(as_text=True))
    fields = f"csrf_token={csrf}&player_0=Ann&player_1=Bob&"
    refused = client.post(
        "/games/new/rummikub",
        data=fields + "&" * 200_000,
        content_type="application/x-www-form-urlencoded",
    )
    assert refused.status_code == 413
    assert "The form has more fields than this server takes" in refused.get_data(as_text=True)
    with app.app_context():
        assert services.list_games() == []
    taken = client.post(
        "/games/new/rummikub",
        data=fields + "&".join(f"k{i}=v" for i in range(996)),
        content_type="application/x-www-form-urlencoded",
    )
    assert taken.status_code == 302, taken.get_data(as_text=True)[:300]
