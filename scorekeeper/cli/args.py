"""Command-line arguments that are not the engine's business: ``--option KEY=VALUE`` pairs.

Shared by ``scorekeeper check`` / ``hand`` (:mod:`.commands`) and
``scorekeeper print`` (:mod:`.print_command`).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence

from ..limits import PUBLIC_ID_PATTERN


class UsageError(ValueError):
    """Bad command-line input that is not the engine's business (e.g. ``--option min``)."""


def parse_option(text: str, example: str = "min=4") -> tuple[str, str]:
    """``KEY=VALUE`` from ``--option`` to a pair; UsageError naming the token otherwise.

    >>> parse_option("min=4")
    ('min', '4')
    >>> parse_option("steps=run of 7; run of 8")
    ('steps', 'run of 7; run of 8')
    >>> parse_option("min")
    Traceback (most recent call last):
    ...
    scorekeeper.cli.args.UsageError: --option 'min': write KEY=VALUE, e.g. --option min=4
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise UsageError(f"--option {text!r}: write KEY=VALUE, e.g. --option {example}")
    return key.strip(), value.strip()


def collect_options(pairs: Sequence[str] | None, example: str = "min=4") -> dict[str, str]:
    """Every ``--option KEY=VALUE`` as a dict (a repeated key keeps the last value)."""
    return dict(parse_option(p, example) for p in pairs or ())


def add_option(p: argparse.ArgumentParser, example: str = "min=4", what: str = "a variant option") -> None:
    """The repeatable ``--option KEY=VALUE`` flag (read back with :func:`collect_options`)."""
    p.add_argument(
        "--option",
        "-O",
        action="append",
        metavar="KEY=VALUE",
        default=[],
        help=f"{what}, e.g. --option {example} (repeatable)",
    )


def add_common(p: argparse.ArgumentParser, example: str = "min=4") -> None:
    """The ``--option KEY=VALUE`` and ``--json`` flags every engine command takes."""
    add_option(p, example)
    p.add_argument("--json", action="store_true", help="print the answer as JSON")


#: the commands that read card lists (the only ones whose words may begin with ``-``)
CARD_COMMANDS = ("check", "hand", "solve", "turn")
#: a game id as the app makes them (limits.PUBLIC_ID_PATTERN)
GAME_ID = re.compile(PUBLIC_ID_PATTERN)
#: the commands whose one word is a game id, which may begin with ``-``
GAME_ID_COMMANDS = (("print", "game"),)


def dashed_words(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """Card lists and game ids that begin with ``-`` kept as words, not read as flags.

    A Rumbugz card list may begin with ``-`` (``-P``, a Bug taken off, RB-5): in a card command, a
    word that starts with one ``-`` and is no flag of any command gets a leading space, which
    argparse leaves alone and the card reader ignores. A game id made before ids stopped beginning
    with ``-`` (``print game -9vjm3MgyBj_``) gets the same space, whatever flag its first letter
    spells, unless it follows a flag that takes a value (``-o -9vjm3MgyBj_``: argparse's to judge).

    >>> p = argparse.ArgumentParser()
    >>> _ = p.add_argument("-O")
    >>> dashed_words(p, ["check", "-P", "--extend", "-3 P", "-Okind=match", "--json"])
    ['check', ' -P', '--extend', ' -3 P', '-Okind=match', '--json']
    >>> dashed_words(p, ["print", "game", "-o", "-", "-Ovjm3MgyBj_", "--paper", "a4"])
    ['print', 'game', '-o', '-', ' -Ovjm3MgyBj_', '--paper', 'a4']
    >>> dashed_words(p, ["print", "game", "-O", "-9vjm3MgyBj_", "-x"])
    ['print', 'game', '-O', '-9vjm3MgyBj_', '-x']
    """
    if tuple(argv[:2]) in GAME_ID_COMMANDS:
        valued = {o for action in _all_actions(parser) if action.nargs != 0 for o in action.option_strings}
        return [
            f" {a}"
            if a.startswith("-") and GAME_ID.fullmatch(a) and (i == 0 or argv[i - 1] not in valued)
            else a
            for i, a in enumerate(argv)
        ]
    if not argv or argv[0] not in CARD_COMMANDS:  # print's ``-o -`` (standard output) stays as it is
        return list(argv)
    flags = set()
    for action in _all_actions(parser):
        flags |= {o for o in action.option_strings if not o.startswith("--")}
    return [
        f" {a}" if a.startswith("-") and a != "-" and not a.startswith("--") and a[:2] not in flags else a
        for a in argv
    ]


def game_id_word(word: str) -> str:
    """A game id as typed: the id itself, or the game's address pasted whole (another address is
    left whole, and no game has it for an id).

    >>> game_id_word(" -9vjm3MgyBj_")
    '-9vjm3MgyBj_'
    >>> game_id_word("http://192.168.1.23:5000/games/abcDEF123456/rounds?x=1")
    'abcDEF123456'
    >>> game_id_word("https://cards.example/tables/abc")
    'https://cards.example/tables/abc'
    """
    word = word.strip()
    if "/games/" not in word:
        return word
    word = word.split("/games/", 1)[1]
    return word.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]


def _all_actions(parser: argparse.ArgumentParser):
    for action in parser._actions:
        yield action
        for sub in getattr(action, "choices", None) or ():
            if isinstance(action.choices, dict):
                yield from _all_actions(action.choices[sub])
