"""The text of the files ``make variant`` writes (scripts/new_variant.py): a small working points game
of the project's own rule family ({F}-1..{F}-3), each file a ``str.format`` template of the variant's
spellings (``name``, ``slug``, ``module``, ``cls``, ``F`` its rule family, ``key`` its message keys).
"""

# ruff: noqa: E501

ENGINE = '''"""{name}: each player's points per hand, first to the target wins ({F}-1..{F}-3).

Made by ``make variant`` (scripts/new_variant.py): the project's own rules ({F}, not RULES.md's);
put the game's own in their place (docs/adding-a-variant.md). A hand's facts::

    {{"players": [{{"points": 25}}, {{}}]}}

>>> from scorekeeper.rules import score_game
>>> score_game("{slug}", [{{"players": [{{"points": 60}}, {{"points": 40}}]}}], players=2).totals
(60, 40)
"""

from __future__ import annotations

from .base import Variant
from .cards import Notation
from .errors import RoundError, RulesError
from .facts import Count
from .hand_changes import points_only
from .hand_shapes import seats
from .options import Option
from .reasons import say
from .registry import own_messages, register
from .samples import Samples
from .scoring import RoundOutcome
from .table_counts import no_counts

#: the most points one player may score in one hand ({F}-2)
MOST_POINTS = 10_000


@register
class {cls}(Variant):
    slug = "{slug}"
    name = "{name}"
    summary = "{name}: each player's points per hand, first to the target wins."
    min_players, max_players = 2, 6  # {F}-1
    rules_home, own_rules = ("{F}",), True
    messages = own_messages(
        {{
            "{key}.not_cards": "no cards: {name} keeps each player's points only",
            "{key}.nothing": "{F}-2: type at least one player's points",
        }}
    )
    notation = Notation("{slug}", ranks={{}}, accepted=say("{key}.not_cards"))
    table_counts = staticmethod(no_counts)
    hand_changes = staticmethod(points_only)  # a correction changes only points (rules/hand_changes.py)
    part_kind = None  # the editor enters each hand; no own-phone parts (docs/adding-a-variant.md)
    entered_rule, nothing_entered = "{F}-2", "{key}.nothing"
    facts_shape = seats(
        2, 6, {{"points": Count("the player's points this hand ({F}-2)", low=0, high=MOST_POINTS)}}
    )
    option_spec = (
        Option("target", "int", 100, "The first total to reach this wins", rule="{F}-3", low=1, high=MOST_POINTS),
    )
    samples = Samples(
        hand={{"players": [{{"points": 25}}, {{"points": 10}}]}},
        other_hand={{"players": [{{"points": 0}}, {{"points": 30}}]}},
        form={{"players.0.points": "25"}},  # {F}-2: Bob left empty scores 0
        form_totals=(25, 0),
        page_hand={{"players": [{{"points": 25}}, {{"points": 10}}]}},
        sheet_widest=("10000", "99999"),  # a hand's most points, a long game's total
    )

    def check(self, cards, extend, opts):
        raise RulesError(say("{key}.not_cards"))

    def hand(self, cards, opts):
        raise RulesError(say("{key}.not_cards"))

    def score_round(self, facts, game, dealer, opts) -> RoundOutcome:
        """{F}-2: each player's points are added to their total (left out: 0); someone's points."""
        entries = self.seat_entries(facts, game.players)
        given = [e.get("points") for e in entries]
        if all(p in (None, "") for p in given):
            raise RoundError([("players", say("{key}.nothing"))])
        changes = tuple(
            0 if p in (None, "") else self.count(p, f"players.{{i}}.points", low=0, high=MOST_POINTS, what="points")
            for i, p in enumerate(given)
        )
        return RoundOutcome(changes=changes, progress=tuple({{}} for _ in entries), details={{}})

    def is_over(self, game, outcome, opts):
        """{F}-3: the game ends after the hand in which a total reaches the target."""
        return any(t >= opts["target"] for t in game.totals)
'''

RULEBOOK = '''"""{name}: the project's own rules ({F}-1..{F}-3), in our words."""

from __future__ import annotations

from .book import N_, Rule, Rulebook, Section
from .common import COMMON_SECTION

BOOK = Rulebook(
    slug="{slug}",
    name="{name}",
    lead=N_("{name}: keep each player's points, hand after hand, until someone reaches the target."),
    sections=(
        Section(
            "overview",
            rules=(
                Rule(
                    "{F}-1",
                    N_("Players"),
                    N_("From 2 to 6 players, named in seat order; no cards to check, only points."),
                ),
            ),
        ),
        Section(
            "scoring",
            rules=(
                Rule(
                    "{F}-2",
                    N_("Points each hand"),
                    N_(
                        "After each hand, type what every player scored; a player left empty scores 0 "
                        "that hand, and a hand needs someone's points."
                    ),
                ),
            ),
        ),
        Section(
            "end",
            rules=(
                Rule(
                    "{F}-3",
                    N_("When the game ends"),
                    N_(
                        "Once a total reaches the target (100 unless you set another), that hand is the "
                        "last; the highest total wins, and equal totals share a place."
                    ),
                ),
            ),
        ),
        COMMON_SECTION,
    ),
    digest={{
        "Card values": (N_("No cards here: each player's points per hand"),),
        "Melds": (N_("Play by the game's own rules"),),
        "Scoring": (N_("Type each player's points; empty: 0"),),
        "End of game": (N_("At the target; the highest total wins"),),
    }},
)
'''

