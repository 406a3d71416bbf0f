"""``scorekeeper print ...``: score sheets, Step Indicator Frames, rules cards and game sheets as PDFs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..printing.paper import FRAMES_VARIANT, MAX_ROWS, ORIENTATIONS, PAPERS
from .args import UsageError, add_option, collect_options, game_id_word

if TYPE_CHECKING:  # the documents and their options (Flask-Babel, WeasyPrint) load when one is printed
    from ..printing.options import PrintInputError

EXIT_OK, EXIT_USAGE = 0, 2
#: where the QR code of ``print game`` points when no --base-url is given (``PUBLIC_URL`` wins; a
#: loopback host becomes this machine's LAN address, see scorekeeper.web.addresses)
DEFAULT_BASE_URL = "http://127.0.0.1:5000/"


def add_parser(subparsers) -> None:
    """Register the ``print`` command and its sub-commands on an argparse subparsers object."""
    parser = subparsers.add_parser(
        "print",
        help="print score sheets, frames and rules cards as PDFs",
        description="Write a PDF: a blank score sheet, Krazy Bee Step "
        "Indicator Frames, a rules card, or a game's sheet.",
    )
    sub = parser.add_subparsers(dest="print_command", metavar="{sheet,frames,rules,game}", required=True)

    p = sub.add_parser("sheet", help="a blank score sheet for a variant")
    p.add_argument("--variant", required=True, help="variant slug, e.g. krazy-bee, crib-rummy")
    p.add_argument("--players", required=True, help="number of players")
    p.add_argument("--rows", help=f"lines to write hands on (1..{MAX_ROWS}; default: one page)")
    _add_paper(p, orientation=True)
    add_option(p, "target=61", "a game option in force")
    p.set_defaults(func=_cmd_document, kind="sheet")

    p = sub.add_parser("frames", help="Krazy Bee Step Indicator Frames, one per player")
    p.add_argument("--players", default="4", help="how many frames (2..4, default 4)")
    p.add_argument("--steps", help='the table\'s Step list, e.g. "2 books of 3; run of 7" (default: ours)')
    _add_paper(p)
    p.set_defaults(func=_cmd_document, kind="frames", variant=FRAMES_VARIANT)

    p = sub.add_parser("rules", help="a rules quick-reference card")
    p.add_argument("--variant", required=True, help="variant slug")
    _add_paper(p)
    p.set_defaults(func=_cmd_document, kind="rules")

    p = sub.add_parser("game", help="a game's filled score sheet (needs the app's database)")
    p.add_argument("id", help="the game's id as in its URL (/games/<id>), or that URL")
    p.add_argument("--frames", action="store_true", help="print the game's Step Indicator Frames instead")
    p.add_argument(
        "--base-url",
        default=DEFAULT_BASE_URL,
        help=f"where the app is served, for the QR code (default {DEFAULT_BASE_URL}, "
        "with this machine's LAN address for 127.0.0.1; PUBLIC_URL overrides both)",
    )
    _add_paper(p)
    p.set_defaults(func=_cmd_game)


def _add_paper(p: argparse.ArgumentParser, orientation: bool = False) -> None:
    p.add_argument("--paper", default="a4", help=f"paper size: {' or '.join(PAPERS)} (default a4)")
    if orientation:
        p.add_argument(
            "--orientation",
            default="auto",
            help=f"{', '.join(ORIENTATIONS)} (default auto: portrait when the table fits)",
        )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the PDF to write ('-' for stdout)")


def _fail(message: str) -> int:
    print(f"scorekeeper print: {message}", file=sys.stderr)
    return EXIT_USAGE


def _refused(err: PrintInputError) -> int:
    """Each refused field as the flag it came from: ``--players: choose from 2 to 4``."""
    return _fail("; ".join(f"--{k.replace('_', '-')}: {v}" for k, v in err.errors.items()))


def _write(output: str, pdf: bytes) -> int:
    if output == "-":
        sys.stdout.buffer.write(pdf)
        return EXIT_OK
    try:
        Path(output).write_bytes(pdf)
    except OSError as err:
        return _fail(f"cannot write {output}: {err.strerror}")
    print(f"wrote {output} ({len(pdf) // 1024} KiB)", file=sys.stderr)
    return EXIT_OK


def _cmd_document(args: argparse.Namespace) -> int:
    raw = {
        "kind": args.kind,
        "variant": args.variant,
        "players": getattr(args, "players", None),
        "rows": getattr(args, "rows", None),
        "paper": args.paper,
        "orientation": getattr(args, "orientation", None),
    }
    try:
        raw.update(collect_options(getattr(args, "option", []), example="target=61"))
    except UsageError as err:
        return _fail(str(err))
    if getattr(args, "steps", None) is not None:
        raw["steps"] = args.steps
    from ..printing.documents import document_pdf
    from ..printing.options import PrintInputError, print_options

    try:
        opts = print_options(raw)
    except PrintInputError as err:
        return _refused(err)
    return _write(args.output, document_pdf(opts))


def _address(raw: str) -> bool:
    """Whether ``raw`` is an http(s) address with a host (and a port, if any, in range): the QR code's.

    >>> [_address(u) for u in ("https://cards.example/", "http://127.0.0.1:5000/", "cards.example", "http://[::1")]
    [True, True, False, False]
    """
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(raw)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname) and not any(c.isspace() for c in raw)


def _cmd_game(args: argparse.Namespace) -> int:
    from .. import create_app
    from ..printing.documents import game_frames_pdf, game_sheet_pdf
    from ..printing.options import PrintInputError, paper_choice

    try:
        paper = paper_choice(args.paper)
    except PrintInputError as err:
        return _refused(err)
    if not _address(args.base_url):
        return _fail(
            f"--base-url: {args.base_url!r} is not an http:// or https:// address, e.g. https://cards.example/"
        )
    app = create_app()
    with app.test_request_context(base_url=args.base_url):
        from sqlalchemy.exc import SQLAlchemyError

        from ..services import find_game, game_score
        from ..web.addresses import external_url

        try:
            game_id = game_id_word(args.id)
            game = find_game(game_id)
        except SQLAlchemyError:
            return _fail("the database is not set up here: run `scorekeeper init-db` first")
        if game is None:
            return _fail(f"no game with id {game_id!r} in {app.config['SQLALCHEMY_DATABASE_URI']}")
        if args.frames:
            if game.variant != FRAMES_VARIANT:
                return _fail("--frames: Step Indicator Frames are for Krazy Bee games only")
            return _write(args.output, game_frames_pdf(game, paper))
        url = external_url("games.show", public_id=game.public_id)
        return _write(args.output, game_sheet_pdf(game, game_score(game), url, paper))
