"""PostgreSQL for real: migrations, whole games, two phones at once and unicode on a live server.

A session fixture starts a throwaway cluster (``initdb`` and ``pg_ctl`` from
Debian's ``postgresql`` package, which ``make test`` installs when run as root)
in a temp dir. It listens only on a unix socket in that dir; as root the server
runs as the ``postgres`` user (``nobody`` when there is none). Each test gets a
fresh database brought up by the migrations, and this module's ``app`` fixture
(overriding the SQLite one of ``tests/conftest.py``) points the app at it with
``postgresql+psycopg://``. Without the binaries or psycopg the tests are skipped
with a NOTICE, except under ``CI=true`` where that is a failure (the browser
tests' policy).
"""

from __future__ import annotations

import functools
import os
import pwd
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata, produce_migrations, render_python_code
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select

from scorekeeper import create_app
from scorekeeper.rules import variants
from scorekeeper.services.tables.roster import game_secret
from scorekeeper.storage import config, models
from scorekeeper.storage.club_models import EventLogEntry
from scorekeeper.storage.extensions import db
from scorekeeper.storage.table_models import Member

from . import test_api_club, test_api_transfer, test_full_games
from .api_support import HANDS, OTHER_HANDS, VARIANTS, OpenApi, call
from .game_support import csrf_from, secret_cookie, start_game
from .rounds_support import rounds_url, text
from .table_support import roster_form

ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS = ROOT / "scorekeeper" / "migrations"
TABLES = {"games", "players", "rounds", "audit_entries"}
SUPERUSER = "scorekeeper"
#: Names from several scripts, an emoji, quotes and markup: stored and read back exactly.
NAMES = ["Zoë O'Brien", "李雷 🂡", 'שרה "<b>"']


# -- the throwaway cluster ---------------------------------------------------------------------------


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL tests cannot run under CI: {reason}")
    pytest.skip(f"NOTICE PostgreSQL tests skipped: {reason}")


def _bindir() -> Path | None:
    """``$PG_BINDIR``, else the newest ``/usr/lib/postgresql/<major>/bin`` with initdb and pg_ctl."""
    if os.environ.get("PG_BINDIR"):
        found = [Path(os.environ["PG_BINDIR"])]
    else:
        found = sorted(
            Path("/usr/lib/postgresql").glob("*/bin"),
            key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        )
    found = [p for p in found if (p / "initdb").is_file() and (p / "pg_ctl").is_file()]
    return found[-1] if found else None


class Cluster:
    """A PostgreSQL cluster in ``folder``, reachable only through the unix socket there.

    PostgreSQL refuses to run as root, so under root every server command runs
    as an unprivileged user that owns ``folder``.
    """

    def __init__(self, bindir: Path, folder: Path):
        self.bindir, self.folder, self.data = bindir, folder, folder / "data"
        self.user = None
        if os.geteuid() == 0:
            self.user = next((u for u in ("postgres", "nobody") if _user_exists(u)), None)
            account = pwd.getpwnam(self.user)
            os.chown(folder, account.pw_uid, account.pw_gid)

    def _run(self, *args: str) -> None:
        as_user = (
            {"user": self.user, "group": pwd.getpwnam(self.user).pw_gid, "extra_groups": []}
            if self.user
            else {}
        )
        result = subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            cwd=self.folder,
            capture_output=True,
            text=True,
            timeout=120,
            **as_user,
        )
        if result.returncode:
            log = self.folder / "server.log"
            raise RuntimeError(
                f"{' '.join(args)} failed: {result.stderr}\n{log.read_text() if log.exists() else ''}"
            )

    def start(self) -> None:
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        with open(self.data / "postgresql.conf", "a") as conf:
            # no TCP at all; throwaway data needs no crash safety
            conf.write(
                f"\nlisten_addresses = ''\nunix_socket_directories = '{self.folder}'\n"
                "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
            )
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w", "-t", "60", "start"
        )

    def guard(self) -> None:
        """Should this test process die without its teardown (a timeout's SIGTERM, a SIGKILL), a
        detached watcher stops the server (SIGQUIT: immediate shutdown) and removes ``folder``."""
        watch = (
            'while kill -0 "$0" 2>/dev/null; do sleep 1; done; '
            'kill -QUIT "$(head -n1 "$1/data/postmaster.pid" 2>/dev/null)" 2>/dev/null; sleep 1; rm -rf "$1"'
        )
        subprocess.Popen(
            ["sh", "-c", watch, str(os.getpid()), str(self.folder)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str, scheme: str = "postgresql+psycopg") -> str:
        return f"{scheme}://{SUPERUSER}@/{database}?host={self.folder}"

    def connect(self, database: str = "postgres", **kwargs):
        import psycopg

        return psycopg.connect(host=str(self.folder), user=SUPERUSER, dbname=database, **kwargs)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


@pytest.fixture(scope="session")
def cluster():
    """One throwaway cluster for the whole run; stopped and removed at the end."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable("the psycopg package is not installed (pip install -e '.[test]')")
    bindir = _bindir()
    if bindir is None:
        _unavailable(
            "no initdb/pg_ctl under /usr/lib/postgresql/*/bin "
            "(apt-get install postgresql, or run make test as root)"
        )
    folder = Path(tempfile.mkdtemp(prefix="sk-pg-"))
    server = Cluster(bindir, folder)
    server.guard()
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def database(cluster):
    """The name of a new, empty database; dropped after the test."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    with cluster.connect(autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield name
    with cluster.connect(autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def _pg_app(url: str):
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": url,
            "WTF_CSRF_ENABLED": True,
        }
    )


