"""The checker's "Check a whole turn" and "Best play" pages: every answer a shareable GET URL."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, render_template, request, url_for
from werkzeug.exceptions import NotFound

from ..checker.checker_display import rule_link
from ..checker.checking import InputError, option_text
from ..checker.solver_display import present_best, present_turn
from ..checker.solving import (
    SolveAsk,
    TurnAsk,
    best_play,
    judge_turn,
    solve_from_query,
    turn_from_query,
)
from ..display.reasons import reason_of
from ..limits.pool import run
from ..profiles import profile
from ..profiles.best_play import TILE_OPTIONS
from ..rulebook.book import N_
from ..rules import RulesError, find_variant
from ..web.addresses import external_url
from .checker import game_options, keypad_context, option_values, options_in_force
from .variant_lookup import variant_or_404

bp = Blueprint("solver_pages", __name__, url_prefix="/check")

#: the options the whole-turn page reads (the Best play page's are the profile's, ``best.options``)
TURN_OPTIONS = (*TILE_OPTIONS, "must_play")
#: options shown above the cards on these pages (the rest fold into "Rules in force")
PROMINENT = ("step", "wild")


def _described(slug: str, names: tuple[str, ...]) -> list[dict]:
    """The variant's options named ``names``, as ``GET /variants`` describes them."""
    by_name = {o["name"]: o for o in find_variant(slug).describe()["options"]}
    return [by_name[n] for n in names if n in by_name]


def _page(template: str, v, ask, names: tuple[str, ...], game, **context):
    """Render one of the two pages with the form's options, the keypad and the faces."""
    options, option_errors = option_values(v.slug, ask.options, _described(v.slug, names))
    return render_template(
        template,
        variant=v.describe(),
        ask=ask,
        game=game,
        options=options,
        option_errors=option_errors,
        prominent=PROMINENT,
        tile=v.deck_look == "tiles",
        sets_key=_best_words(v).sets_key,
        rule_link=rule_link,
        **keypad_context(v, options_in_force(v.slug, ask.options)),
        **context,
    ), 200


def _asked(read, v, names: tuple[str, ...], base: dict, filled: tuple[str, ...]):
    """The question in the query (or an empty one with the error), and whether anything was asked."""
    try:
        ask = read(v.slug, request.args, names, base)
    except InputError as err:
        return None, reason_of(err)
    return ask, None if any(getattr(ask, f) for f in filled) else ""


def _share(endpoint: str, path: dict, ask, fields: tuple[str, ...], names: tuple[str, ...], **more) -> str:
    """The answer's shareable URL: the input, ``initial`` when set and the options that differ from the defaults."""
    return external_url(endpoint, **path, **_query(ask, fields, names), **more)


def _query(ask, fields: tuple[str, ...], names: tuple[str, ...]) -> dict:
    """The question as a query: the input, ``initial`` when set and the options that differ from the defaults."""
    query = {f: getattr(ask, f).strip() for f in fields if (getattr(ask, f) or "").strip()}
    if ask.initial:
        query["initial"] = "on"
    variant = find_variant(ask.variant)
    defaults, resolved = (
        variant.options(),
        variant.options({k: v for k, v in ask.options.items() if k in names}),
    )
    query.update({n: option_text(resolved[n]) for n in names if n in resolved and resolved[n] != defaults[n]})
    return query


@bp.get("/<tile_slug>/turn")
def turn(tile_slug: str):
    """Check a whole tile turn: the table before, the rack before, the table after."""
    v = variant_or_404(tile_slug, "tile_slug", N_("There is no tile game called %(slug)s here."))
    if v.deck_look != "tiles":
        raise NotFound(f"A whole turn is checked in the tile games; {v.name} has its Best play page.")
    base, game = game_options(request.args.get("game"), v.slug)
    ask, error = _asked(turn_from_query, v, TURN_OPTIONS, base, ("rack", "after"))
    ask = ask or TurnAsk(v.slug, options={k: base[k] for k in TURN_OPTIONS if k in base})
    result = view = share_url = instead_url = None
    if error is None:
        try:
            result = run(judge_turn, ask)
            view = present_turn(v.slug, ask, result)
            share_url = _share(
                "solver_pages.turn", {"tile_slug": v.slug}, ask, ("before", "rack", "after"), TURN_OPTIONS
            )
            if view["instead"]:  # the suggested turn, typed back into this page
                suggested = replace(ask, after=view["instead"]["text"])
                instead_url = url_for(
                    "solver_pages.turn",
                    tile_slug=v.slug,
                    **_query(suggested, ("before", "rack", "after"), TURN_OPTIONS),
                    game=game.public_id if game else None,
                )
        except RulesError as err:
            error = reason_of(err)
    return _page(
        "checker/turn.html",
        v,
        ask,
        TURN_OPTIONS,
        game,
        result=result,
        view=view,
        error=error,
        share_url=share_url,
        instead_url=instead_url,
    )


@bp.get("/<slug>/best")
def best(slug: str):
    """Find the best play: the tile turn laying the most, or what a card game's hand can lay."""
    v = variant_or_404(
        slug, "slug", N_("There is no best-play finder for %(slug)s. Pick a game from the list.")
    )
    words = _best_words(v)
    names = words.options
    base, game = game_options(request.args.get("game"), v.slug)
    ask, error = _asked(solve_from_query, v, names, base, ("rack",))
    ask = ask or SolveAsk(v.slug, options={k: base[k] for k in names if k in base})
    laid = [k for k in request.args.getlist("laid") if k in words.laid_kinds]
    result = view = share_url = turn_url = None
    if error is None:
        try:
            asked = SolveAsk(
                ask.variant,
                ask.rack,
                ask.table,
                ask.goal,
                ask.initial,
                {**ask.options, **({"laid": laid} if laid else {})},
            )
            result = run(best_play, asked)
            view = present_best(v.slug, ask, result, words.hints)
            extra = {"goal": ask.goal} if ask.goal != "tiles" else {}
            share_url = _share(
                "solver_pages.best",
                {"slug": v.slug},
                ask,
                ("rack", "table"),
                names,
                **extra,
                **({"laid": laid} if laid else {}),
            )
            turn_url = _as_turn(v, ask, result, game)
        except RulesError as err:
            error = reason_of(err)
    must_play = (base.get("must_play") if game is not None else None) or "C"
    return _page(
        "checker/best.html",
        v,
        ask,
        names,
        game,
        result=result,
        view=view,
        error=error,
        share_url=share_url,
        laid=laid,
        kinds=words.laid_kinds,
        initial_label=words.initial_label,
        table_label=words.table,
        must_play=must_play,
        turn_url=turn_url,
    )


def _as_turn(v, ask: SolveAsk, result: dict, game) -> str | None:
    """The best play typed into the whole-turn page: the table before, the rack, and the table after
    as the answer draws it (a grid game's board, where two lines may share a tile: CT-9)."""
    if v.deck_look != "tiles" or not result.get("tiles_played"):
        return None
    after = result.get("board") or " | ".join(" ".join(s) for s in result["table"])
    turn = TurnAsk(v.slug, ask.table or "", ask.rack, after, ask.initial, ask.options)
    return url_for(
        "solver_pages.turn",
        tile_slug=v.slug,
        **_query(turn, ("before", "rack", "after"), TURN_OPTIONS),
        game=game.public_id if game else None,
    )


def _best_words(v):
    """The variant's Best play page, as its profile names it (404 for a variant with no finder)."""
    words = profile(v.slug).best
    if words is None:
        raise NotFound(f"{v.name} has no best-play finder: its hands are scored as typed.")
    return words
