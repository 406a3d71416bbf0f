"""Error handlers: JSON under /api/, friendly pages elsewhere; never a bare 500."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException
from werkzeug.routing import BuildError

from ..rules import RoundError, RulesError


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _error_response(status: int, message: str, reasons: list[str] | None = None):
    if _wants_json():
        body = {"error": message}
        if reasons:
            body["reasons"] = reasons
        return jsonify(body), status
    return render_template("errors/error.html", status=status, message=message,
                           reasons=reasons or [], game_url=_game_url()), status


def _game_url() -> str | None:
    """The page of the game a refused request was about (a way back), if it was about one."""
    public_id = (request.view_args or {}).get("public_id")
    if not public_id or request.endpoint == "games.show":
        return None
    try:
        return url_for("games.show", public_id=public_id)
    except BuildError:
        return None


def register_errorhandlers(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(err):
        return _error_response(400, "The form expired or was not sent from this site "
                                    "(missing CSRF token). Reload the page and try again.")

    @app.errorhandler(RoundError)
    def round_error(err: RoundError):
        return _error_response(422, str(err), [m for _, m in err.errors])

    @app.errorhandler(RulesError)
    def rules_error(err: RulesError):
        return _error_response(422, str(err))

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        response = _error_response(err.code or 500, err.description or err.name)
        # Keep the exception's own headers (Allow on 405, WWW-Authenticate on 401).
        body, status = response
        headers = {k: v for k, v in err.get_headers() if k.lower() != "content-type"}
        return body, status, headers

    @app.errorhandler(Exception)
    def unexpected(err: Exception):
        app.logger.exception("unhandled error")
        return _error_response(500, "Something went wrong on our side; nothing was changed.")
