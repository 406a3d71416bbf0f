"""Who went out when no button is pressed (the one player with nothing left in hand) is one rule with
two copies: the server's, which decides when the form sends no choice (``entry/players.py``
``went_out_or_empty_hand``), and the phone's, which presses the button as the player types
(``static/js/went-out.js``, offline too). Both read the same hand forms here, the real form of each
variant with the same fields typed, and must pick the same player (or nobody): the server through
the variant's own form reading, the phone's module in Node."""

from __future__ import annotations

import html
import re

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper import services
from scorekeeper.entry.base import Submission, context_for
from scorekeeper.profiles import entry_for

from .node_support import js_map, node_or_skip
from .rounds_support import new_game, rounds_url

NAMES = ("Ann", "Bob", "Cy")
#: each variant's hand form: a field of cards left, and how the form's choice is named
CARDS = {"krazy-bee": "hand", "rummikub": "rack", "crazy-rummy": "hand", "rumbugz": "hand"}
TYPED_CARDS = {"hand": "3 12", "rack": "R5 B7"}
#: the rest of a well-formed hand (Crazy Rummy's face-up cards: the dealer's sets the wild rank, CZ-1)
REST = {"crazy-rummy": {"face_up.0": "7", "face_up.1": "9", "face_up.2": "Q"}}
_INPUT = re.compile(r"<input\b([^>]*)>")
_ATTR = re.compile(r'(\w[\w-]*)(?:="([^"]*)")?')

#: what each seat typed, by the field's tail ("cards": the variant's cards field, "counts": every
#: count of a class), and the seat the rule picks (None: nobody); every hand here is well formed
CASES = [
    ([{}, {"points": "5"}, {"cards": True}], 0),  # a seat left empty
    ([{}, {}, {"points": "5"}], None),  # two left empty: nobody
    ([{"points": "0"}, {"points": "5"}, {"points": "3"}], 0),  # a total of 0: "she has nothing"
    ([{"points": "00"}, {"points": "5"}, {"points": "3"}], 0),
    ([{"points": " 0 "}, {"points": "5"}, {"cards": True}], 0),
    ([{"points": "0"}, {"points": "0"}, {"points": "4"}], None),  # two at 0: nobody
    ([{"points": "0"}, {}, {"points": "3"}], 1),  # a seat left empty first, before a 0
    ([{"cards": True}, {"points": "5"}, {"points": "10"}], None),  # everyone holds something
    ([{"points": "5"}, {"counts": "0"}, {"points": "3"}], 1),  # every count 0
    ([{"points": "5"}, {"counts.low": "0"}, {"points": "3"}], 1),  # one count 0, the rest empty
    ([{"points": "5"}, {"counts.low": "2"}, {"points": "0"}], 2),
    (
        [{"points": "10"}, {"points": "20"}, {"points": "0", "board_counts.low": "3"}],
        2,
    ),  # the board is not the hand
    ([{"board_counts.low": "3"}, {"points": "20"}, {"points": "7"}], 0),
    ([{"notes": "dealt late"}, {"points": "20"}, {"points": "7"}], 0),  # a note is not a card left
    ([{"bid": "2"}, {"points": "20"}, {"points": "7"}], 0),  # nor a bid (RumBugz)
]


@pytest.fixture(scope="module")
def node() -> str:
    return node_or_skip()


def _form_inputs(client, gid: str) -> list[dict[str, str]]:
    """The hand form's inputs of the players' fields, each as its attributes."""
    page = client.get(rounds_url(gid)).get_data(as_text=True)
    found = [{k: html.unescape(v or "") for k, v in _ATTR.findall(attrs)} for attrs in _INPUT.findall(page)]
    return [i for i in found if i.get("name", "").startswith("players.")]


def _typed(variant: str, seats: list[dict], inputs: list[dict]) -> dict[str, str] | None:
    """Each field's typed value by name; None when a case names a field this form lacks."""
    typed = {}
    for seat, fields in enumerate(seats):
        for tail, value in fields.items():
            if tail == "cards":
                tail, value = CARDS[variant], TYPED_CARDS[CARDS[variant]]
            tails = (
                [tail]
                if tail != "counts"
                else [
                    i["name"].split(".", 2)[2]
                    for i in inputs
                    if i["name"].startswith(f"players.{seat}.counts.")
                ]
            )
            names = [f"players.{seat}.{t}" for t in tails if t]
            if not names or any(n not in {i["name"] for i in inputs} for n in names):
                return None
            typed.update(dict.fromkeys(names, value))
    return typed


def _server_picks(app, gid: str, variant: str, inputs: list[dict], typed: dict[str, str]) -> int | None:
    """The seat the server reads as gone out from this form with no button pressed."""
    sent = MultiDict(REST.get(variant, {}))
    for field in inputs:
        kind = field.get("type", "text")
        if kind in ("radio", "checkbox"):
            if "checked" in field and not field["name"].endswith(("went_out", "winner")):
                sent.add(field["name"], field.get("value", "on"))
        else:
            sent.add(field["name"], typed.get(field["name"], field.get("value", "")))
    with app.app_context():
        game = services.get_game(gid)
        facts = entry_for(variant).parse(
            Submission(sent), context_for(game, before=services.game_score(game))
        )
    if variant == "krazy-bee":
        out = [seat for seat, entry in enumerate(facts["players"]) if entry["went_out"]]
        return out[0] if out else None
    return facts.get("winner", facts.get("went_out"))


def _phone_picks(node: str, forms: list[list[list[str]]]) -> list[str | None]:
    """went-out.js's seatWithNothingLeft over each form's [name, value] pairs, in Node."""
    return js_map(node, "went-out.js", "seatWithNothingLeft", forms)


@pytest.mark.parametrize("variant", sorted(CARDS))
def test_the_phone_and_the_server_pick_the_same_player_who_went_out(app, client, node, variant):
    gid = new_game(app, client, variant, names=NAMES)
    inputs = _form_inputs(client, gid)
    checked, forms = [], []
    for seats, picked in CASES:
        typed = _typed(variant, seats, inputs)
        if typed is None:
            continue  # this variant's form has no such field
        server = _server_picks(app, gid, variant, inputs, typed)
        assert server == picked, (variant, seats)
        checked.append((seats, server))
        forms.append([[i["name"], typed.get(i["name"], i.get("value", ""))] for i in inputs])
    phone = _phone_picks(node, forms)
    assert len(checked) >= 8, variant  # the cases this variant's form has the fields of
    for (seats, server), picked in zip(checked, phone, strict=True):
        assert picked == (None if server is None else str(server)), (variant, seats, server, picked)
