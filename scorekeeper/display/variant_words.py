"""The engine's describing words in the reader's language: each variant's summary and its options'
labels, help lines, choice words and the choices that are words (``set``, ``single``, ``wins``).

They stay plain English in ``rules/`` (the variants declare them); their English is the msgid of
the ``engine`` gettext domain, beside the engine's sentences (scripts/engine_catalog.py collects
them with :func:`described_texts`), and the pages and the API write them through a translate
function of the reader's language (``web/described.py``). Card and tile notation (a wild rank, a
scoring letter), numbers and variant names are not words: they stay as they are.

>>> from scorekeeper.rules import find_variant
>>> english = described_variant(find_variant("rummikub").describe(), lambda text: text.upper())
>>> english["summary"], english["options"][0]["label"], english["options"][10]["choice_words"]["wins"]
('STANDARD TILE RUMMY: GROUPS AND SAME-COLOUR RUNS.', 'SAME COLOUR GROUPS', 'COUNT ROUNDS WON')
>>> english["options"][10]["choice_labels"]["A"], english["options"][10]["choice_labels"]["wins"]
('A', 'WINS')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..rules import Reason, all_variants
from .words import option_label

#: a verdict's kinds that are no option's choice: a tile grid (CT-9), a Step laydown (KB-3)
VERDICT_KINDS = ("board", "step")
#: a choice that is a word to translate (``set``, ``double``), not notation (``A``, ``7``, ``10``)
WORD = re.compile(r"^[a-z][a-z_]+$")


def is_word(choice: Any) -> bool:
    """Whether an option's choice is a word (shown translated) rather than notation or a number.

    >>> is_word("set"), is_word("wins"), is_word("A"), is_word(4), is_word("10")
    (True, True, False, False, False)
    """
    return isinstance(choice, str) and bool(WORD.match(choice))


def option_word_in(name: str, translate: Callable[[str], str], capital: bool = True) -> str:
    """An option's label written by ``translate`` (English in lower case mid-sentence when not
    ``capital``; another language as its catalog writes it).

    >>> option_word_in("high_wins", lambda t: t, False), option_word_in("rounds", str.upper, False)
    ('high wins', 'ROUNDS')
    """
    label = option_label(name)
    word = translate(label)
    return option_label(name, capital) if word == label else word


def described_texts() -> dict[str, list[str]]:
    """Every describing text of every registered variant, each with where it comes from (the
    translator's note): the msgids this module adds to the ``engine`` domain.

    >>> texts = described_texts()
    >>> texts["Jokers"], "Rummy raced on a cribbage board: melds peg as they grow." in texts
    (['crib-rummy: option jokers (label)'], True)
    """
    found: dict[str, list[str]] = {}

    def add(text: str, note: str) -> None:
        # a sentence (a help line naming signs) is a catalog entry of its own, with its values
        if text and not isinstance(text, Reason) and note not in found.setdefault(text, []):
            found[text].append(note)

    for variant in all_variants():
        if variant.name_in_words:
            add(variant.name, f"{variant.slug}: name")
        add(variant.summary, f"{variant.slug}: summary")
        for option in variant.option_spec:
            where = f"{variant.slug}: option {option.name}"
            add(option_label(option.name), f"{where} (label)")
            add(option.help, f"{where} (help)")
            for choice in option.choices:
                if is_word(choice):
                    add(choice, f"{where} (choice)")
            for choice, words in option.choice_words:
                add(words, f"{where} (what {choice} means)")
    for kind in VERDICT_KINDS:
        add(kind, "a verdict's kind")
    return found


def described_variant(info: dict, translate: Callable[[str], str]) -> dict:
    """A variant as ``variants()`` describes it, its words written by ``translate``; each option also
    gets its ``label`` and ``choice_labels`` (each choice as shown: a word translated, notation as is)."""
    options = [
        {
            **option,
            "label": translate(option_label(option["name"])),
            "help": translate(option["help"]),
            "choice_words": {c: translate(w) for c, w in option["choice_words"].items()},
            "choice_labels": {str(c): translate(c) if is_word(c) else str(c) for c in option["choices"]},
        }
        for option in info["options"]
    ]
    return {**info, "summary": translate(info["summary"]), "options": options}


def described_words(info: dict, translate: Callable[[str], str]) -> dict:
    """The same with only the words translated, no key added (the API's variants list keeps its shape)."""
    out = described_variant(info, translate)
    for option in out["options"]:
        del option["label"], option["choice_labels"]
    return out
