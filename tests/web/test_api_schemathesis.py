"""Schemathesis against the app: every check, every operation, and the stateful phase.

The app is the one the browser tests serve (``served_app``'s settings, its own SQLite file, its
worker pools warm), called in process through Schemathesis's WSGI transport: the same requests
reach the same Flask app and the same checks read its answers, without a socket, an HTTP client
and a server thread between them (a third of the file's CPU; docs/tests.md, "Where the time goes").
HTTP itself, through a real server, is the browser tests' and tests/web/test_api_clients.py's.
Schemathesis reads the app's OpenAPI document, sends what it allows (and, in its negative
mode, what it forbids) and runs every one of its checks on each answer, with
one setting: a schema-valid body may be refused with 422, the document's
answer for "the shape is right but the rules refuse the values" (cards that
are not in the deck, a hand the rules refuse, two players with one name),
which JSON Schema cannot express.

The stateful phase starts from ``POST /games`` and follows the document's
links: the new game's id and edit secret (as the Bearer token) reach every
operation on the game, a recorded hand leads to correcting and deleting it.

One more check of our own (:func:`says_what_it_can`): a schema-valid request
is never refused for what JSON Schema can say (an unknown option, no card to
check, a time that is not one, a game of no players): the document says each.

Bounded and deterministic: two fixed seeds, no example database, 50 random examples
per operation and seed (100 in all: the two seeds' examples differ) and a stateful
walk per seed. The document's examples and the coverage phase's boundary cases (741
for POST /check, 3,267 for POST /games/import) are the same under every seed (drawn
under Hypothesis's seed 0; compared case by case under both seeds): the first seed
sends them, the second only its own random draws. Sent under both, they were half
of the file's time, which was the suite's longest.
"""

from __future__ import annotations

import re
import shutil
import signal
import tempfile
import threading
import time
import tomllib
from contextlib import contextmanager
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, seed, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import ignored_auth

from scorekeeper import create_app
from scorekeeper.api.openapi import document
from scorekeeper.web.features import api_parts

from ..browser.conftest import served_app
from .lazy_schemathesis import build, deferred

SEEDS = (20261121, 1)
#: the WSGI transport sends requests' own Accept-Encoding and does not decode what comes back: answers
#: come unpacked (the compression is tests/web/test_delivery.py's)
PLAIN = {"Accept-Encoding": "identity"}
#: an answer takes at most this long (a 600 KB negative import is checked in a pool process: past 10 s
#: on a loaded machine)
ANSWER_S = 60
EXAMPLES = 50  # per operation and seed
#: Hypothesis settings of every test: no example database, no deadline on a busy machine
BOUNDED = {"deadline": None, "database": None, "suppress_health_check": list(HealthCheck)}
#: what a refusal says when JSON Schema could have said it (and so the document does)
SAYABLE = re.compile(r"unknown option|no (tiles|cards) given|is not an ISO 8601 time|players, not [01]\b")


@contextmanager
def answered_within(seconds: float = ANSWER_S):
    """A request still unanswered after ``seconds`` fails its test, as the HTTP client's timeout failed it
    against a live server (in process nothing else would: the worker would hang). In the main thread,
    where a signal arrives; elsewhere it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def late(_signum, _frame):
        raise TimeoutError(f"no answer within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def says_what_it_can(ctx, response, case) -> None:
    """A schema-valid request refused (422) for a reason the document can state is the document's fault."""
    meta = case.meta
    if response.status_code != 422 or (meta is not None and not meta.generation.mode.is_positive):
        return
    error = response.json().get("error", "")
    assert not SAYABLE.search(error), f"schema-valid request rejected for what the schema can say: {error}"


#: the settings `schemathesis run` reads in the project's folder (422 for rule refusals, 503 the busy pool's)
SETTINGS = tomllib.loads((Path(__file__).parents[2] / "schemathesis.toml").read_text())


def _schema(seed_: int, *, fixed_phases: bool = True):
    """The document under ``seed_``. ``fixed_phases``: with the examples and coverage phases, whose
    cases are the same under every seed (the document's examples, and boundary values drawn under
    Hypothesis's seed 0): one seed runs them, the other only its own random draws."""
    checks = {"enabled": True, **SETTINGS["checks"]}
    fixed = {"enabled": fixed_phases}
    config = SchemathesisConfig.from_dict(
        {
            **SETTINGS,
            "seed": seed_,
            "checks": checks,
            "generation": {"mode": "all", "database": "none"},
            "phases": {"examples": fixed, "coverage": fixed},
        }
    )
    return schemathesis.openapi.from_dict(document(parts=PARTS), config=config)


