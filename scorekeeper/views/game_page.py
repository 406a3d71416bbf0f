"""The game page's content, and the rendered pages kept per game and last change (:func:`games.show`).

:func:`game_page` is everything the page shows, from the engine's score of the
recorded hands; :func:`kept_pages` keeps the rendered pages of an app.
"""

from __future__ import annotations

from flask import current_app, url_for
from flask_babel import gettext
from markupsafe import Markup

from .. import services
from ..display import charts, standings
from ..display.bidi import isolated_names
from ..display.words import name_list, round_word
from ..limits.kept import Kept
from ..rules import RoundError, RulesError, find_variant, step_texts
from ..services import timer
from ..services.rematches import rematch_of
from ..web import access
from ..web.described import variant_name
from ..web.features import game_held, hands_closed
from ..web.forms import ConfirmForm
from . import game_changes


def feature_url(endpoint: str, **values) -> str | None:
    """``url_for(endpoint)`` when that feature's blueprint is installed, else None."""
    if endpoint not in current_app.view_functions:
        return None
    return url_for(endpoint, **values)


def kept_pages() -> Kept[str]:
    """Rendered game pages of this app (one LRU per app, in ``app.extensions``), keyed by game, last
    change and editor or not."""
    return current_app.extensions.setdefault("scorekeeper_game_pages", Kept[str]())


#: where the request's CSRF token goes in a kept editor's page
TOKEN_MARK = "csrf-token-of-this-request"


def game_page(game) -> dict:
    """Everything the game page shows, from the engine's score of the recorded hands."""
    rules = find_variant(game.variant)
    info, names = {**rules.describe(), "name": rules.title(game.options, variant_name)}, game.names
    # whether the highest total wins in this game (a points game may be low-wins, PG-5)
    info["high_wins"] = rules.high_wins({**rules.options(), **(game.options or {})})
    problem = None
    try:
        score = services.game_score(game)
        shown_rounds = game.rounds
    except RulesError as err:
        # The stored hands no longer score (e.g. a rules change): show what still does.
        good = (err.round - 1) if isinstance(err, RoundError) and err.round else 0
        problem = str(err)
        shown_rounds = game.rounds[:good]
        try:
            score = services.game_score(game, upto=len(shown_rounds))
        except RulesError:
            shown_rounds = []
            score = None
    editor = access.can_edit(game)
    page = {
        "game": game,
        "info": info,
        "score": score,
        "problem": problem,
        "editor": editor,
        "names": names,
        "marks": standings.short_names(names),
        "rows": standings.standings(names, score, game.options) if score else [],
        "history": list(zip(shown_rounds, score.rounds)) if score else [],
        "chart": None,
        "board": None,
        "form": ConfirmForm(),
        "links": links(game),
        # the rematch started from this game, if any: its page links there instead of starting another
        "rematch": rematch_of(game),
        # a game a feature holds (a club night table's): no Rematch, no Delete game
        "held": game_held(game),
        # a result kept without hands (imported from BG Stats): its result is shown, not the engine's empty game
        "result_only": not game.rounds and hands_closed(game) is not None,
        "steps": step_texts(game.options) if rules.laid_in_steps else [],
        # each name isolated (<bdi>), so a Latin name keeps its place in a Hebrew sentence and back
        "winner_names": isolated_names([names[s] for s in score.winners], name_list) if score else "",
        "leader_names": isolated_names([names[s] for s in score.leaders], name_list) if score else "",
        "steps_back": game_changes.step_labels(game) if editor else None,
        "timer": timer.timer_of(game),
        "announce": game_changes.announcement(game, score, names),
    }
    if score and score.rounds:
        page["chart"] = Markup(
            charts.progression_svg(
                names,
                standings.totals_by_round(score),
                title=gettext("Totals after each %(round_word)s", round_word=round_word(game.variant)),
            )
        )
    if score and score.finished:
        page["result"] = result_card(info, names, page["rows"], score)
    if score and rules.pegged:
        page["board"] = Markup(
            charts.cribbage_board_svg(names, standings.pegs(score), game.options["target"])
        )
    return page


def result_card(info: dict, names: list[str], rows, score) -> dict:
    """What "Share result" draws (``static/js/share-result.js``): the final standings, the winner
    and every player's total after each hand, with the chart's colours."""
    return {
        "game": info["name"],
        "word": round_word(info["slug"]),  # "hand" and "hands" in the reader's language
        "words": round_word(info["slug"], 2),
        "winner": standings.names_of(score.winners, names),
        "winners": len(score.winners),
        "hands": len(score.rounds),
        "rows": [
            {"rank": r.rank, "name": r.name, "total": r.total} for r in sorted(rows, key=lambda r: r.rank)
        ],
        "series": [
            {
                "name": n,
                "colour": charts.COLOURS[s % len(charts.COLOURS)],
                "totals": [t[s] for t in standings.totals_by_round(score)],
            }
            for s, n in enumerate(names)
        ],
    }


def links(game) -> dict:
    """Links to the other features for this game (only those installed)."""
    rules = feature_url("rules_pages.variant", variant=game.variant)
    return {
        # none for a game that takes no hands (a result imported without them)
        "record": None if hands_closed(game) else feature_url("rounds.new", public_id=game.public_id),
        # the checker starts from this game's options and switches
        "checker": feature_url("checker.variant", slug=game.variant, game=game.public_id),
        "rules": rules,
        "sheet": feature_url("printing.game_sheet", public_id=game.public_id),
        "frames": (
            feature_url("printing.game_frames", public_id=game.public_id)
            if find_variant(game.variant).laid_in_steps
            else None
        ),
    }
