"""Polish counts in three forms (issue 40, docs/languages.md "Every language the same"): 1 runda, 2 rundy,
5 rund, 22 rundy.

Every counted msgid (every ``ngettext`` of the code, read from ``messages.pot``) is rendered from the
Polish catalog for 1, 2, 5 and 22 by the catalog's own plural rule: the rule must be Polish's (1 the
first form; 2-4, 22-24 the second, but 12-14 the third; 5-21 and 25 the third), every form must be
written, and the three must differ, as Polish grammar makes a counted noun differ, but where a msgid is
listed in :data:`SAME_IN_EVERY_FORM` with its reason. While Polish is in ``NOT_YET_COMPLETE``
(``test_every_language.py``, the one list of languages still being translated) a failure is expected.
And a scan of the catalog's template finds a count written without ``ngettext`` ("%(hands)s hands"):
a new one fails; those the code has today are listed in :data:`COUNTS_WITHOUT_NGETTEXT` to turn into
``ngettext`` (a ratchet: a listed one that is gone fails too, so the list only shrinks).
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.web.languages import TRANSLATIONS

from .test_every_language import NOT_YET_COMPLETE

POLISH = TRANSLATIONS / "pl" / "LC_MESSAGES" / "messages.po"
COUNTS = (1, 2, 5, 22)
#: which of the three forms Polish uses for a count: 1; 2-4 and 22-24 (not 12-14); the rest
POLISH_FORM = {1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 2, 22: 1, 24: 1, 25: 2, 112: 2, 122: 1}
#: counted msgids whose Polish needs no second or third form of a word (the count is not before a noun)
SAME_IN_EVERY_FORM = {
    "%(done)s of %(count)s in": "a fraction: 'gotowe: 2 z 5', no counted noun",
    "Still playing: table %(tables)s": "a list of table numbers, not a count: 'stoły 2, 5, 7, 9, 11'",
}
#: an English plural noun that a number counts
NOUNS = (
    "hands|rounds|players|games|points|cards|tiles|Steps|wins|pegs|holes|seconds|pages|items|Sequences"
    "|melds|turns|racks|plays|changes|Wild Bees"
)
#: a placeholder followed by a counted noun, in a msgid that is not an ngettext's
COUNT_WITHOUT_NGETTEXT = re.compile(rf"%\((\w+)\)[sd] (?:<[^>]+>)?({NOUNS})\b")
#: placeholders that hold words, not a count (a list of names, a variant's rules)
NOT_COUNTS = {"name", "names", "variant_names", "by", "round_word", "rules", "tile"}
#: the counts the code writes today without ngettext, to turn into ngettext (and translate in every
#: language): a ratchet, only ever shorter
COUNTS_WITHOUT_NGETTEXT = {
    "%(count)s hands waiting to send",
    "%(count)s hands were kept on this phone at %(origin)s",
    "%(cards)s cards in hand",
    "%(points)s points in hand",
    "%(seconds)s seconds",
    "%(steps)s Steps",
    "%(kinds)s Sequences",
    "%(max_players)s players",
    "%(meld)s points",
    "%(pegs)s pegs in all",
    "%(players)s players",
    "%(points)s points",
    "%(cards)s cards",
    "%(value)s points",
    "%(most)s items",
    "These %(count)s hands wait on this phone",
    "at most %(keeps)s cards left",
    "at most %(most)s plays",
    "the rest of the %(dealt)s cards dealt",
}


def _catalog(path: Path, locale: str | None = None):
    with open(path, "rb") as po:
        return read_po(po, locale=locale)


def counted_msgids() -> list[tuple[str, str]]:
    """Every ngettext of the code: (singular, plural), from ``messages.pot``."""
    return [m.id for m in _catalog(TRANSLATIONS / "messages.pot") if isinstance(m.id, tuple)]


@pytest.fixture
def polish(request):
    if not POLISH.exists():
        pytest.skip("no Polish catalog yet (issue 40: engineer H writes scorekeeper/translations/pl/)")
    if "pl" in NOT_YET_COMPLETE:  # the one list of languages still being translated
        request.applymarker(pytest.mark.xfail(reason=NOT_YET_COMPLETE["pl"], strict=True))
    return _catalog(POLISH, "pl")


def rendered(message, count: int, plural) -> str:
    """The Polish for ``count``: the form the catalog's rule picks, every placeholder given ``count``."""
    return message.string[plural(count)] % _Every(count)


