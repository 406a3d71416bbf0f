"""Roster pages of a table: a new game from the roster, adding, renaming and merging players,
and attaching a game started elsewhere (with a confirmation). Every POST needs the table's secret."""

from __future__ import annotations

from flask import flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from wtforms import SelectChoice

from ..checker.ruling_words import sentence
from ..rulebook.book import N_
from ..rules import RulesError, find_variant, variants, whole_number
from ..services import NotEditor, find_game
from ..services.tables import new_games
from ..services.tables import roster as services
from ..services.tables.house_games import adopt_house_game, house_game, house_games
from ..services.tables.rulings import option_choices
from ..storage.extensions import db
from ..views.variant_lookup import variant_or_404
from ..web import access as game_access
from ..web import table_access as access
from ..web.form_once import taken_once
from ..web.forms import OPT, ConfirmForm, first_dealer_of, new_game_form, steps_to_lines, submitted_options
from ..web.languages import option_name
from ..web.option_errors import attach_errors
from .forms import AddPlayerForm, MergeForm, RenameForm, with_roster
from .views import bp

#: fields for people who join the roster as the game starts
NEW_PEOPLE = 3


@bp.get("/<table_id>/play")
def choose(table_id: str):
    """A new game of the table: its house games first (one tap each), then every variant."""
    table = services.get_table(table_id)
    return render_template(
        "tables/choose.html",
        table=table,
        variants=variants(),
        house_games=house_games(table),
        sentence=sentence,
    )


@bp.route("/<table_id>/play/<variant>", methods=["GET", "POST"])
@taken_once  # a double tap goes to the game the first tap started
def play(table_id: str, variant: str):
    """A new game of the table: seats picked from the roster in one tap each, newcomers join the
    roster, options start with the table's choices."""
    info = variant_or_404(variant, "variant", N_("There is no variant called %(slug)s.")).describe()
    if request.method == "POST":
        table, secret = access.changeable_table(table_id)
    else:
        table, secret = services.get_table(table_id), None
    form = new_game_form(info, request.form if request.method == "POST" else None)
    choices = option_choices(table, info["slug"])
    house = house_game(table, request.values.get("house", ""))
    if house is not None and house.variant != info["slug"]:
        house = None
    if request.method == "GET":
        _prefill(form, info, {**choices, **(house.decision["options"] if house else {})})
    picked = []
    if request.method == "POST" and form.validate():
        try:
            members = _seats(table)
            picked = [m.id for m in members]
            game, game_secret = new_games.start_game(
                table,
                secret,
                info["slug"],
                members,
                submitted_options(form),
                first_dealer_of(info["slug"], form.first_dealer.data, len(members)),
            )
            if request.form.get("house_name", "").strip():  # these settings kept as a house game too
                adopt_house_game(table, request.form["house_name"], info["slug"], _set(info, game.options))
        except RulesError as err:
            db.session.rollback()
            table = services.get_table(table_id)
            attach_errors(form, err, [], players_at=None)  # an option's under its field; the rest on top
        else:
            db.session.commit()
            flash(
                gettext(
                    "Game started for %(table)s. Every phone of the table can keep score.", table=table.name
                ),
                "success",
            )
            response = make_response(redirect(url_for("games.show", public_id=game.public_id)))
            return game_access.remember_editor(response, game, game_secret)
    if request.method == "POST":
        seats = (whole_number(i) for i in _tapped())  # "²" is a digit int() refuses
        picked = picked or [i for i in seats if i is not None and 0 <= i < 2**31]
        _name_seats(form, table, picked)
    return render_template(
        "tables/play.html",
        table=table,
        form=form,
        variant=info,
        choices=choices,
        picked=picked,
        new_people=NEW_PEOPLE,
        house=house,
        editor=access.can_change(table),
    ), 422 if request.method == "POST" else 200


def _prefill(form, info: dict, choices: dict) -> None:
    """The table's option choices shown in the form (it still starts from the variant's defaults)."""
    for name, value in choices.items():
        field = form[OPT + name] if OPT + name in form else None
        if field is None:
            continue
        if name == "steps":
            field.data = steps_to_lines(value)
        elif isinstance(value, bool):
            field.data = value
        else:
            field.data = "" if value is None else str(value)


def _name_seats(form, table, picked: list[int]) -> None:
    """The first dealer's choices named as the form came back: the players picked, then the
    newcomers typed (the page's script names them as they are tapped, tables.js)."""
    names = {m.id: m.name for m in table.members}
    typed = (request.form.get(f"new_{i}", "").strip() for i in range(NEW_PEOPLE))
    seated = [names[i] for i in picked if i in names] + [n for n in typed if n]
    field = form.first_dealer
    field.choices = [
        SelectChoice(c.value, option_name(seated[c.value]) if c.value < len(seated) else c.label)
        for c in field.choices
    ]


def _set(info: dict, options: dict) -> dict:
    """The options a new house game keeps: the game's, where they differ from the variant's defaults."""
    defaults = find_variant(info["slug"]).options()
    return {k: v for k, v in options.items() if k in defaults and v != defaults[k]}


