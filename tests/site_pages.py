"""Every page of the app, found by walking its url_map: the axe sweep and the page-wide checks use it.

Each GET route is built with real values: every variant's slug, a seeded game
of every variant (plus a Crib Rummy hand in play and a finished game) seen by
its editor and by a follower, hand 1 of each game, and a seeded table (a
finished and an unfinished game of its own, rulings of each kind) seen by one
of its phones and by a follower. A route whose first sample
answers anything but an HTML page (JSON, a PDF, a redirect, a static file) is
not a page. States no route reaches alone are added: checker verdicts (the tile
grid among them), whole turns and best plays, the Print page's form errors, a missing page, new-game forms
sent empty. A new route is covered as soon as it exists; a route with an
argument this module has no value for fails loudly, naming it.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask

from scorekeeper import services
from scorekeeper.checker.solving import tile_slugs
from scorekeeper.profiles import profile
from scorekeeper.rules import variants
from scorekeeper.services.tables import roster as tables
from scorekeeper.services.tables import rulings as table_rulings
from scorekeeper.services.tables.house_games import adopt_house_game
from scorekeeper.services.tables.new_games import start_game
from scorekeeper.storage.extensions import db
from tests.web.api_support import HANDS, OTHER_HANDS


@dataclass(frozen=True)
class Page:
    """One page to look at: its path, the edit secret the visit holds (None: a follower), and
    what is done first: the submit button pressed (the form sent as it is, to see its errors)
    or a control tapped (a field that opens the keypad)."""

    path: str
    secret: str | None = None
    submit: str | None = None
    tap: str | None = None
    #: the cookie that holds ``secret`` when the path does not say (a club night's pages: its table's)
    holder: str | None = None

    @property
    def public_id(self) -> str | None:
        parts = self.path.split("/")
        return (
            parts[2]
            if self.path.startswith("/games/") and len(parts) > 2 and parts[2] not in ("", "new")
            else None
        )

    @property
    def table_id(self) -> str | None:
        parts = self.path.split("?")[0].split("/")
        return (
            parts[2]
            if self.path.startswith("/tables/") and len(parts) > 2 and parts[2] not in ("", "new")
            else None
        )

    @property
    def cookie(self) -> str:
        """The cookie holding this visit's secret: the table's on a table page, else the game's."""
        if self.holder:
            return self.holder
        return f"sk_table_{self.table_id}" if self.table_id else f"sk_edit_{self.public_id}"

    @property
    def name(self) -> str:
        who = " (editor)" if self.secret else ""
        done = f" sent via {self.submit}" if self.submit else f" after tapping {self.tap}" if self.tap else ""
        return self.path + who + done


SLUGS = tuple(v["slug"] for v in variants())
#: the players' own words among the seeded table's rulings (a choice's note, a reading's question
#: and answer): shown as written, in any language
PLAYERS_WORDS = ("Three hands on a weeknight", "May a run wrap from K to A?", "No")
#: checker verdicts: legal, not legal with reasons, laying off, a hand count, the tile grids
VERDICTS = (
    "/check/krazy-bee?cards=7+7+7+%7C+3+4+5+6&step=2",
    "/check/krazy-bee?cards=3+4+5+6+%7C+7+8+9+10&step=run+of+4+%2B+run+of+4",
    "/check/rumbugz?cards=9&extend=1+2+3+4&kind=single",
    "/check/rummikub?cards=R1+B1+K1",
    "/check/crazy-tiles?cards=R12+R13+J",
    "/check/crazy-tiles?cards=K4+K5+K9+%2F+.+.+K10+%2F+.+.+K11",
    "/check/runny-tiles?cards=R1+R2+R3+%2F+G5+.+.",
    "/check/crib-rummy?cards=7H&extend=3H+4H+5H+6H",
    "/check/crib-rummy?cards=7H+JK+5S&action=hand",
    "/check/crazy-rummy?cards=8&extend=8+8+8",
    "/check/crazy-rummy?cards=8+7+7&wild=7",
)
#: whole turns (legal, not legal, a grid) and best plays (a tile table, a grid, each card game's hint)
SETTLED = (
    "/check/rummikub/turn?before=R5+R6+R7&rack=R8+K2&after=R5+R6+R7+R8",
    "/check/rummikub/turn?before=R5+R6+R7&rack=R8&after=R5+R6+%7C+R7+R8",
    "/check/runny-tiles/turn?before=R1+R2+R3&rack=R4&after=R1+R2+R3+R4",
    "/check/rummikub/best?rack=R7+R8+K2&table=R4+R5+R6",
    "/check/runny-tiles/best?rack=R7+R8+R9&table=R4+R5+R6",
    "/check/krazy-bee/best?rack=5+5+W+1+2+3+4+9&step=2",
    "/check/crib-rummy/best?rack=3H+4H+5H+6H+KS+KD&table=KH+KC+KD",
    "/check/rumbugz/best?rack=1+2+3+4+6+8+10+12+5+5+5+P&laid=single",
    "/check/crazy-rummy/best?rack=Q+Q+Q+7+7+5+5+9&table=5+5+5+K+K+K&wild=7",
)
EXTRA = (*VERDICTS, *SETTLED, "/print/pdf?kind=sheet&rows=lots", "/no-such-page")
#: the new-game form sent empty: every player field answers with its error
SENT_EMPTY = tuple(
    Page(f"/games/new/{slug}", submit="form.game-form button[type=submit]")
    for slug in ("krazy-bee", "rummikub")
)


