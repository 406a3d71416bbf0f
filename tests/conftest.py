"""Shared fixtures: an app on a fresh SQLite file, its test client and CLI runner.

Browser fixtures (a live server and a headless Chromium page at 390x844)
are in ``tests/browser/conftest.py``.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from .quick_apps import copy_database, empty_database, quick_app
from .scheduling import longest_first, measured

# Hypothesis judges examples, not the machine's speed: no deadline and no "too slow" health
# check, which a loaded machine (CI's, or a busy laptop) trips at random. Tests that name their
# own health checks to suppress add too_slow themselves.
settings.register_profile("scorekeeper", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("scorekeeper")


def pytest_addoption(parser):
    parser.addoption(
        "--slowmo",
        type=int,
        default=int(os.environ.get("SCOREKEEPER_SLOWMO") or 0),
        metavar="MS",
        help="browser tests: Playwright waits MS before each browser operation (env SCOREKEEPER_SLOWMO)",
    )


def pytest_collection_modifyitems(items):
    """Every item its own node id. Schemathesis names each operation's item ``test[GET /games]``
    but leaves its node id the test's alone, so the API's operations shared one id; pytest-xdist
    schedules by node id and ran one of them (52 items lost without a word). The id takes the
    item's name, as pytest's own parametrized items have it (pytest 9 keeps it as a NodeId in
    ``_id``, pytest 8 as a string in ``_nodeid``; pytest_collection_finish below fails loudly if
    a later pytest keeps it elsewhere)."""
    for item in items:
        own = f"{item.parent.nodeid}::{item.name}"
        if item.nodeid != own and "[" in item.name and "[" not in item.nodeid:
            if hasattr(item, "_id"):
                item._id = type(item._id).parse(own)
            else:
                item._nodeid = own
    items[:] = longest_first(items, measured())  # the files pytest-xdist hands out, longest first


def pytest_collection_finish(session):
    """Refuse a run where two items share a node id: a parallel run would run one of them."""
    seen: dict[str, int] = {}
    for item in session.items:
        seen[item.nodeid] = seen.get(item.nodeid, 0) + 1
    twice = sorted(node for node, count in seen.items() if count > 1)
    if twice:
        raise pytest.UsageError(f"{len(twice)} node ids are shared by more than one test: {twice[:5]}")
    if os.environ.get("SCOREKEEPER_GC_TUNE", "1") != "0":
        fewer_collections()


def fewer_collections() -> None:
    """Python's cyclic garbage collector told what a test process is: once every module is imported
    and every test collected, those objects live to the end (:func:`gc.freeze` keeps them out of
    every later collection), and a test makes objects by the hundred thousand (a fresh app, its URL
    map, its templates), so the youngest generation is collected every 20,000 allocations rather than
    every 700. What the tests make is collected as before, later; a frozen object that became garbage
    would stay to the process's end, and frozen objects are left out of ``gc.get_objects()`` (a leak
    hunt runs with SCOREKEEPER_GC_TUNE=0, which leaves the collector as Python sets it)."""
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, 20_000), middle, old)


# the settings of every test's app (the ``app`` fixture): its database is a copy of one made with them
APP_CONFIG = {
    "TESTING": True,
    "SECRET_KEY": "test-secret",
    "WTF_CSRF_ENABLED": True,
    # a test that reads a live event stream to its end (the security sweep GETs every route)
    # gets it ended within a second instead of the ten minutes a browser gets
    "LIVE_STREAM_SECONDS": 1,
    "LIVE_HEARTBEAT_SECONDS": 0.5,
    # a job in the worker pool (scorekeeper.limits.pool) gets longer than in production
    # on a busy test machine
    "POOL_TIMEOUT": 120,
    # a PDF is waited for (tests/web/test_print_waiting.py sets a short wait for its page)
    "PDF_WAIT": 120,
    # the rate limits (scorekeeper.web.throttle) are proved by tests/web/test_throttle.py;
    # elsewhere they are off
    "RATELIMIT_ENABLED": False,
}


@pytest.fixture(scope="session")
def empty_sqlite(tmp_path_factory) -> Path:
    """A SQLite file with every table (``db.create_all()``), made once a process (an xdist worker):
    each test's database is a copy of it (tests/quick_apps.py)."""
    return empty_database(tmp_path_factory.mktemp("empty-db") / "empty.sqlite3", APP_CONFIG)


@pytest.fixture(scope="session")
def app_config() -> dict:
    """The settings of every test's app (a module that makes its own database template uses them)."""
    return APP_CONFIG


@pytest.fixture
def database_template(empty_sqlite) -> Path:
    """The SQLite file each test's database is a copy of: every table and no rows. A module may
    give its own (tests/web/test_security_sweep.py: the rows every one of its tests starts from)."""
    return empty_sqlite


@pytest.fixture
def app(tmp_path, database_template):
    """A fresh app on its own SQLite file (``test.sqlite3`` in the test's tmp_path), a copy of
    ``database_template``: every table and no rows, unless the module says otherwise."""
    url = copy_database(database_template, tmp_path / "test.sqlite3")
    yield quick_app(
        {**APP_CONFIG, "SQLALCHEMY_DATABASE_URI": url, "PRINT_WAITING_DIR": str(tmp_path / "print-waiting")}
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def umask_022():
    """The usual umask (022) while the test runs: files private by their own mode, not by the umask."""
    old = os.umask(0o022)
    yield
    os.umask(old)
