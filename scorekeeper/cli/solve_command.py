"""``scorekeeper solve`` and ``scorekeeper turn``: the best play and the whole-turn checker."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..checker.checking import check_length
from ..rules import check_turn, solve_answer, solve_lines
from .args import UsageError, add_common, collect_options
from .option_hints import hinted

EXIT_LEGAL, EXIT_NOT_LEGAL = 0, 1


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Register ``solve`` and ``turn`` on the ``scorekeeper`` command's sub-parsers."""
    p = sub.add_parser(
        "solve",
        help="find the best play for a rack (tile games) or a hand (card games)",
        description="The legal turn that lays the most rack tiles (or value), proved best "
        "unless the time bound (--option time_limit=2) runs out; for the card "
        "games, what the hand can lay. Tables are sets separated by |.",
    )
    p.add_argument("variant", nargs="?", help="variant slug, e.g. rummikub, crazy-tiles, krazy-bee")
    p.add_argument("--rack", metavar="CARDS", help="the player's rack or hand")
    p.add_argument("--table", metavar="CARDS", help="the sets on the table, separated by |")
    p.add_argument(
        "--goal",
        choices=("tiles", "value"),
        default="tiles",
        help="lay the most tiles (default) or the most value (CT-5)",
    )
    p.add_argument(
        "--initial",
        action="store_true",
        help="the player has not made the initial meld yet (CT-6; CR-6, CZ-3 first play)",
    )
    p.add_argument(
        "--batch",
        action="store_true",
        help="read JSON lines from standard input, write one JSON answer per line",
    )
    add_common(p, "wrap=yes")
    p.set_defaults(func=_cmd_solve)

    p = sub.add_parser(
        "turn",
        help="judge a whole tile turn: the table before, the rack, the table after",
        description="Is this turn legal? Nothing may leave the table, every added tile must "
        "come from the rack, the table after must be legal, and an initial meld "
        "is made of rack tiles alone (CT-1..CT-6, CT-9, CT-10).",
    )
    p.add_argument("variant", help="rummikub, crazy-tiles or runny-tiles")
    p.add_argument(
        "--before", metavar="CARDS", default="", help="the table before the turn (sets split by |)"
    )
    p.add_argument("--rack", metavar="CARDS", required=True, help="the rack before the turn")
    p.add_argument("--after", metavar="CARDS", required=True, help="the table after the turn")
    p.add_argument("--initial", action="store_true", help="this turn is the player's initial meld (CT-6)")
    add_common(p, "wrap=yes")
    p.set_defaults(func=_cmd_turn)


def _cmd_solve(args: argparse.Namespace) -> int:
    if args.batch:
        if args.variant or args.rack or args.table or args.option:
            raise UsageError("--batch reads everything from standard input; give no variant, rack or options")
        for line in solve_lines(sys.stdin, bound=check_length):
            print(line, flush=True)
        return EXIT_LEGAL
    if not args.variant or args.rack is None:
        raise UsageError("solve needs a VARIANT and --rack CARDS (or --batch)")
    check_length(args.rack, args.table)  # the server's bound (scorekeeper.limits): exit 2
    answer = solve_answer(
        args.variant,
        args.rack,
        table=args.table,
        goal=args.goal,
        initial=args.initial,
        **collect_options(args.option, "time_limit=1"),
    )
    print(json.dumps(answer, ensure_ascii=False) if args.json else format_best_play(answer))
    return EXIT_LEGAL


def _cmd_turn(args: argparse.Namespace) -> int:
    check_length(args.before, args.rack, args.after)
    verdict = check_turn(
        args.variant,
        args.before,
        args.rack,
        args.after,
        initial=args.initial,
        **collect_options(args.option, "wrap=yes"),
    ).to_dict()
    print(json.dumps(verdict, ensure_ascii=False) if args.json else format_turn(verdict))
    return EXIT_LEGAL if verdict["valid"] else EXIT_NOT_LEGAL


def format_best_play(answer: dict[str, Any]) -> str:
    """The best play in words: what to lay, the table after it, and whether it is proved best.

    >>> print(format_best_play({"variant": "rummikub", "tiles_played": 2, "value": 15, "play": ["R7", "R8"],
    ...                         "table": [["R4", "R5", "R6", "R7", "R8"]], "optimal": True}))
    Lay 2 tiles (15 points): R7 R8 (proved best)
      table after: R4 R5 R6 R7 R8
    """
    if "tiles_played" not in answer:  # a card game's hint: its own fields, one a line
        return "\n".join(
            f"{key}: {_hint_words(key, value)}" for key, value in answer.items() if key != "variant"
        )
    proof = "proved best" if answer["optimal"] else "best found, not proven"
    if not answer["play"]:
        lines = [f"Nothing can be laid ({proof})"]
    else:
        lines = [
            f"Lay {_count(answer['tiles_played'], 'tile')} ({answer['value']} points): "
            f"{' '.join(answer['play'])} ({proof})"
        ]
    if answer.get("board"):  # a grid game: the board shows the crossings the sets share
        lines.append("  board after: " + answer["board"])
    elif answer["table"]:
        lines.append("  table after: " + " | ".join(" ".join(s) for s in answer["table"]))
    lines += hinted("  note: ", answer.get("notes", []), answer.get("variant"))
    return "\n".join(lines)


def format_turn(verdict: dict[str, Any]) -> str:
    """A whole turn's verdict in words: legal or not, the tiles played, their value, every reason."""
    head = "LEGAL turn" if verdict.get("valid") else "NOT LEGAL turn"
    played = verdict.get("played") or []
    lines = [
        f"{head}: {_count(len(played), 'tile')} played ({verdict.get('value', 0)} points)"
        + (f": {' '.join(played)}" if played else "")
    ]
    lines += hinted("  - ", verdict.get("reasons", []), verdict.get("variant"))
    lines += hinted("  instead: ", verdict.get("alternatives", []), verdict.get("variant"))
    if verdict.get("instead"):  # the suggested turn, ready to type back in (legal, worth this much)
        instead = verdict["instead"]
        lines.append(f'  check it: --after "{instead["after"]}" ({instead["value"]} points)')
    lines += hinted("  note: ", verdict.get("notes", []), verdict.get("variant"))
    return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _hint_words(key: str, value: Any) -> str:
    """A hint's field in words; Crib Rummy's additions name the table's melds as a player counts
    them, from 1 (the JSON counts from 0, as a round's ``extend`` does: docs/api.md).

    >>> _hint_words("additions", [{"meld": 1, "cards": ["5H", "6H"], "pegs": 7}])
    'to meld 2: 5H 6H (7 pegs)'
    """
    if key == "additions" and isinstance(value, list):
        added = [f"to meld {a['meld'] + 1}: {' '.join(a['cards'])} ({a['pegs']} pegs)" for a in value]
        return "; ".join(added) or "none"
    return _words(value)


def _words(value: Any) -> str:
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (list, tuple)) for v in value):
        return " | ".join(" ".join(map(str, v)) for v in value)  # melds or sets, as they are written
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(v) for v in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{k} {_words(v)}" for k, v in value.items())
    return "none" if value is None else str(value)