@pytest.fixture
def app(cluster, database):
    """The app on a fresh PostgreSQL database with the migrations applied (the ``client`` fixture uses it)."""
    app = _pg_app(cluster.url(database))
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def api(client) -> OpenApi:
    return OpenApi(client.get("/api/v1/openapi.json").get_json())


def _flask(*args: str, url: str) -> subprocess.CompletedProcess:
    """``flask --app scorekeeper <args>`` as an operator runs it, with ``DATABASE_URL``."""
    env = {**os.environ, "DATABASE_URL": url, "SCOREKEEPER_SECRET_KEY": "x"}
    return subprocess.run(
        [str(Path(sys.executable).with_name("flask")), "--app", "scorekeeper", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


# -- the schema --------------------------------------------------------------------------------------


def test_flask_db_upgrade_on_an_empty_database_then_autogenerate_finds_no_diff(cluster, database):
    url = cluster.url(database)
    upgraded = _flask("db", "upgrade", "--directory", "scorekeeper/migrations", url=url)
    assert upgraded.returncode == 0, upgraded.stderr
    checked = _flask("db", "check", "--directory", "scorekeeper/migrations", url=url)
    assert checked.returncode == 0, f"autogenerate sees a difference: {checked.stdout}{checked.stderr}"
    assert "No new upgrade operations detected" in checked.stdout + checked.stderr

    app = _pg_app(url)
    with app.app_context():
        assert TABLES | {"alembic_version"} <= set(inspect(db.engine).get_table_names())
        with db.engine.connect() as conn:
            diff = compare_metadata(
                MigrationContext.configure(conn, opts={"compare_type": True}), db.metadata
            )
            version = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one()
        assert diff == [], f"models and migrations disagree on PostgreSQL: {diff}"
        head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
        assert version == head
        db.engine.dispose()


def test_generated_migrations_write_plain_sqlalchemy_types(app):
    """A future ``flask db migrate`` must not write our own column type into a migration."""
    with app.app_context():
        downgrade(directory=str(MIGRATIONS), revision="base")
        with db.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            code = render_python_code(
                produce_migrations(context, db.metadata).upgrade_ops, render_item=models.render_item
            )
    assert "sa.String(length=40)" in code and "NulFree" not in code and "scorekeeper" not in code


def test_downgrade_to_base_and_upgrade_again(app):
    with app.app_context():
        downgrade(directory=str(MIGRATIONS), revision="base")
        assert set(inspect(db.engine).get_table_names()) & TABLES == set()
        upgrade(directory=str(MIGRATIONS))
        assert TABLES <= set(inspect(db.engine).get_table_names())


@pytest.mark.parametrize("scheme", ["postgres", "postgresql", "postgresql+psycopg"])
def test_every_usual_database_url_reaches_the_server(cluster, database, scheme, monkeypatch):
    """Hosting services hand out ``postgres://`` or ``postgresql://``; both mean psycopg 3 here."""
    url = cluster.url(database, scheme)
    monkeypatch.setenv("DATABASE_URL", url)
    assert config.database_url("unused").startswith("postgresql+psycopg://")
    current = _flask("db", "current", "--directory", "scorekeeper/migrations", url=url)
    assert current.returncode == 0, current.stderr


# -- whole games --------------------------------------------------------------------------------------

FULL_GAMES = [
    pytest.param(test_full_games.test_krazy_bee_with_a_short_step_list, id="krazy-bee-KB-7-KB-10"),
    pytest.param(test_full_games.test_crib_rummy_to_61, id="crib-rummy-CR-5-CR-9"),
    pytest.param(
        functools.partial(test_full_games.test_tile_game_three_rounds_scoring_a, variant="rummikub"),
        id="rummikub-CT-7-CT-8",
    ),
    pytest.param(
        functools.partial(test_full_games.test_tile_game_three_rounds_scoring_a, variant="crazy-tiles"),
        id="crazy-tiles-CT-7-CT-8",
    ),
    pytest.param(test_full_games.test_rumbugz_three_rounds, id="rumbugz-RB-6-RB-8"),
    pytest.param(test_full_games.test_crazy_rummy_to_500, id="crazy-rummy-CZ-1-CZ-8"),
]


@pytest.mark.parametrize("play", FULL_GAMES)
def test_full_game_through_the_forms(app, client, play):
    """The same games, with the same hand-worked totals after every record, edit, delete and undo,
    as ``test_full_games`` plays on SQLite."""
    play(app, client)


@pytest.mark.parametrize("variant", VARIANTS)
def test_export_then_import_round_trip(app, client, api, variant):
    """``test_api_transfer``'s exact round trip (a new id and secret, nothing else new), on PostgreSQL."""
    test_api_transfer.test_export_then_import_restores_the_game_exactly(app, client, api, variant)


def _sqlite_app(folder: Path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'side.sqlite3'}",
        }
    )
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
    return app


