"""Games: start, list, follow, share, rematch and delete (hands are under ``rounds``; the change
log, undo and redo under :mod:`.game_changes`)."""

from __future__ import annotations

from flask import (
    Blueprint,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext
from flask_wtf.csrf import generate_csrf

from .. import live, services
from ..display.qr import share_qr
from ..limits import GAMES_PAGE
from ..rulebook.book import N_
from ..rules import RulesError, find_variant, variants
from ..services import timer
from ..services.game_lists import games_page
from ..services.rematches import rematched
from ..storage.extensions import db
from ..web import access
from ..web.addresses import external_url, share_page
from ..web.described import variant_name
from ..web.features import games_held, refuse_held_game
from ..web.form_once import once_secret, taken_once
from ..web.forms import (
    ConfirmForm,
    first_dealer_of,
    new_game_form,
    player_field,
    submitted_options,
    submitted_players,
)
from ..web.headers import no_store
from ..web.languages import request_locale
from ..web.option_errors import attach_errors
from ..web.paging import Pages, asked_page
from ..web.table_access import rematch as table_rematch
from . import game_changes, turn_timer
from .game_page import TOKEN_MARK, feature_url, game_page, kept_pages
from .variant_lookup import variant_or_404

bp = Blueprint("games", __name__, url_prefix="/games")


@bp.app_context_processor
def _feature_links():
    return {"feature_url": feature_url}


@bp.get("/")
def index():
    """Every game, in progress first, newest first within each: a page of them (``?page=2`` ...)."""
    version = live.list_token(db.session)  # read first: the list shown is at least this recent
    games, more, page = games_page(asked_page(), GAMES_PAGE)
    pages = Pages(page, more)
    editable = {g.public_id for g in games if access.can_edit(g)}
    return render_template(
        "games/index.html",
        layout=live.layout(live.fragment_requested()),
        live_version=version,
        live_fragment=pages.live_fragment(live.FRAGMENT),
        live_page=pages.url(pages.page),
        pages=pages,
        editable=editable,
        # this phone's games a feature holds (a club night table's): no Rematch, no Delete
        held=set(games_held([g for g in games if g.public_id in editable])),  # one question for the list
        rematched=rematched(games),  # their Rematch goes to the rematch started
        playing=[g for g in games if g.status != "finished"],
        finished=[g for g in games if g.status == "finished"],
        variant_names={v["slug"]: variant_name(v["name"]) for v in variants()},
    )


@bp.get("/new")
def choose_variant():
    """Step 1 of a new game: pick the variant."""
    slug = request.args.get("variant")
    if slug:
        return redirect(url_for(".new", variant=slug))
    return render_template("games/choose.html", variants=variants())


@bp.route("/new/<variant>", methods=["GET", "POST"])
@taken_once  # a double tap goes to the game the first tap started
def new(variant: str):
    """Step 2 of a new game: players, first dealer and the variant's options."""
    info = variant_or_404(variant, "variant", N_("There is no variant called %(slug)s.")).describe()
    form = new_game_form(info, request.form if request.method == "POST" else None)
    if request.method == "POST" and form.validate():
        names, fields = submitted_players(form)
        dealer_field = player_field(form.first_dealer.data)  # validate() made it one of the seats offered
        dealer = fields.index(dealer_field) if dealer_field in fields else -1  # -1: an empty seat
        dealer = first_dealer_of(info["slug"], dealer, len(names))
        started = _start(form, info["slug"], names, fields, dealer)
        if started is not None:
            game, secret = started
            db.session.commit()
            flash(
                gettext("Game started. This phone keeps score; share the game to let others follow."),
                "success",
            )
            response = make_response(redirect(url_for(".show", public_id=game.public_id)))
            return access.remember_editor(response, game, secret)
    status = 422 if request.method == "POST" else 200
    return render_template("games/new.html", form=form, variant=info, presets=_presets(info)), status


def _start(form, slug: str, names: list[str], fields: list[str], dealer: int):
    """The game the form starts, and its secret, its timer set; None when a field is refused. A
    refused timer does not hide the other fields' errors: they are checked too, all shown at once."""
    options = submitted_options(form)
    try:
        seconds = timer.check_seconds(form.timer.data)
    except RulesError as err:
        attach_errors(form, err, fields)
        seconds = None
    try:
        if seconds is None:
            services.checked_setup(find_variant(slug), names, options, dealer)
            return None
        game, secret = services.create_game(
            slug, names, options, dealer, secret_of=once_secret(access.COOKIE_PREFIX)
        )
        if seconds:
            timer.set_seconds(game, seconds, first=turn_timer.first_player(game))
    except RulesError as err:
        attach_errors(form, err, fields)
        return None
    return game, secret


def _presets(info: dict) -> list[dict]:
    """Tile games: the other presets, so the table can start from one of them."""
    switches = {o["name"] for o in info["options"] if o["type"] == "bool"}
    if "grid" not in switches:
        return []
    return [v for v in variants() if {o["name"] for o in v["options"] if o["type"] == "bool"} == switches]


@bp.get("/<public_id>")
def show(public_id: str):
    """The game: standings, progress, who deals, the chart and every hand."""
    stamp = services.game_stamp(public_id)
    if stamp is None:
        raise services.GameNotFound(public_id)
    # Followers' phones re-load the page every few seconds, and the page changes
    # only with the game: it is kept rendered, keyed by the game's last change.
    # The editors' page is the same for every editor but for the CSRF token in
    # its forms: it is kept with a mark where the token goes, and each request
    # puts its own token there. A page with a message waiting is rendered afresh.
    # A live page fetches its content alone after each change (?fragment=live), kept the same way.
    fragment = live.fragment_requested()
    shown = {"layout": live.layout(fragment), "live_version": live.game_version(stamp)}
    if session.get("_flashes") and not fragment:
        return render_template("games/show.html", **game_page(services.get_game(public_id)), **shown)
    editor = access.holds_secret_for(public_id, stamp.secret_hash)
    # ... and by the reader's language (the engine's notes are written in it)
    key = (public_id, *stamp, editor, fragment, request_locale())
    if (kept := kept_pages().get(key)) is not None:
        return kept.replace(TOKEN_MARK, generate_csrf()) if editor else kept
    html = render_template("games/show.html", **game_page(services.get_game(public_id)), **shown)
    kept_pages().put(key, html.replace(generate_csrf(), TOKEN_MARK) if editor else html)
    return html


@bp.get("/<public_id>/share")
@no_store  # the editor link: never kept by the browser or the service worker
def share(public_id: str):
    """The read-only link with its QR code, and for editors the editor link too."""
    game = services.get_game(public_id)
    return share_page(
        "games/share.html",
        "games.show",
        "games.join",
        access.editor_secret(game),
        {"public_id": game.public_id},
        game=game,
        **seat_link(game),
    )


def seat_link(game) -> dict:
    """Where each phone takes its own seat (the seats feature, docs/own-phones.md), with its QR code,
    when that feature is installed: ``seat_url`` and ``seat_qr``."""
    if feature_url("seats.seat_page", public_id=game.public_id) is None:
        return {}
    url = external_url("seats.seat_page", public_id=game.public_id)
    return {"seat_url": url, "seat_qr": share_qr(url)}


@bp.get("/<public_id>/join/<secret>")
def join(public_id: str, secret: str):
    """An editor link: this browser gets the edit secret, then the game page."""
    game = services.get_game(public_id)
    if not services.secret_matches(game, secret):
        raise services.NotEditor("This editor link is not valid for this game.")
    flash(gettext("This phone can now keep score for this game."), "success")
    return access.remember_editor(
        make_response(redirect(url_for(".show", public_id=public_id))), game, secret
    )


# the change log, undo and redo live in .game_changes
bp.get("/<public_id>/history")(game_changes.history)
bp.post("/<public_id>/undo")(game_changes.undo)
bp.post("/<public_id>/redo")(game_changes.redo)
# the turn timer lives in .turn_timer
bp.get("/<public_id>/timer", endpoint="timer_state")(turn_timer.state)
bp.post("/<public_id>/timer", endpoint="timer_tap")(turn_timer.tap)
bp.post("/<public_id>/timer/length", endpoint="timer_length")(turn_timer.length)


@bp.post("/<public_id>/rematch")
def rematch(public_id: str):
    """A new game with the same players, seats and options; started once (a second tap, or another
    phone's, goes to the rematch already started)."""
    game = access.editable_game(public_id)
    refuse_held_game(game)  # a club night table's game: the evening seats the next game
    started = table_rematch(game)  # a table's game: the table's players and option choices
    db.session.commit()
    if started.new:
        flash(gettext("Rematch started with the same players and options."), "success")
    else:
        flash(gettext("This game's rematch had already started: here it is."), "info")
    response = make_response(redirect(url_for(".show", public_id=started.game.public_id)))
    return access.remember_editor(response, started.game, started.secret) if started.secret else response


@bp.route("/<public_id>/delete", methods=["GET", "POST"])
def delete(public_id: str):
    """Delete a game, after a confirmation page."""
    game = access.editable_game(public_id)
    refuse_held_game(game)  # a club night table's game is the evening's record
    if request.method == "GET":
        return render_template("games/delete.html", game=game, form=ConfirmForm())
    services.delete_game(game)
    db.session.commit()
    flash(gettext("Game deleted."), "success")
    return access.forget_editor(make_response(redirect(url_for(".index"))), game)
