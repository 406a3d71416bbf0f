"""One change, exactly once: a real server driven from several clients at once (issue 17, section 2).

A Hypothesis state machine keeps the model of one game (its hands, the changes
undo would walk back, the undos redo would take back) and at each step sends
two or three changes at the same moment from as many clients (threads, each
with its own connection and cookies) to the production server (gunicorn, two
gevent workers): record, correct and delete through the API (with or without
``If-Match``), undo and redo through the game page's forms (with their hidden
version field). Every answer is one the document allows (never a 500); each
accepted change moved the game one version on, so the versions order them and
the model applies them in that order. After every step the game holds exactly
the model's hands (each acknowledged change there once, none invented or lost)
and its change log walks back to an empty game; at the end undo itself does.
"""

from __future__ import annotations

import json
import re
import threading

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from .table_server import Client, running

KINDS = ("record", "correct", "delete", "undo", "redo")
CLIENTS = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running(tmp_path_factory.mktemp("races")) as root:
        yield root


def _tag(headers: dict) -> int:
    return int(re.fullmatch(r'"v(\d+)"', headers["ETag"]).group(1))


def walk_back(hands: list, audit: list) -> list:
    """The hands left after undoing, newest first, every change of ``audit`` not yet undone
    (AssertionError when one does not match the hands it would reverse)."""
    hands = list(hands)
    for entry in reversed(
        [a for a in audit if a["action"] in ("record", "edit", "delete") and not a["undone"]]
    ):
        n = entry["round_number"]
        if entry["action"] == "record":
            assert hands[n - 1] == entry["new"], entry
            del hands[n - 1]
        elif entry["action"] == "edit":
            assert hands[n - 1] == entry["new"], entry
            hands[n - 1] = entry["old"]
        else:
            hands.insert(n - 1, entry["old"])
    return hands