def _without(value, keys=("id", "created_at", "updated_at", "at", "urls", "api", "page", "export", "editor")):
    """``value`` without the fields that differ between two runs (ids, times, links)."""
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(v, keys) for v in value]
    return value


def _evening(client) -> list:
    """Three games through the web form and the API: what the players see after every step."""
    api = OpenApi(client.get("/api/v1/openapi.json").get_json())
    by_slug = {v["slug"]: v for v in variants()}
    seen: list = []

    def look(gid: str) -> None:
        _, game = call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)
        seen.append(
            [(p["name"], p["total"], p["rank"]) for p in game["players"]]
            + [game["status"], game["winners"], game["dealer"]]
        )

    # Krazy Bee started through the web form (this client keeps the edit cookie), crib rummy and
    # Rummikub through the API
    kb = start_game(client, by_slug["krazy-bee"], NAMES[:2])
    games = [(kb, "krazy-bee", secret_cookie(client, kb))]
    for variant in ("crib-rummy", "rummikub"):
        _, created = call(
            client,
            api,
            "POST",
            "/api/v1/games",
            {"variant": variant, "players": NAMES[1:], "first_dealer": 1},
            expect=201,
        )
        client.set_cookie(f"sk_edit_{created['id']}", created["secret"])
        games.append((created["id"], variant, created["secret"]))

    for gid, variant, secret in games:
        for facts in (HANDS[variant], OTHER_HANDS[variant], HANDS[variant]):
            call(client, api, "POST", f"/api/v1/games/{gid}/rounds", facts, secret=secret, expect=201)
            look(gid)
        call(client, api, "PUT", f"/api/v1/games/{gid}/rounds/2", HANDS[variant], secret=secret, expect=200)
        look(gid)
        call(client, api, "DELETE", f"/api/v1/games/{gid}/rounds/1", secret=secret, expect=200)
        look(gid)
        page = client.get(f"/games/{gid}")
        undone = client.post(
            f"/games/{gid}/undo", data={"csrf_token": csrf_from(page.text)}, follow_redirects=True
        )
        assert "Undid" in text(undone)
        look(gid)
        history = client.get(f"/games/{gid}/history")
        assert history.status_code == 200 and "Undid" in text(history)
        _, export = call(client, api, "GET", f"/api/v1/games/{gid}/export", expect=200)
        _, copy = call(client, api, "POST", "/api/v1/games/import", export, expect=201)
        _, again = call(client, api, "GET", f"/api/v1/games/{copy['id']}/export", expect=200)
        assert _without(again) == _without(export)
        seen.append(_without(export))
    return seen


