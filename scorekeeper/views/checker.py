"""The meld checker pages: one per variant, every check a shareable GET URL."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from werkzeug.exceptions import NotFound

from ..checker.checker_display import present, rule_link
from ..checker.checking import (
    CheckInput,
    InputError,
    check_options,
    from_query,
    option_text,
    run,
    share_query,
)
from ..checker.solving import tile_slugs
from ..display.card_faces import FACES
from ..display.reasons import reason_of
from ..entry.base import keypad
from ..profiles import profile
from ..rulebook.book import N_
from ..rules import OptionError, RulesError, find_variant, step_texts, variants
from ..services import find_game
from ..web.addresses import external_url
from ..web.option_errors import option_error
from .variant_lookup import variant_or_404

bp = Blueprint("checker", __name__, url_prefix="/check")


def game_options(public_id: str | None, slug: str) -> tuple[dict, object | None]:
    """A game's options (and the game) when a checker page was opened from it; no options for an
    unknown game or a game of another variant (the game is still named, for the way back)."""
    game = find_game(public_id) if public_id else None
    if game is None:
        return {}, None
    return (dict(game.options or {}) if game.variant == slug else {}), game


@bp.get("/")
def index():
    """Pick the variant whose rules settle the argument."""
    checked = [v for v in variants() if profile(v["slug"]).checker is not None]  # a points game has no cards
    return render_template(
        "checker/index.html", variants=checked, game=request.args.get("game", ""), tile_slugs=tile_slugs()
    )


@bp.get("/<slug>")
def variant(slug: str):
    """Check cards under one variant; the verdict is drawn when cards were given."""
    v = variant_or_404(slug, "slug", N_("There is no checker for %(slug)s. Pick a game from the list."))
    words = profile(v.slug).checker
    if words is None:
        raise NotFound(f"{v.name} has no cards to check: its hands are scored as typed.")
    base_options, game = game_options(request.args.get("game"), v.slug)
    result = error = None
    share_url = None
    try:
        ask = from_query(v.slug, request.args, base_options)
    except InputError as err:
        ask, error = CheckInput(v.slug, options=base_options), reason_of(err)
    if error is None and (ask.cards.strip() or ask.extend):
        try:
            result = run(ask)
            share_url = external_url("checker.variant", slug=v.slug, **share_query(ask))
        except RulesError as err:
            error = _said(err, v.slug)
    options, option_errors = option_values(v.slug, ask.options)
    return render_template(
        "checker/variant.html",
        variant=v.describe(),
        ask=ask,
        result=result,
        error=error,
        share_url=share_url,
        game=game,
        view=present(v.slug, ask, result) if result else None,
        options=options,
        option_errors=option_errors,
        prominent=words.prominent,
        tile_game=v.slug in tile_slugs(),
        extend_label=words.extend,
        points_label=words.points,
        rule_link=rule_link,
        best_query=_best_query(ask),
        **keypad_context(v, options_in_force(v.slug, ask.options)),
    ), 200


def _best_query(ask: CheckInput) -> dict:
    """Best play's page asked about the cards just checked, with the rules in force (the wild rank,
    the Step): a plain meld as the rack, the meld it was laid onto as the table; the options alone
    for a laydown of several melds, a grid or a change."""
    try:
        rules = {k: v for k, v in share_query(ask).items() if k not in ("cards", "extend", "action")}
    except RulesError:  # options the check refused: Best play starts from its own defaults
        rules = {}
    cards = ask.cards.split()
    if not cards or any(t in ("|", "/", ".") or t.startswith("-") for t in cards) or "/" in ask.cards:
        return rules
    return {"rack": " ".join(cards), **({"table": ask.extend} if ask.extend else {}), **rules}


def keypad_context(v, in_force: dict) -> dict:
    """What every checker page's keypad and card faces need (the checker, whole turn and best play):
    the keys, the one card-face table, the Steps in force and whether the tiles lie in a grid."""
    return {
        "keypad": keypad(v.slug),
        "faces_table": FACES,
        "family": v.deck_look,
        "laid_in_steps": v.laid_in_steps,
        "steps": step_texts(in_force) if v.laid_in_steps else [],
        "wilds": [w.upper() for w in v.notation.wild_tokens],
        "grid": v.deck_look == "tiles" and bool(in_force.get("grid")),
    }


def option_values(
    slug: str, raw: dict, described: list[dict] | None = None
) -> tuple[list[dict], dict[str, str]]:
    """Each option (``described``, else the check options) with the value to show (as written) and its
    error, if the engine refused it."""
    variant = find_variant(slug)
    defaults = variant.options()
    shown, errors = [], {}
    for option in check_options(slug) if described is None else described:
        name = option["name"]
        value = defaults[name]
        if name in raw:
            try:
                value = variant.options({name: raw[name]})[name]
            except RulesError as err:
                errors[name] = _said(err, slug)
                value = raw[name]
        shown.append({**option, "value": value, "text": option_text(value)})
    return shown, errors


def _said(err: RulesError, slug: str) -> str:
    """A refusal as the page says it: an option's in the words of its field, as the new-game form
    says it (a Step as typed, in the reader's quotation marks; not "Option 'steps': 'run of 0' ...;
    accepted: ..."), any other as the engine's sentence."""
    if isinstance(err, OptionError):
        return option_error(err.name, err, find_variant(slug).name)
    return reason_of(err)


def options_in_force(slug: str, raw: dict) -> dict:
    """The options in force (Krazy Bee's Step list, the tile grid): the asked ones, or the defaults when refused."""
    try:
        return find_variant(slug).options(raw)
    except RulesError:
        return find_variant(slug).options()
