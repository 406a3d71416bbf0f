"""Tables' pages: the tables list, a new table, the table page, sharing, joining and statistics."""

from __future__ import annotations

import time

from babel.numbers import format_decimal
from flask import Blueprint, flash, make_response, redirect, render_template, request, session, url_for
from flask_babel import get_locale, gettext
from markupsafe import Markup

from .. import live
from ..display.words import round_word
from ..limits import GAMES_PAGE, last_page
from ..live.stream import follow
from ..profiles import profile
from ..rules import RulesError, find_variant, variants
from ..services import NotEditor
from ..services.tables import roster as services
from ..services.tables.bgstats import add_play_link
from ..services.tables.restorable import past_bounds
from ..services.tables.summaries import rating_histories
from ..storage.extensions import db
from ..storage.table_models import TableGame
from ..web import access as game_access
from ..web import table_access as access
from ..web.addresses import share_page
from ..web.described import variant_name
from ..web.form_once import once_secret, taken_once
from ..web.headers import no_store
from ..web.paging import Pages, asked_page
from . import charts
from .forms import AddPlayerForm, MergeForm, RenameForm, TableForm, with_roster
from .live import CHANNEL, table_token
from .pairs import PAIRS_SHOWN
from .stats import kept, stamp_of, table_stats

bp = Blueprint("tables", __name__, url_prefix="/tables")
#: games in progress, and finished games, listed on the table page (all of them behind a link, a
#: page at a time)
GAMES_SHOWN = 20


@bp.app_context_processor
def _tables_helpers():
    return {
        "tables_held": access.held_tables,
        "table_link": services.table_of,
        "imported_result": imported_result,
        "bgstats_link": add_play_link,
    }


def imported_result(game):
    """A result-only game's summary (its imported scores and winners); None for a game kept here."""
    row = db.session.get(TableGame, game.id)
    return row if row is not None and row.source is not None else None


def closes_hands(game) -> str | None:
    """Why a result-only game takes no hands: it keeps the result it was imported with (None for a game
    kept here). The tables' answer to :attr:`~scorekeeper.web.features.Feature.closes_hands`."""
    if imported_result(game) is None:
        return None
    return gettext(
        "This game was imported from BG Stats with its final scores only: it takes no %(round_word)s.",
        round_word=round_word(game.variant, 2),
    )


@bp.app_template_filter("percent")
def percent(rate: float | None) -> str:
    """A rate as a whole percentage (``–`` when there is nothing to divide).

    >>> percent(0.6667), percent(None)
    ('67%', '–')
    """
    return "–" if rate is None else f"{round(rate * 100)}%"


@bp.app_template_filter("decimal")
def decimal(value: float | int | None, most: int = 2) -> str:
    """A figure of the statistics as the reader's language writes it: at least one decimal and at
    most ``most`` (the figures are rounded to 2, a rating is shown to 1), after a comma in German,
    Dutch and Polish ("13,0", "6,5"), after a point in English and Hebrew; ``–`` for none.

    >>> decimal(None)
    '–'
    """
    if value is None:
        return "–"
    return format_decimal(value, format="#,##0.0" + "#" * (most - 1), locale=str(get_locale() or "en"))


def variant_names() -> dict[str, str]:
    return {v["slug"]: variant_name(v["name"]) for v in variants()}


def field_errors(form, err: RulesError) -> None:
    """An engine/service error on the form field it names (else on the form as a whole)."""
    for path, message in getattr(err, "errors", None) or [("", str(err))]:
        name = path.split(".")[0]
        if name in form and name != "csrf_token":
            form[name].errors = [*list(form[name].errors), message]
        else:
            form.form_errors.append(message)


@bp.get("/")
def index():
    """The tables this phone belongs to, and a form to start one."""
    return render_template("tables/index.html", held=access.held_tables(), form=TableForm())


@bp.route("/new", methods=["GET", "POST"])
@taken_once  # a double tap goes to the table the first tap started
def new():
    """Start a table: its name and roster; this phone gets its secret."""
    form = TableForm()
    if form.validate_on_submit():
        try:
            names = [n for n in (form.players.data or "").splitlines() if n.strip()]
            table, secret = services.create_table(
                form.name.data, names, secret_of=once_secret(access.COOKIE_PREFIX)
            )
        except RulesError as err:
            field_errors(form, err)
        else:
            db.session.commit()
            flash(
                gettext(
                    "Table started. This phone can start its games; share the table to add other phones."
                ),
                "success",
            )
            return access.remember(
                make_response(redirect(url_for(".show", table_id=table.public_id))), table, secret
            )
    status = 422 if form.is_submitted() else 200
    return render_template("tables/index.html", held=access.held_tables(), form=form), status


#: what ``?all=`` says to list every game (``?all=0``, ``?all=no`` ... do not)
EVERY_GAME = ("1", "true", "yes", "on")


