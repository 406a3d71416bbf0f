"""The slow-body bounds an operator sets (docs/operations.md): a rate of 0 divided every body's bytes
by nothing, a 500 for every request with a body; the server now refuses to start on a bound that is
not a number above 0, naming the variable and its value (exit 2), as it does for a database behind."""

from __future__ import annotations

import io

import pytest

from scorekeeper.cli import server
from scorekeeper.cli.refused_bodies import closing_refused_bodies
from scorekeeper.cli.stalled_answers import ANSWER_ENV
from scorekeeper.cli.stalled_bodies import GRACE_ENV, RATE_ENV, body_bounds


@pytest.mark.parametrize(
    "name, given",
    [
        (RATE_ENV, "0"),
        (RATE_ENV, "-5"),
        (RATE_ENV, "nan"),
        (GRACE_ENV, "abc"),
        (GRACE_ENV, "inf"),
        (ANSWER_ENV, "0"),  # the answer's bound (cli/stalled_answers.py), checked the same way
    ],
)
def test_a_bound_that_is_not_a_number_above_0_stops_the_server_before_it_starts(
    monkeypatch, capsys, name, given
):
    monkeypatch.setenv(name, given)
    monkeypatch.setattr(server, "schema_behind", lambda: None)  # the database's own check passes
    started = []
    monkeypatch.setattr(server, "table_server", lambda settings: started.append(settings))
    assert server.main(["--host", "127.0.0.1", "--port", "5999"]) == 2
    said = capsys.readouterr().err
    assert f"{name}={given!r}" in said and "above 0" in said
    assert not started


def test_the_bounds_an_operator_gives_are_used_and_the_defaults_otherwise():
    assert body_bounds({}) == (20.0, 500.0)
    assert body_bounds({GRACE_ENV: "5", RATE_ENV: "2048"}) == (5.0, 2048.0)
    assert body_bounds({GRACE_ENV: "", RATE_ENV: ""}) == (20.0, 500.0)


class _Socket:
    """What a worker's request holds of its client's socket: its timeout."""

    def __init__(self):
        self.timeout = None

    def gettimeout(self):
        return self.timeout

    def settimeout(self, seconds):
        self.timeout = seconds


def test_the_bounds_are_read_once_as_the_worker_loads_the_app_not_per_request(monkeypatch):
    """Before, each request with a body read both variables again (and a value changed since the
    start, which the server's check never saw, failed every such request)."""
    monkeypatch.setenv(GRACE_ENV, "5")
    monkeypatch.setenv(RATE_ENV, "2048")
    seen = []

    def app(environ, start_response):
        seen.append((environ["wsgi.input"].grace, environ["wsgi.input"].rate))
        start_response("200 OK", [])
        return [b""]

    served = closing_refused_bodies(app)
    monkeypatch.setenv(RATE_ENV, "0")  # read now, it would divide every body's bytes by nothing
    for _ in range(2):
        environ = {"gunicorn.socket": _Socket(), "CONTENT_LENGTH": "2", "wsgi.input": io.BytesIO(b"{}")}
        served(environ, lambda status, headers, exc_info=None: None)
    assert seen == [(5.0, 2048.0), (5.0, 2048.0)]