# the document as an app has it: with the parts of the features create_app installs (tables)
PARTS = api_parts(
    create_app({"TESTING": True, "SECRET_KEY": "schemathesis", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
)
FIRST, SECOND = _schema(SEEDS[0]), _schema(SEEDS[1], fixed_phases=False)


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """The app, as a live server would serve it, which serves the document the tests were generated from.

    Its SQLite file is in memory-backed /dev/shm where there is one: a few thousand requests
    create games, and each commit's fsync on a busy disk would dominate the run.
    """
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp_path_factory.mktemp("schemathesis")
    with served_app(folder, "schemathesis", serve=False) as (app, _url):
        served = app.test_client().get("/api/v1/openapi.json").get_json()
        assert served == document("http://localhost", PARTS), "the app serves another document"
        yield app
    shutil.rmtree(folder, ignore_errors=True)


def _every_operation(schema, seed_: int):
    @schema.parametrize()
    @seed(seed_)
    @settings(max_examples=EXAMPLES, **BOUNDED)
    def test(case, api):
        """Examples, coverage and fuzzing, positive and negative, with every check and ours."""
        with answered_within():
            case.call_and_validate(app=api, headers=PLAIN, additional_checks=[says_what_it_can])

    return deferred(test)  # each operation's test built on its set-up, not in every worker's collection


@pytest.fixture(autouse=True)
def _built(request):
    """The operation's test, built now (tests/web/lazy_schemathesis.py)."""
    build(request.function)


test_every_operation_answers_as_its_document_says = _every_operation(FIRST, SEEDS[0])
test_every_operation_answers_as_its_document_says_again = _every_operation(SECOND, SEEDS[1])


def _walk(part, app, seed_: int, **limits) -> set[tuple[str, int | str]]:
    """Schemathesis's stateful phase over ``part`` of the document: every (operation, status) answered."""
    answers: set[tuple[str, int | str]] = set()

    class Workflow(part.as_state_machine()):
        def get_call_kwargs(self, case):
            return {"app": app, "headers": PLAIN}

        def call(self, case, **kwargs):
            with answered_within():
                return super().call(case, **kwargs)

        def after_call(self, response, case):
            super().after_call(response, case)  # (recorded for Schemathesis's stateful checks)
            status = response.status_code
            if status == 404 and "past the table's last page" in response.text:
                status = "past the last"  # the table was read: the page drawn is past its last
            answers.add((case.operation.label, status))

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            # ignored_auth takes the edit secret a link carried for a generated one: a hand the rules
            # accept (a points game's hand often is) answered 201 was failed as "invalid auth accepted".
            # The phase above runs it, with auth it did generate; a wrong secret is refused in test_api.
            # (The machine's own validate_response passes every keyword on as transport arguments,
            # so the exclusion must reach Case.validate_response directly.)
            case.validate_response(
                response,
                additional_checks=[*(additional_checks or []), says_what_it_can],
                excluded_checks=[ignored_auth],
                transport_kwargs=kwargs or None,
                recorder=self.recorder,
            )

    seed(seed_)(Workflow)  # Hypothesis reads the seed off the state machine class
    Workflow.run(settings=settings(**limits, **BOUNDED))
    return answers


@pytest.mark.parametrize("schema, seed_", list(zip((FIRST, SECOND), SEEDS)))
def test_the_stateful_phase_chains_games_hands_and_secrets(api, schema, seed_):
    """From a new game through the links to every operation on it, with its edit secret."""
    answers = _walk(
        schema.exclude(path_regex="^/tables"), api, seed_, max_examples=25, stateful_step_count=10
    )
    # the links carried a real game's id (read back) and its edit secret: a hand sent with it was judged
    # by the rules (random facts are mostly refused, 422), not refused at the door (401, 403, 404)
    assert ("GET /games/{public_id}", 200) in answers and ("GET /games/{public_id}/export", 200) in answers
    judged = {status for label, status in answers if label == "POST /games/{public_id}/rounds"}
    assert judged - {401, 403, 404}, sorted(answers)


@pytest.mark.parametrize("schema, seed_", list(zip((FIRST, SECOND), SEEDS)))
def test_the_stateful_phase_follows_a_new_table_to_its_pages(api, schema, seed_):
    """From a new (or imported) table through its links: the table, its statistics and its export.
    (Thirty walks: with ten, a fresh clone's run once reached a table's statistics only with an id
    that was not a table's, 404; with twenty, the Idempotency-Key headers and the export's time zones
    moved Hypothesis's draws so that no walk reached the table's export. Six steps a walk, not five:
    club night's reopen operation, one more the walks reach by the links Schemathesis infers, moved
    the first seed's draws so that no walk of five steps read the table itself; six cost no more.)"""
    answers = _walk(schema.include(path_regex="^/tables"), api, seed_, max_examples=30, stateful_step_count=6)
    # the table itself read with the page Schemathesis draws: past its last page (a new table has
    # one) the 404 names the last page, which only a real table's id gets (since 8 December)
    assert {("GET /tables/{table_id}", 200), ("GET /tables/{table_id}", "past the last")} & answers, sorted(
        answers, key=str
    )
    for label in ("GET /tables/{table_id}/stats", "GET /tables/{table_id}/export"):
        assert (label, 200) in answers, sorted(answers, key=str)


def test_every_operation_is_a_test_of_its_own_id(request):
    """Each operation of each seed is its own test, named by it: pytest-xdist hands tests out by
    node id, and with one id for all (Schemathesis's, tests/conftest.py mends it) a parallel run
    ran one operation a seed. Checks those of the operations' tests that are in the run."""
    operations = sorted(op.ok().label for op in FIRST.get_all_operations())
    here = request.node.nodeid.split("::")[0]
    for name in (
        "test_every_operation_answers_as_its_document_says",
        "test_every_operation_answers_as_its_document_says_again",
    ):
        ids = [item.nodeid for item in request.session.items if getattr(item, "originalname", None) == name]
        if not ids:
            pytest.skip("the operations' tests are not in this run")
        assert len(set(ids)) == len(ids)
        assert set(ids) <= {f"{here}::{name}[{op}]" for op in operations}


def test_a_request_that_is_not_answered_fails_its_test():
    """The stand-in for the HTTP client's timeout (:func:`answered_within`) fails a call that hangs."""
    with pytest.raises(TimeoutError, match=r"no answer within 0\.05 s"), answered_within(0.05):
        time.sleep(5)
    with answered_within(5):
        pass  # answered in time: nothing raised, and nothing left to fire later
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