@bp.get("/<table_id>")
def show(table_id: str):
    """The table: its games (in progress, finished), its players and a summary of the statistics;
    it follows its games live (:func:`follow_table`)."""
    table = services.get_table(table_id)
    secret = access.held_secret(table)
    stats = table_stats(table)
    # the newest GAMES_SHOWN of each list; with ?all=1 every game, GAMES_PAGE of each a page
    shown = None if request.args.get("all", "").lower() in EVERY_GAME else GAMES_SHOWN
    size = shown or GAMES_PAGE
    page = 1 if shown else _last_at_most(asked_page(), stats, size)
    playing, finished = (  # one more of each: is there a next page?
        services.table_games(table, finished=done, limit=size + 1, offset=(page - 1) * size)
        for done in (False, True)
    )
    more_playing = len(playing) > size
    pages = Pages(page, more_playing or len(finished) > size, () if shown else (("all", "1"),))
    playing, finished = playing[:size], finished[:size]
    return render_template(
        "tables/show.html",
        table=table,
        editor=secret is not None,
        stats=stats,
        playing=playing,
        finished=finished,
        shown=shown,
        pages=pages,
        more_playing=more_playing,
        # its export past the import's bounds: said by the Export link (docs/tables.md)
        too_big=bool(past_bounds(stats["games"], sum(v["hands"] for v in stats["variants"].values()))),
        live_fragment=pages.live_fragment(live.FRAGMENT),
        live_page=pages.url(pages.page),
        keeps={g.public_id for g, _ in playing if secret and services.holds_game(secret, g)},
        variant_names=variant_names(),
        variants=variants(),
        layout=live.layout(live.fragment_requested()),
        live_version=table_token(table.updated_at),
        add_form=AddPlayerForm(),
        rename_form=with_roster(RenameForm(), table.members),
        merge_form=with_roster(MergeForm(), table.members),
    )


def _last_at_most(page: int, stats: dict, size: int) -> int:
    """``page`` of every game, or the last page when it is past it (a link drawn before, or typed):
    the longer of the two lists, ``size`` of each a page, says how many pages there are."""
    longest = max(stats["games"] - stats["finished"], stats["finished"])
    return min(page, last_page(longest, size))


@bp.get("/<table_id>/live")
def follow_table(table_id: str):
    """The table's changes as Server-Sent Events (a game of it recorded, started, finished ...)."""
    stamp = stamp_of(table_id)
    if stamp is None:
        raise services.TableNotFound(table_id)
    return follow(CHANNEL + table_id, table_token(stamp[1]))


@bp.get("/<table_id>/stats")
def statistics(table_id: str):
    """Every statistic of the table, with its charts (the page is kept until the table changes)."""
    stamp = stamp_of(table_id)
    if stamp is None:
        raise services.TableNotFound(table_id)
    if session.get("_flashes"):
        return _statistics_page(services.get_table(table_id))
    return kept(("page", *stamp), lambda: _statistics_page(services.get_table(table_id)))


def _statistics_page(table) -> str:
    stats = table_stats(table)
    time.sleep(0)  # under gevent a turn for the worker's other requests between the sums and the render
    # every kind of game the table played: the variants, and each points game by its own name
    names = {**variant_names(), **{kind: block["name"] for kind, block in stats["variants"].items()}}
    order = [p["name"] for p in stats["players"]]  # a player keeps one colour and marker in every chart
    histories = rating_histories(table)
    ratings = {
        kind: Markup(
            charts.rating_svg(histories.get(kind, {}), gettext("%(name)s rating", name=names[kind]), order)
        )
        for kind in stats["variants"]
        if any(kind in p["ratings"] for p in stats["players"])
    }
    steps = next(
        (
            b.get("players", {})
            for b in stats["variants"].values()
            if find_variant(b["variant"]).laid_in_steps
        ),
        {},
    )  # KB-9: the Step curve
    return render_template(
        "tables/stats.html",
        table=table,
        stats=stats,
        pairs_shown=PAIRS_SHOWN,
        variant_names=names,
        rating_charts=ratings,
        figure_templates={
            kind: profile(b["variant"]).figures.template for kind, b in stats["variants"].items()
        },
        wins_chart=Markup(charts.wins_svg(stats["players"], names)) if stats["games"] else None,
        step_chart=Markup(charts.step_curve_svg(steps, order)) if steps else None,
    )


@bp.get("/<table_id>/share")
@no_store  # the table link: never kept by the browser or the service worker
def share(table_id: str):
    """The read-only link with its QR code; for the table's phones the table link too."""
    table = services.get_table(table_id)
    return share_page(
        "tables/share.html",
        "tables.show",
        "tables.join",
        access.held_secret(table),
        {"table_id": table.public_id},
        table=table,
    )


@bp.get("/<table_id>/join/<secret>")
def join(table_id: str, secret: str):
    """A table link: this phone gets the table's secret, then the table page."""
    table = services.get_table(table_id)
    if not services.secret_matches(table, secret):
        raise NotEditor("This table link is not valid for this table.")
    flash(
        gettext(
            "This phone now belongs to the table %(table)s: it can start games and keep score.",
            table=table.name,
        ),
        "success",
    )
    return access.remember(make_response(redirect(url_for(".show", table_id=table_id))), table, secret)


@bp.get("/<table_id>/games/<public_id>/keep-score")
def keep_score(table_id: str, public_id: str):
    """A phone of the table takes the edit secret of a game started from the table."""
    table, secret = access.changeable_table(table_id)
    game = next((g for g, _ in services.table_games(table) if g.public_id == public_id), None)
    if game is None or not services.holds_game(secret, game):
        raise NotEditor("This game was not started from this table; ask its scorekeeper for the editor link.")
    response = make_response(redirect(url_for("games.show", public_id=public_id)))
    return game_access.remember_editor(response, game, services.game_secret(secret, public_id))
