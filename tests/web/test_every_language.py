"""Every language the same, by a check (issue 40, docs/languages.md "Checked by the tests").

For every language a reader may choose (``LANGUAGES`` in ``scorekeeper/web/languages.py``, English
aside) and both domains (the pages' ``messages`` and the engine's ``engine``), the catalog holds every
msgid of its template (``messages.pot``, ``engine.pot``) translated and not fuzzy, and nothing stale:
no obsolete entry (``#~``, a msgid the code no longer says) and no msgid the template lacks. A failure
lists what is missing per language and domain.

Languages still being translated are listed in :data:`NOT_YET_COMPLETE`, the one place to say so: their
check is expected to fail (xfail, not strict: one that becomes complete passes as XPASS), and it is
emptied when they are. German is checked for real, and a copied German catalog with one message taken
out, one made fuzzy and one left obsolete shows the check failing for each.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.web.languages import LANGUAGES, TRANSLATIONS

#: the languages whose translators are still at work: code -> why. Empty it when they are done.
NOT_YET_COMPLETE: dict[str, str] = {}
DOMAINS = ("messages", "engine")
#: every language a reader may choose but the English of the code
CHOSEN = sorted(code for code in LANGUAGES if code != "en")


@dataclass
class Gaps:
    """What a language's catalog of one domain lacks or holds too much of."""

    untranslated: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    obsolete: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # a msgid the template does not have

    def __bool__(self) -> bool:
        return any((self.untranslated, self.fuzzy, self.obsolete, self.unknown))

    def told(self, where: str) -> str:
        lines = [where]
        for kind in ("untranslated", "fuzzy", "obsolete", "unknown"):
            found = getattr(self, kind)
            if found:
                lines.append(f"  {len(found)} {kind}: " + "; ".join(repr(m) for m in found[:12]))
        return "\n".join(lines)


def _key(message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def _read(path: Path, language: str | None = None):
    with open(path, "rb") as po:
        return read_po(po, locale=language)


def gaps(po: Path, pot: Path) -> Gaps:
    """What ``po`` lacks against its template ``pot``, and what it holds that is stale."""
    template = {_key(m) for m in _read(pot) if m.id}
    if not po.exists():
        return Gaps(untranslated=sorted(template))
    catalog = _read(po)
    found = Gaps()
    held = set()
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        held.add(key)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if key not in template:
            found.unknown.append(key)
        elif not all(strings):
            found.untranslated.append(key)
        elif message.fuzzy:
            found.fuzzy.append(key)
    found.untranslated += sorted(template - held)
    found.obsolete = sorted(_key(m) for m in catalog.obsolete.values())
    return found


def language_gaps(language: str, folder: Path = TRANSLATIONS) -> list[str]:
    """Every domain's gaps of ``language``, told per domain (empty: complete)."""
    told = []
    for domain in DOMAINS:
        found = gaps(folder / language / "LC_MESSAGES" / f"{domain}.po", folder / f"{domain}.pot")
        if found:
            told.append(found.told(f"{language}, {domain}.po:"))
    return told


@pytest.mark.parametrize(
    "language",
    [
        pytest.param(code, marks=pytest.mark.xfail(reason=NOT_YET_COMPLETE[code], strict=True))
        if code in NOT_YET_COMPLETE
        else code
        for code in CHOSEN
    ],
)
def test_every_language_has_every_message_and_no_stale_one(language):
    told = language_gaps(language)
    assert not told, "\n".join(told)


def test_every_language_is_checked():
    """The check runs over the registry: German, Hebrew, Dutch and Polish at least, and the list of the
    unfinished names only languages a reader may choose."""
    assert {"de", "he", "nl", "pl"} <= set(CHOSEN)
    assert set(NOT_YET_COMPLETE) <= set(CHOSEN) and "de" not in NOT_YET_COMPLETE


@pytest.fixture
def german_copy(tmp_path) -> Path:
    """The German catalogs and both templates, copied to ``tmp_path``."""
    for domain in DOMAINS:
        shutil.copy(TRANSLATIONS / f"{domain}.pot", tmp_path)
        (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
        shutil.copy(TRANSLATIONS / "de" / "LC_MESSAGES" / f"{domain}.po", tmp_path / "de" / "LC_MESSAGES")
    return tmp_path


def _entry(po: Path, msgid: str) -> tuple[str, int, int]:
    """The text of ``po``, and where the entry of ``msgid`` starts and ends (its comments included)."""
    text = po.read_text(encoding="utf-8")
    at = text.index(f"\nmsgid {msgid}\n")
    start = text.rfind("\n\n", 0, at) + 2
    end = text.find("\n\n", at)
    return text, start, end if end != -1 else len(text)


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_check_fails_for_a_message_taken_out_of_german(german_copy, domain):
    po, pot = german_copy / "de" / "LC_MESSAGES" / f"{domain}.po", german_copy / f"{domain}.pot"
    before = gaps(po, pot)
    message = next(
        m for m in _read(po) if m.id and not isinstance(m.id, tuple) and m.id not in before.untranslated
    )
    text, start, end = _entry(po, _quoted(message.id))
    po.write_text(text[:start] + text[end + 2 :], encoding="utf-8")
    assert sorted(gaps(po, pot).untranslated) == sorted([*before.untranslated, message.id])
    told = "\n".join(language_gaps("de", german_copy))
    assert f"de, {domain}.po:" in told and repr(message.id) in told


def test_the_check_fails_for_a_fuzzy_an_obsolete_and_an_unknown_message(german_copy):
    po, pot = german_copy / "de" / "LC_MESSAGES" / "messages.po", german_copy / "messages.pot"
    before = gaps(po, pot)
    message = next(m for m in _read(po) if m.id and not isinstance(m.id, tuple) and not m.flags)
    text, start, end = _entry(po, _quoted(message.id))
    entry = text[start:end]
    stale = "\n".join("#~ " + line for line in entry.splitlines() if not line.startswith("#"))
    unknown = 'msgid "A sentence nobody says"\nmsgstr "Ein Satz, den niemand sagt"'
    po.write_text(
        text[:start] + "#, fuzzy\n" + entry + text[end:] + f"\n{unknown}\n\n{stale}\n", encoding="utf-8"
    )
    found = gaps(po, pot)
    assert sorted(found.fuzzy) == sorted([*before.fuzzy, message.id])
    assert sorted(found.unknown) == sorted([*before.unknown, "A sentence nobody says"])
    assert len(found.obsolete) == len(before.obsolete) + 1


def _quoted(msgid: str) -> str:
    """A msgid as a .po file writes it on one line (``make messages`` runs with --no-wrap)."""
    return '"' + msgid.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