def plural_rule(catalog):
    """The catalog's ``Plural-Forms`` rule as a function of the count: which form to use."""
    return gettext.c2py(catalog.plural_expr)


class _Every(dict):
    def __init__(self, count: int):
        super().__init__()
        self.count = count

    def __missing__(self, key):
        return self.count


def test_the_polish_rule_has_three_forms(polish):
    assert polish.num_plurals == 3
    plural = plural_rule(polish)
    assert {n: plural(n) for n in POLISH_FORM} == POLISH_FORM


def test_every_count_renders_in_its_three_polish_forms(polish):
    problems = plural_problems(polish, counted_msgids())
    assert not problems, "\n".join(problems)


def plural_problems(catalog, counted) -> list[str]:
    """What is wrong with each counted msgid of ``catalog`` rendered for 1, 2, 5 and 22."""
    plural = plural_rule(catalog)
    by_id = {m.id[0]: m for m in catalog if isinstance(m.id, tuple)}
    problems = []
    for singular, _plural in counted:
        message = by_id.get(singular)
        if message is None or message.fuzzy or len(message.string) != 3 or not all(message.string):
            problems.append(f"{singular!r}: not written in three forms")
            continue
        shown = {n: rendered(message, n, plural) for n in COUNTS}
        same = {shown[1].replace("1", "#"), shown[2].replace("2", "#"), shown[5].replace("5", "#")}
        if len(same) < 3 and singular not in SAME_IN_EVERY_FORM:
            problems.append(f"{singular!r}: 1, 2, 5 read {shown[1]!r}, {shown[2]!r}, {shown[5]!r}")
        if shown[22].replace("22", "#") != shown[2].replace("2", "#"):
            problems.append(f"{singular!r}: 22 reads {shown[22]!r}, not as 2 does")
    return problems


def test_the_check_tells_a_wrong_polish_count(tmp_path):
    """A Polish catalog of the right rule: "runda, rundy, rund" passes; a count with two forms alike
    (a translator's "2 rund") and one left with two forms fail, each named."""
    po = tmp_path / "messages.po"
    po.write_text(
        """msgid ""
msgstr ""
"Language: pl\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgid "%(num)s round"
msgid_plural "%(num)s rounds"
msgstr[0] "%(num)s runda"
msgstr[1] "%(num)s rundy"
msgstr[2] "%(num)s rund"

msgid "%(num)s card"
msgid_plural "%(num)s cards"
msgstr[0] "%(num)s karta"
msgstr[1] "%(num)s kart"
msgstr[2] "%(num)s kart"

msgid "%(num)s tile"
msgid_plural "%(num)s tiles"
msgstr[0] "%(num)s kamień"
msgstr[1] "%(num)s kamienie"
msgstr[2] ""
""",
        encoding="utf-8",
    )
    counted = [
        ("%(num)s round", "%(num)s rounds"),
        ("%(num)s card", "%(num)s cards"),
        ("%(num)s tile", "%(num)s tiles"),
    ]
    problems = plural_problems(_catalog(po, "pl"), counted)
    assert [p.split(":")[0] for p in problems] == ["'%(num)s card'", "'%(num)s tile'"]
    assert "'2 kart', '5 kart'" in problems[0]


def test_every_count_uses_ngettext():
    """A msgid with a number before a counted noun and no plural form ("%(hands)s hands") is a count
    written without ngettext: Polish (and every language) needs its forms."""
    found = set()
    for message in _catalog(TRANSLATIONS / "messages.pot"):
        if not message.id or isinstance(message.id, tuple):
            continue
        for name, _noun in COUNT_WITHOUT_NGETTEXT.findall(message.id):
            if name not in NOT_COUNTS:
                found.add(message.id)
    new = sorted(m for m in found if not any(known in m for known in COUNTS_WITHOUT_NGETTEXT))
    gone = sorted(k for k in COUNTS_WITHOUT_NGETTEXT if not any(k in m for m in found))
    assert not new, f"counts written without ngettext (use ngettext, docs/languages.md): {new}"
    assert not gone, f"now counted by ngettext or gone: drop them from COUNTS_WITHOUT_NGETTEXT: {gone}"


def test_the_scan_finds_a_count_without_ngettext():
    assert COUNT_WITHOUT_NGETTEXT.findall("%(count)s hands waiting") == [("count", "hands")]
    assert COUNT_WITHOUT_NGETTEXT.findall("%(name)s wins") == [("name", "wins")]  # a name: NOT_COUNTS
    assert not COUNT_WITHOUT_NGETTEXT.findall("%(num)s is not a whole number")
