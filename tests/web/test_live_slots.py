"""Issue 17 section 1: past ``FOLLOWERS_MAX`` live streams in a server process, a new follower is
answered at once and asks again every 15 seconds (SSE ``retry``) instead of holding a connection."""

from __future__ import annotations

import re
import time

from scorekeeper.live.stream import open_streams

from .live_support import stream


def _game(client) -> str:
    return client.post("/api/v1/games", json={"variant": "rummikub", "players": ["Ann", "Bob"]}).json["id"]


def _quiet(within: float = 15.0) -> None:
    """Wait until the streams of earlier tests in this process have ended (the count is the
    process's: a test file run before this one in the same worker may leave one closing)."""
    deadline = time.monotonic() + within
    while open_streams() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert open_streams() == 0, "a stream of an earlier test is still open"


def test_past_the_cap_a_follower_polls_every_15_seconds(app, client):
    _quiet()
    app.config["FOLLOWERS_MAX"] = 1
    game = _game(client)
    with stream(client, f"/live/games/{game}") as (_, first):
        assert re.match(r"retry: \d+\n", first.next_chunk())
        assert open_streams() == 1
        polled = client.get(f"/live/games/{game}?since=old")
        assert polled.status_code == 200 and polled.mimetype == "text/event-stream"
        assert re.match(r'retry: 1[5-8]\d{3}\nevent: poll\ndata: {"seconds": 15.0}', polled.text)
        assert "event: change" in polled.text and "Ann" in polled.text  # what it missed, at once
        assert open_streams() == 1  # it holds no slot
    assert open_streams() == 0
    with stream(client, f"/live/games/{game}") as (_, again):  # a slot is free again: a stream
        assert re.match(r"retry: \d+\n", again.next_chunk())


def test_each_stream_tells_its_browser_its_own_wait_before_reconnecting(app, client):
    """A server restarted under a club night's 125 streams was asked for them all again in the same
    instant: each stream told its browser to wait 2 s (the SSE ``retry``). Each now tells a wait of
    its own, 2 to 4 s, so the phones come back spread over two seconds."""
    _quiet()
    game = _game(client)
    waits = []
    for _ in range(12):
        with stream(client, f"/live/games/{game}") as (_, events):
            waits.append(int(re.match(r"retry: (\d+)\n", events.next_chunk()).group(1)))
    assert all(2000 <= w <= 4000 for w in waits), waits
    assert max(waits) - min(waits) >= 500, waits  # (12 draws within 500 ms: about 1 in 450,000)


def test_a_polling_follower_that_saw_the_latest_version_gets_only_the_retry(app, client):
    app.config["FOLLOWERS_MAX"] = 0
    game = _game(client)
    with stream(client, f"/live/games/{game}") as (_, first):
        chunk = first.next_chunk()
        version = chunk.split("id: ")[1].split("\n")[0] if "id: " in chunk else first.next_event()["id"]
    polled = client.get(f"/live/games/{game}", headers={"Last-Event-ID": version})
    assert re.fullmatch(r'retry: 1[5-8]\d{3}\nevent: poll\ndata: {"seconds": 15.0}\n\n', polled.text)


def test_each_polling_follower_draws_its_own_wait(app, client):
    """Past the cap, every follower was told to ask again in exactly 15 s: phones turned away in
    the same instant (a server restarted under a club night) polled in step for ever. Each answer
    now tells a wait of its own, 15 to 18 s, as a refused stream's page draws 5 to 8 s (live.js)."""
    app.config["FOLLOWERS_MAX"] = 0
    game = _game(client)
    waits = []
    for _ in range(12):
        polled = client.get(f"/live/games/{game}?since=old")
        waits.append(int(re.match(r"retry: (\d+)\nevent: poll\n", polled.text).group(1)))
    assert all(15000 <= w <= 18000 for w in waits), waits
    assert max(waits) - min(waits) >= 500, waits  # (12 draws within 500 ms of 3 s: about 1 in 30 million)


def test_the_page_script_says_it_polls():
    from scorekeeper.storage.paths import STATIC

    script = (STATIC / "js" / "live.js").read_text()
    assert 'addEventListener("poll"' in script and "(the server is busy)" in script
