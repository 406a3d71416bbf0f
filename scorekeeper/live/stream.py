"""The live endpoints: Server-Sent Events for one game and for the games list."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from functools import partial

from flask import Blueprint, Response, current_app, request, url_for

from .. import services
from ..storage.extensions import db
from ..web import access
from .fragments import reader_fragment
from .hub import Hub, hub_of
from .versions import GAMES, game_channel, game_token, list_token

bp = Blueprint("live", __name__, url_prefix="/live")
#: how long a browser waits before reconnecting a dropped stream (the SSE ``retry`` field), at least;
#: each stream adds its own share of RETRY_SPREAD_MS, so that a server restarted under 125 streams
#: is not asked for them all in the same instant 2 s later
RETRY_MS = 2000
RETRY_SPREAD_MS = 2000
#: a polling follower (past ``FOLLOWERS_MAX``) asks again after ``FOLLOWER_POLL_SECONDS`` and its
#: own share of a fifth more (15 to 18 s): phones turned away in the same instant do not poll in step
POLL_SPREAD = 0.2
#: the heartbeat: an event (not a comment) so that the page's script sees it
BEAT = "event: beat\ndata: {}\n\n"
#: said as a stream's time is up (``LIVE_STREAM_SECONDS``): the page opens the next stream at once,
#: without a word. Without it the end was a lost connection to the page: every 10 minutes each
#: phone and screen said "Connection lost; trying again…" (read out) and showed Refresh for 2 s
END = "event: end\ndata: {}\n\n"
#: the longest Last-Event-ID (or ``since``) read; a version token is 16 characters
SEEN_MAX = 64
#: an answer of this type is written as it is produced: never compressed, never buffered
EVENT_STREAM = "text/event-stream"
#: live streams open in this server process now (each holds one of its connections)
_open = [0]


@bp.get("/games/<public_id>")
def game(public_id: str):
    """One game's changes, for anyone who may read the game (its read-only link)."""
    stamp = services.game_stamp(public_id)
    if stamp is None:
        raise services.GameNotFound(public_id)
    render = None
    if not access.holds_secret_for(public_id, stamp.secret_hash):
        render = partial(
            reader_fragment, current_app._get_current_object(), url_for("games.show", public_id=public_id)
        )
    return follow(game_channel(public_id), game_token(stamp.updated_at, stamp.status), render)


@bp.get("/games")
def games():
    """Changes to the games list: a game started, finished, changed or deleted."""
    return follow(GAMES, list_token(db.session))


def follow(channel: str, version: str | None, render: Callable[[], str | None] | None = None) -> Response:
    """The event stream of ``channel`` (now at ``version``) for this request; ``render`` makes the
    reader's fragment sent along (None: the page fetches its own). Features mount their own
    channels' streams with it."""
    seen = (request.headers.get("Last-Event-ID") or request.args.get("since") or "")[:SEEN_MAX]
    config = current_app.config
    if _open[0] >= int(config["FOLLOWERS_MAX"]):  # every slot taken: an answer now, and again in 15 s
        body = polled(channel, seen, version, render, float(config["FOLLOWER_POLL_SECONDS"]))
    else:
        body = events(
            hub_of(current_app._get_current_object()),
            channel,
            seen,
            version,
            render=render,
            heartbeat=float(config["LIVE_HEARTBEAT_SECONDS"]),
            lifetime=float(config["LIVE_STREAM_SECONDS"]),
        )
    response = Response(body, mimetype=EVENT_STREAM)
    # no-transform: no proxy or middleware may compress or rewrite it; X-Accel-Buffering: nginx
    # passes each event on at once
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def events(
    hub: Hub,
    channel: str,
    seen: str,
    version: str | None,
    *,
    heartbeat: float,
    lifetime: float,
    render: Callable[[], str | None] | None = None,
) -> Iterator[str | bytes]:
    """The event stream of ``channel`` for a browser that last saw ``seen``; ``version`` is the
    channel's version read for this request; ``render`` makes the reader's HTML to send along."""
    hub.subscribe(channel, version)
    _open[0] += 1
    try:
        # sent at once: the browser knows it is live
        yield f"retry: {RETRY_MS + random.randrange(RETRY_SPREAD_MS + 1)}\n: following {channel}\n\n"
        end = time.monotonic() + lifetime
        while True:
            if version != seen:
                seen = version
                if render is not None and version is not None:
                    yield hub.shared(channel, version, partial(_reader_event, channel, version, render))
                else:
                    yield change_event(channel, version)
                if version is None:
                    return
            left = end - time.monotonic()
            if left <= 0:
                yield END
                return
            version = hub.wait(channel, seen, min(heartbeat, left))
            if version == seen:
                yield BEAT
    finally:
        _open[0] -= 1
        hub.unsubscribe(channel)


def polled(
    channel: str, seen: str, version: str | None, render: Callable[[], str | None] | None, seconds: float
) -> list[str]:
    """A follower's answer when every live slot of this process is taken (``FOLLOWERS_MAX``): the
    change it missed, if any, then the stream ends and the browser asks again in ``seconds`` (the
    SSE ``retry``). So past the cap a follower polls instead of holding a connection, and the
    server keeps connections for everyone else. Each answer draws its own wait (``POLL_SPREAD``)."""
    wait = int(seconds * 1000)
    wait += random.randrange(int(wait * POLL_SPREAD) + 1)
    answer = [f"retry: {wait}\nevent: poll\ndata: {json.dumps({'seconds': seconds})}\n\n"]
    if version != seen:
        answer.append(change_event(channel, version, render() if render and version is not None else None))
    return answer


def open_streams() -> int:
    """How many live streams this server process holds now."""
    return _open[0]


def _reader_event(channel: str, version: str, render: Callable[[], str | None]) -> bytes:
    return change_event(channel, version, render()).encode()


def change_event(channel: str, version: str | None, html: str | None = None) -> str:
    """One SSE event: the channel changed and now has ``version`` (None: deleted), with the
    reader's ``html`` when given (JSON keeps it on one ``data:`` line).

    >>> print(change_event("game:AbC", "00ff"), end="")
    id: 00ff
    event: change
    data: {"channel": "game:AbC", "version": "00ff"}
    >>> print(change_event("game:AbC", "00ff", "<p>\\n</p>").splitlines()[2])
    data: {"channel": "game:AbC", "version": "00ff", "html": "<p>\\n</p>"}
    """
    body = {"channel": channel, "version": version}
    if html is not None:
        body["html"] = html
    data = json.dumps(body)
    return f"id: {version or 'gone'}\nevent: change\ndata: {data}\n\n"
