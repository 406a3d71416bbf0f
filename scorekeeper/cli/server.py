"""The production server ``make run`` starts: gunicorn with gevent workers, on the local network."""

from __future__ import annotations

import argparse
import gc
import os
import sys

#: settings only newer gunicorns have (the control socket and ``http_protocols`` arrived in 25,
#: ``http2_cleartext`` in 26.2): skipped on older ones, which speak HTTP/1.1 only anyway
OPTIONAL = {"control_socket_disable", "http_protocols", "http2_cleartext"}
#: one worker per core the server may use (``taskset``, a container's cpuset): the pages are rendered on
#: the CPU, the streams cost next to nothing. On one core a second worker only cost its app's load
#: (1.5 s of CPU, before the first page), 90 MB and a worker pool of its own to warm (issue 35's small box)
DEFAULT_WORKERS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def table_server(options: dict):
    """gunicorn serving ``scorekeeper.create_app()`` with the settings of :func:`settings`. gunicorn is
    imported here, not with the module: each worker-pool process (spawned) runs this module again as
    its ``__mp_main__`` and needs none of it (0.13 s of CPU a process; issue 35's small box)."""
    from gunicorn.app.base import BaseApplication

    class TableServer(BaseApplication):
        def __init__(self, options: dict):
            self.options = options
            super().__init__()

        def load_config(self) -> None:
            for name, value in self.options.items():
                if name in OPTIONAL and name not in self.cfg.settings:
                    continue  # an older gunicorn without it
                self.cfg.set(name, value)

        def load(self):
            from scorekeeper import create_app  # in each worker, after gevent patched it

            return create_app()

    return TableServer(options)


def settings(host: str, port: int, workers: int, access_log: str = "errors", tls=None) -> dict:
    """gunicorn's settings for the table: gevent workers, a banner once the first worker has loaded
    the app and so answers (and again whenever the terminal has scrolled a screenful);
    ``access_log``: ``"errors"`` (errors and slow requests), ``"all"`` or ``"none"``; ``tls``: the
    :class:`~scorekeeper.offline.certificate.TableCertificate` to serve https with."""
    from ..web.https_only import answering_plain_http
    from ..web.terminal_log import logger_class

    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    # https: plain http sent to the port gets a redirect to https, not a reset and a traceback
    secure = (
        {"certfile": str(tls.cert), "keyfile": str(tls.key), "ssl_context": answering_plain_http}
        if tls
        else {}
    )
    log = logger_class(full_access=access_log == "all")

    def when_ready(_server):  # the master listens; no worker has loaded the app yet
        log.listening(banner(host, port, tls))

    def post_worker_init(worker):  # gunicorn: "called just after a worker has initialized the application"
        warm_pool(worker)
        settle_heap(worker)
        log.show_first()  # the first worker's: the address answers from now

    return {
        **secure,
        "logger_class": log,
        "bind": [bind],
        "workers": workers,
        # gevent's worker, stopping cleanly: no traceback on Ctrl-C, never killed for open live streams
        "worker_class": "scorekeeper.cli.table_worker.TableWorker",
        "worker_connections": 1000,  # open connections per worker: idle streams included
        "timeout": 30,
        "graceful_timeout": 5,  # streams end on a restart; the browsers reconnect
        "keepalive": 5,
        # HTTP/1.1 only, said rather than left to gunicorn's default: the guards on slow bodies and
        # answers (stalled_bodies, stalled_answers) and the refusals (refusals.py) read HTTP/1.1's
        # socket; a release that spoke HTTP/2 by default would pass by them (docs/limits.md)
        "http_protocols": "h1",
        "http2_cleartext": "off",
        "accesslog": None if access_log == "none" else "-",
        "control_socket_disable": True,  # several servers (a bench beside `make run`) share no socket
        "when_ready": when_ready,
        "post_worker_init": post_worker_init,
    }


def warm_pool(_worker) -> None:
    """In each worker, once its app is loaded (after the fork, gevent patched): the worker pool's
    processes start and warm in the background, so the first PDF or best play finds them warm and
    the first page is not held for them (scorekeeper.limits.pool, docs/limits.md)."""
    from ..limits import pool

    pool.warm()


def settle_heap(_worker) -> None:
    """In each worker, once its app is loaded: what the load made (its modules, URL map, templates,
    112,000 objects that live as long as the worker) is kept out of the garbage collector's later
    sweeps (:func:`gc.freeze`). The club API's every-game answer makes 100,000 objects a read and so
    set off a full collection that went through the app's objects too, holding the worker 0.2 to 0.8 s
    at once; now that collection goes through what the reads made only (docs/operations.md)."""
    gc.collect()  # the load's own garbage goes first: frozen, it would stay to the worker's end
    gc.freeze()