def states(games: list[tuple[str, str]]) -> list[Page]:
    """Pages in a state no GET reaches: forms sent empty, and a hand's correction with the
    keypad open under a hand of cards (its chips shown)."""
    krazy_bee, secret = games[SLUGS.index("krazy-bee")]
    return [*SENT_EMPTY, Page(f"/games/{krazy_bee}/rounds/1/edit", secret, tap='[id="f-players.1.hand"]')]


def seed_games(app: Flask) -> list[tuple[str, str]]:
    """(public id, edit secret) of a game with one hand for every variant, a Crib Rummy
    hand in play and a finished RumBugz game."""
    seeds = [(slug, [HANDS[slug]], {}) for slug in SLUGS]
    seeds.append(
        (
            "crib-rummy",
            [
                {
                    "starter": 1,
                    "turns": [{"player": 1, "melds": [{"cards": "3H 4H 5H"}]}, {"player": 0, "pegs": 4}],
                    "end": None,
                }
            ],
            {},
        )
    )
    seeds.append(
        (
            "rumbugz",
            [
                {
                    "winner": 1,
                    "players": [
                        {"hand": "5 6"},
                        {"kinds": ["single", "double", "triple", "match"], "hand": ""},
                    ],
                }
            ],
            {"rounds": 1},
        )
    )
    games = []
    with app.app_context():
        for slug, hands, options in seeds:
            game, secret = services.create_game(slug, ["Ann", "Bob"], options)
            for facts in hands:
                services.record_round(game, facts)
            db.session.commit()
            games.append((game.public_id, secret))
    return games


def seed_tables(app: Flask) -> list[tuple[str, str, str, int]]:
    """(table id, table secret, id of its unfinished game, its house game's id) of a table of three: a finished
    Rummikub game, a Krazy Bee and a Rummikub game under way, an option choice and a reading
    among its rulings."""
    with app.app_context():
        table, secret = tables.create_table("Thursday club", ["Ann", "Bob", "Cy"])
        ann, bob, cy = table.members
        done, _ = start_game(table, secret, "rummikub", [ann, bob], {"rounds": 1})
        services.record_round(done, HANDS["rummikub"])
        steps, _ = start_game(table, secret, "krazy-bee", [ann, cy])  # its Step figures and curve
        services.record_round(steps, HANDS["krazy-bee"])
        playing, _ = start_game(table, secret, "rummikub", [bob, cy], {"rounds": 2})
        services.record_round(playing, OTHER_HANDS["rummikub"])
        note, question, answer = PLAYERS_WORDS
        table_rulings.choose_option(table, "rummikub", "rounds", 3, note)
        table_rulings.record_reading(table, "krazy-bee", question, answer, "")
        house = adopt_house_game(table, "Five Crowns", "points", {"high_wins": False, "rounds": 11})
        db.session.commit()  # the house game is offered first on the new-game page
        return [(table.public_id, secret, playing.public_id, house.id)]


def seed_event(app: Flask, table_id: str, secret: str) -> str:
    """The public id of a club night of the seeded table (issue 39): its three players checked in, round
    1 drawn and set by the organiser with a reason, round 2 seated by standing and being played. Its
    words are the seeded ones (the pseudo-locale sweep counts any other English word as a leak)."""
    from datetime import date

    from scorekeeper.services import club

    with app.app_context():
        table = tables.get_table(table_id)
        event = club.create_event(table, name="Thursday", held_on=date(2026, 12, 3), variant="rummikub")
        club.check_in(event, ["Ann", "Bob", "Cy"])
        first = club.seat_next(event, secret, "draw", seed=123456)
        club.override(event, first.tables[0], [30, 10, -40], "Ann 30, Bob 10, Cy -40")
        club.seat_next(event, secret, "standing")
        db.session.commit()
        return event.public_id


def _event_samples(
    arguments: set[str], event_id: str, table_id: str, secret: str
) -> list[tuple[dict, str | None]]:
    """A club night's route (``/events/<public_id>/...``, the API's ``<event_id>``): the seeded
    evening, its round 1 and table 1, as its organiser (the table's phone) and as a follower."""
    values = {"public_id": event_id, "event_id": event_id, "number": 1, "table": 1, "name": "Ann"}
    if not arguments <= set(values):
        raise LookupError(f"tests/site_pages.py has no sample value for {sorted(arguments - set(values))}")
    values = {k: v for k, v in values.items() if k in arguments}
    return [(values, secret), (values, None)]


