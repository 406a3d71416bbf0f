"""A correction's arrow in the change log and on Undo points the way the page reads: "+45 → +40" on
a left-to-right page, "+45 ← +40" on a right-to-left one (read from the right: was +45, now +40).
Which way a page reads is the app's one table of languages (``web/languages.py``, ``direction``),
the same that writes ``<html dir>``: Hebrew, and the tests' mirrored pseudo-locale (``en-150``), which
Babel's locale data calls left to right."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.languages import TRANSLATIONS
from tests.pseudo_locale import write_pseudo_catalog
from tests.quick_apps import copy_database, quick_app

from .rounds_support import text
from .test_history import _lines
from .test_history_facts import BOTH, NAMES, _correct, _krazy_bee, _undo_label


@pytest.fixture
def app(tmp_path, database_template, app_config):
    """The usual app, with the pseudo-locales served (``en-001``, and ``en-150`` right to left)."""
    folder = write_pseudo_catalog(tmp_path / "pseudo-catalog")
    return quick_app(
        {
            **app_config,
            "SQLALCHEMY_DATABASE_URI": copy_database(database_template, tmp_path / "test.sqlite3"),
            "PSEUDO_LOCALE": True,
            "BABEL_TRANSLATION_DIRECTORIES": f"{TRANSLATIONS};{folder}",
        }
    )


@pytest.mark.parametrize("language, arrow", [("en", "→"), ("he", "←"), ("en-150", "←"), ("de", "→")])
def test_the_arrow_of_a_correction_points_the_way_the_page_reads(app, client, language, arrow):
    game = _krazy_bee(app, client)
    _correct(app, game, BOTH)
    asked = {"Accept-Language": language}
    history = client.get(f"/games/{game}/history", headers=asked).get_data(as_text=True)
    assert re.search(r'<html lang="[^"]+" dir="(\w+)"', history)[1] == ("rtl" if arrow == "←" else "ltr")
    line = _lines(text(client.get(f"/games/{game}/history", headers=asked)))[0]
    assert f"{NAMES[0]} +45 {arrow} +40" in line, line
    assert _undo_label(text(client.get(f"/games/{game}", headers=asked))).endswith(f"+45 {arrow} +40 …")