def test_an_evening_gives_the_same_totals_and_trail_as_on_sqlite(app, client, tmp_path):
    on_postgres = _evening(client)
    on_sqlite = _evening(_sqlite_app(tmp_path).test_client())
    assert on_postgres == on_sqlite
    # and it is a real evening: every game has its three hands back after the undo, in the same order
    exports = [s for s in on_postgres if isinstance(s, dict)]
    assert [len(e["rounds"]) for e in exports] == [3, 3, 3]
    assert [[a["action"] for a in e["audit"]][-3:] for e in exports] == [["edit", "delete", "undo"]] * 3
    assert [p["name"] for p in exports[0]["players"]] == NAMES[:2]


# -- two phones at once ----------------------------------------------------------------------------------


def _waiting_on(cluster, database: str, table: str) -> int:
    with cluster.connect(database) as conn:
        return conn.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            "WHERE c.relname = %s AND NOT l.granted",
            (table,),
        ).fetchone()[0]


def _at_once(cluster, database: str, requests: list) -> list:
    """Run ``requests`` (callables) in threads, each held at its first write until all are there.

    A change's first write claims the game's next version (``UPDATE games``): a table lock
    that still lets everyone read makes both phones load the game (the same version) and aim
    at the same hand number before either may write.
    """
    return _at_once_on(cluster, database, ("games",), requests)


def _released(cluster, database: str, hold: list, waiting, requests: list, *, in_order: bool = False) -> list:
    """Run ``requests`` (callables) in threads while a blocker holds what ``hold`` (SQL and its
    parameters) takes, let go once ``waiting()`` counts every request waiting on it; ``in_order``:
    each started once the one before waits, so PostgreSQL serves them in that order."""
    answers: list = [None] * len(requests)

    def run(i):
        answers[i] = requests[i]()

    with cluster.connect(database) as blocker:
        for sql, params in hold:
            blocker.execute(sql, params)
        threads = []
        for i in range(len(requests)):
            threads.append(threading.Thread(target=run, args=(i,)))
            threads[-1].start()
            deadline = time.monotonic() + 20
            while (in_order or i == len(requests) - 1) and waiting() < i + 1:
                assert time.monotonic() < deadline, "the requests never reached their write"
                time.sleep(0.02)
        blocker.commit()
    for t in threads:
        t.join(30)
    return answers


def test_two_phones_recording_the_same_hand_through_the_api(app, cluster, database, api):
    client = app.test_client()
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "krazy-bee", "players": NAMES[:2]}, expect=201
    )
    gid, secret = created["id"], created["secret"]
    send = [
        functools.partial(
            lambda facts: app.test_client().post(
                f"/api/v1/games/{gid}/rounds", json=facts, headers={"Authorization": f"Bearer {secret}"}
            ),
            facts,
        )
        for facts in (HANDS["krazy-bee"], OTHER_HANDS["krazy-bee"])
    ]
    answers = _at_once(cluster, database, send)
    assert sorted(a.status_code for a in answers) == [201, 409], [a.get_data(as_text=True) for a in answers]
    refused = next(a for a in answers if a.status_code == 409).get_json()
    assert "the game changed since" in refused["error"] and refused["conflict"]["theirs"] == {"version": 1}
    kept = next(a for a in answers if a.status_code == 201).get_json()["round"]["facts"]
    _, game = call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)
    assert [r["facts"] for r in game["rounds"]] == [kept]
    _, export = call(client, api, "GET", f"/api/v1/games/{gid}/export", expect=200)
    assert [a["action"] for a in export["audit"]] == ["create", "record"]


def test_a_send_waits_while_its_key_is_being_answered(app, cluster, database, api):
    """Two sends of one Idempotency-Key take turns on PostgreSQL: while the key's lock is held (as
    its first send holds it until its answer is kept), the second waits, then is answered; a live
    probe had seen a twin told "nothing of it was kept" while the first had done it."""
    from scorekeeper.api.idempotency import key_lock
    from scorekeeper.storage.kept_answers import digest

    client = app.test_client()
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "krazy-bee", "players": NAMES[:2]}, expect=201
    )
    gid, secret = created["id"], created["secret"]
    path = f"/api/v1/games/{gid}/rounds"
    number = key_lock({"key": "hand-1", "operation": f"POST {path}", "scope": digest(secret.encode())})
    answer: list = []
    headers = {"Authorization": f"Bearer {secret}", "Idempotency-Key": "hand-1"}
    send = threading.Thread(
        target=lambda: answer.append(app.test_client().post(path, json=HANDS["krazy-bee"], headers=headers))
    )
    with cluster.connect(database, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", (number,))
        send.start()
        deadline = time.monotonic() + 20
        while not holder.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        ).fetchone()[0]:
            assert time.monotonic() < deadline, "the send never waited for its key"
            time.sleep(0.02)
        assert not answer  # still waiting
        holder.execute("SELECT pg_advisory_unlock(%s)", (number,))
    send.join(30)
    assert answer and answer[0].status_code == 201, answer
    again = app.test_client().post(path, json=HANDS["krazy-bee"], headers=headers)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    _, game = call(client, api, "GET", f"/api/v1/games/{gid}", expect=200)
    assert len(game["rounds"]) == 1


