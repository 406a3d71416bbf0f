"""The slow-body bounds an operator sets (docs/operations.md): a rate of 0 divided every body's bytes
by nothing, a 500 for every request with a body; the server now refuses to start on a bound that is
not a number above 0, naming the variable and its value (exit 2), as it does for a database behind."""

from __future__ import annotations

import pytest

from scorekeeper.cli import server
from scorekeeper.cli.stalled_bodies import GRACE_ENV, RATE_ENV, body_bounds


@pytest.mark.parametrize(
    "name, given",
    [(RATE_ENV, "0"), (RATE_ENV, "-5"), (RATE_ENV, "nan"), (GRACE_ENV, "abc"), (GRACE_ENV, "inf")],
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
