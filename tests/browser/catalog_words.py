"""What a page shows outside the catalog, in the pseudo-locale (docs/languages.md): the words, read
from a page in a real Chromium, that did not pass through gettext.

The pseudo-locale (tests/pseudo_locale.py: every msgid wrapped in ⟦…⟧ and accented) leaves a word
outside the brackets only when it skipped the catalog, unless it is data (players' and tables' names,
numbers, card and tile notation, rule ids, variant names). tests/browser/test_layout_sweep_browser.py
reads every page of tests/site_pages.py so in the mirrored pseudo-locale (right to left).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from scorekeeper.rules import variants
from tests.site_pages import PLAYERS_WORDS

#: the words still shown in English, by page (what is left: docs/languages.md)
KNOWN = Path(__file__).with_name("known_english.json")
#: what a page may show as it is: the seeded names and texts, variant names, the languages' own names
DATA_WORDS = {
    "Ann",
    "Bob",
    "Cy",
    "Thursday",
    "Five",  # the seeded house game, "Five Crowns"
    "Crowns",
    "club",
    "Scorekeeper",
    "English",
    "Deutsch",
    "Pseudo",
    "UTC",
    "am",
    "pm",
    "and",  # a list of names joined by the language's list pattern (Babel's CLDR data, not the catalog)
}
#: names of cards and tiles as RULES.md defines them (they stay as they are in every language)
DATA_WORDS |= {
    "Black",
    "Blue",
    "Gold",
    "Red",
    "Orange",
    "Joker",
    "Wild",
    "Bee",
    "Bees",
    "PLYT",
    "Bug",
    "Bugz",
}
DATA_WORDS |= {word for v in variants() for word in re.findall(r"[\w']+", v["name"])}
#: the players' own words among the seeded rulings, shown as typed on a table's rulings pages only
PLAYERS_OWN = {word.strip(".,:;()") for text in PLAYERS_WORDS for word in text.split()}
#: numbers, signs, card and tile notation, a letter alone (a scoring letter, a typed token), rule ids
#: (N-1 too), times, ids and addresses
DATA = re.compile(
    r"^(?:[\d\s+\-−–—.,:;/·\u00d7%()#*★☆●○✓✗→↓↶↷←?!…|=\[\]'\"“”„\u2018’♣♦♥♠✂☑☐]+"
    r"|(?:10|[2-9TJQKA])[CDHS♣♦♥♠]?|[RBKOYJ]\d{0,2}|[A-Z]|[A-Z]{1,2}-\d+[a-z]?|https?://\S+|[\w-]{12}|\d+(?:st|nd|rd|th))$"
)
#: the page's text as shown, without what is declared another language (``lang="en"``: the rules'
#: own sentences; the footer's languages, each named in its own words) or not to be translated
#: (``translate="no"``: typed notation such as a Step list)
VISIBLE_TEXT = """() => {
  const page = document.documentElement.lang;
  for (const e of document.querySelectorAll('body [lang], body [translate=no]'))
    if (e.lang === page) continue;
    else if (e.tagName === 'OPTION') e.textContent = '';  // a select's text is its options', shown or not
    else e.style.display = 'none';
  return document.body.innerText; }"""
#: the Unicode isolates and marks that keep a number's or a name's order (LRI, RLI, FSI, PDI; the
#: left-to-right mark before a sign): no words
ISOLATES = dict.fromkeys([*range(0x2066, 0x206A), 0x200E])


def outside_the_catalog(text: str) -> list[str]:
    """The words of ``text`` outside every ⟦…⟧ that are not data.

    >>> outside_the_catalog("⟦Šĥáŕé⟧ Ann +5 ⟦ťĥé ⟦ĝáḿé⟧⟧ R7 CT-5 hello")
    ['hello']
    >>> outside_the_catalog("\u2066-20\u2069 \u2068Ann\u2069")  # isolation marks (display/isolates.py) are no words
    []
    >>> outside_the_catalog("\u2066\u200e-20\u2069")  # nor is the mark that keeps a sign before its number
    []
    """
    text = text.translate(ISOLATES)
    while True:
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if stripped == text:
            break
        text = stripped
    words = (w.strip(".,:;()") for w in text.split())
    return [w for w in words if w and w not in DATA_WORDS and not DATA.match(w)]


def page_kind(name: str) -> str:
    """A page's name with its game and table ids as ``*``: the seeded ids differ on every run.

    >>> page_kind("/games/AbCdEfGhIjKl/rounds/new (editor)")
    '/games/*/rounds/new (editor)'
    """
    return re.sub(r"(?<=/)[\w-]{12}(?=[/?\s]|$)", "*", name)


def assert_known(leaks: dict[str, set[str]]) -> None:
    """The words outside the catalog (``leaks``, by page name) are those still known to (KNOWN, a
    ratchet: a new English word fails, and so does a known one that no longer shows: drop it from
    tests/browser/known_english.json, or write the file again with SCOREKEEPER_KNOWN_ENGLISH=write)."""
    found: dict[str, set[str]] = {}
    for name, words in leaks.items():
        found.setdefault(page_kind(name), set()).update(words)
    if os.environ.get("SCOREKEEPER_KNOWN_ENGLISH") == "write":
        KNOWN.write_text(json.dumps({k: sorted(v) for k, v in sorted(found.items())}, indent=1) + "\n")
    known = {k: set(v) for k, v in json.loads(KNOWN.read_text()).items()}
    new = {k: sorted(v - known.get(k, set())) for k, v in found.items() if v - known.get(k, set())}
    gone = {k: sorted(v - found.get(k, set())) for k, v in known.items() if v - found.get(k, set())}
    assert not new, "words that did not pass through the catalog:\n" + "\n".join(
        f"{kind}: {' '.join(words)}" for kind, words in new.items()
    )
    assert not gone, f"now translated: drop them from {KNOWN.name}:\n" + "\n".join(
        f"{kind}: {' '.join(words)}" for kind, words in gone.items()
    )
