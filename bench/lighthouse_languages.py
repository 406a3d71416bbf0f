"""Lighthouse's accessibility score of six pages in every language (issue 40, docs/languages.md).

The pages issue 40 names: the home page, a game page and its hand form as the editor, the
Rummikub checker, the Rummikub rules and a table's statistics; in every language of the registry
(``scorekeeper.web.languages.LANGUAGES``), chosen as a phone chooses it (the ``lang`` cookie, and
``Accept-Language``). Seeds a Rummikub game of 50 hands (web_bench's) and a table in a temporary
SQLite file, starts the production server on a free loopback port, runs Lighthouse (mobile, the
accessibility category only) with Debian's Chromium, prints one line per page and language with its
score and the audits that lost points, then the load average, and stops the server.
Not part of the test suite (each run takes 10-30 s); tests/browser/test_layout_sweep_browser.py
runs axe on the same pages in every language on every run.
Usage: ``python bench/lighthouse_languages.py [LANG ...]`` (default: every language).
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

from lighthouse import lighthouse, lost_points
from live_bench import start_server
from web_bench import free_port, seed


def pages(public_id: str, table_id: str) -> list[tuple[str, str]]:
    """The six pages, by name and path."""
    return [
        ("home", "/"),
        ("game", f"/games/{public_id}"),
        ("hand form", f"/games/{public_id}/rounds/new"),
        ("checker", "/check/rummikub"),
        ("rules", "/rules/rummikub"),
        ("statistics", f"/tables/{table_id}/stats"),
    ]


def seed_table(db_url: str) -> str:
    """A table of three players, for its statistics page; its public id."""
    from scorekeeper import create_app
    from scorekeeper.services.tables.roster import create_table
    from scorekeeper.storage.extensions import db

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": db_url})
    with app.app_context():
        table, _ = create_table("Friday", ["Ann", "Bob", "Cleo"])
        db.session.commit()
        return table.public_id


def main(argv: list[str]) -> int:
    from scorekeeper.web.languages import LANGUAGES

    languages = argv or list(LANGUAGES)
    folder = Path(tempfile.mkdtemp(prefix="lighthouse-languages-"))
    db_url = f"sqlite:///{folder / 'bench.sqlite3'}"
    ((public_id, secret),) = seed(db_url, 1)
    table_id = seed_table(db_url)
    port = free_port()
    server = start_server(port, db_url, 2)
    scores = []
    try:
        for language in languages:
            for name, path in pages(public_id, table_id):
                headers = {
                    "Cookie": f"sk_edit_{public_id}={secret}; lang={language}",
                    "Accept-Language": language,
                }
                report = folder / f"{language}-{name.replace(' ', '-')}.json"
                result = lighthouse(
                    f"http://127.0.0.1:{port}{path}", report, headers=headers, categories=("accessibility",)
                )
                score = round(result["categories"]["accessibility"]["score"] * 100)
                scores.append(score)
                lost = ", ".join(lost_points(result, "accessibility")) or "-"
                print(f"{language:3} {name:11} accessibility {score:3}  lost: {lost}", flush=True)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{len(scores)} pages, lowest {min(scores)}; load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