def _table_samples(
    arguments: set[str], seeded: list[tuple[str, str, str, int]]
) -> list[tuple[dict, str | None]]:
    """A table route's values: each seeded table (its variant routes with Rummikub, its game routes
    with its unfinished game, its table link with the real secret), as a phone of it and as a follower."""
    samples = []
    for table_id, secret, game, hid in seeded:
        values = {
            "table_id": table_id,
            "variant": "rummikub",
            "public_id": game,
            "secret": secret,
            "hid": hid,
        }
        if not arguments <= set(values):
            raise LookupError(
                f"tests/site_pages.py has no sample value for {sorted(arguments - set(values))}"
            )
        values = {k: v for k, v in values.items() if k in arguments}
        samples += [(values, secret), (values, None)]
    return samples


def _samples(
    arguments: set[str], games: list[tuple[str, str]], seeded: list[tuple[str, str, str]]
) -> list[tuple[dict, str | None]]:
    """Every (URL values, edit secret) to build a route with: each variant, each game as its
    editor and as a follower, each table as its phone and as a follower."""
    if "table_id" in arguments:
        return _table_samples(arguments, seeded)
    if not arguments:
        return [({}, None)]
    if arguments == {"slug"}:  # the checker's pages: the variants with cards to check
        return [({"slug": slug}, None) for slug in SLUGS if profile(slug).checker is not None]
    if arguments == {"variant"}:
        return [({"variant": slug}, None) for slug in SLUGS]
    if arguments == {"code"}:  # the footer's language switch (scorekeeper/web/languages.py)
        return [({"code": "de"}, None), ({"code": "en"}, None)]
    if arguments == {"token"}:  # a PDF's waiting page (views/print_waiting.py): one no PDF has, a 404
        return [({"token": "x" * 32}, None)]
    if arguments == {"tile_slug"}:  # the whole-turn checker: the tile games only
        return [({"tile_slug": slug}, None) for slug in tile_slugs()]
    if arguments <= {"public_id", "number", "secret"}:
        samples = []
        for public_id, secret in games:
            values = {"public_id": public_id, "number": 1, "secret": secret}
            values = {k: v for k, v in values.items() if k in arguments}
            samples += [(values, secret), (values, None)]
        return samples
    raise LookupError(f"tests/site_pages.py has no sample value for {sorted(arguments)}: add one")


def _is_html_page(app: Flask, page: Page) -> tuple[bool, int]:
    """Whether ``page`` answers an HTML page (not a redirect), and its status."""
    client = app.test_client()
    if page.secret:
        client.set_cookie(page.cookie, page.secret)
    response = client.get(page.path)
    return response.mimetype == "text/html" and not 300 <= response.status_code < 400, response.status_code


def site_pages(app: Flask, games: list[tuple[str, str]]) -> list[Page]:
    """Every HTML page of the app: each GET route with every sample, then :data:`EXTRA` and
    :func:`states`. A route is judged by its first sample (editor and follower apart); a
    follower refused (4xx) a route is looked at once, not once per game. The table is seeded
    here (:func:`seed_tables`), with its game's page and an adopted verdict's confirmation."""
    seeded = seed_tables(app)
    event_id = seed_event(app, seeded[0][0], seeded[0][1])
    urls = app.url_map.bind("localhost")
    pages: list[Page] = []
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        verdicts: dict[bool, tuple[bool, int]] = {}
        club = "/events/" in rule.rule and "table_id" not in rule.arguments
        samples = (
            _event_samples(set(rule.arguments), event_id, *seeded[0][:2])
            if club
            else _samples(set(rule.arguments), games, seeded)
        )
        for values, secret in samples:
            holder = f"sk_table_{seeded[0][0]}" if club and secret else None
            page, editor = Page(urls.build(rule.endpoint, values), secret, holder=holder), secret is not None
            if editor not in verdicts:
                verdicts[editor] = _is_html_page(app, page)
            elif verdicts[editor][1] >= 400:
                continue
            if verdicts[editor][0]:
                pages.append(page)
    table_id, secret, game, _ = seeded[0]
    adopt = f"/tables/{table_id}/rulings/adopt?{VERDICTS[0].split('?', 1)[1]}&variant=krazy-bee"
    table_states = [
        Page(f"/games/{game}"),  # a table's game names its table and links its rulings
        Page(adopt, secret),
        Page(adopt),
        Page(f"/tables/{table_id}/player?name=Ann"),  # a player's games across kinds, their opponents
    ]
    every = pages + [Page(p) for p in EXTRA] + table_states + states(games)
    # a page listed twice is swept once: the sweeps' counts of pages seen would not add up
    twice = sorted({p.path for p in every if every.count(p) > 1})
    assert not twice, f"listed twice (a GET route's own sample already lists it): {twice}"
    return every
