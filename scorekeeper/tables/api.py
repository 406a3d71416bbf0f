"""Tables in the JSON API (``/api/v1/tables``): the tables' own API blueprint, with the API's error mapping."""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import Blueprint, Response, after_this_request, current_app, jsonify, request
from sqlalchemy import func, select

from ..api import bodies
from ..api.blueprint import GameId
from ..api.routes import games_urls
from ..checker.checking import InputError, fields_of
from ..limits import GAMES_PAGE, GAMES_PAGES_MAX, TABLE_GAMES_WHOLE_MAX, last_page, players_at_most
from ..rules import Quoted, RoundError, find_variant
from ..services import NotEditor, SecretMissing
from ..services.errors import NotFound
from ..services.tables import roster as services
from ..services.tables.bgstats import export_bgstats, time_zone
from ..services.tables.game_rows import game_rows, games_played
from ..services.tables.new_games import start_game
from ..services.tables.restorable import export_hands, past_bounds, refusal_note
from ..services.tables.restore import discard, import_table
from ..services.tables.transfer import export_lists, export_table, games_csv, hands_csv
from ..services.transfer import pausing, stamp
from ..storage.extensions import csrf, db
from ..storage.table_models import TableGame
from ..web.access import bearer_secret
from ..web.addresses import external_url
from ..web.guards import body_max, require_json
from .stats import kept, stamp_of, table_stats

bp = Blueprint("tables_api", __name__, url_prefix="/api/v1")
#: what ``GET /tables/<id>/export`` writes: this app's table export, or a BG Stats backup
EXPORT_FORMATS = ("scorekeeper", "bgstats")
#: where a table's export is restored (its body bound is its own: web/guards.py LARGER_BODIES)
IMPORT_PATH = "/api/v1/tables/import"
csrf.exempt(bp)  # a table's secret comes as a Bearer token, as a game's edit secret does
require_json(bp)

# a table's id has a game id's form (12 URL-safe characters): ``/tables/import`` is never a table, so
# ``GET /tables/import`` is a 405 whose ``Allow`` names POST only
bp.record_once(lambda state: state.app.url_map.converters.setdefault("table_id", GameId))


def table_urls(table, secret: str | None = None) -> dict[str, str]:
    """Where a table lives: the API resource, its page (read-only link), statistics, export; the
    table link (which gives a phone the secret) when the secret is known."""
    tid = table.public_id
    urls = {
        "api": external_url("tables_api.table", table_id=tid),
        "page": external_url("tables.show", table_id=tid),
        "stats": external_url("tables_api.table_stats_json", table_id=tid),
        "export": external_url("tables_api.table_export", table_id=tid),
    }
    if secret:
        urls["join"] = external_url("tables.join", table_id=tid, secret=secret)
    return urls


def table_json(table, page: int | None = None) -> dict[str, Any]:
    """The roster (with games played) and the table's games, newest first: every game (at most
    :data:`~scorekeeper.limits.TABLE_GAMES_WHOLE_MAX`; past it the first page), or with ``page``
    that page of :data:`~scorekeeper.limits.GAMES_PAGE`; a page says ``"paged": true`` and ``next``,
    the next page's address (None: the last). A page past the last is a 404 naming the last.
    Plain rows, in five statements, whatever the table keeps."""
    if page is None:  # every game, up to the bound: one more than it says the table has more
        rows = game_rows(table, limit=TABLE_GAMES_WHOLE_MAX + 1)
        page = 1 if len(rows) > TABLE_GAMES_WHOLE_MAX else None
        rows = rows[: GAMES_PAGE + 1] if page else rows
    else:  # one more than the page: is there a next one?
        rows = game_rows(table, limit=GAMES_PAGE + 1, offset=(page - 1) * GAMES_PAGE)
        if not rows and page > 1:
            raise _past_the_last(table, page)
    size = GAMES_PAGE if page else None
    played = games_played(table)
    names = {m.id: m.name for m in table.members}
    urls = games_urls()
    body = {
        "id": table.public_id,
        "name": table.name,
        "created_at": stamp(table.created_at),
        "updated_at": stamp(table.updated_at),
        "players": [{"name": m.name, "games": played.get(m.id, 0)} for m in table.members],
        "games": [
            pausing(i)
            or {
                "id": g.public_id,
                "variant": g.variant,
                "status": "finished" if g.finished else "in_progress",
                "hands": g.hands,
                "players": [names[m] for m in g.seats],
                "winners": [names[m] for m in g.winners],
                "created_at": stamp(g.created_at),
                "urls": urls(g.public_id),
            }
            for i, g in enumerate(rows[:size])
        ],
        "urls": table_urls(table),
        "paged": page is not None,
    }
    if page:
        more = len(rows) > GAMES_PAGE
        body["next"] = (
            external_url("tables_api.table", table_id=table.public_id, page=page + 1) if more else None
        )
    return body


