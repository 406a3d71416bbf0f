"""Schemathesis against a live server: every check, every operation, and the stateful phase.

The app is served by a real werkzeug server on a free port with its own
SQLite file (``served_app``, as the browser tests serve it). Schemathesis
reads the app's OpenAPI document, sends what it allows (and, in its negative
mode, what it forbids) and runs every one of its checks on each answer, with
one setting: a schema-valid body may be refused with 422, the document's
answer for "the shape is right but the rules refuse the values" (cards that
are not in the deck, a hand the rules refuse, two players with one name),
which JSON Schema cannot express.

The stateful phase starts from ``POST /games`` and follows the document's
links: the new game's id and edit secret (as the Bearer token) reach every
operation on the game, a recorded hand leads to correcting and deleting it.

Bounded and deterministic: a fixed seed, derandomized Hypothesis, no example
database, a few examples per operation.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from scorekeeper import create_app
from scorekeeper.openapi import document

from ..browser.conftest import served_app

SEED = 20261121
CONFIG = SchemathesisConfig.from_dict({
    "seed": SEED,
    "checks": {"enabled": True,
               "positive_data_acceptance": {"expected-statuses": ["2xx", "401", "403", "404", "409", "422"]}},
    "generation": {"mode": "all", "deterministic": True, "database": "none"},
})
#: Hypothesis settings of both tests: derandomized, no example database, no deadline on a busy machine
BOUNDED = {"derandomize": True, "deadline": None, "database": None, "suppress_health_check": list(HealthCheck)}

# the document as an app has it: features (tables) register their part of it in create_app
create_app({"TESTING": True, "SECRET_KEY": "schemathesis", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
schema = schemathesis.openapi.from_dict(document(), config=CONFIG)
#: the stateful phase walks games and tables apart: with both in one walk, a walk of this length
#: could end without ever recording a hand
GAMES, TABLES = schema.exclude(path_regex="^/tables"), schema.include(path_regex="^/tables")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The API of a live server, which serves the document the tests were generated from.

    Its SQLite file is in memory-backed /dev/shm where there is one: a few thousand requests
    create games, and each commit's fsync on a busy disk would dominate the run.
    """
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp_path_factory.mktemp("schemathesis")
    with served_app(folder, "schemathesis") as (_app, url):
        served = requests.get(f"{url}/api/v1/openapi.json", timeout=10).json()
        assert served == document(url), "the live server serves another document"
        yield f"{url}/api/v1"
    shutil.rmtree(folder, ignore_errors=True)


@schema.parametrize()
@settings(max_examples=4, **BOUNDED)
def test_every_operation_answers_as_its_document_says(case, base_url):
    """Examples, coverage and fuzzing, positive and negative, with every check."""
    case.call_and_validate(base_url=base_url)


def _walk(part, base_url: str, **limits) -> set[tuple[str, int]]:
    """Schemathesis's stateful phase over ``part`` of the document: every (operation, status) answered."""
    answers: set[tuple[str, int]] = set()

    class Workflow(part.as_state_machine()):
        def get_call_kwargs(self, case):
            return {"base_url": base_url}

        def after_call(self, response, case):
            answers.add((case.operation.label, response.status_code))

    Workflow.run(settings=settings(**limits, **BOUNDED))
    return answers


def test_the_stateful_phase_chains_games_hands_and_secrets(base_url):
    """From a new game through the links to every operation on it, with its edit secret."""
    answers = _walk(GAMES, base_url, max_examples=25, stateful_step_count=10)
    # the links carried a real game's id (read back) and its edit secret: a hand sent with it was judged
    # by the rules (random facts are mostly refused, 422), not refused at the door (401, 403, 404)
    assert ("GET /games/{public_id}", 200) in answers and ("GET /games/{public_id}/export", 200) in answers
    judged = {status for label, status in answers if label == "POST /games/{public_id}/rounds"}
    assert judged - {401, 403, 404}, sorted(answers)


def test_the_stateful_phase_follows_a_new_table_to_its_pages(base_url):
    """From a new (or imported) table through its links: the table, its statistics and its export."""
    answers = _walk(TABLES, base_url, max_examples=10, stateful_step_count=5)
    for label in ("GET /tables/{table_id}", "GET /tables/{table_id}/stats", "GET /tables/{table_id}/export"):
        assert (label, 200) in answers, sorted(answers)
