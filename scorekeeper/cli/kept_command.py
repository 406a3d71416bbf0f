"""``scorekeeper kept-photos list|export|delete|link``: the rack photos players chose to keep on this
server (docs/rack-photo.md, "Keeping photos, with consent"), for its host.

The folder is the app's (``KEPT_PHOTOS_DIR``, else ``instance/kept-photos``), or ``--dir``. Bad input
(an id no photo has, a zip that cannot be written) exits with 2 and names it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..photo import kept
from .args import UsageError


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``kept-photos`` on the ``scorekeeper`` command's sub-parsers."""
    p = sub.add_parser(
        "kept-photos",
        help="the rack photos players chose to keep on this server: list, export, delete",
        description="The rack photos players chose to keep on this server, with the tiles they corrected "
        "(never sent anywhere else). make model learns from an export: KEPT=kept-photos.zip make model.",
    )
    p.add_argument("--dir", help="the folder of kept photos (default: the app's, instance/kept-photos)")
    acts = p.add_subparsers(dest="action", required=True, metavar="list|export|delete|link")
    shown = acts.add_parser("list", help="every kept photo: its id, date, variant and tiles")
    shown.add_argument("--json", action="store_true", help="print them as JSON (the sidecars)")
    out = acts.add_parser("export", help="every kept photo and its tiles into a zip (tiles.json, tiles.csv)")
    out.add_argument("zip", help="the zip file to write")
    gone = acts.add_parser("delete", help="delete kept photos by id, or all of them")
    gone.add_argument("ids", nargs="*", metavar="ID", help="a kept photo's id (from list)")
    gone.add_argument("--all", action="store_true", help="delete every kept photo")
    link = acts.add_parser("link", help="print the address of the host's list (opens it for one browser)")
    link.add_argument(
        "--new", action="store_true", help="a new key: every browser that had the list loses it"
    )
    link.add_argument("--url", default="", help="this server's address (default: PUBLIC_URL)")
    p.set_defaults(func=_cmd_kept_photos)


def _folder(args: argparse.Namespace) -> tuple[Path, str]:
    """The folder of kept photos and this server's address (``PUBLIC_URL``), from ``--dir`` or the app."""
    if args.dir:
        return Path(args.dir), ""
    from .. import create_app
    from ..views.kept_photos import folder_of

    app = create_app()
    return folder_of(app), app.config.get("PUBLIC_URL") or ""


def _cmd_kept_photos(args: argparse.Namespace) -> int:
    root, public = _folder(args)
    if args.action == "list":
        photos = kept.listed(root)
        if args.json:
            print(json.dumps([k.as_json() for k in photos], ensure_ascii=False))
        for k in [] if args.json else photos:
            print(f"{k.id}  {k.kept}  {k.variant}  {' '.join(k.tiles) or '-'}")
        if not args.json:
            print(f"{len(photos)} kept photo{'' if len(photos) == 1 else 's'} in {root}")
    elif args.action == "export":
        try:
            count = kept.export(root, args.zip)
        except OSError as err:
            raise UsageError(f"{args.zip!r}: {err.strerror or err}") from None
        print(f"{count} kept photo{'' if count == 1 else 's'} and their tiles written to {args.zip}")
    elif args.action == "delete":
        _delete(root, args)
    else:
        key = kept.host_key(root, new=args.new)
        base = (args.url or public or "http://<this server>").rstrip("/")
        print(f"{base}/kept-photos/join/{key}")
        print("Open it on the host's browser only: it shows the kept photos, to export or delete them.")
    return 0


def _delete(root: Path, args: argparse.Namespace) -> None:
    if args.all == bool(args.ids):
        raise UsageError("delete: name the ids of the photos to delete, or --all (not both)")
    if args.all:
        gone = kept.delete_all(root)
        print(f"{gone} kept photo{'' if gone == 1 else 's'} deleted")
        return
    for name in args.ids:  # every id checked before any is deleted
        kept.path_of(root, name)
    for name in args.ids:
        kept.delete(root, name)
    print(f"{len(args.ids)} kept photo{'' if len(args.ids) == 1 else 's'} deleted")