class Races(RuleBasedStateMachine):
    """The model: ``hands`` (facts as stored), ``applied`` (changes undo walks back, newest last),
    ``undone`` (changes redo applies again, the next one last) and ``version``."""

    root: str = ""

    @initialize()
    def new_game(self):
        self.api = Client(self.root)
        status, _, text = self.api.call(
            "POST", "/api/v1/games", {"variant": "rummikub", "players": ["Ann", "Bob"]}
        )
        assert status == 201, text
        created = json.loads(text)
        self.id, secret = created["id"], created["secret"]
        self.bearer = {"Authorization": f"Bearer {secret}"}
        self.phones = []
        for _ in range(CLIENTS):
            phone = Client(self.root)
            assert phone.call("GET", f"/games/{self.id}/join/{secret}")[0] == 200
            phone.token = phone.csrf(f"/games/{self.id}")
            self.phones.append(phone)
        self.hands, self.applied, self.undone, self.version, self.made = [], [], [], 0, 0

    def _facts(self) -> dict:
        """A hand no other hand of the game has (so a hand kept twice shows)."""
        self.made += 1
        return {
            "winner": 0,
            "players": [{"rack": ""}, {"rack": f"R{self.made % 13 + 1} B{self.made // 13 + 1}"}],
        }

    @rule(
        moves=st.lists(
            st.tuples(st.sampled_from(KINDS), st.integers(1, 4), st.booleans()), min_size=2, max_size=CLIENTS
        )
    )
    def at_once(self, moves):
        """Send ``moves`` (kind, hand number, with If-Match) from different clients at the same moment."""
        sent = [
            (kind, number, named, self._facts() if kind in ("record", "correct") else None)
            for kind, number, named in moves
        ]
        answers: list = [None] * len(sent)
        start = threading.Barrier(len(sent))

        def send(i: int):
            start.wait()
            answers[i] = self._send(self.phones[i], *sent[i])

        threads = [threading.Thread(target=send, args=(i,)) for i in range(len(sent))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        kept = sorted((a for a in answers if a is not None), key=lambda a: a[0])
        # each accepted change took the next version: none lost, none counted twice
        assert [v for v, *_ in kept] == list(range(self.version + 1, self.version + 1 + len(kept))), answers
        for version, kind, number, stored in kept:
            self._apply(kind, number, stored)
            self.version = version

    def _send(self, phone: Client, kind: str, number: int, named: bool, facts: dict | None):
        """One change; (the version it made, kind, hand number, facts stored) when it was kept, else None."""
        if kind in ("undo", "redo"):
            form = {"csrf_token": phone.token, "version": str(self.version)}
            status, _, page = phone.call("POST", f"/games/{self.id}/{kind}", form=form)
            assert status == 200, page  # the game page after the redirect, with what happened
            # this client's own flash: the page also announces the game's last change, which may be
            # another client's undo or redo of the same moment
            said = " ".join(re.findall(r'<li class="flash flash-\w+">(.*?)</li>', page, re.S))
            done = said.startswith("Undid: " if kind == "undo" else "Redid: ")
            assert done or ("Nothing undone" if kind == "undo" else "Nothing redone") in said, page
            return (self.version + 1, kind, None, None) if done else None
        headers = {**self.bearer, **({"If-Match": f'"v{self.version}"'} if named else {})}
        path = f"/api/v1/games/{self.id}/rounds"
        if kind == "record":
            status, answered, text = phone.call("POST", path, facts, headers)
        elif kind == "correct":
            status, answered, text = phone.call("PUT", f"{path}/{number}", facts, headers)
        else:
            status, answered, text = phone.call("DELETE", f"{path}/{number}", headers=headers)
        assert status in (200, 201, 404, 409, 422), (kind, status, text)
        if status == 409:
            body = json.loads(text)
            assert "conflict" in body or not named, body
            return None
        if status in (404, 422):  # no such hand (any more); the rules refuse it (a finished game)
            return None
        body = json.loads(text)
        assert body["game"]["version"] == _tag(answered)
        stored = body["round"]["facts"] if "round" in body else None
        number = body["round"]["number"] if "round" in body else body["deleted"]
        return _tag(answered), kind, number, stored

    def _apply(self, kind: str, number: int | None, stored: dict | None):
        if kind == "undo":
            change = self.applied.pop()
            self._do(*_inverse(change))
            self.undone.append(change)
        elif kind == "redo":
            change = self.undone.pop()
            self._do(*change)
            self.applied.append(change)
        else:
            old = None if kind == "record" else self.hands[number - 1]
            change = (kind, number, old, stored)
            self._do(*change)
            self.applied.append(change)
            self.undone.clear()

    def _do(self, kind: str, number: int, old, new):
        if kind == "record":
            self.hands.insert(number - 1, new)
        elif kind == "correct":
            assert self.hands[number - 1] == old
            self.hands[number - 1] = new
        else:
            assert self.hands[number - 1] == old
            del self.hands[number - 1]

    @invariant()
    def each_change_there_once_and_undo_walks_back_to_empty(self):
        status, headers, text = self.api.call("GET", f"/api/v1/games/{self.id}/export")
        assert status == 200
        export = json.loads(text)
        hands = [r["facts"] for r in export["rounds"]]
        assert hands == self.hands
        status, headers, text = self.api.call("GET", f"/api/v1/games/{self.id}")
        assert _tag(headers) == self.version == json.loads(text)["version"]
        assert walk_back(hands, export["audit"]) == []

    @precondition(lambda self: len(self.applied) > 0)
    @rule()
    def undo_everything(self):
        """Undo, one change at a time, back to an empty game; then there is nothing to undo."""
        phone = self.phones[0]
        while self.applied:
            form = {"csrf_token": phone.token, "version": str(self.version)}
            status, _, page = phone.call("POST", f"/games/{self.id}/undo", form=form)
            assert status == 200 and "Undid: " in page, page
            self._apply("undo", None, None)
            self.version += 1
        assert self.hands == []
        _, _, page = phone.call(
            "POST", f"/games/{self.id}/undo", form={"csrf_token": phone.token, "version": str(self.version)}
        )
        assert "Nothing undone" in page


def _inverse(change: tuple) -> tuple:
    kind, number, old, new = change
    return {
        "record": ("delete", number, new, None),
        "delete": ("record", number, None, old),
        "correct": ("correct", number, new, old),
    }[kind]


def test_changes_from_several_clients_at_once_are_each_kept_exactly_once(server):
    Races.root = server
    run = Races.TestCase
    # the races decide which steps may follow, so an example cannot be replayed: no shrinking, no database
    run.settings = settings(
        max_examples=4,
        stateful_step_count=6,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    run().runTest()
