"""The pseudo-locale (docs/languages.md): every msgid of the catalog wrapped in ⟦…⟧ and its letters
accented, placeholders and HTML tags kept, compiled into a folder of translations that an app
given ``BABEL_TRANSLATION_DIRECTORIES`` and ``PSEUDO_LOCALE`` serves as ``en_001`` (and, mirrored,
right to left, as ``en_150``).

A page in it shows every word that went through the catalog as ``⟦Šĥáŕé ťĥé ĝáḿé⟧``; a word shown
plainly did not, and the browser sweep (tests/browser/test_layout_sweep_browser.py, right to left) names it.

>>> pseudo("Share %(name)s <strong>now</strong> &amp; later")
'⟦Šĥáŕé %(name)s <strong>ñóŵ</strong> &amp; ľáťéŕ⟧'
>>> pseudo("CR-1: a set needs one rank; these are {ranks}")
'⟦CR-1: á šéť ñéédš óñé ŕáñķ; ťĥéšé áŕé {ranks}⟧'
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorekeeper.web.languages import PSEUDO, PSEUDO_RTL, TRANSLATIONS

ACCENTED = str.maketrans("aceghijklnorstuwyzACEGHIJKLNORSTUWYZ", "áçéĝĥíĵķľñóŕšťúŵýžÁÇÉĜĤÍĴĶĽÑÓŔŠŤÚŴÝŽ")
#: what a translation keeps as it is: placeholders (the engine's ``{name}`` too), tags, entities, rule ids
KEPT = re.compile(r"%\(\w+\)[sd]|%%|<[^>]*>|&#?\w+;|\{\w*\}|\b[A-Z]{1,2}-\d+[a-z]?\b")


def pseudo(text: str) -> str:
    """``text`` accented and wrapped, its placeholders, tags and entities untouched."""
    out, last = [], 0
    for match in KEPT.finditer(text):
        out += [text[last : match.start()].translate(ACCENTED), match[0]]
        last = match.end()
    out.append(text[last:].translate(ACCENTED))
    lead = len(text) - len(text.lstrip())
    body = "".join(out)
    inner = body.strip()
    start = body.index(inner[0]) if inner else lead
    return body[:start] + "⟦" + inner + "⟧" + body[start + len(inner) :]


def write_pseudo_catalog(folder: Path, *, also: tuple[Path, ...] = ()) -> Path:
    """The pseudo catalogs of ``messages.pot`` and ``engine.pot`` (the engine's describing words:
    web/described.py) compiled under ``folder``, for the pseudo-locale and its mirrored twin
    (``PSEUDO_RTL``: the same words on pages running right to left); returns ``folder``. ``also``:
    Python files whose gettext sentences are added to ``messages`` (a sentence written since the
    template was last extracted: the catalogs are brought up to the code at merge)."""
    for locale in (PSEUDO, PSEUDO_RTL):
        _write_catalogs(folder / locale / "LC_MESSAGES", also)
    return folder


def _write_catalogs(target: Path, also: tuple[Path, ...] = ()) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for domain in ("messages", "engine"):
        with open(TRANSLATIONS / f"{domain}.pot", "rb") as pot:
            template = read_po(pot)
        catalog = Catalog(locale="en_001")
        ids = [message.id for message in template if message.id]
        if domain == "messages":
            ids += [found[1] for path in also for found in extract_from_file("python", str(path))]
        for message_id in ids:
            if isinstance(message_id, str):
                catalog.add(message_id, pseudo(message_id))
            else:  # a plural: (singular, plural), each wrapped
                catalog.add(message_id, tuple(pseudo(form) for form in message_id))
        with open(target / f"{domain}.mo", "wb") as mo:
            write_mo(mo, catalog)