def banner(host: str, port: int, tls=None) -> str:
    """What the terminal shows: where phones go, a QR code of it, and what the address exposes;
    with ``tls`` (https), how each phone trusts the table's certificate, with its fingerprints."""
    from ..web.addresses import everywhere, is_loopback, table_url

    public = (os.environ.get("SCOREKEEPER_PUBLIC_URL") or os.environ.get("PUBLIC_URL") or "").strip()
    url = public or table_url(host, port, "https" if tls else "http")
    certificate = (
        ""
        if not tls
        else (
            "https with this table's own certificate authority. Once on each phone, for offline pages, installing\n"
            f"and the screen kept on: open {url}certificate.pem, check that the phone shows this fingerprint\n"
            f"(SHA-256) and install it as a CA certificate:\n    {tls.ca_fingerprint}\n"
            f"(the server's own certificate, signed by it: {tls.fingerprint})\n" + tls.authority_warning()
        )
    )
    if is_loopback(host) and not everywhere(host) and not public:
        return (
            f"\nScorekeeper is private: only this machine can open {url}\n"
            "(make run HOST=0.0.0.0 lets the phones at the table in)\n" + certificate
        )
    lines = [
        f"\nScorekeeper is serving the table. Phones on the same network open:\n\n    {url}\n",
        _terminal_qr(url),
        certificate,
        "Anyone who can reach this address can follow every game (read-only); changing a game\n"
        "still needs its edit secret (the phone that started it, or its editor link).\n"
        "Keep it private with: make run HOST=127.0.0.1\n",
    ]
    return "\n".join(lines)


def _terminal_qr(url: str) -> str:
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def lan_certificate(folder: str | None = None):
    """The LAN host's certificates (made on first run in ``folder``, by default the app's
    ``instance/tls/``); the app serves the authority's to the phones (``SCOREKEEPER_TLS_AUTHORITY``)."""
    from ..offline import certificate
    from ..storage.revisions import instance_path
    from ..web.addresses import lan_address

    folder = folder or str(instance_path() / "tls")
    tls = certificate.ensure(folder, lan_address())
    os.environ["SCOREKEEPER_TLS_AUTHORITY"] = str(tls.ca)  # read by each worker's app
    return tls


def schema_behind() -> str | None:
    """Why the server must not start on its database (a SQLite file the migrations have not
    brought up to date), or None. Without this check every page needing a newer table answered 500."""
    from ..storage.revisions import behind, database_url, instance_path

    instance = instance_path()
    return behind(database_url(instance), instance)


def _bad_body_bounds() -> str | None:
    """Why the environment's slow-body and slow-answer bounds cannot be used (``stalled_bodies.body_bounds``,
    ``stalled_answers.answer_stall_seconds``), or None."""
    from .stalled_answers import answer_stall_seconds
    from .stalled_bodies import body_bounds  # (gevent with it: imported when the server starts)

    try:
        body_bounds()
        answer_stall_seconds()
    except ValueError as err:
        return str(err)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Serve Scorekeeper to the phones at the table (gunicorn + gevent)."
    )
    parser.add_argument(
        "--host",
        default=os.environ.get("HOST", "0.0.0.0"),
        help="address to listen on (default 0.0.0.0: the local network; 127.0.0.1: this machine only)",
    )
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 5000)))
    parser.add_argument(
        "--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", DEFAULT_WORKERS))
    )
    log = parser.add_mutually_exclusive_group()
    log.add_argument(
        "--access-log",
        action="store_const",
        const="all",
        dest="access_log",
        default="errors",
        help="log every request (default: only errors and requests slower than a second)",
    )
    log.add_argument(
        "--no-access-log", action="store_const", const="none", dest="access_log", help="log no request at all"
    )
    parser.add_argument(
        "--https",
        action="store_true",
        help="serve https with a self-signed certificate made on first run in instance/tls/",
    )
    parser.add_argument("--tls-dir", help="where the certificate is kept (default: instance/tls/)")
    args = parser.parse_args(argv)
    refused = schema_behind() or _bad_body_bounds()
    if refused:
        print(f"scorekeeper: {refused}", file=sys.stderr)
        return 2
    sys.argv = sys.argv[:1]  # gunicorn reads its own command line too
    os.environ["SCOREKEEPER_LISTEN_HOST"] = args.host  # each worker's links name loopback when it is all
    tls = lan_certificate(args.tls_dir) if args.https else None
    table_server(settings(args.host, args.port, args.workers, args.access_log, tls)).run()
    return 0


if __name__ == "__main__":  # pragma: no cover - runs a server
    sys.exit(main())