def _past_the_last(table, page: int) -> NotFound:
    """A page past the table's last: a 404 that names the last page and its address."""
    games = db.session.scalar(
        select(func.count()).select_from(TableGame).where(TableGame.table_id == table.id)
    )
    last = last_page(games, GAMES_PAGE)
    address = external_url("tables_api.table", table_id=table.public_id, page=last)
    return NotFound(
        f"Page {page} is past the table's last page of games, {last} "
        f"({games} games, {GAMES_PAGE} a page): {address}"
    )


def asked_games_page() -> int | None:
    """The page of games ``?page=`` asks for (None: every game); a 400 for one that is no page number."""
    asked = request.args.get("page")
    if asked is None:
        return None
    # ASCII digits, no more than the bound has: str.isdigit also takes superscripts, which int()
    # cannot read (a 500), and int() refuses past 4,300 digits; the value is quoted by its start
    digits = asked.lstrip("0")
    page = (
        int(asked) if asked.isascii() and asked.isdigit() and len(digits) <= len(str(GAMES_PAGES_MAX)) else 0
    )
    if not 1 <= page <= GAMES_PAGES_MAX:
        raise InputError(f"'page' is a page number from 1 to {GAMES_PAGES_MAX}, not {Quoted(asked)}")
    return page


def table_for_new_game(table_id: Any):
    """The table a new game is asked for, with its Bearer secret: 400 for a bad id, 404 without
    the table, 401/403 without its secret."""
    if not isinstance(table_id, str) or not table_id.strip():
        raise InputError("'table' must be a table's id (a string)")
    table = services.get_table(table_id.strip())
    secret = bearer_secret()
    if secret is None:
        raise SecretMissing(
            "Starting a table's game needs the table's secret: "
            "send the header 'Authorization: Bearer <table secret>'."
        )
    if not services.secret_matches(table, secret):
        raise NotEditor("That secret does not belong to this table.")
    return table, secret


def _created(table, secret: str):
    body = {"id": table.public_id, "secret": secret, "urls": table_urls(table, secret)}
    return jsonify(body), 201, {"Location": body["urls"]["api"]}


@bp.post("/tables")
def create_table():
    """Start a table: ``{"name", "players": [names]}`` -> 201 with its id, secret and URLs."""
    fields = fields_of(bodies.body(), ("name", "players"))
    players = fields.get("players", [])
    if not isinstance(players, list) or not all(isinstance(n, str) for n in players):
        raise InputError("'players' must be a list of names (strings)")
    if not isinstance(fields.get("name"), str):
        raise InputError("'name' is required: the table's name (a string)")
    table, secret = services.create_table(fields["name"], players)
    bodies.shaped("NewTable", fields, values=True)
    db.session.commit()
    return _created(table, secret)


@bp.get("/tables/<table_id:table_id>")
def table(table_id: str):
    """A table: its roster and its games (every one up to 500, else the first page; or with
    ``?page=`` a page of them)."""
    page = asked_games_page()
    return jsonify(table_json(services.get_table(table_id), page))


@bp.get("/tables/<table_id:table_id>/stats")
def table_stats_json(table_id: str):
    """A table's statistics: players (games, wins, win rate, streaks, ratings ...), head-to-head, variants
    (the answer is kept until the table changes)."""
    found = stamp_of(table_id)
    if found is None:
        raise services.TableNotFound(table_id)
    body = kept(("json", *found), lambda: current_app.json.dumps(table_stats(services.get_table(table_id))))
    return Response(body, mimetype="application/json")


