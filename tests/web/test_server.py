"""The production server ``make run`` starts (scorekeeper/cli/server.py): gunicorn, gevent, the banner.

One test starts the real thing on a free loopback port with two gevent
workers and a temporary SQLite file, follows a game with several streams
(spread over the workers by the kernel) and records a hand through the form:
every stream hears of it. The server is stopped, with its workers, afterwards.
"""

from __future__ import annotations

import http.client
import re
import subprocess
import sys
import threading
import time
import urllib.request

from flask_migrate import upgrade

from scorekeeper import create_app, services
from scorekeeper.cli import server
from scorekeeper.storage import revisions
from scorekeeper.storage.extensions import db
from scorekeeper.storage.paths import MIGRATIONS
from scorekeeper.web import addresses

from ..servers import ROOT, banner, environment, free_port, migrated_for, spawn, stop
from .game_support import csrf_from

STREAMS = 6
#: seconds from the banner within which the server must answer: the worker has loaded the app by
#: then (its load took 1.5 s of CPU, 1.7 to 3 s of wall time on an idle 2-core machine, when the
#: banner came first)
ANSWERS_WITHIN = 1.0


def test_the_banner_gives_the_lan_address_and_its_qr_code(monkeypatch):
    monkeypatch.setattr(addresses, "lan_address", lambda: "192.168.1.23")
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.delenv("SCOREKEEPER_PUBLIC_URL", raising=False)
    shown = server.banner("0.0.0.0", 5000)
    assert "http://192.168.1.23:5000/" in shown and "edit secret" in shown and "HOST=127.0.0.1" in shown
    assert shown.count("█") > 200  # the QR code, drawn with block characters
    private = server.banner("127.0.0.1", 5000)
    assert "private" in private and "http://127.0.0.1:5000/" in private and "█" not in private
    monkeypatch.setenv("PUBLIC_URL", "https://cards.example")
    assert "https://cards.example" in server.banner("0.0.0.0", 5000)


def test_the_address_is_shown_once_it_answers(tmp_path):
    """The banner was printed as gunicorn listened, before its worker had even been forked: the
    address opened at once waited for the worker to load the app (1.7 to 3 s here, 6 to 7 s under
    load). Now the first worker to load the app prints it, so the address answers as it is read."""
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'table.sqlite3'}", "SCOREKEEPER_SECRET_KEY": "test"}
    port = free_port()
    proc = spawn(port, env, "--no-access-log", workers=1)
    try:
        assert f"http://127.0.0.1:{port}/" in banner(proc)
        shown = time.monotonic()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=ANSWERS_WITHIN) as answer:
                assert answer.status == 200
        except TimeoutError:
            raise AssertionError(f"no answer within {ANSWERS_WITHIN} s of the banner") from None
        waited = time.monotonic() - shown
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as answer:
            assert answer.status == 200 and "Scorekeeper" in answer.read().decode()
    finally:
        rest = stop(proc)
    assert waited < ANSWERS_WITHIN and "Scorekeeper is private" not in rest  # shown once


def test_the_first_worker_to_load_the_app_shows_the_banner_and_no_other(capsys):
    """Each worker (two on a 2-core machine, and one that replaces a worker that died) calls the
    hook once its app is loaded; only the first prints the address."""
    from scorekeeper.web.terminal_log import logger_class

    log = logger_class(full_access=False, rows=24)
    log.listening("Phones open: http://192.168.1.23:5000/")
    assert capsys.readouterr().out == ""  # listening is not answering: nothing shown yet
    assert [log.show_first(), log.show_first(), log.show_first()] == [True, False, False]
    assert capsys.readouterr().out.count("Phones open") == 1


def test_the_server_holds_idle_connections_with_gevent():
    options = server.settings("0.0.0.0", 5000, workers=3)
    assert options["worker_class"] == "scorekeeper.cli.table_worker.TableWorker" and options["workers"] == 3
    from gunicorn.workers.ggevent import GeventWorker

    from scorekeeper.cli.table_worker import TableWorker  # gunicorn's gevent worker, stopping cleanly

    assert issubclass(TableWorker, GeventWorker)
    assert options["bind"] == ["0.0.0.0:5000"] and options["worker_connections"] >= 1000
    assert server.settings("::", 8000, workers=1)["bind"] == ["[::]:8000"]


def _wait_for_stream_event(port: int, public_id: str, since: str, heard: list, ready: threading.Barrier):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    conn.request("GET", f"/live/games/{public_id}?since={since}")
    response = conn.getresponse()
    assert response.status == 200
    response.fp.readline()  # the first chunk's size: the stream is open
    ready.wait()
    while True:
        line = response.fp.readline()
        if not line or line.startswith(b"event: change"):
            heard.append(bool(line))
            conn.close()
            return


