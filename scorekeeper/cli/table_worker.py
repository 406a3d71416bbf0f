"""The gevent worker ``make run`` serves with: gunicorn's, with a clean stop.

gunicorn's gevent worker stops on Ctrl-C (SIGINT, and the master's SIGQUIT) by calling ``sys.exit``
in a greenlet, which gevent reports as a traceback ("failed with SystemExit"); and it waits for every
open connection for the whole ``graceful_timeout`` the master waits too, so a phone following a game
(a live stream stays open) kept it past the master's limit: "Worker was sent SIGKILL! Perhaps out of
memory?". Here Ctrl-C ends the connections at once (the followers' browsers reconnect to the next
server), and a SIGTERM lets requests finish for a little less than the master waits, counted from the
signal (:meth:`TableWorker.handle_exit`). A stream the stop kills has its connection closed at once
(:meth:`TableWorker.handle_request`), not read for a next request.

A body past the size limit is refused unread (scorekeeper/web/guards.py marks it): gunicorn would
answer ``Connection: keep-alive`` and then read the rest of the body before the next request, a GiB
in one greenlet that never yields (the worker frozen, then killed by the master's timeout). Here
that answer says ``Connection: close`` and the connection ends once it is sent (:mod:`.refused_bodies`).

A request gunicorn itself refuses (a head past its limits, a broken request line or chunk) is
answered in the app's words, JSON for the API, not gunicorn's HTML page (:mod:`.refusals`).
"""

from __future__ import annotations

import gc
import time

import gevent
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn.sock import ssl_context
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from . import refusals
from .refused_bodies import closing_refused_bodies, linger

#: seconds a quick stop (Ctrl-C) gives the requests under way before ending them
QUICK_SECONDS = 0.5
#: seconds a graceful stop ends its requests before the master's ``graceful_timeout`` runs out
MARGIN_SECONDS = 2.0


class TableWorker(GeventWorker):
    """A gevent worker that stops without a traceback and before the master gives up on it."""

    quick = False
    #: when the stop was asked (``time.monotonic()``): the grace counts from it
    asked_at: float | None = None

    def handle_exit(self, sig, frame) -> None:
        """SIGTERM (the master's graceful stop, systemd's, a reload): no more requests, and those under
        way get the grace counted from now. Counted from the run loop's next look (once a second), the
        streams ended 3.5 to 4.5 s after the signal and the worker met the master's 5 s deadline on a
        busy machine (a load of 7: it exited at 5 s)."""
        self.asked_at = time.monotonic()
        super().handle_exit(sig, frame)

    def handle_quit(self, sig, frame) -> None:
        """Ctrl-C (SIGINT) or the master's quick stop (SIGQUIT): no more requests, end the open ones."""
        self.quick = True
        self.alive = False
        self.cfg.worker_int(self)

    def load_wsgi(self) -> None:
        super().load_wsgi()
        self.flask = self.wsgi  # the app, whose catalogs say gunicorn's refusals to a page (.refusals)
        self.wsgi = closing_refused_bodies(self.wsgi)

    def handle_error(self, req, client, addr, exc) -> None:
        """gunicorn's refusal of a request it cannot read (its status, its log lines), said in the
        app's words: JSON for the API, plain text for a page (:mod:`.refusals`); then the connection
        is half-closed and what the client still sends thrown away for a moment, so the client reads
        the answer rather than a reset (:func:`.refused_bodies.linger`)."""
        if isinstance(exc, gevent.GreenletExit):
            return  # a connection the stop ended (a live stream, an idle keep-alive): no error
        said = refusals.Said()
        super().handle_error(req, said, addr, exc)
        status, reason = said.status()
        try:
            client.sendall(refusals.answer(exc, req, status, reason, self.cfg, getattr(self, "flask", None)))
            linger(client)
        except OSError:
            self.log.debug("Failed to send error message.")

    def handle_request(self, listener_name, req, sock, addr) -> None:
        """One request; a request the stop ended (a live stream, killed with ``GreenletExit``) ends
        its connection too. gunicorn's gevent worker swallowed that exit and went on to read the
        connection's next request for up to ``keepalive`` seconds, so the stop's kill waited its
        whole second for every stream and the worker stopped at the master's deadline, the streams
        ending only with it (5.1 s after a SIGTERM instead of 4.1 s)."""
        try:
            AsyncWorker.handle_request(self, listener_name, req, sock, addr)
        except SystemExit:  # (as gunicorn's: the quick stop's exit, raised in a request's greenlet)
            pass

    def run(self) -> None:
        ssl_args = {"ssl_context": ssl_context(self.cfg)} if self.cfg.is_ssl else {}
        servers = []
        for listener in self.sockets:
            listener.setblocking(1)
            server = StreamServer(
                listener,
                handle=lambda client, addr, listener=listener: self.handle(listener, client, addr),
                spawn=Pool(self.worker_connections),
                **ssl_args,
            )
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            servers.append(server)
        while self.alive:
            self.notify()
            gevent.sleep(0.2 if self.quick else 1.0)
        for server in servers:
            server.close()  # no new connections
        grace = 0 if self.quick else max(0.0, self.cfg.graceful_timeout - MARGIN_SECONDS)
        until = (self.asked_at or time.monotonic()) + grace
        while time.monotonic() < until and any(s.pool.free_count() != s.pool.size for s in servers):
            self.notify()
            gevent.sleep(0.2)
        for server in servers:
            server.stop(timeout=QUICK_SECONDS)  # what is still open (live streams) is ended
        # The interpreter's last garbage collection walked the whole app's heap for seconds on a busy
        # machine, past the master's limit (SIGKILL); the process ends now and the system takes it back.
        gc.freeze()