ENTRY = '''"""{name}'s hand entry ({F}-2): each player's points, a whole number in one field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import HandContext, HandEntry, Submission


class {cls}Entry(HandEntry):
    """Points per player ({F}-2); whether nothing was entered is the engine's to refuse."""

    template = "rounds/{module}.html"

    def from_facts(self, facts: Mapping[str, Any], ctx: HandContext) -> dict[str, Any]:
        entries = enumerate(facts.get("players") or ())
        return {{f"players.{{i}}.points": str(e["points"]) for i, e in entries if e.get("points") is not None}}

    def parse(self, sub: Submission, ctx: HandContext) -> dict:
        players = []
        for i in ctx.seats:
            points = sub.number(f"{{sub.group(f'players.{{i}}')}}.points")
            players.append({{}} if points is None else {{"points": points}})
        return sub.finish({{"players": players}})
'''

TEMPLATE = """{{% extends "rounds/_form.html" %}}
{{% from "rounds/_macros.html" import field_errors %}}
{{% block meta %}}{{% trans trimmed round_word=game.variant|round_word, value="({F}-2)" | reason %}}Each player's points this {{{{ round_word }}}} {{{{ value }}}}.{{% endtrans %}}{{% endblock %}}
{{% block fields %}}
{{% for name in ctx.names %}}{{% set i = loop.index0 %}}{{% set f = 'players.' ~ i ~ '.points' %}}
<div class="number-field" id="players.{{{{ i }}}}">
  <label for="f-{{{{ f }}}}">{{{{ name }}}}</label>
  <input id="f-{{{{ f }}}}" name="{{{{ f }}}}" value="{{{{ values.get(f, '') }}}}" inputmode="numeric" autocomplete="off" maxlength="6">
  {{{{ field_errors(errors, 'players.' ~ i) }}}}{{{{ field_errors(errors, f) }}}}
</div>
{{% endfor %}}
{{% endblock %}}
"""

LAYOUT = """

class {cls}Layout(Layout):
    per_player = (Column(N_("Points"), 11, "points this hand"), TOTAL)

    def key(self, slug, opts):
        return [
            (gettext("Points"), gettext("each player's points this hand; empty = 0 ({F}-2)")),
            (gettext("End"), gettext("a total reaching %(target)s wins ({F}-3)", target=opts["target"])),
        ]

    def cells(self, r, seat):
        return [str(r.changes[seat]), str(r.totals[seat])]
"""

PROFILE = """        Profile("{slug}", {cls}Entry(), {cls}Layout(), None, None, TableFigures(no_figures, None)),
"""

RULES_TESTS = '''"""{name} ({F}-1..{F}-3) through the engine's public surface."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RoundError, find_variant, score_game


def _game(*hands, players=2, **options):
    rounds = [{{"players": [{{}} if p is None else {{"points": p}} for p in hand]}} for hand in hands]
    return score_game("{slug}", rounds, players=players, options=options)


@pytest.mark.parametrize("players", [2, 6], ids=["{F}-1-two", "{F}-1-six"])
def test_two_to_six_players(players):
    v = find_variant("{slug}")
    assert (v.min_players, v.max_players) == (2, 6)
    assert _game([5] * players, players=players).totals == (5,) * players


def test_points_add_up_and_empty_is_zero():
    """{F}-2: each hand's points add to the totals; a player left empty scores 0."""
    assert _game([25, None], [10, 30]).totals == (35, 30)


def test_a_hand_needs_someones_points():
    """{F}-2: a hand with nobody's points is refused, the game unchanged."""
    with pytest.raises(RoundError, match="{F}-2"):
        _game([None, None])


def test_the_first_to_the_target_wins():
    """{F}-3: the game ends after the hand in which a total reaches the target."""
    assert not _game([60, 40]).finished
    game = _game([60, 40], [50, 10])
    assert game.finished and game.winners == (0,)
    assert _game([30, 0], target=30).finished
'''

WEB_TESTS = '''"""{name}: a whole game through the hand form and through the API ({F}-2, {F}-3)."""

from __future__ import annotations

from .rounds_support import error_at, new_game, rounds_url, submit, text, totals


def test_a_game_through_the_form_to_the_target(app, client):
    """{F}-2, {F}-3: points typed per player; empty counts 0; the game ends at the target."""
    game = new_game(app, client, "{slug}", options={{"target": 50}})
    submit(client, rounds_url(game), {{"players.0.points": "30", "players.1.points": "10"}})
    submit(client, rounds_url(game), {{"players.0.points": "25"}})
    assert totals(client, game) == [55, 10]
    assert "Ann" in text(client.get(f"/games/{{game}}"))


def test_a_hand_without_points_is_refused_at_the_form(app, client):
    """{F}-2: nothing typed is refused with the rule's sentence; nothing is recorded."""
    game = new_game(app, client, "{slug}")
    response = submit(client, rounds_url(game), {{"players.1.points": "x"}})
    assert "not a whole number" in error_at(response, "players.1.points")
    assert totals(client, game) == [0, 0]


def test_a_game_through_the_api(client):
    created = client.post("/api/v1/games", json={{"variant": "{slug}", "players": ["Ann", "Bob"]}}).get_json()
    bearer = {{"Authorization": f"Bearer {{created['secret']}}"}}
    path = f"/api/v1/games/{{created['id']}}/rounds"
    assert client.post(path, json={{"players": [{{"points": 70}}, {{}}]}}, headers=bearer).status_code == 201
    answer = client.post(path, json={{"players": [{{"points": 30}}, {{"points": 5}}]}}, headers=bearer).get_json()
    game = answer["game"]
    assert [p["total"] for p in game["players"]] == [100, 5] and game["status"] == "finished"  # {F}-3
'''