def test_make_run_serves_followers_live_across_workers(tmp_path):
    db_url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    app = create_app({"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": db_url})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        game, secret = services.create_game("rummikub", ["Ann", "Bob"])
        db.session.commit()
        public_id = game.public_id
    port = free_port()
    proc = spawn(
        port, {"DATABASE_URL": db_url, "SCOREKEEPER_SECRET_KEY": "test"}, "--no-access-log", workers=2
    )
    try:
        shown = banner(proc)
        assert f"http://127.0.0.1:{port}/" in shown and "Using worker: scorekeeper.cli.table_worker" in shown
        editor = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        cookie = {"Cookie": f"sk_edit_{public_id}={secret}"}
        editor.request("GET", f"/games/{public_id}", headers=cookie)
        page = editor.getresponse().read().decode()
        since = re.search(r'data-live-version="([0-9a-f]+)"', page).group(1)

        heard: list[bool] = []
        ready = threading.Barrier(STREAMS + 1)
        followers = [
            threading.Thread(target=_wait_for_stream_event, args=(port, public_id, since, heard, ready))
            for _ in range(STREAMS)
        ]
        for follower in followers:
            follower.start()
        ready.wait(timeout=15)
        editor.request("GET", f"/games/{public_id}/rounds/new", headers=cookie)
        answer = editor.getresponse()
        form, session = answer.read().decode(), answer.getheader("Set-Cookie").split(";", 1)[0]
        body = f"csrf_token={csrf_from(form)}&winner=0&players.1.rack=R5"
        editor.request(
            "POST",
            f"/games/{public_id}/rounds/new",
            body=body,
            headers={
                "Cookie": f"{cookie['Cookie']}; {session}",
                "Content-Type": "application/x-www-form-urlencoded",
            },
        )
        assert editor.getresponse().status == 302
        for follower in followers:
            follower.join(timeout=15)
        assert heard == [True] * STREAMS
    finally:
        stop(proc)


def _refused(proc) -> str:
    out = proc.communicate(timeout=60)[0]
    assert proc.returncode == 2, out
    return out


def test_the_server_will_not_start_on_a_database_the_migrations_have_not_reached(tmp_path):
    """Started straight on a new file, or on one from before an update, the server answered 500 on
    every page needing a newer table; now it stops at once and names the command that fixes it."""
    db_file = tmp_path / "table.sqlite3"
    env = {"DATABASE_URL": f"sqlite:///{db_file}", "SCOREKEEPER_SECRET_KEY": "test"}
    new = _refused(spawn(free_port(), env, "--no-access-log", migrate=False))
    assert f"the database {db_file} is without the app's tables" in new and "make db" in new
    assert not db_file.exists()  # nothing was made in its place

    from flask_migrate import downgrade

    app = create_app({"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_file}"})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        services.create_game("rummikub", ["Ann", "Bob"])
        db.session.commit()
        downgrade(directory=str(MIGRATIONS), revision="-1")
    old = _refused(spawn(free_port(), env, "--no-access-log", migrate=False))
    assert f"the database {db_file} is at revision" in old and "no game is lost" in old

    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
    assert revisions.behind(f"sqlite:///{db_file}", tmp_path) is None  # brought up: it starts again


def test_scorekeeper_serve_refuses_the_same_database_with_exit_2(tmp_path, monkeypatch, capsys):
    from scorekeeper.cli import main

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'new.sqlite3'}")
    assert main(["serve", "--port", str(free_port())]) == 2
    assert "without the app's tables" in capsys.readouterr().err


def test_the_server_starts_on_an_older_gunicorn_without_the_http2_settings(monkeypatch):
    """pyproject takes gunicorn 22 and later; ``http_protocols`` came in 25 and ``http2_cleartext``
    in 26.2. An older gunicorn speaks HTTP/1.1 only, so the server starts without them (it stopped
    with "No configuration setting for: http_protocols")."""
    from gunicorn import config

    newer = {"control_socket_disable", "http_protocols", "http2_cleartext"}
    older = [s for s in config.KNOWN_SETTINGS if s.name not in newer]
    monkeypatch.setattr(config, "KNOWN_SETTINGS", older)
    monkeypatch.setattr(config.Config, "validate", lambda self: None, raising=False)  # 27's reads them
    started = server.table_server(server.settings("127.0.0.1", 5000, workers=1))
    assert started.cfg.bind == ["127.0.0.1:5000"] and "http_protocols" not in started.cfg.settings


#: the server as ``make run`` starts it, each worker saying, once its start-up hook has run, how many
#: objects the garbage collector keeps out of its sweeps (the test's own line; the server prints none)
FREEZE_REPORTED = r"""
import gc, sys
from scorekeeper.cli import server

made = server.settings

def settings(*args, **kwargs):
    options = made(*args, **kwargs)
    started = options["post_worker_init"]

    def post_worker_init(worker):
        started(worker)
        print(f"worker froze {gc.get_freeze_count()} objects", flush=True)

    return {**options, "post_worker_init": post_worker_init}

server.settings = settings
sys.exit(server.main(sys.argv[1:]))
"""


def test_each_worker_keeps_its_loaded_app_out_of_the_garbage_collectors_sweeps(tmp_path):
    """A club's every-game API answer (a year: 3,900 games) makes 100,000 objects and so sets off a
    full garbage collection, which went through the whole loaded app as well: the worker was held
    0.2 to 0.8 s at once, with no page, live update or /healthz answered. A worker now freezes what
    its start-up made (over 100,000 objects), and that collection goes through the answer's only."""
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'table.sqlite3'}", "SCOREKEEPER_SECRET_KEY": "test"}
    migrated_for(env)
    port = free_port()
    argv = [
        sys.executable,
        "-c",
        FREEZE_REPORTED,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        "1",
    ]
    out = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    proc = subprocess.Popen(argv, cwd=ROOT, env=environment(env), start_new_session=True, **out)
    try:
        said = banner(proc, ends=("worker froze",))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30) as answer:
            assert answer.status == 200
    finally:
        stop(proc)
    frozen = int(re.search(r"worker froze (\d+) objects", said).group(1))
    assert frozen > 50_000, said