def test_two_phones_recording_the_same_hand_through_the_form(app, cluster, database, api):
    first = app.test_client()
    _, created = call(
        first, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": NAMES[:2]}, expect=201
    )
    gid = created["id"]
    phones = []
    for rack in ("R5 J", "K9"):
        phone = app.test_client()
        phone.set_cookie(f"sk_edit_{gid}", created["secret"])
        token = csrf_from(phone.get(rounds_url(gid)).text)
        phones.append(
            functools.partial(
                phone.post, rounds_url(gid), data={"csrf_token": token, "winner": "0", "players.1.rack": rack}
            )
        )
    answers = _at_once(cluster, database, phones)
    assert sorted(a.status_code for a in answers) == [302, 409], [text(a)[:500] for a in answers]
    assert "The game changed since" in text(next(a for a in answers if a.status_code == 409))
    _, game = call(first, api, "GET", f"/api/v1/games/{gid}", expect=200)
    assert len(game["rounds"]) == 1 and game["rounds"][0]["number"] == 1


def test_a_club_evening_declares_and_confirms_its_results(app, client, api):
    """``test_api_club``'s evening of three rounds and a cut, on PostgreSQL: a confirmation compares
    the declared result in its UPDATE, and PostgreSQL's ``json`` has no ``=`` (every confirmation,
    the API's and the page's, was a 500 there)."""
    _, club = call(
        client,
        api,
        "POST",
        "/api/v1/tables",
        {"name": "Thursday club", "players": test_api_club.NAMES},
        expect=201,
    )
    test_api_club.test_a_fourteen_player_evening_through_the_api(client, api, club)


def _at_once_on(cluster, database: str, tables: tuple[str, ...], requests: list) -> list:
    """:func:`_at_once` for a change whose first write is to one of ``tables`` (all of them locked)."""
    return _released(
        cluster,
        database,
        [(f"LOCK TABLE {table} IN EXCLUSIVE MODE", ()) for table in tables],
        lambda: sum(_waiting_on(cluster, database, t) for t in tables),
        requests,
    )


def _in_order_on_row(cluster, database: str, table_id: str, requests: list) -> list:
    """Run ``requests`` queued in their order on the row of the table ``table_id`` (held FOR
    UPDATE): each waits for that row before the next starts."""

    def waiting() -> int:
        with cluster.connect(database) as conn:
            return conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'",
                (database,),
            ).fetchone()[0]

    hold = [("SELECT 1 FROM tables WHERE public_id = %s FOR UPDATE", (table_id,))]
    return _released(cluster, database, hold, waiting, requests, in_order=True)


def _roster_phones(app, api, names: list[str], count: int) -> tuple[str, dict[str, int], list]:
    """A table of ``names``, its roster's ids by name, and ``count`` phones holding its secret,
    each with a CSRF token of its own."""
    client = app.test_client()
    _, table = call(client, api, "POST", "/api/v1/tables", {"name": "Club", "players": names}, expect=201)
    with app.app_context():
        members = {m.name: m.id for m in db.session.scalars(select(Member))}
    phones = []
    for _ in range(count):
        phone = app.test_client()
        phone.set_cookie(f"sk_table_{table['id']}", table["secret"])
        phones.append((phone, csrf_from(phone.get(f"/tables/{table['id']}").text)))
    return table["id"], members, phones


def _roster(app) -> list[str]:
    with app.app_context():
        return sorted(db.session.scalars(select(Member.name)))