def _tapped() -> list[str]:
    """The roster players picked, in the order tapped when the page's script kept it."""
    picked = [i for i in request.form.getlist("seat") if i.strip()]
    order = [i for i in request.form.get("order", "").split(",") if i in picked]
    return order if sorted(order) == sorted(picked) else picked


def _seats(table) -> list:
    """The roster players picked (in the order tapped, when the page's script kept it), then the
    newcomers typed, who join the roster."""
    members = services.members_by_id(table, _tapped())
    newcomers = [n for n in (request.form.get(f"new_{i}", "") for i in range(NEW_PEOPLE)) if n.strip()]
    return members + (services.roster_players(table, newcomers) if newcomers else [])


@bp.post("/<table_id>/players")
def add_player(table_id: str):
    """Someone new joins the roster."""
    table, _ = access.changeable_table(table_id)
    form = AddPlayerForm()
    if form.validate_on_submit():

        def add() -> str:
            return f"{services.roster_players(table, [form.name.data])[0].name} is on the roster."

        _kept(add, "Nobody added")
    else:
        flash(gettext("Nobody added: give the new player a name."), "error")
    return redirect(url_for(".show", table_id=table_id) + "#players")


@bp.post("/<table_id>/rename")
def rename(table_id: str):
    """A roster player gets another name; no hand changes."""
    table, _ = access.changeable_table(table_id)
    form = with_roster(RenameForm(), table.members)
    if form.validate_on_submit():
        member = next(m for m in table.members if m.id == form.member.data)
        old = member.name

        def rename_() -> str:
            services.rename(table, member, form.name.data)
            return f"{old} is now called {member.name}."

        _kept(rename_, "Not renamed")
    else:
        flash(gettext("Not renamed: pick a player and give the new name."), "error")
    return redirect(url_for(".show", table_id=table_id) + "#players")


@bp.route("/<table_id>/merge", methods=["GET", "POST"])
def merge(table_id: str):
    """Two roster entries are one person: a confirmation page, then the merge."""
    if request.method == "GET":
        table = services.get_table(table_id)
        form = with_roster(MergeForm(request.args, meta={"csrf": False}), table.members)
        return render_template(
            "tables/merge.html",
            table=table,
            form=form,
            editor=access.can_change(table),
            confirm=ConfirmForm(),
        )
    table, _ = access.changeable_table(table_id)
    form = with_roster(MergeForm(), table.members)
    if form.validate_on_submit():
        by_id = {m.id: m for m in table.members}
        keep, drop = by_id[form.keep.data], by_id[form.drop.data]
        names = (keep.name, drop.name)

        def merge_() -> str:
            services.merge(table, keep, drop)
            return f"{names[1]} merged into {names[0]}: every game of both now counts for {names[0]}."

        if _kept(merge_, "Not merged"):
            return redirect(url_for(".show", table_id=table_id) + "#players")
    else:
        flash(gettext("Not merged: pick two players of the roster."), "error")
    return redirect(url_for(".merge", table_id=table_id))


@bp.route("/<table_id>/attach", methods=["GET", "POST"])
def attach(table_id: str):
    """Attach a game started elsewhere: give its link, match its names to the roster, confirm."""
    table = services.get_table(table_id)
    game_ref = (request.values.get("game") or "").strip().rstrip("/").split("/")[-1]
    game = find_game(game_ref) if game_ref else None
    if request.method == "POST":
        table, _ = access.changeable_table(table_id)
        ConfirmForm().validate_on_submit()
        if game is not None and game_access.can_edit(game):
            choices = [request.form.get(f"seat_{seat}", "") for seat in range(len(game.players))]

            def attach_() -> str:
                new_games.attach_game(table, game, choices)
                return f"The game of {', '.join(game.names)} now counts for {table.name}."

            if _kept(attach_, "Not attached"):
                return redirect(url_for(".show", table_id=table_id))
            table = services.get_table(table_id)
        elif game is not None:
            raise NotEditor("Only the game's scorekeepers can attach it to a table.")
        else:
            flash(gettext("Not attached: give the link of one of your games."), "error")
        status = 422
    else:
        status = 404 if game_ref and game is None else 200
    return render_template(
        "tables/attach.html",
        table=table,
        game=game,
        game_ref=game_ref,
        suggested=new_games.suggested_players(table, game) if game else [],
        in_table=services.table_of(game) if game else None,
        game_editor=bool(game) and game_access.can_edit(game),
        editor=access.can_change(table),
        form=ConfirmForm(),
    ), status


def _kept(change, refused: str) -> bool:
    """Make ``change`` (it returns what to tell the table) and commit it, saying so; when the rules
    refuse it nothing is kept and the reason is shown after ``refused``. Whether it was kept."""
    try:
        said = change()
        db.session.commit()
    except RulesError as err:
        db.session.rollback()
        flash(f"{refused}: {err}", "error")
        return False
    flash(said, "success")
    return True