@bp.get("/tables/<table_id:table_id>/export")
def table_export(table_id: str):
    """The table's whole history as JSON (for ``POST /tables/import``), or with ``format=bgstats`` its
    finished games as a BG Stats backup."""
    kind = request.args.get("format", "scorekeeper")
    if kind not in EXPORT_FORMATS:
        raise InputError(f"'format' is one of {', '.join(EXPORT_FORMATS)}, not {Quoted(kind)}")
    table = services.get_table(table_id)
    if kind == "bgstats":
        response = jsonify(export_bgstats(table, asked_zone()))
        response.headers["Content-Disposition"] = (
            f'attachment; filename="BGStatsExport-{table.public_id}.json"'
        )
        return response
    document = export_table(table)
    response = jsonify(document)
    games, hands = len(document["games"]), export_hands(document["games"])
    # the import's own body bound (docs/tables.md, "A club's year")
    past = past_bounds(games, hands, response.content_length or 0, body_max(current_app, IMPORT_PATH))
    if past:  # said in the export itself, before the operator relies on it (docs/tables.md)
        response = jsonify({**document, "import_refused": refusal_note(past)})
    response.headers["Content-Disposition"] = f'inline; filename="scorekeeper-table-{table.public_id}.json"'
    return response


def asked_zone():
    """The ``tz`` the request names (an IANA time zone: BG Stats' play dates are wall times in it;
    none: UTC); a 400 for a name that is no time zone."""
    try:
        return time_zone(request.args.get("tz"))
    except ValueError as err:
        raise InputError(str(err)) from None


def _csv_response(text: str, name: str) -> Response:
    response = Response(text, mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.get("/tables/<table_id:table_id>/export/games.csv")
def table_games_csv(table_id: str):
    """One line per player per game, for spreadsheets."""
    table = services.get_table(table_id)
    return _csv_response(games_csv(table), f"scorekeeper-table-{table.public_id}-games.csv")


@bp.get("/tables/<table_id:table_id>/export/hands.csv")
def table_hands_csv(table_id: str):
    """One line per player per hand, for spreadsheets."""
    table = services.get_table(table_id)
    return _csv_response(hands_csv(table), f"scorekeeper-table-{table.public_id}-hands.csv")


@bp.post("/tables/import")
def table_import():
    """Restore a table export as a new table: 201 with its new id, secret and URLs."""
    document = bodies.object_body()
    export_lists(document)  # past the bounds: refused before the shape check (docs/tables.md)
    refused = bodies.judged("TableExport", document)
    # the values refused after the engine's words, before the table is shown (the check had waited for
    # a pool process again, a write held meanwhile: every other change of the worker waited, a 503 at 10 s)
    table, secret = import_table(document, last_check=lambda: _refuse(refused))
    after_this_request(partial(_left_hidden, table.id))
    db.session.commit()
    return _created(table, secret)


def _left_hidden(table_id: int, response: Response) -> Response:
    """After the answer: the table deleted if it is still hidden (its twin's answer kept first, one
    Idempotency-Key sent twice at once, or the last commit failed). A failure here leaves it to the
    next import's sweep, and the answer as it is (the table may be made)."""
    try:
        discard(table_id)
    except Exception:  # the answer stands; the sweep deletes a table left hidden
        db.session.rollback()
        current_app.logger.warning("a table import's clean-up failed", exc_info=True)
    return response


def _refuse(refused: list) -> None:
    if refused:
        raise RoundError(refused)


def start_table_game(fields: dict, variant: str, names: list[str], options: dict, first_dealer: int):
    """``POST /games`` with ``"table"`` (the tables' game starter, :mod:`.feature`): the players are
    roster names (new names join the roster); the game starts with the table's option choices (``options`` win)
    and a table-derived secret."""
    players_at_most(names, find_variant(variant))  # the variant's bound, before the roster is read or grows
    table, secret = table_for_new_game(fields["table"])
    return start_game(table, secret, variant, services.roster_players(table, names), options, first_dealer)