def test_two_roster_players_renamed_to_look_alike_names_at_once(app, cluster, database, api):
    """Each rename checks the roster for a look-alike name before it writes; two at once both
    passed the check (READ COMMITTED), and the roster held "Zed" and "zed"."""
    tid, members, phones = _roster_phones(app, api, ["Bob", "Cy"], 2)
    renames = [
        functools.partial(
            phone.post,
            f"/tables/{tid}/rename",
            data={"csrf_token": token, "member": members[old], "name": new},
        )
        for (phone, token), old, new in zip(phones, ["Bob", "Cy"], ["Zed", "zed"])
    ]
    answers = _at_once_on(cluster, database, ("tables", "table_members"), renames)
    assert [a.status_code for a in answers] == [302, 302]
    assert [n.casefold() for n in _roster(app)].count("zed") == 1, _roster(app)


def test_two_players_merged_into_each_other_at_once(app, cluster, database, api):
    """Ann merged into Annie and Annie into Ann at the same moment: one merge is kept, the other
    refused; before, both were kept and neither stayed on the roster."""
    tid, members, phones = _roster_phones(app, api, ["Ann", "Annie", "Bob"], 2)
    merges = [
        functools.partial(
            phone.post,
            f"/tables/{tid}/merge",
            data={"csrf_token": token, "keep": members[keep], "drop": members[drop]},
        )
        for (phone, token), keep, drop in zip(phones, ["Ann", "Annie"], ["Annie", "Ann"])
    ]
    answers = _at_once_on(cluster, database, ("tables", "table_members", "table_seats"), merges)
    assert sorted(a.status_code for a in answers) == [302, 409], [text(a)[:300] for a in answers]
    assert len(set(_roster(app)) & {"Ann", "Annie"}) == 1, _roster(app)


def test_a_table_game_started_while_its_players_are_merged(app, cluster, database, api):
    """A game seating Ann and Annie started as Annie is merged into Ann, the merge first: the start
    waits for it and is then refused (Annie is gone), never a deadlock PostgreSQL breaks. The start
    wrote its seats (holding Ann's and Annie's rows) before it held the table, the merge the other
    way round, so the merge, waiting on those rows, was refused 409 with nothing said of why. And
    at the same moment, as it comes: one after the other, whichever first."""
    ann, annie, bob = "Ann", "Annie", "Bob"
    outcomes = []
    for burst in range(5):  # each burst a table of its own, its players' names its own
        names = [f"{name} {burst}" for name in (ann, annie, bob)]
        tid, members, ((merger, token), (starter, _)) = _roster_phones(app, api, names, 2)
        play = roster_form(starter, tid, "rummikub", names)
        both = [
            functools.partial(
                merger.post,
                f"/tables/{tid}/merge",
                data={"csrf_token": token, "keep": members[names[0]], "drop": members[names[1]]},
            ),
            functools.partial(starter.post, f"/tables/{tid}/play/rummikub", data=play),
        ]
        if burst < 2:
            merged, started = _in_order_on_row(cluster, database, tid, both)
        else:
            merged, started = _at_once_on(cluster, database, ("tables", "table_games"), both)
        # a merge kept goes to the roster, one refused back to its form (with the reason flashed)
        kept = merged.status_code == 302 and merged.headers["Location"].endswith("#players")
        outcomes.append(("merged" if kept else merged.status_code, started.status_code))
    assert outcomes[:2] == [("merged", 409)] * 2, outcomes
    assert set(outcomes) <= {("merged", 409), (302, 302)}, outcomes


def test_two_house_games_of_one_name_adopted_at_once(app, cluster, database, api):
    """A house game's name is checked against the table's before it is kept; two at once both
    passed the check (READ COMMITTED) and the table kept two house games called "Sunday"."""
    client = app.test_client()
    _, table = call(client, api, "POST", "/api/v1/tables", {"name": "Club", "players": ["Ann"]}, expect=201)
    adopt = [
        functools.partial(
            app.test_client().post,
            f"/api/v1/tables/{table['id']}/house-games",
            json={"name": "Sunday", "variant": "rummikub", "options": {"initial_meld": meld}},
            headers={"Authorization": f"Bearer {table['secret']}"},
        )
        for meld in (20, 40)
    ]
    answers = _at_once_on(cluster, database, ("tables", "table_rulings"), adopt)
    assert sorted(a.status_code for a in answers) == [201, 422], [a.get_json() for a in answers]
    assert "already has a house game called 'Sunday'" in next(a for a in answers if a.status_code == 422).text
    _, kept = call(client, api, "GET", f"/api/v1/tables/{table['id']}/house-games", expect=200)
    assert [h["name"] for h in kept["house_games"]] == ["Sunday"]


