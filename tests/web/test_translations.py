"""The catalogs are complete and in step with the code (docs/languages.md).

Every msgid the code, templates and scripts pass through gettext (read the way
``make messages`` reads them, by babel.cfg) has a German translation that is not
fuzzy, with the same placeholders as the English; and each committed ``.mo`` is
its ``.po`` compiled, so a fresh checkout serves the words without a build step.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from scorekeeper.web.languages import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
#: every language a reader may choose, read from the registry (docs/languages.md, "Adding a language")
SHIPPED = tuple(sorted(code for code in LANGUAGES if code != "en"))
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "lazy_gettext": None,
    "_l": None,
    "pgettext": ((1, "c"), 2),
}
#: ``%(name)s``, ``%s``, ``%d``, ``{name}``: what a translation must carry over unchanged
PLACEHOLDER = re.compile(r"%\(\w+\)[sdfr]|%[sdfr]|\{\w*\}")


@cache
def code_msgids() -> frozenset[str]:
    """Every msgid the code passes to gettext, as babel.cfg reads it."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = set()
    for _filename, _lineno, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, directory_filter=_not_hidden
    ):
        found.update(m for m in (message if isinstance(message, tuple) else (message,)) if m)
    return frozenset(found)


def _not_hidden(dirpath: str) -> bool:
    """Every folder but hidden ones: ``_macros`` holds templates too (Babel skips ``_*`` by default)."""
    return not Path(dirpath).name.startswith(".")


def catalog(language: str):
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=language)


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def test_the_code_has_words_to_translate():
    assert len(code_msgids()) > 300


@pytest.mark.parametrize("language", SHIPPED)
def test_every_msgid_has_a_translation(language):
    translated = {form: m for m in catalog(language) if m.id for form in _ids(m)}  # a plural by each form
    missing = sorted(
        text
        for text in code_msgids()
        if text not in translated or translated[text].fuzzy or not any(_strings(translated[text]))
    )
    assert not missing, (
        f"{len(missing)} msgids without a {language} translation (make messages): {missing[:20]}"
    )


def _ids(message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


def _strings(message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (tuple, list)) else (message.string,)


@pytest.mark.parametrize("language", SHIPPED)
def test_translations_keep_the_placeholders(language):
    wrong = []
    for message in catalog(language):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for string in _strings(message):
            if (
                string
                and placeholders(string) != placeholders(ids[-1])
                and placeholders(string) != placeholders(ids[0])
            ):
                wrong.append((ids[0], string))
    assert not wrong, wrong[:10]


# A page puts a translation in as the catalog has it (Jinja's gettext marks it safe), so a character
# HTML reads as markup would end an attribute (``aria-label="..."``) or open a tag.
MARKUP = '"<>&'


def brought_markup(msgids: tuple[str, ...], string: str) -> str:
    """The HTML-significant characters ``string`` holds more of than its msgid does."""
    return "".join(ch for ch in MARKUP if string.count(ch) > max(i.count(ch) for i in msgids))


@pytest.mark.parametrize("domain", ["messages", "engine"])
@pytest.mark.parametrize("language", SHIPPED)
def test_translations_bring_no_markup_characters(language, domain):
    with open(TRANSLATIONS / language / "LC_MESSAGES" / f"{domain}.po", "rb") as po:
        messages = read_po(po, locale=language)
    wrong = [
        (ids[0], string)
        for message in messages
        if message.id
        for ids in [_ids(message)]
        for string in _strings(message)
        if string and brought_markup(ids, string)
    ]
    assert not wrong, wrong[:10]


def test_markup_brought_by_a_translation_is_caught():
    assert brought_markup(("Join with “+”",), 'מחברים ב־"+"') == '"'
    assert brought_markup(("a <b>bold</b> word",), "ein <b>fettes</b> Wort") == ""


def test_a_changed_placeholder_is_caught():
    assert placeholders("Hand %(number)s for {name}") != placeholders("Runde %(nummer)s für {name}")
    assert placeholders("%(total)s points") == placeholders("%(total)s Punkte")


@pytest.mark.parametrize("language", SHIPPED)
def test_the_committed_mo_is_the_compiled_po(language):
    """A .po edited without ``make translations`` fails here: the .mo is what the server reads."""
    po = {_ids(m): _strings(m) for m in catalog(language) if m.id and m.string and not m.fuzzy}
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo", "rb") as mo:
        compiled = {_ids(m): _strings(m) for m in read_mo(mo) if m.id}
    assert compiled == po, "run `make translations`: the .mo differs from the .po"
