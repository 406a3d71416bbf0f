"""A PDF that takes a while: the page that waits for it, its state for the page's script, the PDF itself.

A printing view whose PDF is not ready within ``PDF_WAIT`` seconds answers :func:`waiting_answer`: 202
with the place in the queue and an estimate, and ``Location`` naming ``/print/wait/<token>``, which is
the page while the PDF is made and the PDF once it is (so the page's no-script refresh ends on it).
Its script (static/js/print-waiting.js) asks ``/print/wait/<token>/status`` every second meanwhile.
Every server process answers for every token: the state is kept on disk (printing/waiting.py).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request, url_for
from flask_babel import gettext, ngettext

from ..printing import waiting

bp = Blueprint("print_waiting", __name__, url_prefix="/print/wait")

#: seconds between the no-script page's refreshes
REFRESH_SECONDS = 3


def pdf_answer(make: Callable[[], bytes], filename: str):
    """``make()``'s PDF, or, when it is not ready within ``PDF_WAIT`` seconds, a page that waits for
    it (202, ``Location``: where it will be; the job goes on in the worker pool: docs/printing.md)."""
    from ..limits import pool

    try:
        with pool.answer_within(float(current_app.config["PDF_WAIT"])):
            pdf = make()
    except pool.Pending as pending:
        return waiting_answer(pending.job, filename)
    return pdf_response(pdf, filename)


def pdf_response(pdf: bytes, filename: str) -> Response:
    """PDF bytes served inline (the browser shows them) under a sensible file name."""
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def waiting_answer(job, filename: str):
    """The answer to a PDF request whose job goes on: the waiting page, or JSON to an API client."""
    where = waiting.folder(current_app)
    token = waiting.keep(where, job, filename, float(current_app.config["POOL_TIMEOUT"]))
    known = waiting.state(where, token)
    # done in the moment since the wait ended (a busy machine): the PDF itself, or why it failed;
    # a PDF_WAIT of 0 (every PDF through the waiting page) keeps the page, which opens it at once
    if known["state"] == "ready" and float(current_app.config["PDF_WAIT"]) <= 0:
        return _pending(token, known)
    return _answer(token, known)


@bp.get("/<token>")
def page(token: str):
    """The PDF once it is ready; until then the page that waits for it."""
    return _answer(token, _known(token))


def _answer(token: str, known: dict):
    """What ``token`` is answered with in the state ``known``: its PDF, why it failed, or the page."""
    if known["state"] == "ready":
        pdf = waiting.pdf(waiting.folder(current_app), token)
        if pdf is None:
            abort(404, description=_expired())
        return pdf_response(pdf, known["filename"])
    if known["state"] == "failed":
        abort(known.get("status", 500), description=_failed(known))
    return _pending(token, known)


@bp.get("/<token>/status")
def status(token: str):
    """The state the waiting page's script asks for every second."""
    known = _known(token)
    body = {"state": known["state"], "url": url_for("print_waiting.page", token=token)}
    if known["state"] == "pending":
        body |= {"position": known["position"], "seconds": known["seconds"], "text": _progress(known)}
    elif known["state"] == "failed":
        body["error"] = _failed(known)
    return jsonify(body), 200, {"Cache-Control": "no-store"}


def _known(token: str) -> dict:
    known = waiting.state(waiting.folder(current_app), token)
    if known is None:
        abort(404, description=_expired())
    return known


def _pending(token: str, known: dict):
    where = url_for("print_waiting.page", token=token)
    headers = {"Location": where, "Retry-After": "1", "Cache-Control": "no-store"}
    if request.accept_mimetypes.best_match(["text/html", "application/json"]) == "application/json":
        body = {"state": known["state"], "url": where}
        if known["state"] == "pending":
            body |= {"position": known["position"], "seconds": known["seconds"]}
        return jsonify(body), 202, headers
    html = render_template(
        "print/waiting.html",
        progress=_progress(known),
        page_url=where,
        status_url=url_for("print_waiting.status", token=token),
        refresh=REFRESH_SECONDS,
    )
    return html, 202, headers


def _progress(known: dict) -> str:
    """Where the PDF is: its place in the queue, or being made; and about how long it takes."""
    if known["state"] == "ready":
        return gettext("It is ready.")
    seconds = ngettext(
        "It should be ready in about %(num)d second.",
        "It should be ready in about %(num)d seconds.",
        known["seconds"],
    )
    if known["position"]:
        place = gettext("It is number %(place)d in the queue.", place=known["position"])
        return f"{place} {seconds}"
    now = gettext("It is being made now.")
    return f"{now} {seconds}"


def _expired() -> str:
    return gettext("This PDF is no longer kept (a waiting PDF is kept for 15 minutes); print it again.")


def _failed(known: dict) -> str:
    if known.get("error"):
        return gettext("This PDF could not be made: %(reason)s", reason=known["error"])
    return gettext("This PDF could not be made; print it again.")
