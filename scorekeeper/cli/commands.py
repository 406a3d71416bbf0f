"""The ``scorekeeper`` command: check, hand, solve, turn, print, rack-photo, kept-photos, serve, init-db."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..checker.checking import CheckInput, InputError, run
from ..display.card_faces import canonical, face, split_words, written_tokens
from ..display.reasons import reason_of
from ..photo import PhotoError
from ..rules import RulesError
from .args import UsageError, add_common, collect_options, dashed_words
from .option_hints import hinted, option_hint

EXIT_LEGAL, EXIT_NOT_LEGAL, EXIT_USAGE = 0, 1, 2
#: the reader of the output went away (``| head``): as a shell reports a tool ended by SIGPIPE
EXIT_PIPE_CLOSED = 141

#: Marks that are not cards: the Step separator ``|``, grid rows (``/`` or a
#: new line) and ``.`` for an empty grid cell.
_LAYOUT = ("|", "/", ".")


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Scorekeeper: check melds, value hands, print sheets and serve the table companion.",
        epilog="Exit codes: 0 legal, 1 not legal, 2 notation or usage error.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser(
        "check",
        help="judge a meld, a Step laydown, an extension or a tile grid",
        description="Judge cards under a variant's rules (RULES.md section 6). "
        "Use | between the melds of a Step laydown and / between grid rows. "
        "A reason or note that points at an option is followed by the --option that sets it.",
    )
    p.add_argument("variant", nargs="?", help="variant slug, e.g. krazy-bee, crazy-tiles")
    p.add_argument("cards", nargs="*", help="the cards or tiles (several words are joined with spaces)")
    p.add_argument("--extend", metavar="CARDS", help="the meld already on the table that CARDS are added to")
    p.add_argument(
        "--batch",
        action="store_true",
        help="read JSON lines from standard input, write one JSON verdict per line",
    )
    add_common(p)
    p.set_defaults(func=_cmd_check)

    p = sub.add_parser(
        "hand",
        help="the value of the cards left in a hand",
        description="Value the cards left in a hand (KB-7, RB-6, CT-7, CZ-5; crib-rummy counts cards).",
    )
    p.add_argument("variant", help="variant slug")
    p.add_argument("cards", nargs="*", help="the cards left in hand")
    add_common(p)
    p.set_defaults(func=_cmd_hand)

    from . import kept_command, photo_command, print_command, solve_command

    print_command.add_parser(sub)
    solve_command.add_parsers(sub)
    photo_command.add_parser(sub)
    kept_command.add_parser(sub)

    p = sub.add_parser("serve", help="run the web app (Flask's server, for local use)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5000)
    p.add_argument("--debug", action="store_true", help="reload on change, show tracebacks")
    p.set_defaults(func=_cmd_serve)

    p = sub.add_parser("init-db", help="create or migrate the database (Alembic migrations)")
    p.set_defaults(func=_cmd_init_db)
    return parser


# -- commands -----------------------------------------------------------------
def _cmd_check(args: argparse.Namespace) -> int:
    if args.batch:
        if args.variant or args.cards or args.extend or args.option:
            raise UsageError(
                "--batch reads everything from standard input; give no variant, cards or options"
            )
        from .batch import run_batch_stream

        run_batch_stream(sys.stdin, sys.stdout)
        return EXIT_LEGAL
    if not args.variant:
        raise UsageError("check needs a VARIANT and CARDS (or --batch)")
    cards = " ".join(args.cards)
    verdict = run(CheckInput(args.variant, cards, args.extend, collect_options(args.option)))
    _emit(verdict, args.json, lambda: format_verdict(verdict, cards, args.extend))
    return EXIT_LEGAL if verdict["valid"] else EXIT_NOT_LEGAL


def _cmd_hand(args: argparse.Namespace) -> int:
    value = run(
        CheckInput(args.variant, " ".join(args.cards), options=collect_options(args.option), action="hand")
    )
    _emit(value, args.json, lambda: format_hand(value))
    return EXIT_LEGAL


def _cmd_serve(args: argparse.Namespace) -> int:  # pragma: no cover - runs a server
    from .. import create_app
    from .server import schema_behind

    refused = schema_behind()
    if refused:
        raise UsageError(refused)

    create_app().run(host=args.host, port=args.port, debug=args.debug)
    return 0


def _cmd_init_db(args: argparse.Namespace) -> int:
    from flask_migrate import upgrade

    from .. import create_app

    app = create_app()
    with app.app_context():
        upgrade()
    print(f"database is up to date: {app.config['SQLALCHEMY_DATABASE_URI']}")
    return 0


def _emit(result: dict, as_json: bool, readable) -> None:
    print(json.dumps(result, ensure_ascii=False) if as_json else readable())


# -- readable output ------------------------------------------------------------
def show_reading(variant: str, cards: str, reading: Sequence[Any]) -> str:
    """The reading beside the input: ``W=9`` where a wild card stands for something else.

    The reading may or may not list the layout marks (``|``, ``/``, ``.``); tokens
    are paired with it whichever way the lengths agree, else it is shown as is.

    >>> show_reading("krazy-bee", "7 7 w", ["7", "7", "7"])
    '7 7 W=7'
    >>> show_reading("krazy-bee", "7 7 w|1 2 3", ["7", "7", "7", "|", "1", "2", "3"])
    '7 7 W=7 | 1 2 3'
    """
    tokens = written_tokens(cards)
    for written in (tokens, [t for t in tokens if t not in _LAYOUT]):
        if len(written) == len(reading):
            return " ".join(_pair(variant, token, read) for token, read in zip(written, reading))
    return " ".join(_plain(r) for r in reading)


def _pair(variant: str, token: str, read: Any) -> str:
    written, read = canonical(variant, token), _plain(read)
    if read == written or token in _LAYOUT:
        return written
    split = split_words(read) if face(variant, token).get("wild") else ""
    return f"{written}={read}" + (f" ({split})" if split else "")


def _plain(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "/".join(_plain(v) for v in value)
    return "?" if value is None else str(value)


def format_verdict(verdict: dict, cards: str, extend: str | None = None) -> str:
    """A short readable verdict: LEGAL / NOT LEGAL, kinds, points, reading, reasons, alternatives.
    With ``extend`` (the meld on the table) each reading says how it reads the table's cards where
    a wild card there stands for something else (N-3).

    >>> print(format_verdict({"valid": True, "kind": "run", "variant": "krazy-bee", "reading": ["6"],
    ...     "readings": [["6"], ["6"]], "extend_readings": [["5", "4", "7"], ["5", "8", "7"]]}, "6", "5 W 7"))
    LEGAL run
      reading: 6 (on the table: 5 W=4 7)
           or: 6 (on the table: 5 W=8 7)
    """
    lines = [_headline(verdict)]
    variant = verdict.get("variant", "")
    tables = [_on_table(variant, extend, t) for t in verdict.get("extend_readings") or ()]
    if verdict.get("reading"):
        lines.append(f"  reading: {show_reading(variant, cards, verdict['reading'])}{(tables or [''])[0]}")
    for n, other in enumerate(verdict.get("readings", [])[1:], 1):
        lines.append(
            f"       or: {show_reading(variant, cards, other)}{tables[n] if n < len(tables) else ''}"
        )
    for i, part in enumerate(verdict.get("parts", []), 1):
        lines.append(_part_line(variant, i, part))
        if isinstance(part, dict):
            lines += hinted("    - ", part.get("reasons", []), variant)
    lines += hinted("  - ", verdict.get("reasons", []), variant)
    lines += hinted("  instead: ", verdict.get("alternatives", []), variant)
    lines += hinted("  note: ", verdict.get("notes", []), variant)
    return "\n".join(lines)


def _on_table(variant: str, extend: str | None, reading: Sequence[Any]) -> str:
    """`` (on the table: 5 W=4 7)`` where a wild card on the table stands for something else or a
    card is taken off (``3 off``); else nothing."""
    tokens = written_tokens(extend or "")
    if len(tokens) != len(reading):
        return ""
    shown = [
        f"{canonical(variant, t)} off" if r is None else _pair(variant, t, r) for t, r in zip(tokens, reading)
    ]
    if not any("=" in s or s.endswith(" off") for s in shown):
        return ""
    return f" (on the table: {' '.join(shown)})"


def _part_line(variant: str, number: int, part: Any) -> str:
    """One meld of a Step laydown or one line of a grid: where it is, its verdict, its reading."""
    if not isinstance(part, dict):
        return f"  part {number}: {part}"
    where = part.get("requirement") or (
        f"{part['direction']} from row {part.get('row')}, column {part.get('col')}"
        if "direction" in part
        else ""
    )
    cards = part.get("cards") or part.get("cells") or ""
    cards = " ".join(map(str, cards)) if isinstance(cards, (list, tuple)) else str(cards)
    shown = show_reading(variant, cards, part["reading"]) if part.get("reading") else cards
    label = f"part {number}" + (f" ({where})" if where else "")
    return f"  {label}: {_headline(part)}" + (f": {shown}" if shown else "")


def _headline(verdict: dict) -> str:
    words = ["LEGAL" if verdict.get("valid") else "NOT LEGAL"]
    kinds = list(verdict.get("kinds") or [])
    if verdict.get("kind"):
        words.append(verdict["kind"])
        others = [k for k in kinds if k != verdict["kind"]]
        if others:
            words.append(f"(could also be: {', '.join(others)})")
    elif kinds:
        words.append(f"(could be: {', '.join(kinds)})")
    if verdict.get("points") is not None and "added_points" in verdict:  # tiles added to a set
        words.append(f"· the added tiles {verdict['added_points']} points, the whole set {verdict['points']}")
    elif verdict.get("points") is not None:
        words.append(f"· {verdict['points']} points")
    return " ".join(words)


def format_hand(value: dict) -> str:
    """A hand's value in words, with the per-card breakdown when the engine gives one."""
    if "cards" in value and "points" not in value:
        head = f"{value['cards']} cards in hand"
    else:
        head = f"{value.get('points', 0)} points in hand"
    parts = [f"{b['card']}:{b['points']}" for b in value.get("breakdown", [])]
    return head + (f"  ({' '.join(parts)})" if parts else "")


# -- entry points ----------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``scorekeeper`` console script; returns the exit code."""
    parser = _build_parser()
    try:
        args = parser.parse_args(dashed_words(parser, sys.argv[1:] if argv is None else argv))
    except SystemExit as stop:  # argparse: --help (0) or a usage error (2, already printed)
        return int(stop.code or 0)
    try:
        return int(args.func(args))
    except (RulesError, UsageError, PhotoError, InputError) as err:
        print(f"scorekeeper: {err}", file=sys.stderr)
        hint = option_hint(reason_of(err), getattr(args, "variant", None))
        if hint:
            print(f"scorekeeper: {hint}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `scorekeeper ... | head`: stop quietly, as other command-line tools do
        # what is still buffered would fail again when Python flushes it on the way out
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE_CLOSED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