def _club_table_played(client, api) -> tuple[dict, dict, dict, list[str]]:
    """A club of four, an evening of one round seated, its table's phones seated and one hand
    played: the club, the event, the table and its seats' secrets."""
    _, club = call(
        client,
        api,
        "POST",
        "/api/v1/tables",
        {"name": "Club", "players": test_api_club.NAMES[:4]},
        expect=201,
    )
    event = test_api_club._event(client, api, club, players=test_api_club.NAMES[:4], rounds=1)
    table = test_api_club._seat(client, api, club, event, "draw", seed=1)["tables"][0]
    seats = test_api_club._play(client, api, club, table, random.Random(1))
    return club, event, table, seats


def test_a_hand_changed_after_a_club_table_is_final_is_logged(app, client, api):
    """A hand undone at a table whose result is final is logged for the organiser as
    ``changed_after_final`` (19 characters); the log's ``action`` column held 16, which SQLite does
    not enforce and PostgreSQL does: the undo was a 500 there and could not be made."""
    club, event, table, _ = _club_table_played(client, api)
    why = {"scores": [1, 2, 3, 4], "reason": "agreed at the table"}
    test_api_club._result(client, api, event, 1, 1, "result", club["secret"], method="PUT", body=why)
    editor = {"Authorization": f"Bearer {game_secret(club['secret'], table['game'])}"}
    undone = client.post(f"/api/v1/games/{table['game']}/undo", headers=editor)
    assert undone.status_code == 200, undone.get_json()
    with app.app_context():
        actions = list(db.session.scalars(select(EventLogEntry.action).order_by(EventLogEntry.id)))
    assert actions[-1] == "changed_after_final"


def test_a_club_result_confirmed_while_a_hand_is_recorded(app, cluster, database, api):
    """A confirmation and a hand of the table's game at the same moment: one after the other (the
    hand first withdraws the declared result and the confirmation is told so; the confirmation first
    makes it final and the hand is logged for the organiser), never PostgreSQL breaking a deadlock
    between them (a 409 saying only that someone else changed something)."""
    client = app.test_client()
    club, event, table, seats = _club_table_played(client, api)
    test_api_club._result(client, api, event, 1, 1, "declaration", seats[0])
    editor = {"Authorization": f"Bearer {game_secret(club['secret'], table['game'])}"}
    hand = {"winner": 1, "players": [{"rack": rack} for rack in ("R3", "", "B4", "K5")]}
    path = f"/api/v1/events/{event['id']}/rounds/1/tables/1/confirmation"
    both = [
        functools.partial(app.test_client().post, path, headers={"Authorization": f"Bearer {seats[1]}"}),
        functools.partial(
            app.test_client().post, f"/api/v1/games/{table['game']}/rounds", json=hand, headers=editor
        ),
    ]
    answers = _at_once_on(cluster, database, ("games", "club_tables"), both)
    said = [a.get_json() for a in answers]
    assert not any("at the same moment" in (s.get("error") or "") for s in said), said
    assert answers[1].status_code == 201, said


def test_a_seat_taken_by_a_phone_while_the_editor_gives_it(app, cluster, database, api):
    """A phone taking Bob's seat as the editor gives it to a new phone (or keeps it): one after the
    other (the second told the seat is taken, or given over it), never PostgreSQL breaking a
    deadlock between them (a 409 saying only that someone else changed something)."""
    client = app.test_client()
    _, game = call(
        client, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": NAMES[:2]}, expect=201
    )
    editor = {"Authorization": f"Bearer {game['secret']}"}
    assert client.put(f"/api/v1/games/{game['id']}/seating", json={}, headers=editor).status_code == 200
    said = []
    for holder in ("phone", "editor", "phone"):
        both = [
            functools.partial(
                app.test_client().post, f"/api/v1/games/{game['id']}/seats", json={"name": NAMES[1]}
            ),
            functools.partial(
                app.test_client().put,
                f"/api/v1/games/{game['id']}/seats/1",
                json={"holder": holder},
                headers=editor,
            ),
        ]
        said += [a.get_json() for a in _at_once_on(cluster, database, ("games", "seats"), both)]
        assert client.delete(f"/api/v1/games/{game['id']}/seats/1", headers=editor).status_code == 200
    assert not any("at the same moment" in (s.get("error") or "") for s in said), said


# -- unicode and what PostgreSQL is stricter about ---------------------------------------------------------


