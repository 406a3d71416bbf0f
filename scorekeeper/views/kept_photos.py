"""Rack photos kept with consent (docs/rack-photo.md, "Keeping photos, with consent").

``POST /games/<id>/kept-photos``: a player ticked "keep this photo" on the check screen and pressed
"Use these tiles"; the phone sends the photo (multipart: ``photo``, a JPEG or PNG, and ``tiles``,
the corrected tiles as JSON) with the form's CSRF token. It needs the game's edit secret or one of
its seats' secrets, as every change of a game does (403 without), and answers JSON when asked for
it (``Accept: application/json``): 201 kept, 200 kept already, 400, 403, 404, 409 (the host's store
is full), 413, 415, each with its reason.

The host's list (``/kept-photos``): the photos, their tiles, delete one or all, export a zip. Only
the host sees it: the key ``scorekeeper kept-photos link`` prints (kept in the folder, made by the
command on the server, never shown by a page) opens it for one browser (a cookie); without it every
page of the list is a 404, so nobody learns it exists. Nothing is kept in the database.
"""

from __future__ import annotations

import io
from pathlib import Path

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)
from flask_babel import gettext, ngettext
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from ..checker import json_text
from ..checker.checking import InputError
from ..limits import BODY_MAX, KEPT_PHOTOS_MAX
from ..photo import PhotoError, kept, tile_game
from ..rules import RoundError, variants
from ..services import Conflict, NotEditor, get_game
from ..services.seats import seat_of_secret
from ..web.access import bearer_secret, can_edit, keep_secret
from ..web.described import variant_name
from ..web.headers import no_store

bp = Blueprint("kept_photos", __name__)
#: the host's cookie, holding the key of the list
HOST_COOKIE = "sk_kept_photos"
#: a phone's seat cookie (scorekeeper/seats/views.py ``seat_cookie``: ``seat_<game id>``)
SEAT_COOKIE = "seat_{}"
PHOTO_TYPES = ("image/jpeg", "image/png")
MULTIPART = "multipart/form-data"


def folder() -> Path:
    """Where this app keeps the photos: ``KEPT_PHOTOS_DIR``, else ``instance/kept-photos``."""
    return folder_of(current_app)


def folder_of(app) -> Path:
    return Path(app.config.get("KEPT_PHOTOS_DIR") or Path(app.instance_path) / "kept-photos")


def _may_keep(game) -> bool:
    """The game's edit secret (cookie or Bearer), or one of its seats' (the seat cookie or Bearer)."""
    if can_edit(game):
        return True
    for secret in (request.cookies.get(SEAT_COOKIE.format(game.public_id)), bearer_secret()):
        if secret and seat_of_secret(game, secret) is not None:
            return True
    return False


@bp.post("/games/<public_id>/kept-photos")
def keep(public_id: str):
    game = get_game(public_id)
    if not _may_keep(game):
        raise NotEditor(
            gettext("Only a phone keeping score for this game, or holding a seat in it, can keep a photo.")
        )
    if request.mimetype != MULTIPART:
        raise UnsupportedMediaType(f"send the photo as {MULTIPART}: a 'photo' (JPEG or PNG) and its 'tiles'")
    photo = request.files.get("photo")
    if photo is None:
        raise InputError("no photo was sent: the form's 'photo' is missing")
    if photo.mimetype not in PHOTO_TYPES:
        raise UnsupportedMediaType(f"the photo is sent as {photo.mimetype or 'nothing'}; JPEG or PNG is kept")
    data = photo.read(BODY_MAX + 1)
    try:
        variant = tile_game(game.variant)
        tiles, boxes = kept.read_tiles(_tiles_sent())
        if not data:
            raise PhotoError("no photo was sent: the photo is empty")
        shown, new = kept.keep(folder(), data, tiles, boxes, variant)
    except kept.NotAPhoto as err:
        raise UnsupportedMediaType(str(err)) from None
    except kept.PhotoTooLarge as err:
        raise RequestEntityTooLarge(str(err)) from None
    except kept.StoreFull as err:
        raise Conflict(str(err)) from None
    except PhotoError as err:
        raise InputError(str(err)) from None
    return jsonify({"kept": shown.id, "new": new, "tiles": shown.tiles}), 201 if new else 200


def _tiles_sent():
    """The form's ``tiles``, read as the API reads a JSON body (``checker/json_text.py``): InputError (400)
    for one that is not JSON, or is nested past what can be read (which was a 500)."""
    try:
        return json_text.parsed(request.form.get("tiles", "").encode(), "the form's 'tiles'")
    except RoundError as err:  # half a character: never a tile
        raise InputError(f"the form's 'tiles': {err}") from None


# -- the host's list ------------------------------------------------------------------------------


def _host_only() -> Path:
    """The folder, for the host's browser; a 404 for anybody else (the list is not shown to exist)."""
    root = folder()
    if not kept.is_host_key(root, request.cookies.get(HOST_COOKIE)):
        abort(404)
    return root


@bp.get("/kept-photos/join/<secret>")
def join(secret: str):
    """The host's link (``scorekeeper kept-photos link``): keeps the key on this browser, then the
    list (so the key leaves the address bar; request logs blank ``/join/`` secrets)."""
    if not kept.is_host_key(folder(), secret):
        abort(404)
    return keep_secret(redirect(url_for("kept_photos.index")), HOST_COOKIE, secret)


@bp.get("/kept-photos")
@no_store
def index():
    root = _host_only()
    names = {v["slug"]: variant_name(v["name"]) for v in variants()}
    return render_template(
        "kept_photos/index.html", photos=kept.listed(root), most=KEPT_PHOTOS_MAX, names=names
    )


@bp.get("/kept-photos/photo/<token>")
def photo(token: str):
    return _picture(token, thumb=False)


@bp.get("/kept-photos/thumb/<token>")
def thumb(token: str):
    return _picture(token, thumb=True)


def _picture(token: str, thumb: bool):
    root = _host_only()
    try:
        path = kept.path_of(root, token, thumb)
    except kept.NoSuchPhoto:
        abort(404)
    response = send_file(path, mimetype="image/jpeg", max_age=0)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/kept-photos/export.zip")
def export():
    root = _host_only()
    out = io.BytesIO()
    kept.export(root, out)
    out.seek(0)
    response = send_file(out, mimetype="application/zip", as_attachment=True, download_name="kept-photos.zip")
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/kept-photos/delete/<token>")
def delete(token: str):
    root = _host_only()
    try:
        kept.delete(root, token)
    except kept.NoSuchPhoto:
        abort(404)
    flash(gettext("The photo and its tiles are deleted."), "success")
    return redirect(url_for("kept_photos.index"), 303)


@bp.post("/kept-photos/delete-all")
def delete_all():
    root = _host_only()
    gone = kept.delete_all(root)
    flash(
        ngettext("%(num)s photo and its tiles deleted.", "%(num)s photos and their tiles deleted.", gone),
        "success",
    )
    return redirect(url_for("kept_photos.index"), 303)