def test_json_columns_round_trip_unicode(app, client, api, cluster, database):
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": NAMES}, expect=201
    )
    gid = created["id"]
    _, export = call(client, api, "GET", f"/api/v1/games/{gid}/export", expect=200)
    note = {"why": 'Zoë’s 🂡 李雷 שרה \\ " \u2028', "nested": [{"ключ": "значение"}]}
    # a second entry of the game's own kind (creation), which Undo does not walk: only its text matters
    export["audit"].append(
        {
            **export["audit"][0],
            "round_number": None,
            "old": note,
            "new": {"players": NAMES},
            "summary": "Ünïcödé ✓ 李",
        }
    )
    _, copy = call(client, api, "POST", "/api/v1/games/import", export, expect=201)
    _, again = call(client, api, "GET", f"/api/v1/games/{copy['id']}/export", expect=200)
    assert again["audit"][-1]["old"] == note and again["audit"][-1]["summary"] == "Ünïcödé ✓ 李"
    assert [p["name"] for p in again["players"]] == NAMES
    # stored as real JSON text that PostgreSQL itself reads (not escaped bytes)
    with cluster.connect(database) as conn:
        rows = conn.execute(
            "SELECT a.new -> 'players', a.old ->> 'why' FROM audit_entries a "
            "JOIN games g ON g.id = a.game_id WHERE g.public_id = %s ORDER BY a.id",
            (copy["id"],),
        ).fetchall()
        assert rows[0][0] == NAMES and rows[-1] == (NAMES, note["why"])
        names = [
            r[0]
            for r in conn.execute(
                "SELECT p.name FROM players p JOIN games g ON g.id = p.game_id "
                "WHERE g.public_id = %s ORDER BY p.seat",
                (gid,),
            )
        ]
        assert names == NAMES


@pytest.mark.parametrize(
    "path", ["/games/a%00b", "/api/v1/games/a%00b", "/games/a%00b/history", "/api/v1/games/a%00b/export"]
)
def test_a_nul_byte_in_a_game_address_is_not_found(client, path):
    """PostgreSQL text cannot hold NUL; SQLite does not mind. Either way: 404, never 500."""
    assert client.get(path).status_code == 404


def test_a_nul_byte_in_a_name_never_reaches_the_database(client, api, cluster, database):
    status, answer = call(
        client, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": ["A\u0000nn", "Bob"]}
    )
    assert status in (201, 422), answer  # 422 once names refuse control characters
    with cluster.connect(database) as conn:
        stored = [r[0] for r in conn.execute("SELECT name FROM players ORDER BY id")]
    assert stored == (["Ann", "Bob"] if status == 201 else [])


def test_an_import_with_numbers_postgresql_cannot_hold_is_refused(client, api):
    _, created = call(
        client, api, "POST", "/api/v1/games", {"variant": "rummikub", "players": ["Ann", "Bob"]}, expect=201
    )
    _, export = call(client, api, "GET", f"/api/v1/games/{created['id']}/export", expect=200)
    export["audit"][0]["round_number"] = 2**40
    status, answer = call(client, api, "POST", "/api/v1/games/import", export)
    assert status == 400 and "audit.0.round_number" in answer["error"]
    export["audit"][0].update(round_number=None, summary="a\u0000b", old={"note": "c\u0000d"})
    _, copy = call(client, api, "POST", "/api/v1/games/import", export, expect=201)
    _, again = call(client, api, "GET", f"/api/v1/games/{copy['id']}/export", expect=200)
    # text columns drop the NUL; JSON keeps it escaped (PostgreSQL's json type accepts \u0000)
    assert (again["audit"][0]["summary"], again["audit"][0]["old"]) == ("ab", {"note": "c\u0000d"})


def test_two_workers_count_one_rate_limit_in_the_database(cluster, database):
    """Issue 36: the rate limits' counters are one UPSERT per hit on PostgreSQL too (scorekeeper.web.rate_store)."""
    url = cluster.url(database)
    first, second = (_pg_app(url) for _ in range(2))
    for worker in (first, second):
        worker.config.update(RATELIMIT_ENABLED=True, WTF_CSRF_ENABLED=False)
    with first.app_context():
        upgrade(directory=str(MIGRATIONS))
    clients = [first.test_client(), second.test_client()] * 16
    codes = [
        c.post("/api/v1/tables", json={"name": f"T{n}", "players": []}).status_code
        for n, c in enumerate(clients)
    ]
    assert codes == [201] * 30 + [429, 429]
    for worker in (first, second):
        with worker.app_context():
            db.engine.dispose()
